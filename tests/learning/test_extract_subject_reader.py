"""The subject reader (docs/memory.md, "Offline extraction"): a lowercase name described between
commas right after it, a place or a thing that is no one, a business whose name runs on past a
contact's or is set apart in brackets by its trade, the words of a contact's name said short
left out of the rewritten sentence, and a legal form written with its dots — with look-alikes
of each that must not fire."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts
from learning.offline.subjects import apposed_names, unknown_names

CONTACTS = [
    ContactName(1, "Hostal Miramar", "customer"),
    ContactName(2, "Farmacia Núñez S.L.", "customer"),
    ContactName(3, "Clínica Dental Sonrisas S.L.", "customer"),
    ContactName(4, "Joaquín Benlloch", "customer"),
    ContactName(5, "Gestoría Ibáñez", "supplier"),
]
OWN = "Fontanería Martín"


def _facts(message: str, contacts: list[ContactName] = CONTACTS) -> list[tuple[object, ...]]:
    return [
        (f.subject_name, f.subject_contact_id, f.subject_set_apart, f.category, f.value)
        for f in extract_facts(message, [], contacts=contacts, organization=OWN)
        if not f.note
    ]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "fisioterapia alba, la clienta nueva de mislata, cierra los viernes por la tarde",
            ("Fisioterapia Alba", None, False, "cliente", "viernes, tardes"),
        ),
        (
            "electricidad pascual, el electricista con el que hacemos las obras: 655 871 203",
            ("Electricidad Pascual", None, False, "proveedor", "655 871 203"),
        ),
    ],
)
def test_a_lowercase_name_described_between_commas_is_named(message, expected):
    assert _facts(message) == [expected]


def test_the_name_described_is_shown_with_capitals_and_its_accent():
    names = apposed_names("almacenes gomez, los de sanitarios de alzira, nos dan un 15")
    assert [(m.name, m.start, m.end) for m in names] == [("Almacenes Gómez", 0, 15)]


@pytest.mark.parametrize(
    "message",
    [
        # words that end a name, or a time, are no name
        "mañana temprano, la revisión de la caldera, a las 9",
        "ya lo sabe, el de la furgo, que vaya a las 10",
        # one word alone is how any sentence may open
        "oye, la de la pelu, paga a 30",
    ],
)
def test_no_name_is_read_where_the_words_before_the_commas_name_nobody(message):
    assert apposed_names(message) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "El señor de Alzira, Joaquín Benlloch, paga siempre con tarjeta",
            [("Joaquín Benlloch", None, False, "cliente", "tarjeta")],
        ),
        (
            "Desde el 1 de enero el desplazamiento dentro de Valencia se cobra a 35 €",
            [("", None, False, "empresa", "35 €")],
        ),
    ],
)
def test_a_place_said_as_a_complement_is_no_subject(message, expected):
    # A writer who may read no contacts: only the words tell who it is about.
    assert _facts(message, contacts=[]) == expected


@pytest.mark.parametrize(
    ("message", "names"),
    [
        ("Ya no uso el correo de Hotmail", []),
        ("Somos empresa instaladora habilitada RITE desde septiembre", []),
        # towns and banks are never subjects (round 16: places_and_banks.txt)
        ("los de Paterna pagan a 60", []),
        ("le pagamos a BBVA el renting", []),
    ],
)
def test_a_thing_qualified_by_a_word_is_no_name(message, names):
    assert [m.name for m in unknown_names(message, [])] == names


def test_a_legal_form_with_its_dots_stays_whole():
    names = unknown_names("Hemos empezado a trabajar para Bodegas Requena S.L. desde enero", [])
    assert [m.name for m in names] == ["Bodegas Requena S.L."]
    assert unknown_names("mandame el C.I.F. de la empresa", []) == []


def test_a_business_set_apart_by_its_trade_in_brackets_is_another_one():
    message = (
        "El Hotel Miramar de Dénia (no el hostal de Gandía) quiere presupuesto; su contacto es "
        "Pepa, la gobernanta"
    )
    assert _facts(message) == [("Hotel Miramar", None, True, "cliente", "Pepa")]


def test_a_name_that_runs_on_past_a_contacts_is_another_business():
    message = (
        "Somos Farmacia Núñez Beltrán, de Sueca. Por favor envíen las facturas a "
        "farmaciabeltran@gmail.com. Ojo, es otra farmacia, no la de Xàtiva."
    )
    assert [f for f in _facts(message) if f[4] == "farmaciabeltran@gmail.com"] == [
        ("Farmacia Núñez Beltrán", None, True, "cliente", "farmaciabeltran@gmail.com")
    ]


def test_the_key_of_the_next_line_does_not_run_a_name_on():
    message = "Cliente: Farmacia Núñez\nCondiciones: a partir de ahora pagan a 90 días"
    assert _facts(message) == [("Farmacia Núñez S.L.", 2, False, "cliente", "90 días")]


def test_the_words_of_a_contacts_name_said_short_are_all_rewritten():
    facts = extract_facts(
        "la de la clinica dental paga ahora a 45 dias", [], contacts=CONTACTS, organization=OWN
    )
    assert [(f.subject_name, f.text) for f in facts] == [
        ("Clínica Dental Sonrisas S.L.", "Clínica Dental Sonrisas S.L. paga a 45 días.")
    ]
