"""Round 13 of offline extraction, subjects, one family of phrasing per test: a business the
writer names that links to no contact (a trade word with no article, a business read as a
person's name, one set apart in a bracket), a first name typed in lowercase with the person's
town, in the message or the one before, two businesses sharing one value, a forwarded
letter's sender told by its address or its signature, and a third person described by a place
that is not the subject."""

from __future__ import annotations

from functools import partial

from learning.base import ContactName
from tests.learning.offline_reading import read_facts, typed_facts

CONTACTS = [
    ContactName(1, "Farmacia Núñez S.L.", "customer"),
    ContactName(2, "Cafetería Central S.L.", "customer"),
    ContactName(3, "Gestoría Ibáñez", "supplier"),
    ContactName(4, "Comunidad de Propietarios Avenida del Puerto 12", "customer"),
    ContactName(5, "Bar El Puerto S.L.", "customer"),
    ContactName(6, "Saneamientos del Levante S.L.", "supplier"),
    ContactName(7, "Remedios Soler", "customer"),
]

_facts = partial(typed_facts, contacts=CONTACTS)


def test_a_trade_word_with_no_article_opens_a_name_whatever_follows():
    facts = _facts("cristaleria pons el montador solo viene los jueves")
    assert {(f[0], f[1]) for f in facts} == {("Cristalería Pons", "cliente")}


def test_a_business_named_by_a_trade_word_of_its_own_links_to_no_contact():
    facts = _facts("gruas ferrer cobra 80 € la hora, x si hay que pedirla otra vez")
    assert [(f[0], f[3]) for f in facts if f[2].startswith("precio")] == [
        ("Grúas Ferrer", "80 €/hora")
    ]


def test_a_business_read_as_a_persons_name_is_the_subject():
    facts = _facts("A Pinturas Mestre, que nos pinta las naves, se le paga a 60 días.")
    assert facts == [("Pinturas Mestre", "proveedor", "plazo_pago", "60 días")]


def test_the_one_set_apart_in_a_bracket_after_another_is_not_linked():
    message = "farmacia bosch de sueca (otra, no la nuñez) quiere las facturas a fb@bosch.es"
    assert _facts(message) == [("Farmacia Bosch", "cliente", "email", "fb@bosch.es")]


def test_a_name_told_apart_in_a_bracket_that_opens_with_it_is_not_linked():
    facts = _facts("Farmacia Bosch (no Núñez eh) paga a 30 días")
    assert facts == [("Farmacia Bosch", "cliente", "plazo_pago", "30 días")]


def test_a_first_name_in_lowercase_said_with_where_the_person_is_from_names_the_contact():
    facts = _facts("remedios la de alboraya ahora paga por bizum")
    assert facts == [("Remedios Soler", "cliente", "metodo_pago", "Bizum")]


def test_a_follow_up_is_about_the_one_the_previous_message_named_by_first_name_and_town():
    facts = read_facts(
        "q desde ya paga por transferencia",
        contacts=CONTACTS,
        previous="oye lo de remedios la de alboraya",
    )
    assert [(f.subject_name, f.attribute, f.value) for f in facts] == [
        ("Remedios Soler", "metodo_pago", "transferencia")
    ]


def test_two_businesses_sharing_one_value_each_get_it_when_none_can_be_linked():
    message = "Cerámicas Vidal y Azulejos Monferrer, los dos a 60 días por pagaré"
    facts = typed_facts(message, contacts=[])
    assert sorted((f[0], f[2], f[3]) for f in facts) == [
        ("Azulejos Monferrer", "metodo_pago", "pagaré"),
        ("Azulejos Monferrer", "plazo_pago", "60 días"),
        ("Cerámicas Vidal", "metodo_pago", "pagaré"),
        ("Cerámicas Vidal", "plazo_pago", "60 días"),
    ]


def test_a_forwarded_mail_is_about_the_contact_its_address_spells():
    message = (
        'Reenvío:\n\n"De: facturacion@cafeteriacentral.es\nAsunto: Cuenta nueva\n\n'
        "Muy señores nuestros: les comunicamos que nuestra cuenta es ES91 2100 0418 4502 "
        '0005 1332."'
    )
    assert [(f[0], f[2]) for f in _facts(message) if f[2] == "iban"] == [
        ("Cafetería Central S.L.", "iban")
    ]


def test_a_forwarded_letter_is_about_the_contact_that_signs_it():
    message = (
        'Os copio lo que han mandado:\n\n"Estimados clientes: desde el lunes nuestro teléfono '
        'es el 961 222 333. Atentamente, Gestoría Ibáñez"'
    )
    assert [(f[0], f[2], f[3]) for f in _facts(message) if f[2] == "telefono"] == [
        ("Gestoría Ibáñez", "telefono", "961 222 333")
    ]


def test_a_third_person_described_by_a_place_is_not_the_subject():
    message = "Av del Puerto 12: el mando del garaje lo tiene Vicenta, la del bar de la esquina"
    subjects = {f[0] for f in _facts(message)}
    assert subjects == {"Comunidad de Propietarios Avenida del Puerto 12"}


def test_a_name_ends_at_the_full_stop_of_its_sentence():
    message = "Somos el Hotel Bahía de Peñíscola. Pagamos siempre por transferencia."
    assert _facts(message) == [("Hotel Bahía", "cliente", "metodo_pago", "transferencia")]
