"""Round 24 of offline extraction: a value taken back at once ("a 45… no, espera, a 60", "ay
no, a 60", "no perdona, 60"), a message forwarded from someone said as "[Reenviado] X:", "Me ha
escrito X, te lo pego:" or quoted with "soy X" inside, a new customer said first in a quick
message's lowercase ("cliente nuevo jorge sellés el dni es…", "el bar casa toni es cliente
nuevo"), a change only thought about, a pasted signature, the article before a contact's first
name ("el encargado es el Vicent") and a full name of four words."""

from __future__ import annotations

from learning.base import ContactName, ExtractedFact
from tests.learning.offline_reading import read_facts

ROUND24 = [
    ContactName(1, "Talleres García S.L.", "customer"),
    ContactName(2, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(3, "Nuria Esteve", "customer"),
    ContactName(4, "Íñigo Zabala", "customer"),
    ContactName(5, "Rosa María Martínez", "customer"),
    ContactName(6, "Recambios Calderas Turia S.L.", "supplier"),
]


def _read(message: str, previous: str | None = None) -> list[ExtractedFact]:
    return read_facts(message, contacts=ROUND24, previous=previous)


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in _read(message, previous)
        if not f.note
    ]


# --- a value taken back at once ---------------------------------------------------------------


def test_a_term_taken_back_after_an_ellipsis_is_replaced():
    assert _facts("Talleres García nos paga a 30… no, espera, a 45, que lo he mirado.") == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "45 días")
    ]


def test_a_term_taken_back_with_ay_no_is_replaced():
    assert _facts("A Gasóleos Ribera les pagamos a 30 días, ay no, a 60.") == [
        ("Gasóleos Ribera S.L.", "proveedor", "plazo_pago", "60 días")
    ]


def test_a_bare_number_after_no_perdona_replaces_the_term():
    assert _facts("Gasóleos Ribera nos da 90 días, no perdona, 30.") == [
        ("Gasóleos Ribera S.L.", "proveedor", "plazo_pago", "30 días")
    ]


def test_a_term_written_short_and_taken_back_is_replaced():
    assert _facts("Recambios Turia: plazo 30d… no, perdona, 60d.") == [
        ("Recambios Calderas Turia S.L.", "proveedor", "plazo_pago", "60 días")
    ]


def test_a_discount_taken_back_is_replaced():
    assert _facts("Recambios Calderas Turia nos hace un 5 %, no perdona, un 8.") == [
        ("Recambios Calderas Turia S.L.", "proveedor", "descuento", "8 %")
    ]


def test_a_term_corrected_the_other_way_round_still_keeps_the_first():
    assert _facts("Talleres García nos paga a 45 ahora, no a 60.") == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "45 días")
    ]


# --- a message forwarded from someone ---------------------------------------------------------


def test_a_forward_marked_in_brackets_speaks_for_its_sender():
    assert _facts("[Reenviado] Nuria Esteve: Buenas! Mi correo nuevo es nuria.e@gmail.com") == [
        ("Nuria Esteve", "cliente", "email", "nuria.e@gmail.com")
    ]


def test_a_message_someone_wrote_pasted_speaks_for_them():
    facts = _facts(
        "Me ha escrito Íñigo Zabala, te lo pego:\n"
        "«Hola! A partir de ahora llamadme al 611 222 333.»"
    )
    assert ("Íñigo Zabala", "cliente", "telefono", "611 222 333") in facts
    assert all(subject == "Íñigo Zabala" for subject, *_ in facts)


def test_a_quoted_customer_who_says_who_she_is_is_the_subject():
    facts = _facts(
        "Te reenvío lo que me ha escrito una clienta:\n"
        "> Hola, soy Rosa María Martínez. Ahora tengo el 644 555 666."
    )
    assert ("Rosa María Martínez", "cliente", "telefono", "644 555 666") in facts


def test_a_lowercase_group_after_me_han_mandado_is_no_sender():
    facts = _facts(
        "Me han mandado esto los de la grúa:\n\n> Grúas Pla\n"
        "> Cuenta para el pago: ES05 0128 3435 6899 3104 9199"
    )
    assert ("Grúas Pla", "proveedor", "iban", "ES0501283435689931049199") in [
        (s, "proveedor", a, v) for s, _, a, v in facts
    ]


# --- a new customer said first ----------------------------------------------------------------


def test_a_new_customer_in_lowercase_with_a_phone():
    assert _facts("cliente nuevo el bar los pinos de paterna el teléfono es el 961 11 22 33") == [
        ("Bar Los Pinos", "cliente", "telefono", "961 112 233")
    ]


def test_a_new_customer_in_lowercase_with_a_dni():
    assert _facts("cliente nuevo marcos ferrer el dni es 12345678 z") == [
        ("Marcos Ferrer", "cliente", "nif", "12345678Z")
    ]


