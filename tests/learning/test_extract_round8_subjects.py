"""Extraction round 8, subjects (docs/memory.md, "Offline extraction round 8"): look-alikes of
a contact told apart and placed in another town, a capitalised name after a lowercase trade
word, two contacts named together or one per clause, facts of the writer and of the company
that carry a name-like word, a correction that is only the new number, and news of the day
that holds nothing — with look-alikes of each that must not fire."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts
from learning.offline.subjects import sets_apart, trade_names, unknown_names

CONTACTS = [
    ContactName(1, "Talleres García S.L.", "customer"),
    ContactName(2, "Farmacia Núñez S.L.", "customer"),
    ContactName(3, "Ferretería Ruiz", "supplier"),
    ContactName(4, "Hostal Miramar", "customer"),
    ContactName(5, "Hoteles del Turia S.A.", "customer"),
    ContactName(6, "Residencia Los Olivos S.L.", "customer"),
    ContactName(7, "Panadería Hermanos López S.L.", "customer"),
    ContactName(8, "Óscar Tormo", "customer"),
    ContactName(9, "Saneamientos del Levante S.L.", "supplier"),
    ContactName(10, "Gestoría Ibáñez", "supplier"),
]
OWN = "Fontanería Martín"


def _facts(message: str, previous: str | None = None) -> list[tuple[object, ...]]:
    return [
        (f.subject_name, f.subject_contact_id, f.subject_set_apart, f.category, f.value)
        for f in extract_facts(message, [], contacts=CONTACTS, organization=OWN, previous=previous)
        if not f.note
    ]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Talleres García de Alzira (otros, nada que ver con los de Paterna) quieren que "
            "les facturemos a 60 días",
            ("Talleres García de Alzira", None, True, "cliente", "60 días"),
        ),
        (
            "Talleres Garcia de Alzira, q no son los de paterna, pagan a 60",
            ("Talleres Garcia de Alzira", None, True, "cliente", "60 días"),
        ),
        (
            "la Farmacia Nuñez de Xativa, q no es la nuestra, quiere las facturas en papel",
            ("Farmacia Nuñez de Xativa", None, True, "cliente", "papel"),
        ),
        (
            "el Hostal Miramar de Peñiscola (no el nuestro de gandia) paga por transferencia",
            ("Hostal Miramar de Peñiscola", None, True, "cliente", "transferencia"),
        ),
    ],
)
def test_a_look_alike_in_another_town_told_apart_is_another_business(message, expected):
    assert _facts(message) == [expected]


def test_not_ours_sets_a_name_apart():
    assert sets_apart("la Ferretería Ruiz de Sagunto, no la nuestra eh, tiene el teflón a 1,20")
    assert sets_apart("el Hostal Miramar de Peñiscola (no el nuestro de gandia)")
    assert not sets_apart("la ferreteria ruiz nos hace un 12 en tornilleria")


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # The town alone does not tell it apart: the contact, as before.
        ("Talleres García de Paterna pagan a 60", ("Talleres García S.L.", 1, False)),
        # Told apart, but no town after the name: the contact's name is not the look-alike's.
        ("Talleres García, no los otros, pagan a 60", ("Talleres García S.L.", 1, False)),
    ],
)
def test_a_contact_without_both_signs_stays_linked(message, expected):
    assert [f[:3] for f in _facts(message)] == [expected]


def test_a_capitalised_name_after_a_lowercase_trade_word_is_the_name_as_written():
    assert trade_names("el bar Casa Toni de burjassot paga siempre a 30 dias") == []
    assert _facts("el bar Casa Toni de burjassot paga siempre a 30 dias") == [
        ("Casa Toni", None, False, "cliente", "30 días")
    ]
    assert [m.name for m in trade_names("el bar casa toni paga a 30")] == ["Bar Casa Toni"]


def test_two_contacts_named_together_both_get_the_fact():
    message = (
        "hoteles del turia y la resi los olivos quieren la factura tb en papel, ademas del mail"
    )
    assert [(f[0], f[4]) for f in _facts(message)] == [
        ("Hoteles del Turia S.A.", "papel"),
        ("Residencia Los Olivos S.L.", "papel"),
    ]


def test_a_second_subject_after_and_is_its_own_clause():
    message = (
        "la panaderia lopez ahora a 60 dias, y los de recambios turia nos dan 45 para pagarles"
    )
    assert [(f[0], f[4]) for f in _facts(message)] == [("Panadería Hermanos López S.L.", "60 días")]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("me podeis llamar Menchu, todo el mundo me llama asi", ("perfil_usuario", "Menchu")),
        ("yo solo trabajo mañanas, de 8 a 2", ("preferencia", "mañanas, 8:00-14:00")),
    ],
)
def test_the_writer_speaking_of_herself_is_the_subject(message, fact):
    assert [(f[0], f[3], f[4]) for f in _facts(message)] == [("", *fact)]


def test_an_order_to_hand_over_a_list_the_writer_way_is_hers():
    facts = extract_facts(
        "Las facturas pendientes pásamelas en tabla y ordenadas por importe, de mayor a menor.",
        [],
        contacts=CONTACTS,
        organization=OWN,
    )
    # The writer's, as a note until round 27; since then read as her wish about the layout.
    assert [(f.subject_name, f.category, f.value) for f in facts] == [
        ("", "preferencia", "las facturas pendientes en tabla")
    ]


def test_a_place_after_a_street_word_is_no_subject():
    message = (
        "Nos hemos cambiado de nave: ahora estamos en el polígono Fuente del Jarro, calle "
        "Ciudad de Sevilla 12, Paterna."
    )
    assert unknown_names(message, []) == []
    assert [(f[0], f[3]) for f in _facts(message)] == [("", "empresa")]


@pytest.mark.parametrize("opener", ["me corrijo", "perdona"])
def test_a_correction_that_is_only_the_number_replaces_the_one_number_said(opener):
    assert _facts(f"{opener}, 195", previous="la gestoria nos cobra 180 al trimestre") == [
        ("Gestoría Ibáñez", 10, False, "proveedor", "195 €/trimestre")
    ]


def test_a_number_alone_after_a_message_with_two_numbers_corrects_nothing():
    previous = "la gestoria nos cobra 180 al trimestre y 20 por cada modelo"
    assert all("195" not in str(f[4]) for f in _facts("me corrijo, 195", previous=previous))


@pytest.mark.parametrize(
    "message",
    [
        "recuerdame el viernes llamar a oscar tormo por lo del termo",
        "la farmacia nuñez ya ha pagado la ultima factura",
        "esta semana saneamientos nos ha traido la multicapa tarde, el martes en vez del lunes, "
        "q rabia",
    ],
)
def test_reminders_and_news_of_the_day_hold_nothing(message):
    assert extract_facts(message, [], contacts=CONTACTS, organization=OWN) == []


@pytest.mark.parametrize(
    "message",
    [
        "la farmacia nuñez ya paga a 30",
        "esta semana saneamientos nos ha dicho que a partir de ahora traen los martes",
    ],
)
def test_what_holds_from_now_on_is_still_kept(message):
    assert _facts(message) != []


def test_a_writer_who_reads_no_contacts_keeps_the_town_of_a_name_told_apart():
    message = "la Farmacia Nuñez de Xativa, q no es la nuestra, quiere las facturas en papel"
    facts = extract_facts(message, [], contacts=[], organization=OWN)
    assert [(f.subject_name, f.subject_set_apart, f.value) for f in facts] == [
        ("Farmacia Nuñez de Xativa", True, "papel")
    ]
    new_one = "Talleres Garcés de Alaquàs nos paga en efectivo"
    assert [m.name for m in unknown_names(new_one, [])] == ["Talleres Garcés"]


def test_a_name_told_apart_by_another_name_drops_its_town():
    message = "Hostal Marisol de Oliva, que no es el Miramar, paga con tarjeta"
    assert [m.name for m in unknown_names(message, [])] == ["Hostal Marisol"]


@pytest.mark.parametrize(
    "message",
    [
        "buenos dias! hoy llego a las 10 q tengo medico",
        "Buenos días, hoy no vengo, estoy con fiebre",
        "ticket ferreteria ruiz 23,40 silicona y teflon, pagado con tarjeta",
    ],
)
def test_the_writers_day_and_a_receipt_hold_nothing(message):
    assert extract_facts(message, [], contacts=CONTACTS, organization=OWN) == []


def test_a_greeting_before_a_lasting_fact_is_dropped():
    assert _facts("buenos dias! la ferreteria ruiz cobra por bizum") == [
        ("Ferretería Ruiz", 3, False, "proveedor", "Bizum")
    ]


@pytest.mark.parametrize(
    ("message", "previous", "expected"),
    [
        (
            "uy no, eso era termotecnicas, saneamientos sigue igual",
            "apunta que a saneamientos del levante se les paga a 60",
            [("Distribuciones Termotécnicas S.A.", 11, False, "proveedor", "60 días")],
        ),
        (
            "perdona, eso era de la gestoria",
            "la ferreteria ruiz cobra por bizum",
            [("Gestoría Ibáñez", 10, False, "proveedor", "Bizum")],
        ),
    ],
)
def test_a_follow_up_that_moves_the_previous_fact_to_another_contact(message, previous, expected):
    contacts = [*CONTACTS, ContactName(11, "Distribuciones Termotécnicas S.A.", "supplier")]
    facts = extract_facts(message, [], contacts=contacts, organization=OWN, previous=previous)
    assert [
        (f.subject_name, f.subject_contact_id, f.subject_set_apart, f.category, f.value)
        for f in facts
    ] == expected


@pytest.mark.parametrize(
    "message", ["uy no, eso era broma", "eso era termotecnicas", "perdona, eso era de saneamientos"]
)
def test_no_move_without_a_correction_or_another_contact(message):
    previous = "apunta que a saneamientos del levante se les paga a 60"
    contacts = [*CONTACTS, ContactName(11, "Distribuciones Termotécnicas S.A.", "supplier")]
    facts = extract_facts(message, [], contacts=contacts, organization=OWN, previous=previous)
    assert all(f.subject_contact_id != 11 for f in facts)
