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
        (
            "la fuga del baño de octubre del año pasado",
            (D(2025, 10, 1), D(2025, 10, 31)),
            "la fuga del bano",
        ),
        ("el año pasado en marzo, el plomo", (D(2025, 3, 1), D(2025, 3, 31)), ", el plomo"),
        ("la caldera de octubre pasado", (D(2026, 10, 1), D(2026, 10, 31)), "la caldera"),
        ("facturas de julio de este año", (D(2026, 7, 1), D(2026, 7, 31)), "facturas"),
        ("el primer trimestre", (D(2026, 1, 1), D(2026, 3, 31)), ""),
        ("el primer trimestre del año pasado", (D(2025, 1, 1), D(2025, 3, 31)), ""),
        ("el 2T de 2025", (D(2025, 4, 1), D(2025, 6, 30)), ""),
        ("este trimestre", (D(2026, 10, 1), D(2026, 12, 31)), ""),
        ("el desatasco de esta semana", (D(2026, 11, 23), D(2026, 11, 29)), "el desatasco"),
        ("la caldera a finales de 2024", (D(2024, 9, 1), D(2024, 12, 31)), "la caldera"),
        # Season words stay: "horario de verano" is also what a file says.
        ("la caldera de este verano", (D(2026, 6, 1), D(2026, 9, 22)), "la caldera de este verano"),
        ("en verano", (D(2026, 6, 1), D(2026, 9, 22)), "en verano"),
        ("el verano pasado", (D(2026, 6, 1), D(2026, 9, 22)), "el verano pasado"),
        ("en invierno", (D(2025, 12, 1), D(2026, 3, 20)), "en invierno"),
        ("el termo de hace dos meses", (D(2026, 8, 1), D(2026, 10, 31)), "el termo de"),
        ("hace 3 semanas", (D(2026, 11, 1), D(2026, 11, 15)), ""),
        ("hace un año", (D(2025, 1, 1), D(2025, 12, 31)), ""),
        ("los últimos 3 meses", (D(2026, 8, 29), D(2026, 11, 29)), ""),
    ],
)
def test_a_question_names_a_period(question, period, rest):
    found = find_period(question, today=TODAY)

    assert (found.period, found.rest) == (period, rest)


def test_the_previous_month_of_january_is_december_of_last_year():
    found = find_period("el mes pasado", today=D(2027, 1, 15))

    assert found.period == (D(2026, 12, 1), D(2026, 12, 31))


def test_the_summer_before_is_last_years_while_summer_lasts():
    found = find_period("el verano pasado", today=D(2026, 7, 15))

    assert found.period == (D(2025, 6, 1), D(2025, 9, 22))
