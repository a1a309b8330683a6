"""What the offline extractor reads from one message, as the extraction round tests compare it."""

from __future__ import annotations

import datetime

from learning.base import ContactName
from learning.offline.extract import extract_facts

OWN = "Fontanería Martín"
TODAY = datetime.date(2026, 11, 30)


def typed_facts(message: str, *, contacts: list[ContactName]) -> list[tuple[str, str, str, str]]:
    """(subject, category, attribute, value) of each typed fact, notes left out."""
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=contacts, organization=OWN, today=TODAY)
        if not f.note
    ]
