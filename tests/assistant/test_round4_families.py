"""Families of questions met on assistant test B: period forms, due dates, contact words and
long concepts (no database)."""

from __future__ import annotations

import datetime

import pytest

from assistant.intents import decide
from assistant.slots import document_numbers, find_contact, find_named_period
from sumalos.invoicing.figures import named_words, word_matches

TODAY = datetime.date(2026, 11, 29)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("cuanto facture el ultimo trimestre del año pasado", "2025-10-01", "2025-12-31"),
        ("cuanto facture el ultimo trimestre de 2024", "2024-10-01", "2024-12-31"),
        ("cuanto facturamos el ultimo trimestre", "2026-07-01", "2026-09-30"),
        ("el ultimo mes del año pasado", "2025-12-01", "2025-12-31"),
    ],
)
def test_the_last_quarter_or_month_of_a_year(question, start, end):
    found = find_named_period(question, today=TODAY)

    assert found is not None
    assert (found.start.isoformat(), found.end.isoformat()) == (start, end)


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("la de oscar tormo que no me ha pagado, cuando vencia?", "due_date"),
        ("hasta cuando tenia la farmacia nuñez para pagar la de la caldera", "due_date"),
        ("cuando vencia la factura de la cafeteria central", "due_date"),
        ("oscar tormo me ha pagado ya o sigue debiendo?", "pending"),
        ("oye y en noviembre de 2025 cuanto facturamos, lo digo con iva", "total_invoiced"),
        ("a cuanto estaba el iva general en 2011?", None),
        ("cuando vence el plazo del modelo 303", None),
    ],
)
def test_word_rules_of_due_dates_and_invoiced_totals(question, intent):
    assert decide(question, numbered=False, dated=False) == intent


def test_an_invoice_number_with_a_space():
    assert document_numbers("de quien es la f2025 72", today=TODAY) == ["F2025-0072"]


def test_only_words_some_record_uses_become_a_concept():
    used = frozenset({"sustitucion", "tuberias", "plomo", "multicapa", "caldera"})

    assert named_words(["saque", "dices", "tuberia", "calderas"], used) == ["tuberia", "calderas"]
    assert not word_matches("contar", "caldera")


def test_kind_of_place_words_back_a_shared_name_word_up():
    candidates = [
        (1, "Bar Restaurante El Puerto S.L.", "customer"),
        (2, "Comunidad de Propietarios Avenida del Puerto 88", "customer"),
        (3, "Restaurante La Albufera S.L.", "customer"),
    ]

    found = find_contact("cuanto le facture a bar restaurante el puerto", candidates)

    assert found is not None
    assert found.name == "Bar Restaurante El Puerto S.L."
