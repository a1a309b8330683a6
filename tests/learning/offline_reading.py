"""What the offline extractor reads from one message, as the extraction round tests compare it."""

from __future__ import annotations

import datetime

from learning.base import ContactName, ExtractedFact
from learning.offline.extract import extract_facts

OWN = "Fontanería Martín"
TODAY = datetime.date(2026, 11, 30)


def read_facts(
    message: str, *, contacts: list[ContactName], previous: str | None = None
) -> list[ExtractedFact]:
    """Every fact of ``message``, notes included, from a writer at the demo company today."""
    return extract_facts(
        message, [], contacts=contacts, organization=OWN, today=TODAY, previous=previous
    )


def typed_facts(message: str, *, contacts: list[ContactName]) -> list[tuple[str, str, str, str]]:
    """(subject, category, attribute, value) of each typed fact, notes left out."""
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in read_facts(message, contacts=contacts)
        if not f.note
    ]
