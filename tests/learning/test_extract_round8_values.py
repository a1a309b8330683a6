"""Extraction round 8, values (docs/memory.md, "Offline extraction round 8"): the values blind
set F and set E's second half showed read wrongly — cash as a term of zero days, discounts
and prices said without their sign, hours said in words or across noon, a time one may not
come before, a threshold or a condition that is no price, accounts with wrong check digits, a
town said before the street, instalments, nicknames said of others, a contact person said with
"es con quien", two prices in one sentence, and price names built from stray words — with
look-alikes of each that must not fire."""

from __future__ import annotations

import datetime

import pytest

from learning.base import ContactName, ExtractedFact
from learning.evaluation import value_matches
from learning.offline.extract import extract_facts
from learning.offline.slots import find_slots

CONTACTS = [
    ContactName(1, "Ferretería Ruiz", "supplier"),
    ContactName(2, "Begoña Navarro", "customer"),
    ContactName(3, "Francisco Javier Peña", "customer"),
    ContactName(4, "Seguros Mutua Fontaneros S.L.", "supplier"),
    ContactName(5, "Restaurante La Albufera S.L.", "customer"),
]
OWN = "Fontanería Martín"
TODAY = datetime.date(2026, 11, 30)


def _facts(message: str) -> list[tuple[object, ...]]:
    return [
        (f.subject_name, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=CONTACTS, organization=OWN)
        if not f.note
    ]


def _kinds(text: str, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_slots(text, TODAY) if s.kind in kinds]


def test_zero_days_is_the_same_term_as_cash():
    assert _kinds("nos paga a 0 dias", ("term",)) == [("term", "al contado")]
    cash = ExtractedFact("cliente", "plazo_pago", "al contado", "Paga al contado.")
    zero = ExtractedFact("cliente", "plazo_pago", "0 días", "Paga a 0 días.")
    assert value_matches("0", cash, loose=False, today=TODAY, attribute="plazo_pago") is True
    assert value_matches("al contado", zero, loose=False, today=TODAY) is True
    thirty = ExtractedFact("cliente", "plazo_pago", "30 días", "Paga a 30 días.")
    assert value_matches("0", thirty, loose=False, today=TODAY, attribute="plazo_pago") is False


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a ferreteria ruiz el descuento en tornilleria sube al 15, ya no es el 12", "15 %"),
        ("ferreteria ruiz: el dto en griferia baja al 10, ya no es el 12", "10 %"),
        ("con ferreteria ruiz el descuento se queda en el 8", "8 %"),
    ],
)
def test_a_discount_said_without_its_sign_and_corrected(text, expected):
    assert _facts(text) == [("Ferretería Ruiz", "descuento", expected)]


@pytest.mark.parametrize(
    "text",
    [
        "el descuento vale del 5 al 10 de enero",  # days of a month, no share
        "el dto de 20 € por pedido",  # an amount in euros
        "le subimos al 15 la tarifa",  # no discount spoken of
    ],
)
def test_look_alikes_of_a_bare_discount(text):
    assert _kinds(text, ("percent",)) == []


def test_a_price_with_its_unit_first_and_the_verb_after():
    assert _kinds("la hora de oficial la cobramos a 40", ("amount", "term")) == [
        ("amount", "40 €/hora")
    ]
    # the verb with a term is still a term
    assert _kinds("a la comunidad le cobramos a 40 dias", ("amount", "term")) == [
        ("term", "40 días")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a partir de las cinco y media", [("time", "desde 5:30")]),
        ("yo solo trabajo mañanas, de 8 a 2", [("time", "mañanas"), ("time", "8:00-14:00")]),
        ("cierra a mediodia de 2 a 4", [("time", "14:00-16:00")]),
        ("de 9 a 13", [("time", "9:00-13:00")]),
        ("solo de lunes a viernes hasta las dos", [("time", "hasta 14:00")]),
        ("no se puede ir antes de las 11 q estan con el horno", [("time", "desde 11:00")]),
        ("el multicapa de 16 a 1,85 €/m", []),  # a size and a price, no hours
        ("si pagamos antes de 10 dias", []),  # days
        ("a partir de 3 unidades", []),  # a count
        ("desde dos semanas antes", []),  # an hour in words needs its article
    ],
)
def test_hours_in_words_across_noon_and_not_before(text, expected):
    assert _kinds(text, ("time",)) == expected


