"""Round 14 of offline extraction: messages with several facts, and follow-ups. The lines of a
burst or a list read with the typed readers (opening hours, a way in, a code at the door, a term
alone after an arrow, a share given with a condition, calling as the way to reach someone); how
to reach someone said in the clause after the one naming them; a third person's nickname in a
follow-up; the previous message of a follow-up for the linked proposal; one person holding a
role at two businesses; the person behind a title; who holds the keys; a note that keeps the
clauses after it; a short form in a new business's name."""

from __future__ import annotations

import pytest

from learning.base import ContactName, ExtractedFact
from learning.services import proposal_contact
from sumalos.invoicing.models import Contact
from tests.learning.offline_reading import read_facts, typed_facts
from tests.learning.test_extract_round12 import CONTACTS

GIMNASIO = "Gimnasio Fuerza Libre S.L."
LAVANDERIA = "Lavandería Blanca Nieves S.L."
WITH_PLACES = [
    *CONTACTS,
    ContactName(30, GIMNASIO, "customer"),
    ContactName(31, LAVANDERIA, "customer"),
]


def _facts(message: str) -> list[tuple[str, str, str, str]]:
    return typed_facts(message, contacts=WITH_PLACES)


def test_each_line_of_a_burst_is_read_with_its_own_subject_and_value():
    message = (
        "buenas\nel gimnasio abre a las 6 y media\nla lavanderia: entrar x la puerta del callejon"
        "\nok"
    )
    assert _facts(message) == [
        (GIMNASIO, "cliente", "horario", "desde 6:30"),
        (
            LAVANDERIA,
            "cliente",
            "instrucciones_entrega",
            "Lavandería Blanca Nieves S.L.: entrar x la puerta del callejon.",
        ),
    ]


def test_a_code_at_the_door_in_a_list_under_a_name_is_how_to_get_in():
    message = "Lourdes Bañuls\n- móvil 612 44 87 90\n- portal con código 5521, 4º izquierda"
    assert _facts(message) == [
        ("Lourdes Bañuls", "cliente", "telefono", "612 448 790"),
        (
            "Lourdes Bañuls",
            "cliente",
            "instrucciones_entrega",
            "Portal con código 5521, 4º izquierda.",
        ),
    ]


def test_a_term_alone_after_an_arrow_is_paying_on_the_spot():
    message = "Cafetería Central\n* Ferretería Ruiz -> contado\n* Saneamientos: 60 d"
    assert _facts(message) == [
        ("Ferretería Ruiz", "proveedor", "plazo_pago", "al contado"),
        ("Saneamientos del Levante S.L.", "proveedor", "plazo_pago", "60 días"),
    ]


def test_a_share_given_on_a_condition_is_a_discount():
    message = "en Saneamientos del Levante nos hacen un 4 si pagamos en el momento"
    assert _facts(message) == [
        ("Saneamientos del Levante S.L.", "proveedor", "descuento", "4 %"),
        ("Saneamientos del Levante S.L.", "proveedor", "plazo_pago", "al contado"),
    ]


def test_calling_someone_as_the_way_is_the_phone():
    message = "a Salvador Ortega se le llama siempre, el correo no lo lee"
    assert _facts(message) == [("Salvador Ortega", "cliente", "canal_preferido", "teléfono")]


def test_how_to_reach_them_after_the_clause_naming_them_is_theirs():
    message = "Talleres García nos manda mucho trabajo; con Rosa mejor por whatsapp"
    assert _facts(message) == [("Talleres García S.L.", "cliente", "canal_preferido", "WhatsApp")]


def test_post_is_paper_after_the_clause_naming_them():
    message = "Ángel Romero no usa el ordenador; las facturas se las dejamos por correo postal"
    assert _facts(message) == [("Ángel Romero", "cliente", "canal_preferido", "papel")]


def test_a_preferred_channel_beside_its_address_is_kept():
    message = "Íñigo Zabala prefiere email, izabala@gmail.com"
    assert _facts(message) == [
        ("Íñigo Zabala", "cliente", "canal_preferido", "email"),
        ("Íñigo Zabala", "cliente", "email", "izabala@gmail.com"),
    ]


