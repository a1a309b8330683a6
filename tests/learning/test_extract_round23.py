"""Round 23 of offline extraction: Bizum written as it is heard ("bisú", "bizu", "bisum")."""

from __future__ import annotations

from learning.base import ContactName, ExtractedFact
from tests.learning.offline_reading import read_facts

ROUND23 = [
    ContactName(1, "Vicente Llorens", "customer"),
    ContactName(2, "Talleres García S.L.", "customer"),
]


def _read(message: str, previous: str | None = None) -> list[ExtractedFact]:
    return read_facts(message, contacts=ROUND23, previous=previous)


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in _read(message, previous)
        if not f.note
    ]


def test_bizum_written_by_ear_with_an_accent_is_bizum():
    assert _facts("Vicente Llorens ahora paga por bisú.") == [
        ("Vicente Llorens", "cliente", "metodo_pago", "Bizum")
    ]


def test_bizum_written_by_ear_without_the_m_is_bizum():
    assert _facts("A Vicente Llorens le pagamos con un bizu.") == [
        ("Vicente Llorens", "cliente", "metodo_pago", "Bizum")
    ]
