"""Round 18 of offline extraction: the name the writer goes by however it is said, her role,
answers without greetings or in a language, the company's terms in English, its invoices'
mailbox beside a mail provider, office hours in words, a first name that is no contact's
surname, a firm that is only where a person works, the term named as such in a follow-up,
several facts in English, an insurance line and a price per year said as an adjective."""

from __future__ import annotations

from learning.base import ContactName
from tests.learning.offline_reading import read_facts

CONTACTS = [
    ContactName(1, "Hostal Miramar", "customer"),
    ContactName(2, "María José Fernández", "customer"),
    ContactName(3, "Comunidad de Propietarios Avenida del Puerto 88", "customer"),
    ContactName(4, "Comunidad de Propietarios Calle Colón 14", "customer"),
    ContactName(5, "Seguros Mutua Fontaneros S.L.", "supplier"),
    ContactName(6, "Ferretería Ruiz", "supplier"),
    ContactName(7, "Telefonía Costa Azul S.A.", "supplier"),
    ContactName(8, "Residencia Los Olivos S.L.", "customer"),
    ContactName(9, "Lourdes Bañuls", "customer"),
    ContactName(10, "Carmen Ruiz Sáez", "customer"),
    ContactName(11, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(12, "Pedro Rodríguez", "customer"),
]


def _facts(message: str, previous: str | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (f.subject_name, f.category, f.attribute, f.value)
        for f in read_facts(message, contacts=CONTACTS, previous=previous)
        if not f.note
    ]


def _notes(message: str) -> list[tuple[str, str]]:
    return [(f.subject_name, f.category) for f in read_facts(message, contacts=CONTACTS) if f.note]


# --- the writer -------------------------------------------------------------------------------


def test_a_name_then_the_one_everyone_uses_in_valencian():
    assert _facts("Me llamo Josep però em diuen Pep") == [
        ("", "perfil_usuario", "nombre", "Josep"),
        ("", "perfil_usuario", "apodo", "Pep"),
    ]


def test_a_nickname_after_a_comma_and_pero():
    assert _facts("Soy Vicente, pero en la obra todos me llaman Tente") == [
        ("", "perfil_usuario", "nombre", "Vicente"),
        ("", "perfil_usuario", "apodo", "Tente"),
    ]


def test_a_nickname_typed_short_is_the_writers():
    assert _facts("aqui todos m dicen Quique") == [("", "perfil_usuario", "apodo", "Quique")]


def test_a_nickname_near_a_contacts_name_is_still_the_writers():
    # "Carme" is near the customer Carmen Ruiz Sáez: the writer's name all the same.
    assert _facts("Digue'm Carme, que així em diu tothom") == [
        ("", "perfil_usuario", "apodo", "Carme")
    ]


def test_a_nickname_asked_in_english():
    # the name said in English is read too since round 21 ("my name is", "I'm")
    assert _facts("My name is Lucía but everyone calls me Lu") == [
        ("", "perfil_usuario", "nombre", "Lucía"),
        ("", "perfil_usuario", "apodo", "Lu"),
    ]
    assert _facts("call me Pau please") == [("", "perfil_usuario", "apodo", "Pau")]


def test_the_writers_role_is_a_note_about_her():
    assert _notes("Te cuento: yo soy la que hace los presupuestos") == [("", "perfil_usuario")]
    assert _notes("Soy la encargada de la oficina y llevo yo los cobros") == [
        ("", "perfil_usuario")
    ]


def test_answers_without_greetings_straight_to_the_point_are_the_tone():
    assert _facts("sin tantos saludos, Suma, directa al grano que voy liada") == [
        ("", "preferencia", "tono", "sin saludos, ir al grano")
    ]
    assert _facts("Skip the greetings and get to the point") == [
        ("", "preferencia", "tono", "sin saludos, ir al grano")
    ]


def test_a_language_to_answer_in_said_in_english():
    facts = read_facts("Reply to me always in Valencian, I need the practice", contacts=CONTACTS)
    assert [(f.category, f.attribute, f.value, f.text) for f in facts] == [
        (
            "preferencia",
            "preferencia",
            "contestar en valenciano",
            "Prefiere que le respondan siempre en valenciano.",
        )
    ]


# --- the company ------------------------------------------------------------------------------


def test_the_companys_terms_in_english_with_who_decided_them():
    message = "Starting in March our payment terms for shops will be 60 days — Lucía decided it"
    assert _facts(message) == [("", "empresa", "plazo_pago", "60 días")]


def test_who_decided_is_not_the_subject_in_spanish_either():
    message = "Desde febrero nuestro plazo de pago será de 30 días, según Andrés"
    assert _facts(message) == [("", "empresa", "plazo_pago", "30 días")]


def test_a_mail_provider_is_no_subject():
    message = (
        "Las facturas mándalas desde administracion@fontaneriamartin.es, el Hotmail ya no lo usamos"
    )
    assert _facts(message) == [("", "empresa", "email", "administracion@fontaneriamartin.es")]


def test_office_hours_said_in_words_with_two_spans():
    message = "nuestro horario es de nueve a una y media y de cinco a ocho, de lunes a jueves"
    assert _facts(message) == [
        ("", "empresa", "horario", "9:00-13:30, 17:00-20:00, lunes a jueves")
    ]


def test_numbers_in_words_that_are_no_hours():
    assert _facts("el pedido tarda de dos a tres semanas en llegar") == []


# --- subjects ---------------------------------------------------------------------------------


def test_a_first_name_is_not_a_contacts_surname():
    # "Rodrigo" is near the customer Pedro Rodríguez's surname, the name it was made from.
    message = (
        "En el Hostal Miramar han cambiado al recepcionista: ahora es Rodrigo, y su correo es "
        "recepcion@hostalmiramar.es"
    )
    # in either order: the two facts of one clause come in the attribute model's order, which
    # moves with any change to what the slot reader finds in its training sentences (round 22)
    assert sorted(_facts(message)) == [
        ("Hostal Miramar", "cliente", "email", "recepcion@hostalmiramar.es"),
        ("Hostal Miramar", "cliente", "persona_contacto", "Rodrigo"),
    ]


def test_a_surname_typed_wrong_still_names_the_contact():
    assert _facts("La Fernandes me ha pagado en efectivo") == [
        ("María José Fernández", "cliente", "metodo_pago", "efectivo")
    ]


def test_a_firm_named_as_where_the_new_administrator_works():
    message = (
        "Lo de Avenida del Puerto 88: el administrador ya no es el mismo. Ahora lo lleva Sonia "
        "Gil, de Gestiones Turia, y su correo es sonia@gestionesturia.es"
    )
    subject = "Comunidad de Propietarios Avenida del Puerto 88"
    assert _facts(message) == [
        (subject, "cliente", "persona_contacto", "Sonia Gil"),
        (subject, "cliente", "email", "sonia@gestionesturia.es"),
    ]


def test_told_by_someone_is_no_cash_term():
    message = "Calle Colón 14: según me ha contado el conserje, la junta es el martes"
    assert all(f[3] != "al contado" for f in _facts(message))


def test_a_follow_up_names_the_term_by_its_word():
    assert _facts(
        "De plazo ponles fin de mes, así lo pagamos todo junto", "Busca Ferretería Ruiz"
    ) == [("Ferretería Ruiz", "proveedor", "plazo_pago", "fin de mes")]


# --- several facts in English, a letter from the insurer ---------------------------------------


def test_several_facts_in_english():
    message = (
        "Hey Suma, Telefonía Costa Azul changed the IBAN to ES7921000813610123456789 "
        "and we pay them at 45 days now"
    )
    assert _facts(message) == [
        ("Telefonía Costa Azul S.A.", "proveedor", "iban", "ES7921000813610123456789"),
        ("Telefonía Costa Azul S.A.", "proveedor", "plazo_pago", "45 días"),
    ]


def test_an_insurance_line_is_no_subject_and_a_yearly_price_keeps_its_period():
    message = (
        "Mira lo que manda la mutua:\n\n> Le comunicamos que la prima de su seguro de Accidentes "
        "Convenio para 2027 será de 95 € trimestrales.\n> Seguros Mutua Fontaneros"
    )
    assert [(f[0], f[3]) for f in _facts(message)] == [
        ("Seguros Mutua Fontaneros S.L.", "95 €/trimestre")
    ]


def test_where_someone_lives_is_no_subject():
    message = (
        "Lourdes Bañuls ya no vive en Gran Vía Marqués del Turia, "
        "ahora vive en la calle Sueca 3, Valencia"
    )
    assert _facts(message) == [
        ("Lourdes Bañuls", "cliente", "direccion", "Calle Sueca 3, Valencia")
    ]


def test_a_reminder_asked_is_nothing_to_keep():
    message = "El jueves hay que pasar la ITV de la furgoneta, recuérdamelo el miércoles"
    assert read_facts(message, contacts=CONTACTS) == []
