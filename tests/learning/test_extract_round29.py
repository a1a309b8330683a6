"""Round 29 of offline extraction: general classes, each with sentences of its own."""

from __future__ import annotations

from learning.base import ContactName
from learning.offline.slots import find_slots
from tests.learning.offline_reading import typed_facts

ROUND29 = [
    ContactName(1, "Suministros Albufera S.L.", "supplier"),
    ContactName(2, "Hostal Miramar", "customer"),
    ContactName(3, "Talleres García S.L.", "customer"),
]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return typed_facts(message, contacts=ROUND29)


# --- a phone said digit by digit, with commas between the words ----------------------------------


def test_a_phone_dictated_with_commas_is_read_digit_by_digit():
    phones = [
        slot.value
        for slot in find_slots("el movil es seis, uno, dos, tres, cuatro, cinco, seis, siete, ocho")
        if slot.kind == "phone"
    ]
    assert phones == ["612 345 678"]
