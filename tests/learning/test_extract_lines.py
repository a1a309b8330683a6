"""Messages with lines (docs/memory.md, "Offline extraction round 10"): a list says one thing
per line about the name on that line; a card under a name ("Seguros Mutua Fontaneros" /
"Agente asignado: Marisa Llopis") is about that name; a forwarded e-mail's frame and
formalities state nothing, and the quoted sender speaks in the first person. Schedules are
read in their short forms ("lun a vie", "L-J", "8–14 y 16–19")."""

from __future__ import annotations

from functools import partial

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts
from learning.offline.slots import find_slots
from tests.learning.offline_reading import OWN, TODAY, typed_facts

CONTACTS = [
    ContactName(1, "Nuria Esteve", "customer"),
    ContactName(2, "Jesús Alcañiz", "customer"),
    ContactName(3, "Óscar Tormo", "customer"),
    ContactName(4, "Seguros Mutua Fontaneros S.L.", "supplier"),
    ContactName(5, "Saneamientos del Levante S.L.", "supplier"),
    ContactName(6, "Clínica Dental Sonrisas S.L.", "customer"),
    ContactName(7, "Gestoría Ibáñez", "supplier"),
    ContactName(8, "Inmaculada Castelló", "customer"),
]


_facts = partial(typed_facts, contacts=CONTACTS)


def test_each_line_of_a_list_is_about_its_own_name():
    message = (
        "Cambios para apuntar:\n"
        "- Nuria Esteve: email nuria.esteve@gmail.com\n"
        "- Jesús Alcañiz: paga por transferencia\n"
        "- Óscar Tormo: pasa a 15 días"
    )
    assert _facts(message) == [
        ("Nuria Esteve", "cliente", "email", "nuria.esteve@gmail.com"),
        ("Jesús Alcañiz", "cliente", "metodo_pago", "transferencia"),
        ("Óscar Tormo", "cliente", "plazo_pago", "15 días"),
    ]


def test_a_card_under_a_name_gives_its_contact_person():
    assert _facts("Seguros Mutua Fontaneros\nAgente asignado: Marisa Llopis") == [
        ("Seguros Mutua Fontaneros S.L.", "proveedor", "persona_contacto", "Marisa Llopis")
    ]


def test_a_card_keeps_its_name_over_a_role_word_on_a_later_line():
    message = (
        "Cliente: Clínica Dental Sonrisas\n"
        "Condiciones: a partir de ahora pagan a 90 días, lo ha confirmado su gestor."
    )
    assert _facts(message) == [("Clínica Dental Sonrisas S.L.", "cliente", "plazo_pago", "90 días")]


def test_a_schedule_said_over_two_lines_is_one_schedule():
    message = "Saneamientos del Levante S.L.\nHorario: lun a vie 7:00–14:00\nSábados: cerrado"
    assert _facts(message) == [
        (
            "Saneamientos del Levante S.L.",
            "proveedor",
            "horario",
            "lunes a viernes, 7:00-14:00; sábado",
        )
    ]


def test_a_forwarded_mail_is_about_its_sender_and_its_frame_states_nothing():
    message = (
        "---------- Forwarded message ---------\n"
        "De: Recepción Clínica Sonrisas\n"
        "Asunto: facturas\n\n"
        "Buenos días, a partir de ahora envíen las facturas a admin@sonrisasdental.es y no a la "
        "dirección antigua. Gracias."
    )
    assert _facts(message) == [
        ("Clínica Dental Sonrisas S.L.", "cliente", "email", "admin@sonrisasdental.es")
    ]


def test_the_quoted_sender_speaks_in_the_first_person():
    message = (
        "Reenvío el correo de Inmaculada Castelló:\n\n"
        '"Hola, os indico mi DNI para que salga en las facturas: 66978001T. Gracias y buen día"'
    )
    assert _facts(message) == [("Inmaculada Castelló", "cliente", "nif", "66978001T")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "lun a vie: 8–14 y 16–19",
            [("weekday", "lunes a viernes"), ("time", "8:00-14:00"), ("time", "16:00-19:00")],
        ),
        ("L-J de 8 a 15", [("weekday", "lunes a jueves"), ("time", "8:00-15:00")]),
        ("abren de mar a sáb, 9-13", [("weekday", "martes a sábado"), ("time", "9:00-13:00")]),
        ("almacén 7:00 – 14:00", [("time", "7:00-14:00")]),
        # "a las 12" is no "Lunes a Sábado"; a dash between numbers with no day is no schedule
        ("el camión ha llegado hoy tardísimo, a las 12 y pico", []),
        ("pedido 12-15 de tornillería", []),
    ],
)
def test_schedules_in_their_short_forms(text, expected):
    kinds = ("weekday", "time")
    assert [(s.kind, s.value) for s in find_slots(text, TODAY) if s.kind in kinds] == expected


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Persona de contacto para pedidos: Maite (mostrador)", "Maite"),
        ("Agente asignado: Marisa Llopis", "Marisa Llopis"),
        ("Contact person: Mr. Thompson, the director", "Thompson"),
        ("Responsable: el de siempre", None),
    ],
)
def test_a_label_that_names_a_role_gives_the_person(text, person):
    people = [s.value for s in find_slots(text, TODAY) if s.kind == "person"]
    assert people == ([person] if person else [])


