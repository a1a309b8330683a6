"""Round 17 of offline extraction: "d" typed short for "de", a new subject taken up by its
pronoun after ", y a …", a supplier that bills on a day of the month, answers asked short,
"entre llamada y llamada", days a business no longer opens, the company's move told as a story,
a customer said to be new, Valencian's elided article, and this week's missing stock."""

from __future__ import annotations

from learning.base import ContactName
from tests.learning.offline_reading import read_facts
from tests.learning.test_extract_round12 import CONTACTS

WITH_MORE = [*CONTACTS, ContactName(40, "Hoteles del Turia S.A.", "customer")]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in read_facts(message, contacts=WITH_MORE)
        if not f.note
    ]


def test_d_typed_short_reads_as_de():
    message = "Cafetería Central cierra por obras del 3 al 10 d marzo"
    assert _facts(message) == [("Cafetería Central S.L.", "cliente", "cierre", "3-10 marzo")]


def test_a_new_subject_taken_up_by_its_pronoun_is_its_own_statement():
    message = (
        "Gasóleos Ribera nos cobra a 30 días, y a Pilar Domínguez le hacemos un 5 % de descuento"
    )
    assert _facts(message) == [
        ("Gasóleos Ribera S.L.", "proveedor", "plazo_pago", "30 días"),
        ("Pilar Domínguez", "cliente", "descuento", "5 %"),
    ]


def test_billing_us_at_the_end_of_the_month_is_the_term():
    assert _facts("Saneamientos del Levante ya nos factura a fin de mes") == [
        ("Saneamientos del Levante S.L.", "proveedor", "plazo_pago", "fin de mes")
    ]


def test_short_messages_asked_for_are_the_tone_not_a_channel():
    message = "respóndeme con whatsapps cortos, que voy siempre entre obra y obra"
    assert _facts(message) == [("", "preferencia", "tono", "respuestas cortas")]


def test_calls_between_calls_are_no_channel():
    message = "contéstame breve, porfa, que lo miro entre llamada y llamada"
    assert _facts(message) == [("", "preferencia", "tono", "respuestas cortas")]


def test_days_a_business_no_longer_opens_are_when_it_is_closed():
    assert _facts("Gestoría Ibáñez ya no abre los viernes por la tarde") == [
        ("Gestoría Ibáñez", "proveedor", "cierre", "viernes")
    ]


def test_the_companys_move_told_as_a_story_gives_its_address():
    message = (
        "Al final cogimos la nave de Paiporta. Era más barata que la otra. "
        "Está en la calle Mestre Serrano 14. Nos mudamos en febrero."
    )
    facts = _facts(message)
    assert ("", "empresa", "direccion", "Calle Mestre Serrano 14") in facts
    assert all(subject == "" for subject, _, attribute, _ in facts if attribute == "direccion")


def test_a_customer_said_to_be_new_is_no_contact_that_looks_like_it():
    message = "El Hotel Las Dunas, que es cliente nuevo, nos paga a 45 días"
    assert _facts(message) == [("Hotel Las Dunas", "cliente", "plazo_pago", "45 días")]


def test_the_valencian_elided_article_is_no_part_of_the_name():
    message = "L'Hotel Les Dunes, que és client nou, ens paga amb Bizum"
    assert [f[0] for f in _facts(message)] == ["Hotel Les Dunes"]


def test_stock_missing_this_week_is_news():
    message = "Esta semana Ferretería Ruiz no tiene tubo de cobre, lo reciben el miércoles"
    assert _facts(message) == []
