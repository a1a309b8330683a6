"""Extraction round 5 (decision record 0035): one case per kind of phrasing that set C showed
missed — names set apart from a similar contact, short names after an article, follow-ups
that correct a value, relatives and nicknames, facts said of two contacts at once."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts

CONTACTS = [
    ContactName(1, "Hostal Miramar", "customer"),
    ContactName(2, "Restaurante La Albufera S.L.", "customer"),
    ContactName(3, "Panadería Hermanos López S.L.", "customer"),
    ContactName(4, "Comunidad de Propietarios Calle Colón 14", "customer"),
    ContactName(5, "Cafetería Central S.L.", "customer"),
    ContactName(6, "Inmobiliaria Mediterráneo S.L.", "customer"),
    ContactName(7, "Jesús Alcañiz", "customer"),
    ContactName(8, "Inmaculada Castelló", "customer"),
    ContactName(9, "Teresa Muñoz", "customer"),
    ContactName(10, "Rosa María Martínez", "customer"),
    ContactName(11, "Vicente Llorens", "customer"),
    ContactName(12, "Ferretería Ruiz", "supplier"),
]
OWN = "Fontanería Martín"


def _facts(
    message: str, previous: str | None = None, contacts: list[ContactName] = CONTACTS
) -> list[tuple[object, ...]]:
    return [
        (f.subject_name, f.subject_contact_id, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=contacts, previous=previous, organization=OWN)
    ]


@pytest.mark.parametrize(
    ("kind", "message", "expected"),
    [
        (
            "set_apart",
            "Hostal Marisol de Oliva, que no es el Miramar, paga con tarjeta",
            [("Hostal Marisol", None, "metodo_pago", "tarjeta")],
        ),
        (
            "set_apart",
            "La Panadería Hermanos Lozano (no son los López) paga por transferencia",
            [("Panadería Hermanos Lozano", None, "metodo_pago", "transferencia")],
        ),
        (
            "other_number",
            "Comunidad Calle Colón 22: el administrador es Ramiro",
            [("Comunidad Calle Colón 22", None, "persona_contacto", "Ramiro")],
        ),
        (
            "short_form",
            "En la Central ahora nos pagan con bizum",
            [("Cafetería Central S.L.", 5, "metodo_pago", "Bizum")],
        ),
        (
            "short_form",
            "la cafe central paga a 45 días",
            [("Cafetería Central S.L.", 5, "plazo_pago", "45 días")],
        ),
        (
            "relative",
            "Jesús Alcañiz: de las facturas se encarga su mujer Amparo",
            [("Jesús Alcañiz", 7, "persona_contacto", "Amparo")],
        ),
        (
            "both",
            "Rosa María Martínez es vecina de Teresa Muñoz, a las dos les hacemos un 10 % de "
            "descuento",
            [
                ("Rosa María Martínez", 10, "descuento", "10 %"),
                ("Teresa Muñoz", 9, "descuento", "10 %"),
            ],
        ),
    ],
)
def test_each_kind(kind, message, expected):
    assert _facts(message) == expected


def test_a_similar_name_set_apart_is_marked_so_it_never_links_by_likeness():
    (fact,) = extract_facts(
        "Restaurante La Albuferita (nada que ver con el de Valencia) paga a 60 días",
        [],
        contacts=CONTACTS,
        organization=OWN,
    )
    assert (fact.subject_name, fact.subject_contact_id, fact.subject_set_apart, fact.value) == (
        "Restaurante La Albuferita",
        None,
        True,
        "60 días",
    )


def test_a_named_contact_not_set_apart_still_links():
    assert _facts("El Miramar ya paga con tarjeta, no en efectivo") == [
        ("Hostal Miramar", 1, "metodo_pago", "tarjeta")
    ]


def test_a_nickname_in_brackets_is_what_the_contact_is_called():
    facts = _facts("Inmaculada Castelló (Inma) quiere las facturas por email")
    assert ("Inmaculada Castelló", 8, "apodo", "Inma") in facts


def test_a_town_in_brackets_is_no_nickname():
    facts = _facts("Teresa Muñoz (Torrent) paga en efectivo")
    assert [f for f in facts if f[2] == "apodo"] == []


def test_a_follow_up_that_corrects_a_value_restates_the_previous_fact():
    facts = _facts(
        "perdón, quería decir los miércoles",
        previous="La inmobiliaria cierra los lunes por la tarde",
    )
    assert [(s, c, a) for s, c, a, _ in facts] == [("Inmobiliaria Mediterráneo S.L.", 6, "horario")]
    assert "miércoles" in str(facts[0][3])


def test_a_follow_up_that_corrects_a_number_puts_it_in_the_sentence_before():
    # Since round 15 a fixed day of each month that payments go out on is the term.
    (fact,) = extract_facts(
        "perdona, el 20, no el 10",
        [],
        contacts=CONTACTS,
        previous="Hostal Miramar nos paga el día 10 de cada mes sin falta",
        organization=OWN,
    )
    assert (fact.subject_contact_id, fact.attribute, fact.value) == (
        1,
        "plazo_pago",
        "día 20 de cada mes",
    )
    assert fact.text == "Hostal Miramar paga el día 20 de cada mes."


def test_a_writer_who_reads_no_contacts_keeps_the_role_word_as_written():
    assert _facts("la ferretería ahora cobra por bizum", contacts=[]) == [
        ("ferretería", None, "metodo_pago", "Bizum")
    ]
