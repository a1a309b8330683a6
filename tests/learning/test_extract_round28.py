"""Round 28 of offline extraction: general classes, each with sentences of its own. A paper
pasted in (an invoice, a delivery note, a quote) is about the business on its letterhead, not
about the paper, and a phone label written short ("Tel.") ends no sentence; "don"/"doña"
before a name written in lowercase is a title, not the name; a relative said before the
name ("es la hija, sandra garcia") introduces the contact person."""

from __future__ import annotations

from learning.base import ContactName
from tests.learning.offline_reading import typed_facts

ROUND28 = [
    ContactName(1, "Suministros Albufera S.L.", "supplier"),
    ContactName(2, "Maderas Cabanyal S.L.", "supplier"),
    ContactName(3, "Pinturas Horta S.L.", "supplier"),
    ContactName(4, "Hostal Miramar", "customer"),
    ContactName(5, "Farmacia Núñez S.L.", "customer"),
    ContactName(6, "Talleres García S.L.", "customer"),
    ContactName(7, "Ferretería Ruiz", "supplier"),
]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return typed_facts(message, contacts=ROUND28)


# --- a pasted invoice, delivery note or quote is about the business that heads it ---------------


def test_an_invoice_pasted_under_its_letterhead_is_the_suppliers():
    assert _facts(
        "SUMINISTROS ALBUFERA S.L.\nFactura A-112/2026\nForma de pago: transferencia a 30 días"
    ) == [
        ("Suministros Albufera S.L.", "proveedor", "metodo_pago", "transferencia"),
        ("Suministros Albufera S.L.", "proveedor", "plazo_pago", "30 días"),
    ]


def test_a_quote_heading_names_no_one():
    assert _facts("MADERAS CABANYAL S.L.\nPresupuesto 0457\nPago: al contado") == [
        ("Maderas Cabanyal S.L.", "proveedor", "plazo_pago", "al contado")
    ]


def test_a_short_phone_label_on_a_delivery_note_ends_no_sentence():
    assert _facts("PINTURAS HORTA S.L. - Tel. 962 31 07 55 - Albarán 3310") == [
        ("Pinturas Horta S.L.", "proveedor", "telefono", "962 310 755")
    ]


# --- "don"/"doña" before a lowercase name is a title -------------------------------------------


def test_don_before_a_lowercase_manager_is_a_title():
    assert _facts("en Talleres García el encargado es ahora don manuel roig") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Manuel Roig")
    ]


def test_dona_after_the_contact_word_is_a_title():
    assert _facts("Hostal Miramar: el contacto es doña pilar soler") == [
        ("Hostal Miramar", "cliente", "persona_contacto", "Pilar Soler")
    ]


def test_don_after_ask_for_keeps_the_surname():
    assert _facts("en el Hostal Miramar pregunten por don vicente ferrer") == [
        ("Hostal Miramar", "cliente", "persona_contacto", "Vicente Ferrer")
    ]


# --- a relative said before the name introduces the contact person -------------------------------


def test_the_daughter_in_lowercase_is_the_new_contact():
    assert _facts("en Farmacia Núñez el contacto es ahora la hija, marta núñez") == [
        ("Farmacia Núñez S.L.", "cliente", "persona_contacto", "Marta Núñez")
    ]


def test_the_son_in_law_is_the_contact():
    assert _facts("el contacto de Ferretería Ruiz es el yerno, toni sanz") == [
        ("Ferretería Ruiz", "proveedor", "persona_contacto", "Toni Sanz")
    ]


def test_the_nephew_and_his_phone_are_both_kept():
    assert _facts("Talleres García: ahora es el sobrino, jorge pla, y su móvil 655 102 938") == [
        ("Talleres García S.L.", "cliente", "telefono", "655 102 938"),
        ("Talleres García S.L.", "cliente", "persona_contacto", "Jorge Pla"),
    ]


def test_a_relative_with_no_name_after_names_no_one():
    assert _facts("Hostal Miramar ahora lo lleva la hija, ya te contaré") == []


def test_a_capitalised_don_in_a_formal_note_leaves_the_business_the_subject():
    assert _facts("Les informo de que en Farmacia Núñez hay que preguntar por Don Tomás Gil.") == [
        ("Farmacia Núñez S.L.", "cliente", "persona_contacto", "Tomás Gil")
    ]


# --- a first name opening the message, with who it is between commas, is a subject --------------


def test_a_first_name_described_by_his_shop_is_the_customer():
    assert _facts("Rosa, la de la panadería de abajo, paga siempre en efectivo") == [
        ("Rosa", "cliente", "metodo_pago", "efectivo")
    ]


def test_a_first_name_described_by_what_he_brings_is_the_supplier():
    assert _facts("Quique, el que nos trae el gasoil, cobra a 30 días") == [
        ("Quique", "proveedor", "plazo_pago", "30 días")
    ]


def test_a_first_name_described_by_his_stall_pays_by_bizum():
    assert _facts("Manolo, el del puesto de fruta, paga con bizum") == [
        ("Manolo", "cliente", "metodo_pago", "Bizum")
    ]


def test_an_apology_before_a_description_is_no_name():
    assert all(
        subject != "Perdona" for subject, *_ in _facts("Perdona, el de antes, paga con tarjeta")
    )
