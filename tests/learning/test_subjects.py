"""The contact matcher: partial names, typos, missing accents and role words."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.subjects import has_legal_form, link, match_contacts, unknown_names

CONTACTS = [
    ContactName(1, "Talleres García S.L.", "customer"),
    ContactName(2, "Hostal Miramar", "customer"),
    ContactName(3, "Ferretería Ruiz", "supplier"),
    ContactName(4, "Hoteles del Turia S.A.", "customer"),
    ContactName(5, "Recambios Calderas Turia S.L.", "supplier"),
    ContactName(6, "Peluquería Ángela S.L.", "customer"),
    ContactName(7, "Restaurante La Albufera S.L.", "customer"),
    ContactName(8, "Bar Restaurante El Puerto S.L.", "customer"),
    ContactName(9, "José Luis Moreno", "customer"),
    ContactName(10, "Gimnasio Fuerza Libre S.L.", "customer"),
    ContactName(11, "Begoña Navarro", "customer"),
    ContactName(12, "Vicente Llorens", "customer"),
]


@pytest.mark.parametrize(
    ("text", "contact_id"),
    [
        ("Talleres Garsia paga a 60", 1),
        ("ferreteria ruiz ya no nos fía", 3),
        ("los del hostal pagan tarde", 2),
        ("la de la pelu paga por Bizum", 6),
        ("los de Turia pagan a 90", 4),
        ("Recambios Turia nos hace un 5 %", 5),
        ("jose luis moreno paga en mano", 9),
        ("a Begoña mejor por teléfono", 11),  # a first name no other contact carries
        ("A Begoña mejor por teléfono", 11),
    ],
)
def test_a_contact_is_found_however_it_is_named(text, contact_id):
    mentions = match_contacts(text, CONTACTS)

    assert mentions[0].contact is not None
    assert mentions[0].contact.id == contact_id


@pytest.mark.parametrize(
    "text",
    [
        "el restaurante paga a 30",  # two restaurants: the role word names nobody
        "tengo el viernes libre",  # an everyday word of a name
        "la calle San Vicente",  # a street, not Vicente Llorens
        "Begoña Sanz paga a 30",  # another surname: another person
        "el Hotel Sorolla paga a 30",  # a role word followed by another name
        "Bar Pepe paga a 30",
        "Bar Begoña paga a 30",  # a first name inside another name
        "no lo mira nunca",  # "mira" is no prefix of Miramar
        "todo el mundo lo sabe",  # "mundo" is no typo of a name
    ],
)
def test_an_ambiguous_or_weak_mention_links_nothing(text):
    assert match_contacts(text, CONTACTS) == []


def test_a_first_name_two_contacts_carry_links_neither():
    contacts = [*CONTACTS, ContactName(13, "María José Fernández", "customer")]

    assert match_contacts("José paga a 30", contacts) == []
    assert match_contacts("José paga a 30", CONTACTS)[0].contact == CONTACTS[8]


def test_only_the_contacts_passed_in_can_be_linked():
    assert link("Ferretería Ruiz", [c for c in CONTACTS if c.id != 3]) is None
    assert link("Ferretería Ruiz", CONTACTS) == CONTACTS[2]


def test_an_unknown_proper_noun_is_a_name_and_a_sentence_opener_is_not():
    names = unknown_names("Cerramos en agosto. Construcciones Pérez paga a 60 días", [])

    assert [n.name for n in names] == ["Construcciones Pérez"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Talleres García S.L.", True),
        ("Construcciones Pérez SL", True),
        ("Aceros Llopis S.L.L.", True),
        ("Telefonía Costa Azul S.A.U.", True),
        ("Hermanos Cervera C.B.", True),
        ("Sergio Alandete", False),
        ("Ana Sal", False),
        ("Sala Polivalente", False),
    ],
)
def test_a_legal_form_ends_a_business_name(name, expected):
    assert has_legal_form(name) is expected
