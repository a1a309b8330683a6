"""Round 27 of offline extraction: general classes, each with sentences of its own. A tag
question said to "usted" after a statement ("¿sí?", "¿me sigue?"), who signs or whom the
invoices go to as a contact person, a title written short before a labelled name, a lasting
wish about how Suma lays out or words her answers (even said as an order), a phone dictated
digit by digit and a price with "con" between euros and cents, doubts and questions that state
nothing, a shop's lowercase name in "-ería", and a second subject in the same message ("y
nosotros…", after an emoji, "el almacén de la empresa")."""

from __future__ import annotations

from learning.base import ContactName
from tests.learning.offline_reading import typed_facts

ROUND27 = [
    ContactName(1, "Ferretería Ruiz", "supplier"),
    ContactName(2, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(3, "Hostal Miramar", "customer"),
    ContactName(4, "Farmacia Núñez S.L.", "customer"),
    ContactName(5, "Talleres García S.L.", "customer"),
    ContactName(6, "Cafetería Central S.L.", "customer"),
    ContactName(7, "Pedro Alcañiz", "customer"),
    ContactName(8, "Lourdes Bañuls", "customer"),
    ContactName(9, "Distribuciones Termotécnicas S.A.", "supplier"),
]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return typed_facts(message, contacts=ROUND27)


# --- a tag question said to "usted" leaves the statement standing -------------------------------


def test_a_yes_asked_after_a_statement_asks_nothing():
    assert _facts("Mire, Cafetería Central nos paga ya por transferencia, ¿sí?") == [
        ("Cafetería Central S.L.", "cliente", "metodo_pago", "transferencia")
    ]


def test_do_you_follow_me_after_a_new_phone_asks_nothing():
    assert _facts("Lourdes Bañuls cambió de móvil, ahora es el 622 918 407, ¿me entiende?") == [
        ("Lourdes Bañuls", "cliente", "telefono", "622 918 407")
    ]


def test_are_we_agreed_after_a_closing_asks_nothing():
    assert _facts("Ferretería Ruiz cierra por vacaciones en agosto, ¿me sigue?") == [
        ("Ferretería Ruiz", "proveedor", "cierre", "agosto")
    ]
    assert _facts("Hostal Miramar paga a 45 días, ¿estamos?") == [
        ("Hostal Miramar", "cliente", "plazo_pago", "45 días")
    ]


def test_a_no_asked_after_a_statement_still_asks():
    assert _facts("Hostal Miramar paga a 45 días, ¿no?") == []


# --- who signs, whom the invoices go to, a title before a labelled name -------------------------


def test_the_one_who_signs_the_delivery_notes_is_the_contact():
    assert _facts("en Cafetería Central el que firma los albaranes es Toni") == [
        ("Cafetería Central S.L.", "cliente", "persona_contacto", "Toni")
    ]


def test_whoever_signs_there_is_the_contact():
    assert _facts("de Hostal Miramar quien firma es la gerente, Begoña") == [
        ("Hostal Miramar", "cliente", "persona_contacto", "Begoña")
    ]


def test_invoices_for_the_attention_of_someone_name_the_contact():
    assert _facts(
        "las facturas de Talleres García a la atención de Ramiro, el de contabilidad"
    ) == [("Talleres García S.L.", "cliente", "persona_contacto", "Ramiro")]


def test_a_doctor_labelled_as_the_contact_is_named_without_her_title():
    assert _facts("Farmacia Núñez\n- contacto: Dra. Inés Roca\n- paga a 60 días") == [
        ("Farmacia Núñez S.L.", "cliente", "persona_contacto", "Inés Roca"),
        ("Farmacia Núñez S.L.", "cliente", "plazo_pago", "60 días"),
    ]


# --- a lasting wish about layout and register, even said as an order ---------------------------


def test_a_list_asked_for_whenever_she_asks_is_a_wish():
    assert _facts(
        "Suma, cuando te pida las facturas pendientes ponlas en una lista, que si no me pierdo"
    ) == [("", "preferencia", "preferencia", "en una lista")]


def test_a_table_asked_for_with_her_reason_is_a_wish():
    assert _facts("mándame los cobros en una tabla, q en párrafos no me aclaro") == [
        ("", "preferencia", "preferencia", "los cobros en una tabla")
    ]


def test_emojis_asked_for_from_now_on_are_a_wish():
    assert _facts("a partir de ahora las respuestas ponme con emojis que así lo leo mejor") == [
        ("", "preferencia", "preferencia", "con emojis")
    ]


def test_the_order_of_an_answer_is_a_wish():
    assert _facts(
        "cuando te pregunte por un cliente dime primero lo que debe y luego el historial"
    ) == [("", "preferencia", "preferencia", "primero lo que debe y luego el historial")]


def test_a_warmer_register_asked_against_the_one_she_gets_is_the_tone():
    assert _facts("no me escribas tan serio, Suma, un poco más cercano") == [
        ("", "preferencia", "tono", "menos serio y más cercano")
    ]


def test_usted_asked_for_politely_is_the_tone():
    assert _facts("¿Me podría tratar de usted a partir de ahora?") == [
        ("", "preferencia", "tono", "usted")
    ]


def test_tuteo_refused_is_usted():
    assert _facts("No me gusta que me tuteen, trátenme como don Ernesto") == [
        ("", "preferencia", "tono", "usted")
    ]


def test_a_one_off_table_is_an_order_not_a_wish():
    assert _facts("pásame los gastos de marzo en una tabla") == []


# --- numbers said in words ---------------------------------------------------------------------


def test_a_mobile_dictated_digit_by_digit():
    assert _facts(
        "el móvil nuevo de Pedro Alcañiz es el seis cinco cero uno dos tres cuatro cinco seis"
    ) == [("Pedro Alcañiz", "cliente", "telefono", "650 123 456")]


def test_a_phone_dictated_after_a_comma():
    assert _facts(
        "apunta que Lourdes Bañuls tiene teléfono nuevo, el siete uno uno cero cero nueve ocho "
        "siete seis"
    ) == [("Lourdes Bañuls", "cliente", "telefono", "711 009 876")]


def test_too_few_digits_said_are_no_phone():
    assert not any(
        attribute == "telefono"
        for _, _, attribute, _ in _facts("Pedro Alcañiz vive en el seis, puerta dos tres")
    )


def test_euros_and_cents_said_with_con():
    assert _facts("los de Gasóleos Ribera nos dejan el gasoil a uno con cuarenta el litro") == [
        ("Gasóleos Ribera S.L.", "proveedor", "precio_gasoil", "1,40 €/litro")
    ]


def test_euros_and_cents_said_with_con_per_box():
    assert _facts("en Ferretería Ruiz los tornillos nos salen a dos con diez la caja") == [
        ("Ferretería Ruiz", "proveedor", "precio_tornillos", "2,10 €/caja")
    ]


def test_digits_with_con_between_them():
    assert _facts("en Cafetería Central el café nos sale a 1 con 20 la unidad") == [
        ("Cafetería Central S.L.", "cliente", "precio_cafe", "1,20 €/unidad")
    ]


# --- doubts and questions state nothing ---------------------------------------------------------


def test_a_doubt_said_the_southern_way_states_nothing():
    assert (
        _facts("no ze si Hostal Miramar paga con tarjeta o con transferencia, ya lo miraré") == []
    )


def test_two_terms_the_writer_cannot_choose_between_state_nothing():
    assert (
        _facts("Talleres García no sé si paga a 60 o a 90, pregúntale a Carmen que ella lo sabrá")
        == []
    )
    assert _facts("no sé si Farmacia Núñez paga a 30 o a 60, yo ni idea") == []


def test_a_number_not_to_be_noted_with_its_reason_is_kept_out():
    assert _facts("el móvil de mi hermana es 633 210 998 pero no lo apuntes que es personal") == []


def test_a_question_with_a_doubt_after_it_states_nothing():
    assert _facts("¿Tiene Pedro Alcañiz bien puesto el teléfono? creo que le falta un número") == []


# --- a shop's lowercase name, a newcomer named after "el cliente nuevo" -----------------------


def test_a_lowercase_seafood_restaurant_is_a_named_customer():
    assert _facts("la marisqueria la perla nos paga a 30 días") == [
        ("Marisquería la Perla", "cliente", "plazo_pago", "30 días")
    ]


def test_a_lowercase_churros_shop_is_a_named_customer():
    assert _facts("apunta a la churreria manoli, que paga siempre en efectivo") == [
        ("Churrería Manoli", "cliente", "metodo_pago", "efectivo")
    ]


def test_a_lowercase_chicken_shop_gets_the_discount():
    assert _facts("a la polleria san juan le hacemos un 10 % de descuento") == [
        ("Pollería San Juan", "cliente", "descuento", "10 %")
    ]


def test_a_verb_ending_in_eria_opens_no_name():
    assert _facts("le agradecería que me contestes siempre en una tabla") == [
        ("", "preferencia", "preferencia", "en una tabla")
    ]


def test_the_new_customer_named_in_apposition_is_the_subject():
    assert _facts("apunta al cliente nuevo, Ascensores Levante, que paga a 60 días") == [
        ("Ascensores Levante", "cliente", "plazo_pago", "60 días")
    ]


# --- a second subject in the same message -------------------------------------------------------


def test_we_after_a_customer_are_the_company():
    assert _facts("Farmacia Núñez abre a las 9 y nosotros abrimos a las 8") == [
        ("Farmacia Núñez S.L.", "cliente", "horario", "desde 9:00"),
        ("", "empresa", "horario", "desde 8:00"),
    ]


def test_an_emoji_closes_the_first_statement():
    assert _facts("Hostal Miramar paga con tarjeta 👍 y Talleres García a 30 días") == [
        ("Hostal Miramar", "cliente", "metodo_pago", "tarjeta"),
        ("Talleres García S.L.", "cliente", "plazo_pago", "30 días"),
    ]


def test_the_company_warehouse_is_no_supplier():
    assert _facts("el almacén de la empresa cierra a las 7 los viernes") == [
        ("", "empresa", "horario", "hasta 19:00, viernes")
    ]
    assert _facts("nuestro almacén abre los sábados por la mañana") == [
        ("", "empresa", "horario", "sábado, mañanas")
    ]


# --- writing "there" is by the address just given ----------------------------------------------


def test_write_there_after_an_email_is_the_channel():
    facts = _facts(
        "che, la Lourdes Bañuls me dio el mail, lourdes.b@gmail.com, y dice que le escribas ahí "
        "nomás, nada de llamadas"
    )
    assert sorted(facts) == [
        ("Lourdes Bañuls", "cliente", "canal_preferido", "email"),
        ("Lourdes Bañuls", "cliente", "email", "lourdes.b@gmail.com"),
    ]


def test_write_to_them_always_there_is_the_channel():
    assert sorted(
        _facts("Pedro Alcañiz tiene correo nuevo, pedro@alcaniz.es, escribidle siempre ahí")
    ) == [
        ("Pedro Alcañiz", "cliente", "canal_preferido", "email"),
        ("Pedro Alcañiz", "cliente", "email", "pedro@alcaniz.es"),
    ]


def test_write_to_that_one_is_the_channel():
    facts = _facts(
        "el correo de Cafetería Central es pedidos@central.es y quieren que les escribamos a ese"
    )
    assert sorted(facts) == [
        ("Cafetería Central S.L.", "cliente", "canal_preferido", "email"),
        ("Cafetería Central S.L.", "cliente", "email", "pedidos@central.es"),
    ]


# --- a price moved to a new figure, unit first ------------------------------------------------


def test_the_hour_raised_to_a_figure_is_its_price():
    assert _facts("la hora de peón la bajamos a 25 este año") == [
        ("", "empresa", "precio", "25 €/hora")
    ]


def test_a_suppliers_litre_lowered_to_a_figure_is_its_price():
    assert _facts("en Gasóleos Ribera el litro lo bajan a 1,29 la semana que viene") == [
        ("Gasóleos Ribera S.L.", "proveedor", "precio", "1,29 €/litro")
    ]


def test_a_customers_night_raised_to_a_figure_is_its_price():
    assert _facts("a Hostal Miramar la noche la subimos a 85") == [
        ("Hostal Miramar", "cliente", "precio", "85 €/noche")
    ]


# --- the writer puts her own name right --------------------------------------------------------


def test_a_surname_put_right_with_the_whole_name_after_it():
    assert _facts("mi apellido está mal escrito, es Ferrándiz, Carmen Ferrándiz Soler") == [
        ("", "perfil_usuario", "nombre", "Carmen Ferrándiz Soler")
    ]


def test_a_name_you_have_wrong_is_put_right():
    assert _facts("tenéis mal mi nombre, es Lucía Serrano Gil") == [
        ("", "perfil_usuario", "nombre", "Lucía Serrano Gil")
    ]


def test_a_name_put_wrong_is_put_right_with_soy():
    assert _facts("mi nombre lo habéis puesto mal, soy Andrés Pons") == [
        ("", "perfil_usuario", "nombre", "Andrés Pons")
    ]


def test_a_contacts_name_put_right_is_not_the_writers():
    assert not any(
        category == "perfil_usuario"
        for _, category, _, _ in _facts(
            "Farmacia Núñez tiene mal el nombre en la ficha, es Farmacia Núñez Ortega"
        )
    )


# --- a forwarded mail's sender writes for the contact her address's domain spells ---------------


def test_a_sender_from_a_suppliers_domain_who_will_be_the_contact():
    facts = _facts(
        "Te reenvío esto:\n\nDe: Nuria Sanchis <nuria@gasoleosribera.es>\n"
        "Asunto: cambio de cuenta\n\nBuenos días, les informo de que nuestro IBAN ha cambiado: "
        "ES91 2100 0418 4502 0005 1332. La persona de contacto para pedidos seré yo.\n"
        "Un saludo, Nuria"
    )
    assert ("Gasóleos Ribera S.L.", "proveedor", "persona_contacto", "Nuria Sanchis") in facts
    assert ("Gasóleos Ribera S.L.", "proveedor", "iban", "ES9121000418450200051332") in facts


def test_a_sender_from_a_customers_domain_who_is_the_contact_now():
    facts = _facts(
        "Me ha llegado esto:\n\nFrom: Jorge Beltrán <jorge@hostalmiramar.com>\n"
        "Subject: facturas\n\nHola, a partir de este mes seré su persona de contacto.\nSaludos"
    )
    assert ("Hostal Miramar", "cliente", "persona_contacto", "Jorge Beltrán") in facts


def test_her_own_address_stays_hers():
    facts = _facts(
        "Reenviado:\n\nDe: Elena Roig <elena@farmacianunez.es>\nAsunto: datos\n\n"
        "Buenas, nuestro IBAN nuevo es ES76 0081 0216 7100 0123 4567.\nGracias"
    )
    assert ("Elena Roig", "cliente", "email", "elena@farmacianunez.es") in facts
    assert ("Farmacia Núñez S.L.", "cliente", "iban", "ES7600810216710001234567") in facts
