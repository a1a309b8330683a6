"""Round 29 of offline extraction: general classes, each with sentences of its own."""

from __future__ import annotations

from learning.base import ContactName
from learning.offline.slots import find_slots
from tests.learning.offline_reading import typed_facts

ROUND29 = [
    ContactName(1, "Suministros Albufera S.L.", "supplier"),
    ContactName(2, "Hostal Miramar", "customer"),
    ContactName(3, "Talleres García S.L.", "customer"),
    ContactName(4, "Maderas Cabanyal S.L.", "supplier"),
    ContactName(5, "Gestoría Ibáñez", "supplier"),
]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return typed_facts(message, contacts=ROUND29)


# --- a phone said digit by digit, with commas between the words ----------------------------------


def test_a_phone_dictated_with_commas_is_read_digit_by_digit():
    phones = [
        slot.value
        for slot in find_slots("el movil es seis, uno, dos, tres, cuatro, cinco, seis, siete, ocho")
        if slot.kind == "phone"
    ]
    assert phones == ["612 345 678"]


# --- the contact person said through a role there ------------------------------------------------


def test_the_sales_rep_of_a_supplier_in_lowercase_is_its_contact():
    assert _facts("el comercial de maderas cabanyal es jaime ortells") == [
        ("Maderas Cabanyal S.L.", "proveedor", "persona_contacto", "Jaime Ortells")
    ]


def test_our_agent_at_a_supplier_is_its_contact():
    assert _facts("nuestro agente en Suministros Albufera es pepe climent") == [
        ("Suministros Albufera S.L.", "proveedor", "persona_contacto", "Pepe Climent")
    ]


def test_who_looks_after_us_there_is_the_contact():
    assert _facts("en el Hostal Miramar la que nos atiende es nuria") == [
        ("Hostal Miramar", "cliente", "persona_contacto", "Nuria")
    ]


def test_an_account_manager_is_no_gestoria():
    assert _facts("el gestor de cuenta de Talleres García es ahora vicent sala") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Vicent Sala")
    ]


def test_a_role_there_followed_by_no_name_names_no_one():
    assert _facts("el encargado de Talleres García es muy majo") == []


# --- the writer's own ID and full name -----------------------------------------------------------


def test_the_writers_own_id_card_is_her_nif():
    assert _facts("mi dni es 45896321M, apúntalo") == [("", "perfil_usuario", "nif", "45896321M")]


def test_the_writers_full_name_keeps_every_surname():
    assert _facts("mi nombre completo es rosa maria ferrer, acuérdate") == [
        ("", "perfil_usuario", "nombre", "Rosa Maria Ferrer")
    ]


def test_the_writers_full_name_keeps_the_words_between_surnames():
    assert _facts("mi nombre completo es jordi mas i mas") == [
        ("", "perfil_usuario", "nombre", "Jordi Mas i Mas")
    ]


# --- closures and contacts said in English or Italian ---------------------------------------------


def test_a_closing_month_said_in_english_is_the_closure():
    assert _facts("Maderas Cabanyal are closed all of July") == [
        ("Maderas Cabanyal S.L.", "proveedor", "cierre", "julio")
    ]


def test_a_closing_month_said_in_italian_is_the_closure():
    assert _facts("l'Hostal Miramar chiude tutto novembre") == [
        ("Hostal Miramar", "cliente", "cierre", "noviembre")
    ]


def test_an_english_word_after_a_name_is_no_surname():
    assert _facts("Talleres García: the contact is Marta from accounts") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Marta")
    ]


def test_a_foreign_title_before_the_name_is_read_past():
    assert _facts("el contacto en Suministros Albufera es ahora Frau Petra Lang") == [
        ("Suministros Albufera S.L.", "proveedor", "persona_contacto", "Petra Lang")
    ]


# --- a tag question in Chilean or Valencian leaves the statement standing ------------------------


def test_two_customers_paired_with_terms_before_a_chilean_tag():
    assert _facts("el hostal miramar paga a 30 días y talleres garcía a 90, cacha?") == [
        ("Hostal Miramar", "cliente", "plazo_pago", "30 días"),
        ("Talleres García S.L.", "cliente", "plazo_pago", "90 días"),
    ]


def test_a_valencian_tag_question_leaves_the_statement():
    assert _facts("Talleres García paga siempre con pagaré, ¿saps?") == [
        ("Talleres García S.L.", "cliente", "metodo_pago", "pagaré")
    ]


# --- a surcharge is no discount ------------------------------------------------------------------


def test_a_share_added_for_travel_is_a_surcharge():
    assert _facts("al Hostal Miramar le cargamos un 8 % de recargo por ir en festivo") == [
        ("Hostal Miramar", "cliente", "recargo", "8 %")
    ]


def test_a_plus_for_urgency_is_a_surcharge():
    assert _facts("a Talleres García les cobramos un 5 % de plus por urgencia") == [
        ("Talleres García S.L.", "cliente", "recargo", "5 %")
    ]


def test_a_discount_said_beside_no_surcharge_stays_a_discount():
    assert _facts("Suministros Albufera nos hace un 4 % de descuento, sin recargo") == [
        ("Suministros Albufera S.L.", "proveedor", "descuento", "4 %")
    ]


# --- a business no contact is, named in lowercase -------------------------------------------------


def test_a_lowercase_business_said_to_be_our_new_supplier_is_a_subject():
    assert _facts("aluminios benetusser es nuestro nuevo proveedor, pagamos a 45") == [
        ("Aluminios Benetusser", "proveedor", "plazo_pago", "45 días")
    ]


