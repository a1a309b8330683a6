"""What a question names: periods, document numbers, amounts and contacts (no database)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from assistant.slots import (
    Amount,
    document_numbers,
    find_amount,
    find_contact,
    find_named_period,
    upcoming,
)

TODAY = datetime.date(2026, 11, 29)
D = datetime.date


@pytest.mark.parametrize(
    ("question", "today", "start", "end", "label"),
    [
        (
            "¿cuánto facturamos en octubre?",
            TODAY,
            D(2026, 10, 1),
            D(2026, 10, 31),
            "octubre de 2026",
        ),
        ("facturado en diciembre", TODAY, D(2025, 12, 1), D(2025, 12, 31), "diciembre de 2025"),
        ("y en agosto de 2025", TODAY, D(2025, 8, 1), D(2025, 8, 31), "agosto de 2025"),
        ("cuanto hemos facturado este año", TODAY, D(2026, 1, 1), D(2026, 12, 31), "2026"),
        ("el año pasado", D(2027, 1, 15), D(2026, 1, 1), D(2026, 12, 31), "2026"),
        (
            "gastos del trimestre pasado",
            TODAY,
            D(2026, 7, 1),
            D(2026, 9, 30),
            "el tercer trimestre de 2026",
        ),
        (
            "el primer trimestre",
            TODAY,
            D(2026, 1, 1),
            D(2026, 3, 31),
            "el primer trimestre de 2026",
        ),
        (
            "facturado en el 2T",
            TODAY,
            D(2026, 4, 1),
            D(2026, 6, 30),
            "el segundo trimestre de 2026",
        ),
        ("gastos de 2025", TODAY, D(2025, 1, 1), D(2025, 12, 31), "2025"),
    ],
)
def test_periods_are_read_relative_to_today(question, today, start, end, label):
    period = find_named_period(question, today=today)

    assert period is not None
    assert (period.start, period.end, period.label) == (start, end, label)


def test_no_period_is_none_and_a_due_month_is_the_next_one():
    assert find_named_period("total pagado desde siempre", today=TODAY) is None
    december = find_named_period("qué facturas vencen en diciembre", today=TODAY)
    assert december is not None

    coming = upcoming(december, question="qué facturas vencen en diciembre", today=TODAY)

    assert (coming.start, coming.end, coming.label) == (
        D(2026, 12, 1),
        D(2026, 12, 31),
        "diciembre de 2026",
    )


def test_document_numbers_are_written_as_stored():
    assert document_numbers("cuando vence la f26-72") == ["F2026-0072"]
    assert document_numbers("busca la factura 2025/83") == ["F2025-0083"]
    assert document_numbers("el presupuesto P2026-0007 y la F2026-0044") == [
        "P2026-0007",
        "F2026-0044",
    ]
    assert document_numbers("cuánto facturamos en 2026") == []


@pytest.mark.parametrize(
    ("question", "numbers"),
    [
        ("importe de la 2025/83", ["F2025-0083"]),
        ("f26-44 cuanto es", ["F2026-0044"]),
        ("la F2026-0044", ["F2026-0044"]),
        ("factura F20260044", ["F2026-0044"]),
        ("fra. 2025/83 pagada?", ["F2025-0083"]),
        ("factura 44 de este año", ["F2026-0044"]),
        ("la factura número 44", ["F2026-0044"]),
        ("la factura 50 del año pasado", ["F2025-0050"]),
        ("presupuesto 7 de 2025", ["P2025-0007"]),
        ("la 21 de este año a quien se la hicimos", ["F2026-0021"]),
        ("la 3 de enero", []),
        ("gastos de 2025/2026", []),
        ("factura 2 horas a 38 €", []),
        ("factura de 100 euros para el hostal", []),
    ],
)
def test_invoice_numbers_in_any_form(question, numbers):
    assert document_numbers(question, today=TODAY) == numbers


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("cuánto facturamos en octubre del año pasado", D(2025, 10, 1), D(2025, 10, 31)),
        ("iva del 3er trimestre", D(2026, 7, 1), D(2026, 9, 30)),
        ("iva del q2", D(2026, 4, 1), D(2026, 6, 30)),
        ("3º trimestre de 2025", D(2025, 7, 1), D(2025, 9, 30)),
        ("este trimestre", D(2026, 10, 1), D(2026, 12, 31)),
        ("facturado en el 2025", D(2025, 1, 1), D(2025, 12, 31)),
        ("facturado en oct 2025", D(2025, 10, 1), D(2025, 10, 31)),
        ("vence pronto alguna factura?", D(2026, 11, 29), D(2026, 12, 13)),
        ("qué vence la semana que viene", D(2026, 11, 30), D(2026, 12, 6)),
        ("qué vence el mes que viene", D(2026, 12, 1), D(2026, 12, 31)),
        ("facturación del primer semestre", D(2026, 1, 1), D(2026, 6, 30)),
        ("en lo que va de año", D(2026, 1, 1), D(2026, 11, 29)),
    ],
)
def test_more_ways_of_naming_a_period(question, start, end):
    period = find_named_period(question, today=TODAY)

    assert period is not None
    assert (period.start, period.end) == (start, end)


def test_a_season_is_not_left_as_a_concept_word():
    period = find_named_period("lo que facturamos en verano", today=TODAY)

    assert period is not None
    assert "verano" in period.words.split()


def test_amounts_carry_their_quantity():
    assert find_amount("2 horas de mano de obra a 38 €") == Amount(Decimal("38"), Decimal("2"))
    assert find_amount("revisión de caldera, 90 euros más IVA") == Amount(
        Decimal("90"), Decimal("1")
    )
    assert find_amount("cambio de grifo 80€ + iva") == Amount(Decimal("80"), Decimal("1"))
    assert find_amount("sin importe") is None
    assert find_amount("cambio de caldera 1.900 € más IVA") == Amount(Decimal("1900"), Decimal(1))
    assert find_amount("1.250,50€") == Amount(Decimal("1250.50"), Decimal(1))
    assert find_amount("38.50 euros") == Amount(Decimal("38.50"), Decimal(1))


CANDIDATES = [
    (1, "Talleres García S.L.", "customer"),
    (2, "Hostal Miramar", "customer"),
    (3, "Peluquería Ángela S.L.", "customer"),
    (4, "Bar Restaurante El Puerto S.L.", "customer"),
    (5, "Restaurante La Albufera S.L.", "customer"),
    (6, "Ferretería Ruiz", "supplier"),
    (7, "Comunidad de Propietarios Avenida del Puerto 88", "customer"),
]


@pytest.mark.parametrize(
    ("question", "kind", "expected"),
    [
        ("q nos debe el hostal", None, 2),
        ("la pelu tiene algo sin pagar?", None, 3),
        ("cuanto le facturamos a talleres garsia", "customer", 1),
        ("cuánto le hemos comprado a la ferretería", "supplier", 6),
        ("cuánto le hemos comprado a la ferretería", "customer", None),
        ("qué debe el restaurante", None, None),
        ("cuánto facturamos en octubre", None, None),
        ("la comunidad de avenida del puerto 88 a cuantos dias paga", None, 7),
    ],
)
def test_contacts_are_found_by_their_distinctive_words(question, kind, expected):
    found = find_contact(question, CANDIDATES, kind=kind)

    assert (found.id if found else None) == expected