def test_a_threshold_or_a_condition_is_no_price():
    assert _kinds("si el trabajo pasa de trescientos euros", ("amount",)) == [("amount", "300 €")]
    message = "el desplazamiento ya no se cobra si el trabajo pasa de trescientos euros"
    assert _kinds(message, ("amount",)) == [("amount", "300 €")]  # no "0 €"
    assert _facts(message) == []
    # said without a condition it is a price of nothing
    assert _kinds("el desplazamiento ya no se cobra", ("amount",)) == [("amount", "0 €")]


def test_an_account_with_wrong_check_digits_is_still_the_account_given():
    message = "Begoña Navarro quiere q se lo carguemos en su cuenta ES76 2100 0418 4502 0005 1332"
    assert _facts(message) == [("Begoña Navarro", "iban", "ES7621000418450200051332")]
    assert _kinds("el pedido ES76 2100 0418", ("iban",)) == []  # too short to be one


def test_the_town_said_before_the_street_and_the_door():
    assert _kinds("vive ahora en alzira, c/ mayor 12, 3ª puerta 7", ("address",)) == [
        ("address", "C/ mayor 12, 3ª puerta 7, Alzira")
    ]
    # a place that is no town is left out
    assert _kinds("esta en la obra, c/ mayor 12", ("address",)) == [("address", "C/ mayor 12")]


def test_paying_in_instalments():
    assert _facts("el seguro de la mutua este año se paga en dos plazos, enero y julio") == [
        ("Seguros Mutua Fontaneros S.L.", "metodo_pago", "en 2 plazos, enero y julio")
    ]
    assert _kinds("nos lo paga a plazos", ("payment_method",)) == [("payment_method", "a plazos")]


def test_a_nickname_said_of_someone_else_or_offered_by_the_writer():
    assert _facts("a francisco javier peña todo el mundo le llama Javi") == [
        ("Francisco Javier Peña", "apodo", "Javi")
    ]
    assert _kinds("me podeis llamar Menchu, todo el mundo me llama asi", ("nickname",)) == [
        ("nickname", "Menchu")
    ]


def test_a_contact_person_said_with_es_con_quien_and_when_to_reach_him():
    message = (
        "Restaurante la albufera: el cocinero jefe, Paco Sendra, es con quien hay q hablar, "
        "y solo por las tardes"
    )
    assert _facts(message) == [
        ("Restaurante La Albufera S.L.", "persona_contacto", "Paco Sendra"),
        ("Restaurante La Albufera S.L.", "horario", "tardes"),
    ]


def test_two_prices_in_one_sentence_each_named_by_its_own_thing():
    message = "a partir de enero la hora de oficial pasa a 40 € y el desplazamiento a 32 €"
    assert _facts(message) == [
        ("", "precio", "40 €"),
        ("", "precio_desplazamiento", "32 €"),
    ]


@pytest.mark.parametrize(
    ("message", "attribute"),
    [
        ("la Ferretería Ruiz de Sagunto tiene el teflón a 1,20 €", "precio_teflon"),
        ("a partir de enero la hora de oficial la cobramos a 40", "precio"),  # no month
        ("la revision de la caldera sube a cuarenta y cinco", "precio_revision"),
        ("a los de la mutua los subimos a 40 €", "precio"),  # no verb, no subject
    ],
)
def test_a_price_is_named_after_the_thing_priced_never_a_stray_word(message, attribute):
    assert [a for _, a, _ in _facts(message)] == [attribute]


def test_invoicing_once_a_month_is_no_payment_term():
    message = "nos factura todo el mes junto, una sola factura a final de mes"
    assert _kinds(message, ("term",)) == []
    assert _kinds("la factura la pagan a fin de mes", ("term",)) == [("term", "fin de mes")]


def test_a_follow_up_correcting_the_one_number_of_the_previous_message():
    contacts = [ContactName(6, "Gestoría Ibáñez", "supplier")]
    previous = "la gestoria nos cobra 180 al trimestre"
    facts = extract_facts(
        "me corrijo, 195", [], contacts=contacts, organization=OWN, previous=previous
    )
    assert [(f.subject_name, f.attribute, f.value) for f in facts] == [
        ("Gestoría Ibáñez", "precio", "195 €/trimestre")
    ]
    # with two numbers before, which one it corrects is not said
    previous = "la gestoria nos cobra 180 al trimestre y 20 de gastos"
    facts = extract_facts(
        "me corrijo, 195", [], contacts=contacts, organization=OWN, previous=previous
    )
    assert facts == []


def test_who_decides_there_is_the_contact_person():
    assert _kinds("la q manda es la hermana mayor, Reme, con ella todo", ("person",)) == [
        ("person", "Reme")
    ]
    assert _kinds("el que manda aqui es el dueño", ("person",)) == []