def test_a_lowercase_business_said_to_be_a_new_customer_is_a_subject():
    assert _facts("cristaleria mestre es un cliente nuevo, paga con bizum") == [
        ("Cristalería Mestre", "cliente", "metodo_pago", "Bizum")
    ]


def test_don_after_a_shop_word_opens_the_shops_name():
    assert _facts("la carniceria don paco paga en efectivo") == [
        ("Carnicería Don Paco", "cliente", "metodo_pago", "efectivo")
    ]


def test_don_after_a_cue_is_still_a_title():
    assert _facts("en Talleres García pregunten por don luis mora") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Luis Mora")
    ]


# --- a pasted paper or letter is about the business that sends it ---------------------------------


def test_an_invoice_number_after_the_letterhead_is_no_subject():
    assert _facts(
        "MADERAS CABANYAL S.L. - Factura nº MC-2027-118\nForma de pago: transferencia"
    ) == [("Maderas Cabanyal S.L.", "proveedor", "metodo_pago", "transferencia")]


def test_a_letter_greeted_and_closed_is_its_signers():
    assert _facts(
        "Buenos días:\nLes informamos de que desde mayo el pago será por transferencia.\n\n"
        "Atentamente,\nDepartamento de Administración\nSuministros Albufera S.L."
    ) == [("Suministros Albufera S.L.", "proveedor", "metodo_pago", "transferencia")]


def test_a_department_signing_is_no_contact_person():
    assert _facts(
        "Hola:\nA partir de enero el descuento será del 5 %.\n\nSaludos,\nDepartamento Comercial\n"
        "Maderas Cabanyal S.L."
    ) == [("Maderas Cabanyal S.L.", "proveedor", "descuento", "5 %")]


# --- a forwarded message is its sender's, not its addressee's ------------------------------------


def test_a_message_forwarded_in_words_is_the_senders():
    assert _facts('Mensaje reenviado de Talleres García:\n"el pago ahora es por pagaré"') == [
        ("Talleres García S.L.", "cliente", "metodo_pago", "pagaré")
    ]


def test_the_name_a_forwarded_message_opens_by_is_its_addressee():
    assert _facts(
        'Mensaje reenviado de Hostal Miramar:\n"Lucía, el teléfono nuevo es 963 10 20 30"'
    ) == [("Hostal Miramar", "cliente", "telefono", "963 102 030")]


# --- when it was agreed is no one-off occasion, and the way it was said is no channel -------------


def test_a_term_agreed_yesterday_by_phone_is_kept_without_a_channel():
    assert _facts("Hostal Miramar paga a 60, lo hablamos ayer por teléfono") == [
        ("Hostal Miramar", "cliente", "plazo_pago", "60 días")
    ]


def test_a_method_agreed_yesterday_by_whatsapp_is_kept_without_a_channel():
    assert _facts("Talleres García paga con bizum, lo acordamos ayer por whatsapp") == [
        ("Talleres García S.L.", "cliente", "metodo_pago", "Bizum")
    ]


def test_a_channel_wished_for_is_still_a_channel():
    assert _facts("en Talleres García prefieren que les escribamos por whatsapp") == [
        ("Talleres García S.L.", "cliente", "canal_preferido", "WhatsApp")
    ]


# --- what to call the writer, said with "a mí" ---------------------------------------------------


def test_tell_me_after_to_me_is_what_to_call_her():
    assert _facts("a mí dime Pepa, que Josefa no me gusta") == [
        ("", "perfil_usuario", "apodo", "Pepa")
    ]


def test_tell_me_without_to_me_asks():
    assert _facts("dime cuánto nos debe Talleres García") == []


# --- the month a paper is for is no closure ------------------------------------------------------


def test_the_month_of_the_work_billed_is_no_closure():
    assert _facts("Os adjunto la factura de los trabajos de octubre del Hostal Miramar.") == []


def test_a_month_closed_is_still_a_closure():
    assert _facts("Suministros Albufera cierra todo agosto") == [
        ("Suministros Albufera S.L.", "proveedor", "cierre", "agosto")
    ]


# --- a value put right in the same sentence -------------------------------------------------------


def test_the_value_after_sino_is_not_negated():
    assert _facts("el Hostal Miramar no paga con cheque sino con tarjeta") == [
        ("Hostal Miramar", "cliente", "metodo_pago", "tarjeta")
    ]


def test_a_bare_term_put_right_by_another_is_a_term():
    assert _facts("Talleres García no a 60, a 90") == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "90 días")
    ]


def test_a_slip_admitted_yesterday_is_no_one_off():
    assert _facts("Suministros Albufera cobra a 45 días, ayer me equivoqué") == [
        ("Suministros Albufera S.L.", "proveedor", "plazo_pago", "45 días")
    ]


# --- "un tal" after a role said with where it is, and what to do after the role -------------------


def test_so_called_after_a_role_there_is_a_name():
    assert _facts("en el Hostal Miramar el que lleva las reservas de grupos es un tal vicent") == [
        ("Hostal Miramar", "cliente", "persona_contacto", "Vicent")
    ]


def test_what_to_do_after_the_role_is_no_name():
    assert _facts(
        "en Talleres García la que lleva las cuentas es una tal rosa, la contable, llamad a ella"
    ) == [("Talleres García S.L.", "cliente", "persona_contacto", "Rosa")]


def test_a_request_after_the_role_names_no_one():
    assert _facts("en Suministros Albufera el encargado, preguntad allí") == []