def test_a_nickname_said_of_a_third_person_in_a_follow_up_is_the_one_just_named():
    facts = read_facts(
        "en el barrio todos le llaman Kiko, por si lo oyes",
        contacts=WITH_PLACES,
        previous="ayer estuve con Ramón Císcar",
    )
    assert [(f.subject_name, f.category, f.attribute, f.value) for f in facts] == [
        ("Ramón Císcar", "cliente", "apodo", "Kiko")
    ]


def test_the_writers_own_nickname_in_a_follow_up_stays_hers():
    facts = read_facts(
        "me llaman Kiko en el barrio", contacts=WITH_PLACES, previous="ayer estuve con Ramón Císcar"
    )
    assert [(f.subject_name, f.category, f.attribute, f.value) for f in facts] == [
        ("", "perfil_usuario", "apodo", "Kiko")
    ]


def test_a_follow_up_from_a_writer_who_reads_no_contacts_carries_the_previous_message():
    previous = "he dejado 40 € de material en Gasóleos"
    facts = read_facts("desde hoy allí pagamos por transferencia", contacts=[], previous=previous)
    assert [(f.attribute, f.value, f.subject_hint, f.previous_hint) for f in facts] == [
        (
            "metodo_pago",
            "transferencia",
            "Desde hoy allí pagamos por transferencia",
            "he dejado 40 € de material en Gasóleos",
        )
    ]


def test_one_owner_of_two_businesses_is_the_contact_of_each():
    message = (
        "Talleres García y la Farmacia Núñez son de la misma dueña, Carmen Sol. con cualquiera "
        "de los dos hablad con ella"
    )
    assert _facts(message) == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Carmen Sol"),
        ("Farmacia Núñez S.L.", "cliente", "persona_contacto", "Carmen Sol"),
    ]


def test_the_person_behind_a_title_is_the_contact():
    message = "la factura de Talleres García a Dña. Marisa Peral, de contabilidad"
    assert _facts(message) == [
        ("Talleres García S.L.", "cliente", "persona_contacto", "Marisa Peral")
    ]


def test_who_holds_the_keys_is_part_of_how_to_get_in():
    message = "en Teresa Muñoz la llave del trastero la tiene Paco, el del quinto"
    assert _facts(message) == [
        (
            "Teresa Muñoz",
            "cliente",
            "instrucciones_entrega",
            "En Teresa Muñoz la llave del trastero la tiene Paco, el del quinto.",
        )
    ]


def test_a_note_keeps_the_clauses_after_it():
    message = (
        "cuidado con la escalera de Pilar Domínguez q está rota. subir despacio y con la caja "
        "pequeña"
    )
    facts = read_facts(message, contacts=WITH_PLACES)
    assert [(f.subject_name, f.attribute, f.value, f.note) for f in facts] == [
        (
            "Pilar Domínguez",
            "nota",
            "Cuidado con la escalera de Pilar Domínguez q está rota. subir despacio y con la caja "
            "pequeña.",
            True,
        )
    ]


def test_a_short_form_in_a_new_business_name_is_written_out():
    facts = _facts("Materiales Hnos. Ferrer tlf 963 11 22 33")
    assert facts[0] == ("Materiales Hermanos Ferrer", "cliente", "telefono", "963 112 233")


@pytest.mark.django_db
def test_the_linked_proposal_reads_the_previous_message_when_the_clause_names_no_one(world):
    ruiz = Contact.objects.create(organization=world.org, kind="supplier", name="Ferretería Ruiz")
    miramar = Contact.objects.create(organization=world.org, kind="customer", name="Hostal Miramar")
    access = world.access(world.bookkeeper)

    def proposed(hint: str) -> Contact | None:
        fact = ExtractedFact(
            "empresa",
            "metodo_pago",
            "Bizum",
            "Se paga por Bizum.",
            subject_hint=hint,
            previous_hint="he comprado silicona en la ferretería ruiz",
        )
        return proposal_contact(access=access, organization_id=world.org.pk, fact=fact)

    assert proposed("desde hoy allí pagamos por bizum") == ruiz
    assert proposed("el hostal miramar nos paga por bizum") == miramar
