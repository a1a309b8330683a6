"""Round 11 of offline extraction: an address written lowercase in Valencian, a doorbell that is
no channel, a second case of one thing priced in the same clause, and the writer's own address
given bare after she says which one she uses."""

from __future__ import annotations

from functools import partial

from learning.base import ContactName
from learning.offline.extract import extract_facts
from tests.learning.offline_reading import OWN, TODAY, typed_facts

CONTACTS = [
    ContactName(1, "Carmen Ruiz Sáez", "customer"),
    ContactName(2, "Begoña Navarro", "customer"),
]


_facts = partial(typed_facts, contacts=CONTACTS)


def test_a_lowercase_valencian_address_after_a_move_is_the_address():
    message = "Carmen Ruiz Sáez se ha mudado: carrer sant vicent 12, 3a, torrent"
    assert _facts(message) == [
        ("Carmen Ruiz Sáez", "cliente", "direccion", "Carrer sant vicent 12, 3a, torrent")
    ]


def test_ringing_at_a_floor_is_a_delivery_instruction_not_a_street_or_a_channel():
    message = (
        "Begoña Navarro (Burjassot): el portal es el de la calle de atrás y hay que llamar "
        "al 2ºB, el timbre del 2ºA no va"
    )
    assert [fact[:3] for fact in _facts(message)] == [
        ("Begoña Navarro", "cliente", "instrucciones_entrega")
    ]


def test_a_second_case_priced_in_the_same_clause_is_a_price_of_its_own():
    message = (
        "Desde el 1 de enero el desplazamiento dentro de Valencia se cobra a 35 € "
        "y fuera de Valencia a 45 euros."
    )
    assert _facts(message) == [
        ("", "empresa", "precio_desplazamiento", "35 €"),
        ("", "empresa", "precio", "45 €"),
    ]


def test_the_address_the_writer_says_she_uses_now_is_hers():
    message = "Ya no uso el correo de Hotmail. El bueno ahora es carmen.vidal@fontaneriamartin.es"
    assert _facts(message) == [("", "perfil_usuario", "email", "carmen.vidal@fontaneriamartin.es")]


def test_the_company_address_stays_the_company_s():
    message = "El correo de la empresa es info@fontaneriamartin.es"
    assert _facts(message) == [("", "empresa", "email", "info@fontaneriamartin.es")]


def test_setting_the_state_of_a_record_is_an_order_and_states_nothing():
    message = "marca como pagada la factura de Carmen Ruiz Sáez de octubre"
    assert extract_facts(message, [], contacts=CONTACTS, organization=OWN, today=TODAY) == []
