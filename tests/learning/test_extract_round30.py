"""Round 30 of offline extraction: general classes, each with sentences of its own."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.occasions import told_for_one_occasion
from tests.learning.offline_reading import read_facts, typed_facts

ROUND30 = [
    ContactName(1, "Bar Restaurante El Puerto S.L.", "customer"),
    ContactName(2, "Hostal Miramar", "customer"),
    ContactName(3, "Carpintería Roselló S.L.", "customer"),
    ContactName(4, "Colegio Infantil Pequeñines S.L.", "customer"),
    ContactName(5, "Ferretería Ruiz", "supplier"),
    ContactName(6, "Clínica Dental Sonrisas S.L.", "customer"),
]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return typed_facts(message, contacts=ROUND30)


# --- a message written all in capitals ----------------------------------------------------------


def test_a_message_in_capitals_names_no_subject_by_its_capitals():
    assert _facts("A PARTIR DE ENERO EL TALLER CIERRA LOS SABADOS POR LA TARDE") == [
        ("", "empresa", "horario", "sábado, tardes")
    ]


def test_a_message_in_capitals_keeps_the_contact_and_the_person_it_names():
    assert sorted(_facts("EN EL HOSTAL MIRAMAR PAGAN A 45 DIAS Y LA ENCARGADA ES DOÑA ROSA")) == [
        ("Hostal Miramar", "cliente", "persona_contacto", "Rosa"),
        ("Hostal Miramar", "cliente", "plazo_pago", "45 días"),
    ]


# --- the writer's own hours ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("en verano hago jornada intensiva, de 7 a 14", "7:00-14:00"),
        ("por las tardes estoy en obra, por las mañanas en la oficina", "tardes, mañanas"),
        ("yo los miercoles no curro, q tengo a los peques", "miércoles"),
    ],
)
def test_the_writers_own_hours_are_hers(message, value):
    hours = [fact for fact in _facts(message) if fact[2] == "horario"]
    assert hours == [("", "preferencia", "horario", value)]


def test_a_contacts_closing_said_after_the_writers_hours_stays_the_contacts():
    facts = _facts("yo los jueves salgo a las 2, y la carpinteria rosello cierra en agosto")
    assert ("Carpintería Roselló S.L.", "cliente", "cierre", "jueves, agosto") in facts


# --- a newcomer said after who came or called ---------------------------------------------------


def test_a_new_customer_who_came_today_is_the_subject():
    assert _facts("esta mañana ha venido un cliente nuevo, el señor Anselmo Pla, paga a 15") == [
        ("Anselmo Pla", "cliente", "plazo_pago", "15 días")
    ]


def test_a_new_lady_named_after_a_comma_is_a_customer():
    assert _facts("tenemos una señora nueva, Remedios Gil, paga con bizum") == [
        ("Remedios Gil", "cliente", "metodo_pago", "Bizum")
    ]


def test_a_new_colleague_is_no_newcomer_customer():
    assert not [
        fact
        for fact in read_facts("tenemos una señora nueva en la oficina", contacts=ROUND30)
        if fact.subject_name
    ]


def test_a_registration_label_names_the_newcomer():
    assert _facts("ALTA PROVEEDOR: Aluminios Vera. Contacto: Sr. Climent") == [
        ("Aluminios Vera", "proveedor", "persona_contacto", "Climent")
    ]


# --- a contact's word inside another business's name --------------------------------------------


def test_a_business_that_holds_a_contacts_word_among_its_own_is_another():
    assert _facts("el Hotel Puerto Azul de Gandia paga a 60") == [
        ("Hotel Puerto Azul", "cliente", "plazo_pago", "60 días")
    ]


def test_the_contact_in_capitals_with_its_trade_word_is_still_the_contact():
    assert _facts("el Bar Restaurante El Puerto paga a 60") == [
        ("Bar Restaurante El Puerto S.L.", "cliente", "plazo_pago", "60 días")
    ]


# --- where the writer heard it is no one-off ----------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "hoy estuve en el hostal miramar y ahí quien lleva las facturas es Nuria",
        "ayer llamé a la ferretería y cierran los sábados",
        "hoy pasé por la carpintería, abren las mañanas nada más",
    ],
)
def test_where_the_writer_heard_a_lasting_fact_is_no_one_off(message):
    assert told_for_one_occasion(message) is False


def test_a_price_of_today_is_still_a_one_off():
    assert told_for_one_occasion("hoy el gasoil estaba a 1,45") is True


# --- a price said with a bare number -------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "value"),
    [
        ("la visita la cobramos a 45 desde enero", "45 €/visita"),
        ("la salida de urgencia la subimos a 45", "45 €/salida"),
    ],
)
def test_a_bare_number_charged_for_a_service_is_a_price(message, value):
    assert [(f[2], f[3]) for f in _facts(message)] == [("precio", value)]


def test_paying_at_a_bare_number_is_still_a_term():
    assert _facts("el hostal miramar ahora nos paga a 45") == [
        ("Hostal Miramar", "cliente", "plazo_pago", "45 días")
    ]


# --- the writer's full name ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "ahora firmo como marta llorens vidal, cambialo en los correos",
        "en mi ficha falta el segundo apellido, es Marta Llorens Vidal",
    ],
)
def test_the_writers_full_name_said_in_other_words(message):
    assert _facts(message) == [("", "perfil_usuario", "nombre", "Marta Llorens Vidal")]


# --- who signs there, with a title -------------------------------------------------------------


def test_who_signs_there_with_a_title_is_the_contact_person():
    assert _facts("en la clinica dental sonrisas la q firma los pedidos es la dra. Inés Mora") == [
        ("Clínica Dental Sonrisas S.L.", "cliente", "persona_contacto", "Inés Mora")
    ]


# --- a list under a contact's name, as notes from a notebook ------------------------------------


def test_each_item_of_a_list_under_a_contacts_name_is_said_of_it():
    message = "Hostal Miramar\n- admin: Vicente\n- pago a 60 d"
    assert sorted(_facts(message)) == [
        ("Hostal Miramar", "cliente", "persona_contacto", "Vicente"),
        ("Hostal Miramar", "cliente", "plazo_pago", "60 días"),
    ]


# --- the contact named in answer to Suma's question -----------------------------------------------


@pytest.mark.parametrize("message", ["Remedios, la encargada", "Remedios"])
def test_the_name_that_answers_who_the_contact_is(message):
    facts = read_facts(
        message, contacts=ROUND30, previous="Suma: ¿Quién es el contacto en el Hostal Miramar?"
    )
    assert [(f.subject_name, f.attribute, f.value) for f in facts] == [
        ("Hostal Miramar", "persona_contacto", "Remedios")
    ]


def test_a_contacts_own_name_is_no_answer_of_who_to_ask_there():
    facts = read_facts(
        "Hostal Miramar", contacts=ROUND30, previous="Suma: ¿Con quién hablo en el hostal?"
    )
    assert [f for f in facts if f.attribute == "persona_contacto"] == []


# --- a newcomer with a title, a town at the end of the sentence -----------------------------------


def test_a_new_customer_said_with_her_title_is_the_subject():
    assert _facts("hay una clienta nueva, la señora Vicenta Soler, paga en efectivo") == [
        ("Vicenta Soler", "cliente", "metodo_pago", "efectivo")
    ]


def test_a_town_closing_the_sentence_is_no_subject():
    facts = _facts("Cliente nuevo: Vicenta Soler. Vive en la Calle Mayor 3, allá en Alzira.")
    assert [(f[0], f[2]) for f in facts] == [("Vicenta Soler", "direccion")]


# --- a voice note putting a figure right ----------------------------------------------------------


def test_a_price_put_right_with_no_no_is_the_second():
    facts = _facts("la visita la cobramos a cuarenta, eh… no, no, a treinta y ocho euros")
    assert [(f[2], f[3]) for f in facts] == [("precio_visita", "38 €")]


# --- nicknames -----------------------------------------------------------------------------------


def test_what_to_call_a_contact_named_before_is_the_contacts_nickname():
    message = "Hostal Miramar: el dueño es Vicente Pons. Y llámale Tito, que así le conocen."
    assert ("Hostal Miramar", "cliente", "apodo", "Tito") in _facts(message)


def test_the_writers_nickname_said_after_what_it_puts_right():
    assert _facts("a mí Marta no, Tata me llaman todos") == [
        ("", "perfil_usuario", "apodo", "Tata")
    ]


# --- a statement about a contact that is "nothing" only by a hair --------------------------------


def test_a_statement_about_a_named_contact_read_as_nothing_by_a_hair_is_a_note():
    facts = read_facts(
        "al hostal miramar hay q escribirle en valenciano, q le hace ilu", contacts=ROUND30
    )
    assert [(f.subject_name, f.note) for f in facts] == [("Hostal Miramar", True)]
