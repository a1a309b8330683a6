"""Round 19 of offline extraction: a new business or person named in the message is an unlinked
subject (a business's own name after its trade word, one named in apposition, a newcomer with
its legal form, a person described and then named), closing days and cash said in Valencian or
English, a contact person given with an English role word, and someone's own gestor in a
follow-up."""

from __future__ import annotations

from learning.base import ContactName
from tests.learning.offline_reading import read_facts
from tests.learning.test_extract_round12 import CONTACTS

WITH_MORE = [
    *CONTACTS,
    ContactName(41, "Bar Restaurante El Puerto S.L.", "customer"),
    ContactName(42, "Carmen Ruiz Sáez", "customer"),
    ContactName(43, "Autoescuela Ruta S.L.", "customer"),
]


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in read_facts(message, contacts=WITH_MORE, previous=previous)
        if not f.note
    ]


def test_a_business_named_after_its_trade_word_is_not_the_contact_of_that_trade():
    facts = read_facts(
        "ojo que el bar la bodeguilla del cabanyal nos paga con tarjeta", contacts=WITH_MORE
    )
    assert [(f.subject_name, f.attribute, f.value) for f in facts] == [
        ("La Bodeguilla del Cabanyal", "metodo_pago", "tarjeta")
    ]
    # nor a person one of its words looks like: the name is set apart from the contacts
    assert facts[0].subject_contact_id is None and facts[0].subject_set_apart


def test_the_trade_word_with_the_contacts_own_name_still_names_the_contact():
    assert _facts("el bar el puerto ahora nos paga a 45 días") == [
        ("Bar Restaurante El Puerto S.L.", "cliente", "plazo_pago", "45 días")
    ]


def test_a_name_followed_by_its_legal_form_is_a_new_business_not_a_person():
    message = "Nos ha escrito una clienta nueva, Viveros Alboraia S.L.; el CIF es B46512380."
    assert _facts(message) == [("Viveros Alboraia S.L.", "cliente", "nif", "B46512380")]


def test_a_person_described_then_named_is_the_subject_not_a_contact_person():
    message = "El señor del bajo de la calle Cuba, don Rafael Ferrer, paga siempre en efectivo"
    assert _facts(message) == [("Rafael Ferrer", "cliente", "metodo_pago", "efectivo")]


def test_a_business_described_then_named_between_commas_goes_by_the_name():
    message = "la floristeria de benimaclet, la Floristeria Violeta, tanca els dilluns"
    assert _facts(message) == [("Floristeria Violeta", "cliente", "cierre", "lunes")]


def test_closing_days_in_valencian_are_the_closing():
    assert _facts("Talleres García tanca dissabtes i diumenges") == [
        ("Talleres García S.L.", "cliente", "cierre", "sábado, domingo")
    ]


def test_closing_days_in_english_beside_other_facts_are_the_closing():
    message = "Farmacia Núñez: new phone 961 22 33 44 and they're closed on Saturdays."
    assert _facts(message) == [
        ("Farmacia Núñez S.L.", "cliente", "telefono", "961 223 344"),
        ("Farmacia Núñez S.L.", "cliente", "cierre", "sábado"),
    ]


def test_cash_in_valencian_is_the_cash_term():
    assert _facts("Pilar Domínguez des d'ara ens paga al comptat") == [
        ("Pilar Domínguez", "cliente", "plazo_pago", "al contado")
    ]


def test_a_valencian_follow_up_about_cash_is_about_the_one_named_before():
    assert _facts(
        "Ara diu que pagarà al comptat", previous="Ahir vaig parlar amb Salvador Ortega"
    ) == [("Salvador Ortega", "cliente", "plazo_pago", "al contado")]


def test_an_english_role_word_gives_the_contact_person():
    message = "Autoescuela Ruta: el que firma los presupuestos es el manager, Vicent"
    assert _facts(message) == [("Autoescuela Ruta S.L.", "cliente", "persona_contacto", "Vicent")]


def test_someones_own_gestor_in_a_follow_up_is_not_the_stored_gestoria():
    assert _facts(
        "que a partir de ahora las facturas van a su asesor, a facturas.mirallesj@gmail.com",
        previous="Esta mañana he estado con Teresa Muñoz",
    ) == [("Teresa Muñoz", "cliente", "email", "facturas.mirallesj@gmail.com")]


def test_the_gestoria_without_a_possessive_is_still_the_contact():
    assert _facts("la gestoría nos cobra ahora 80 euros al mes") == [
        ("Gestoría Ibáñez", "proveedor", "precio", "80 €/mes")
    ]