CUSTOMERS = [
    ContactName(11, "Teresa Muñoz", "customer"),
    ContactName(12, "Óscar Tormo", "customer"),
    ContactName(13, "Restaurante La Albufera S.L.", "customer"),
    ContactName(14, "Hostal Miramar", "customer"),
    ContactName(15, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(16, "Saneamientos del Levante S.L.", "supplier"),
    ContactName(17, "Amparo Giménez", "customer"),
]


def _said(message: str) -> list[tuple[str, str, str]]:
    return [
        (f.subject_name, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=CUSTOMERS, organization=OWN, today=TODAY)
        if not f.note
    ]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # two contacts, a value each, joined by "y": two facts
        (
            "teresa muñoz en efectivo y oscar tormo por bizum, no los mezcleis",
            [("Teresa Muñoz", "metodo_pago", "efectivo"), ("Óscar Tormo", "metodo_pago", "Bizum")],
        ),
        # a "y" inside one subject's statement does not split it, though a name follows later
        (
            "saneamientos del levante tiene nuevo tlf pa pedidos y pagos, el 963 70 80 90, "
            "pregunta x Amparo",
            [
                ("Saneamientos del Levante S.L.", "persona_contacto", "Amparo"),
                # "nuevo tlf …, el 963…" labels the number: no way of reaching them is asked
                ("Saneamientos del Levante S.L.", "telefono", "963 708 090"),
            ],
        ),
        # how to reach someone else is theirs, not the writer's preference
        (
            "Otra vez el Restaurante La Albufera sin contestar al correo... a esta gente hay que "
            "llamarles por telefono, los emails ni los abren",
            [("Restaurante La Albufera S.L.", "canal_preferido", "teléfono")],
        ),
        # the writer's own hours, in the first person, even "en la oficina"
        (
            "Mi horario en la oficina: L-J de 8 a 15 y los viernes hasta las 14.",
            [("", "horario", "lunes a jueves, 8:00-15:00, viernes, hasta 14:00")],
        ),
        (
            "Los viernes por la tarde no trabajo, estoy en el ciclo formativo",
            [("", "horario", "viernes, tardes")],
        ),
        # the company's hours stay the company's
        ("Cerramos los viernes por la tarde", [("", "horario", "viernes, tardes")]),
        (
            "Gasoleos Ribera – forma de pago: targeta",
            [("Gasóleos Ribera S.L.", "metodo_pago", "tarjeta")],
        ),
        (
            "en el hostal de gandia hay q preguntar siempre por julian, es el de mantenimiento",
            [("Hostal Miramar", "persona_contacto", "Julian")],
        ),
        ("me podeis llamar mamen, carmen solo me lo dice mi madre", [("", "apodo", "Mamen")]),
        ("soy lucia, a mi llamadme lu como todo el mundo", [("", "apodo", "Lu")]),
    ],
)
def test_subjects_and_values_said_loosely(message, expected):
    assert _said(message) == expected


def test_whose_hours_they_are_is_told_by_the_category():
    mine = extract_facts("Mi horario: L-J de 8 a 15", [], contacts=CUSTOMERS, organization=OWN)
    ours = extract_facts(
        "Cerramos los viernes por la tarde", [], contacts=CUSTOMERS, organization=OWN
    )
    assert [f.category for f in mine] == ["preferencia"]
    assert [f.category for f in ours] == ["empresa"]


@pytest.mark.parametrize(
    ("text", "percents"),
    [
        ("nos dan un 15 de descuento", ["15 %"]),
        ("le hacemos el 8 de dto", ["8 %"]),
        ("un 15 de octubre", []),
    ],
)
def test_a_share_said_before_the_word_discount(text, percents):
    assert [s.value for s in find_slots(text, TODAY) if s.kind == "percent"] == percents
