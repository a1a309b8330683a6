"""Relative dates in Spanish questions (search/dates.py)."""

from __future__ import annotations

import datetime

import pytest

from search.dates import find_period

TODAY = datetime.date(2026, 11, 29)
D = datetime.date


@pytest.mark.parametrize(
    ("question", "period", "rest"),
    [
        (
            "la factura de la caldera del mes pasado",
            (D(2026, 10, 1), D(2026, 10, 31)),
            "la factura de la caldera",
        ),
        ("gastos en septiembre", (D(2026, 9, 1), D(2026, 9, 30)), "gastos"),
        ("facturas de diciembre", (D(2025, 12, 1), D(2025, 12, 31)), "facturas"),
        ("facturas de marzo de 2025", (D(2025, 3, 1), D(2025, 3, 31)), "facturas"),
        ("lo cobrado el trimestre pasado", (D(2026, 7, 1), D(2026, 9, 30)), "lo cobrado"),
        ("IVA del 3T", (D(2026, 7, 1), D(2026, 9, 30)), "iva"),
        ("gasóleo del año pasado", (D(2025, 1, 1), D(2025, 12, 31)), "gasoleo"),
        ("facturas de este mes", (D(2026, 11, 1), D(2026, 11, 30)), "facturas de"),
        ("la semana pasada", (D(2026, 11, 16), D(2026, 11, 22)), ""),
        ("Talleres García", None, "talleres garcia"),
    ],
)
def test_a_question_names_a_period(question, period, rest):
    found = find_period(question, today=TODAY)

    assert (found.period, found.rest) == (period, rest)


def test_the_previous_month_of_january_is_december_of_last_year():
    found = find_period("el mes pasado", today=D(2027, 1, 15))

    assert found.period == (D(2026, 12, 1), D(2026, 12, 31))
