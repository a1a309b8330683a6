"""An IBAN pasted from a card breaks over lines; the extractor, which reads a message line by
line, reads it whole (``memory.policy_secrets.iban_on_one_line``)."""

from __future__ import annotations

from memory.policy_secrets import iban_on_one_line
from tests.learning.offline_reading import typed_facts
from tests.learning.test_extract_round12 import CONTACTS


def test_an_iban_broken_over_lines_is_read_whole_with_its_subject():
    message = "Saneamientos del Levante, cuenta para pagos:\nIBAN ES31 0081 0200\n2755 1234 5678"

    assert typed_facts(message, contacts=CONTACTS) == [
        ("Saneamientos del Levante S.L.", "proveedor", "iban", "ES3100810200275512345678")
    ]


def test_only_the_iban_is_joined():
    message = "Pagos:\nES31 0081 0200\n2755 1234 5678\nBIC BSABESBB\nimporte 95 €"

    assert iban_on_one_line(message) == (
        "Pagos:\nES31 0081 0200 2755 1234 5678\nBIC BSABESBB\nimporte 95 €"
    )