def test_a_new_customer_said_after_its_name():
    assert _facts("el bar la parada es cliente nuevo, pagan a 30 dias") == [
        ("Bar La Parada", "cliente", "plazo_pago", "30 días")
    ]


def test_a_new_customer_with_a_bracket_aside_and_an_iban():
    assert _facts(
        "Clienta nueva, Pilar Roig (la hermana de la Sra. Soler). Su IBAN: "
        "ES64 0049 6712 3627 1609 4385."
    ) == [("Pilar Roig", "cliente", "iban", "ES6400496712362716094385")]


def test_a_new_customer_with_a_capitalised_name_and_a_place_is_read_as_written():
    assert _facts("Cliente nuevo: Bar Casa Luis, en Benimaclet. Pagan al contado.") == [
        ("Bar Casa Luis", "cliente", "plazo_pago", "al contado")
    ]


# --- a change only thought about --------------------------------------------------------------


def test_a_change_the_writer_is_thinking_about_is_no_fact():
    assert _read("estoy pensando en cobrarles a todos a 60 dias pero no lo tengo claro") == []


def test_a_change_the_customer_is_thinking_about_is_no_fact():
    assert (
        _read(
            "Capaz que Talleres García nos paga con tarjeta, dicen que lo están pensando. "
            "Cuando se decidan te aviso."
        )
        == []
    )


def test_a_change_not_decided_yet_is_no_fact():
    message = "Igual a Talleres García le damos 60 días, pero no está decidido. Ya te diré."
    assert _read(message) == []


def test_a_decision_said_after_thinking_is_a_fact():
    assert _facts("Lo he pensado y a partir de ahora Talleres García paga a 30 días.") == [
        ("Talleres García S.L.", "cliente", "plazo_pago", "30 días")
    ]


# --- a pasted signature -----------------------------------------------------------------------


def test_a_signature_under_a_closing_names_the_contact_person():
    facts = _facts(
        "Te pego la firma del correo de Recambios:\n\nUn saludo,\nAmparo Vidal\n"
        "Responsable de Compras\nRecambios Calderas Turia S.L.\nExt. 12"
    )
    assert ("Recambios Calderas Turia S.L.", "proveedor", "persona_contacto", "Amparo Vidal") in (
        facts
    )


def test_a_signature_after_a_blank_line_names_the_contact_person():
    facts = _facts(
        "Firma del último correo de Talleres García:\n\nJoan Peris\nAdministración\n"
        "Talleres García S.L.\nTel. 961 00 11 22"
    )
    assert ("Talleres García S.L.", "cliente", "persona_contacto", "Joan Peris") in facts


def test_a_signature_in_basque_names_the_contact_person():
    facts = _facts(
        "Firma del comercial de Gasóleos Ribera:\n\nAgur bero bat,\nAitor Goikoetxea\n"
        "Delegado Comercial\nGasóleos Ribera S.L."
    )
    assert ("Gasóleos Ribera S.L.", "proveedor", "persona_contacto", "Aitor Goikoetxea") in facts


# --- the contact person named with an article or a title --------------------------------------


def test_the_one_in_charge_named_with_an_article_is_the_contact_person():
    assert _facts("En Talleres García el encargado es el Vicent.") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Vicent")
    ]


def test_the_one_in_charge_said_as_heard_is_the_contact_person():
    assert _facts(
        "Y que el encargao de allí es el Toni.", previous="¿Qué nos debe Talleres García?"
    ) == [("Talleres García S.L.", "cliente", "persona_contacto", "Toni")]


def test_the_one_who_knows_of_something_is_the_contact_person():
    assert _facts("en recambios calderas el q controla de bombas es el Paco") == [
        ("Recambios Calderas Turia S.L.", "proveedor", "persona_contacto", "Paco")
    ]


def test_a_doctor_who_keeps_the_invoices_is_the_contact_person():
    assert _facts("En Talleres García el que lleva las facturas es el doctor Soler.") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Soler")
    ]


def test_an_article_before_a_lowercase_word_names_no_one():
    assert _facts("En Talleres García el encargado es el hijo del dueño.") == []


def test_the_one_who_attends_us_described_then_named_is_the_contact_person():
    assert _facts("En Talleres García nos atiende ahora un chaval, Iván.") == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Iván")
    ]


def test_a_role_of_a_place_then_the_name_with_its_article():
    assert ("Talleres García S.L.", "cliente", "persona_contacto", "Pepa") in _facts(
        "La encargada nueva de Talleres García, la Pepa, dice que les mandemos todo por email."
    )


def test_two_first_names_and_two_surnames_are_the_whole_name():
    assert _facts("Mi nombre completo es Joan Baptista Ferrer Roig, ponlo así.") == [
        ("", "perfil_usuario", "nombre", "Joan Baptista Ferrer Roig")
    ]
