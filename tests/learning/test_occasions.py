"""A message anchored to a near day states no lasting fact, unless it says what holds from now
on, reports what somebody said, or is about the writer's own life."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.extract import worth_a_note
from learning.offline.occasions import told_for_one_occasion
from tests.learning.offline_reading import read_facts, typed_facts

CONTACTS = [
    ContactName(1, "Cafetería Central S.L.", "customer"),
    ContactName(2, "Saneamientos del Levante S.L.", "supplier"),
]


@pytest.mark.parametrize(
    ("text", "one_occasion"),
    [
        ("hoy la cafetería central me ha pagado en efectivo, qué raro", True),
        ("ayer saneamientos trajo el pedido con dos horas de retraso", True),
        ("mañana paso por la cafetería central a mirar el calentador", True),
        ("este viernes saneamientos no reparte por inventario", True),
        ("oferta este mes en saneamientos: 3x2 en manguitos", True),
        ("otra vez el camión de saneamientos atascado en la rotonda", True),
        # the day is when the writer heard something lasting
        ("hoy me ha dicho la cafetería central que paga a 45 días", False),
        ("desde hoy saneamientos cobra el porte aparte", False),
        ("la cafetería central tiene teléfono nuevo desde ayer: 961 00 22 33", False),
        # a part of the day, not tomorrow
        ("saneamientos reparte por la mañana", False),
        ("la cafetería central abre mañana y tarde", False),
        ("los martes a media mañana pasa el comercial de saneamientos", False),
    ],
)
def test_a_near_day_without_anything_lasting_is_one_occasion(text: str, one_occasion: bool):
    assert told_for_one_occasion(text) is one_occasion


def test_an_event_of_the_day_gives_no_fact_and_no_note():
    message = "hoy la cafetería central me ha pagado en efectivo, qué raro"

    assert read_facts(message, contacts=CONTACTS) == []
    assert worth_a_note(message) is False


def test_what_the_writer_heard_today_is_kept():
    message = "hoy me ha dicho la cafetería central que ahora paga a 45 días"

    assert typed_facts(message, contacts=CONTACTS) == [
        ("Cafetería Central S.L.", "cliente", "plazo_pago", "45 días")
    ]


def test_the_writers_own_plan_for_tomorrow_stays_a_note_for_the_writer():
    facts = read_facts("mañana no vengo hasta las 12, tengo el dentista", contacts=CONTACTS)

    assert [(f.category, f.attribute, f.subject_name, f.note) for f in facts] == [
        ("perfil_usuario", "nota", "", True)
    ]
