"""Round 16 of offline extraction: numbers said in words up to the thousands, an opening time
said as "no abren hasta…", a forwarded mail whose body gives a new address, towns and banks
that are never subjects, function words that open no name, and a business introduced with an
indefinite article that is no stored contact."""

from __future__ import annotations

from learning.base import ContactName
from learning.offline.slots import Slot, find_slots, said_number
from learning.offline.subjects import a_place_or_bank
from tests.learning.offline_reading import read_facts
from tests.learning.test_extract_round15 import WITH_MORE

WITH_A_BAR = [*WITH_MORE, ContactName(40, "Bar Restaurante La Lonja S.L.", "customer")]


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in read_facts(message, contacts=WITH_A_BAR, previous=previous)
        if not f.note
    ]


def test_numbers_said_in_words_up_to_the_thousands():
    assert said_number("ciento veinte") == 120
    assert said_number("trescientas doce") == 312
    assert said_number("dos mil quinientos") == 2500
    assert said_number("mil") == 1000
    assert said_number("cuarenta y cinco") == 45
    assert said_number("ciento") is None
    assert said_number("por ciento") is None


def test_a_price_in_hundreds_said_in_words():
    assert _facts("Gasóleos Ribera nos cobra doscientos cuarenta euros el porte") == [
        ("Gasóleos Ribera S.L.", "proveedor", "precio", "240 €/porte")
    ]
    amounts = [s.value for s in find_slots("son ciento noventa euros al mes") if s.kind == "amount"]
    assert amounts == ["190 €/mes"]


def test_not_opening_until_an_hour_is_opening_then():
    assert _facts("los de Talleres García no abren hasta las 9 y media") == [
        ("Talleres García S.L.", "cliente", "horario", "desde 9:30")
    ]
    times = [s for s in find_slots("no cierran hasta las 10") if s.kind == "time"]
    assert times == [Slot("time", "hasta 10:00", 11, 23)]


def test_a_forwarded_mail_keeps_the_new_address_of_its_body():
    message = (
        "Reenvío:\n\nDe: Gestoría Ibáñez <avisos@gestoriaibanez.net>\nAsunto: Facturas\n\n"
        "Buenas tardes, a partir de ahora enviad las facturas a facturas@gestoriaibanez.net, "
        "gracias.\n\nGestoría Ibáñez"
    )
    assert _facts(message) == [
        ("Gestoría Ibáñez", "proveedor", "email", "facturas@gestoriaibanez.net")
    ]


def test_the_header_address_stays_when_the_body_gives_none():
    message = (
        "Reenvío:\n\nDe: Gestoría Ibáñez <avisos@gestoriaibanez.net>\nAsunto: Cita\n\n"
        "Buenas tardes, os confirmamos la cita del jueves.\n\nGestoría Ibáñez"
    )
    emails = [fact for fact in _facts(message) if fact[2] == "email"]
    assert emails == [("Gestoría Ibáñez", "proveedor", "email", "avisos@gestoriaibanez.net")]


def test_a_town_after_a_contact_is_no_subject():
    assert _facts("Talleres García\nla de Manises\nahora nos pagan a 60") == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "60 días")
    ]
    assert _facts("Ramón Císcar, el de Paiporta, nos paga siempre por bizum") == [
        ("Ramón Císcar", "cliente", "metodo_pago", "Bizum")
    ]


def test_the_bank_of_the_companys_own_account_is_no_subject():
    message = "Nuestra cuenta nueva de cobros es la del Sabadell: ES55 0081 0216 7800 0123 4567."
    assert _facts(message) == [("", "empresa", "iban", "ES5500810216780001234567")]


def test_the_gazetteer_holds_whole_names_only():
    assert a_place_or_bank("Xàtiva")
    assert a_place_or_bank("caixabank")
    assert not a_place_or_bank("Grifería Sueca")


def test_a_function_word_opening_a_follow_up_is_no_name():
    previous = "el CIF de Talleres García no está bien"
    assert _facts("es B46123451, sale en su última factura", previous) == [
        ("Talleres García S.L.", "cliente", "nif", "B46123451")
    ]


def test_a_business_introduced_with_an_article_is_not_the_stored_one():
    message = (
        "Abren un bar en Paiporta, el Bar Los Arcos, y nos quieren para la obra. "
        "El dueño se llama Vicente Soler."
    )
    assert _facts(message) == [("Bar Los Arcos", "cliente", "persona_contacto", "Vicente Soler")]
