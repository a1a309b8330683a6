"""Round 20 of offline extraction: holidays and taxes are no names, amounts with or without VAT
as a preference, the verb of a language preference, a phone call and a date said in English,
who gave the writer a datum today, a nickname said before the words that say so, more trade
words that open a business's name, a business named right after the description of a contact's
trade, and a contact person given in English."""

from __future__ import annotations

from learning.base import ExtractedFact
from tests.learning.offline_reading import read_facts
from tests.learning.test_extract_round19 import WITH_MORE


def _read(message: str, previous: str | None = None) -> list[ExtractedFact]:
    return read_facts(message, contacts=WITH_MORE, previous=previous)


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in _read(message, previous)
        if not f.note
    ]


def test_a_holiday_is_a_time_not_a_subject_nor_a_person():
    assert _facts("Para Fallas cerramos del 18 al 19 de marzo") == [
        ("", "empresa", "cierre", "18-19 marzo")
    ]


def test_amounts_with_or_without_vat_are_a_preference_in_few_words():
    assert _facts("Cuando me hagas cuentas, dámelas con el IVA ya incluido") == [
        ("", "preferencia", "preferencia", "importes con IVA incluido")
    ]
    assert _facts("Amounts excluding VAT, please, it's easier for me.") == [
        ("", "preferencia", "preferencia", "importes sin IVA")
    ]


def test_a_language_to_be_spoken_in_says_so_in_its_text():
    [fact] = _read("Parla'm en valencià, si us plau")
    assert (fact.value, fact.text) == (
        "contestar en valenciano",
        "Prefiere que le hablen y le respondan en valenciano.",
    )
    [fact] = _read("Contéstame en castellano, gracias")
    assert fact.text == "Prefiere que le respondan en castellano."


def test_a_phone_call_preferred_in_english_is_the_phone():
    assert _facts("Pilar Domínguez would rather get a phone call than an email") == [
        ("Pilar Domínguez", "cliente", "canal_preferido", "teléfono")
    ]


def test_a_date_in_english_after_closed_is_the_closing():
    assert _facts("Gasóleos Ribera is closed on January 7th for stocktaking") == [
        ("Gasóleos Ribera S.L.", "proveedor", "cierre", "2027-01-07")
    ]


def test_who_gave_a_datum_today_does_not_make_it_news_of_the_day():
    assert _facts("El fijo de Lourdes Bañuls es 963 554 120, me lo ha dado esta mañana") == [
        ("Lourdes Bañuls", "cliente", "telefono", "963 554 120")
    ]


def test_a_nickname_said_before_the_words_that_say_so():
    assert _facts("Ángel Romero es el Rubio del mercado, así le conocen todos") == [
        ("Ángel Romero", "cliente", "apodo", "Rubio")
    ]
    assert _facts("A Lourdes Bañuls en la tienda la llaman Lulú") == [
        ("Lourdes Bañuls", "cliente", "apodo", "Lulú")
    ]


def test_a_trade_word_opens_a_new_business_the_company_buys_from():
    assert _facts("Empezamos a pedir a Aluminios Sedaví, nos dan 30 días para pagar") == [
        ("Aluminios Sedaví", "proveedor", "plazo_pago", "30 días")
    ]


def test_a_business_named_right_after_a_trade_description_is_not_the_trades_contact():
    message = "el del taller de chapa de enfrente, Pinturas Moliner, paga con transferencia"
    facts = [f for f in _read(message) if not f.note]
    assert [(f.subject_name, f.attribute, f.value) for f in facts] == [
        ("Pinturas Moliner", "metodo_pago", "transferencia")
    ]
    assert facts[0].subject_contact_id is None and facts[0].subject_set_apart
    # a person named there is still the contact person of the trade's contact
    assert _facts("el del taller, Vicente, paga con transferencia") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Vicente"),
        ("Talleres García S.L.", "cliente", "metodo_pago", "transferencia"),
    ]


def test_a_contact_person_given_in_english_after_a_question_naming_the_business():
    previous = "Have we invoiced Peluquería Ángela yet?"
    assert _facts("the new manager, Pere Mas, is the one to talk to", previous) == [
        ("Peluquería Ángela S.L.", "cliente", "persona_contacto", "Pere Mas")
    ]
