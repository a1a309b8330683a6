"""Round 31 of offline extraction: general classes, each with sentences of its own."""

from __future__ import annotations

from learning.base import ContactName
from learning.offline.extract import note_fact
from tests.learning.offline_reading import typed_facts

ROUND31 = [
    ContactName(1, "Autoescuela Ruta S.L.", "customer"),
    ContactName(2, "Clínica Dental Sonrisas S.L.", "customer"),
    ContactName(3, "Gestoría Ibáñez", "supplier"),
    ContactName(4, "Ferretería Ruiz", "supplier"),
    ContactName(5, "Telefonía Costa Azul S.A.", "supplier"),
    ContactName(6, "Amparo Giménez", "customer"),
    ContactName(7, "Inmobiliaria Mediterráneo S.L.", "customer"),
    ContactName(8, "Vicente Llorens", "customer"),
]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return typed_facts(message, contacts=ROUND31)


# --- a word of a business's name is no person -------------------------------------------------


def test_the_word_of_a_business_before_its_boss_is_not_the_boss():
    assert ("Autoescuela Ruta S.L.", "cliente", "persona_contacto", "Hamid") in _facts(
        "La autoescuela Ruta, el jefe se llama Hamid, paga a 30"
    )


# --- somebody else's gestoría, and a name said short with its trade word -------------------------


def test_their_own_gestoria_is_not_ours():
    facts = _facts("las facturas de la dental sonrisas van a admin@sonrisasclinica.es, su gestora")
    assert [f[0] for f in facts] == ["Clínica Dental Sonrisas S.L."]


def test_a_trade_word_and_the_last_word_of_the_name_name_the_contact():
    assert _facts("la dental sonrisas paga a 45 dias") == [
        ("Clínica Dental Sonrisas S.L.", "cliente", "plazo_pago", "45 días")
    ]


# --- a newcomer said after her name --------------------------------------------------------------


def test_a_new_customer_named_before_the_word_is_the_subject_not_a_contact_person():
    assert _facts(
        "el movil de la sra Pilar Ortuño de Paterna, clienta nueva, es el 654 11 22 33"
    ) == [("Pilar Ortuño", "cliente", "telefono", "654 112 233")]


# --- a discount given as a bare number, a price left at a figure ----------------------------------


def test_a_bare_share_given_before_a_condition_is_a_discount():
    facts = _facts("ruiz ahora nos hace el 12 pagando en el acto")
    assert ("Ferretería Ruiz", "proveedor", "descuento", "12 %") in facts


def test_a_price_left_at_a_figure_is_a_price():
    assert _facts("el desatasco urgente lo dejamos en 95 para todo el mundo") == [
        ("", "empresa", "precio_desatasco", "95 €")
    ]


# --- the role a business has, then who holds it ---------------------------------------------------


def test_a_role_they_have_then_a_name_is_their_contact_person():
    assert ("Telefonía Costa Azul S.A.", "proveedor", "persona_contacto", "Nerea") in _facts(
        "los de costa azul tienen una comercial nueva, Nerea, para las incidencias"
    )


# --- a message split over lines -------------------------------------------------------------------


def test_a_message_split_over_lines_has_no_name_at_each_lines_start():
    note = note_fact(
        "la señora amparo\nquiere q la llamen antes\ntocar el timbre dos veces", ROUND31
    )
    assert note is not None
    assert note.subject_contact_id == 6
    assert (
        note.text == "La señora Amparo Giménez quiere q la llamen antes tocar el timbre dos veces."
    )


# --- hours said as when one starts and leaves -----------------------------------------------------


def test_the_writers_start_and_leaving_hours_are_her_hours():
    assert _facts("a partir de ahora entro a las 8 y salgo a las 4") == [
        ("", "preferencia", "horario", "8:00-16:00")
    ]


def test_a_businesss_opening_and_closing_hours_are_a_range():
    assert _facts("en ferreteria ruiz abren a las 8 y cierran a las 1 los sabados") == [
        ("Ferretería Ruiz", "proveedor", "horario", "8:00-13:00, sábado")
    ]


# --- how far ahead to order --------------------------------------------------------------------


def test_days_ahead_to_order_are_a_delivery_instruction_not_a_term():
    facts = _facts("a ruiz los tubos de cobre hay que pedirselos con cinco dias de antelacion")
    assert [(f[0], f[2]) for f in facts] == [("Ferretería Ruiz", "instrucciones_entrega")]


# --- a relative to deal with, a title, a surcharge said bare --------------------------------------


def test_a_relative_to_deal_with_is_the_contact_person():
    assert _facts("vicente llorens prefiere q lo de los pagos lo veamos con su sobrino andres") == [
        ("Vicente Llorens", "cliente", "persona_contacto", "Andres")
    ]


def test_a_new_customer_described_before_the_word_is_the_subject():
    assert _facts("doña Rosario Mira, la de la casa del cruce, clienta nueva, paga con bizum") == [
        ("Rosario Mira", "cliente", "metodo_pago", "Bizum")
    ]


def test_a_senorita_named_as_the_contact_is_the_contact_person():
    assert ("Inmobiliaria Mediterráneo S.L.", "cliente", "persona_contacto", "Elena") in _facts(
        "en la inmobiliaria mediterraneo ahora el contacto es la señorita Elena"
    )


def test_a_surcharge_said_with_a_bare_share_is_a_percentage():
    assert _facts("los festivos van con recargo del 60 desde este mes") == [
        ("", "empresa", "recargo", "60 %")
    ]


def test_a_list_item_still_opens_with_its_subject():
    note = note_fact(
        "pendiente con proveedores:\n- ruiz solo sirve pedidos de mas de 200 €", ROUND31
    )
    assert note is not None
    assert note.subject_contact_id == 4


def test_a_boss_named_inside_the_business_name_is_no_part_of_it():
    facts = _facts(
        "el correo de la gestoria ahora es hola@ibanezgestoria.es y el q nos lleva es toni ibañez"
    )
    assert ("Gestoría Ibáñez", "proveedor", "persona_contacto", "Toni Ibañez") in facts
