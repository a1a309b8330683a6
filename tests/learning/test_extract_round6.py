"""Extraction round 6 (docs/memory.md, "Offline extraction round 6"): one case per kind of
phrasing that set D showed missed — business names written in lowercase, who holds a role
there, prices with the unit first or per period, cents off per unit, payment in advance,
answers asked for in Valencian, labelled tax IDs, names set apart with "no confundir con" —
and look-alikes of each that must not fire."""

from __future__ import annotations

import pytest

from learning.base import ContactName
from learning.offline.extract import extract_facts
from learning.offline.slots import find_slots
from learning.offline.subjects import trade_names
from memory.models import Memory
from sumalos.invoicing.models import Contact
from tests.learning.test_services import _say
from tests.world import World

CONTACTS = [
    ContactName(1, "Gasóleos Ribera S.L.", "supplier"),
    ContactName(2, "Frutería La Huerta S.L.", "customer"),
    ContactName(3, "Talleres García S.L.", "customer"),
    ContactName(4, "Hostal Miramar", "customer"),
    ContactName(5, "Ferretería Ruiz", "supplier"),
    ContactName(6, "Restaurante La Albufera S.L.", "customer"),
    ContactName(7, "Gestoría Ibáñez", "supplier"),
    ContactName(8, "Autoescuela Ruta S.L.", "customer"),
]
OWN = "Fontanería Martín"
PREFERENCE = "preferencia"


def _facts(message: str, contacts: list[ContactName] = CONTACTS) -> list[tuple[object, ...]]:
    return [
        (f.subject_name, f.subject_contact_id, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=contacts, organization=OWN)
        if not f.note
    ]


@pytest.mark.parametrize(
    ("kind", "message", "contacts", "expected"),
    [
        (
            "lowercase_name_no_contacts",
            "gasoleos ribera ya no acepta efectivo, solo tarjeta",
            [],
            [("Gasóleos Ribera", None, "metodo_pago", "tarjeta")],
        ),
        (
            "lowercase_name_with_joiner",
            "en hoteles del turia el material se deja en el muelle de carga",
            [],
            [
                (
                    "Hoteles del Turia",
                    None,
                    "instrucciones_entrega",
                    "En hoteles del turia el material se deja en el muelle de carga.",
                )
            ],
        ),
        (
            "lowercase_unknown_name_not_the_own_company",
            "fontaneria gomez, los de mislata, pagan a 30 dias",
            CONTACTS,
            [("Fontanería Gómez", None, "plazo_pago", "30 días")],
        ),
        (
            "owner_word",
            "fruteria la huerta, el dueño es Chimo, llamale a el directamente",
            CONTACTS,
            [
                ("Frutería La Huerta S.L.", 2, "persona_contacto", "Chimo"),
                ("Frutería La Huerta S.L.", 2, "canal_preferido", "teléfono"),
            ],
        ),
        (
            "who_keeps_the_books",
            "la autoescuela ruta paga a fin de mes y el que lleva las cuentas es el hijo david",
            CONTACTS,
            [
                ("Autoescuela Ruta S.L.", 8, "persona_contacto", "David"),
                ("Autoescuela Ruta S.L.", 8, "plazo_pago", "fin de mes"),
            ],
        ),
        (
            "price_with_old_value",
            "a los de la albufera les hacemos la hora a 35 en vez de 38",
            CONTACTS,
            [("Restaurante La Albufera S.L.", 6, "precio", "35 €/hora")],
        ),
        (
            "price_per_period",
            "la gestoria ibañez nos cobra ahora 180 al trimestre",
            CONTACTS,
            [("Gestoría Ibáñez", 7, "precio", "180 €/trimestre")],
        ),
        (
            "set_apart_no_confundir",
            "Talleres García Hermanos (no confundir con Talleres García S.L.) paga al contado",
            CONTACTS,
            [("Talleres García Hermanos", None, "plazo_pago", "al contado")],
        ),
        (
            "set_apart_lowercase_extra_word",
            "hostal miramar playa, no el de gandia, el contacto alli es una tal Eva",
            CONTACTS,
            [("Hostal Miramar Playa", None, "persona_contacto", "Eva")],
        ),
    ],
)
def test_each_kind(kind, message, contacts, expected):
    assert sorted(_facts(message, contacts)) == sorted(expected)


@pytest.mark.parametrize(
    "message",
    [
        "la ferretería anda mal de stock de multicapa",
        "al hostal mejor por WhatsApp",
        "el bar de abajo ha cerrado",
        "en el hostal preguntar siempre por Julián",
    ],
)
def test_a_trade_word_followed_by_a_verb_or_a_place_names_no_business(message):
    assert trade_names(message) == []


def test_a_role_word_keeps_its_contact_whatever_word_follows():
    assert _facts("ferreteria ruis ya no nos fia, todo al contado") == [
        ("Ferretería Ruiz", 5, "plazo_pago", "al contado")
    ]


def test_the_contact_of_a_look_alike_named_beside_a_contrast_keeps_its_link():
    assert _facts("Talleres García paga al contado, no confundir con Talleres García Hermanos") == [
        ("Talleres García S.L.", 3, "plazo_pago", "al contado")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el dueño es Chimo", [("person", "Chimo")]),
        ("la directora Mª Carmen", [("person", "Mª Carmen")]),
        ("pregunta x Amparo", [("person", "Amparo")]),
        ("el q lleva los pedidos es toni, el hijo", [("person", "Toni")]),
        # Look-alikes: a role word with no name after it, or a verb where a name would be.
        ("el dueño es muy majo", []),
        ("la jefa dice que vale", []),
        ("el que lleva las cuentas es muy lento", []),
        ("el encargado no esta", []),
    ],
)
def test_who_holds_a_role_is_a_person(text, expected):
    assert [(s.kind, s.value) for s in find_slots(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("la hora a 35 en vez de 38", [("amount", "35 €/hora")]),
        ("el litro a 1,40", [("amount", "1,40 €/litro")]),
        ("nos cobra 180 al trimestre", [("amount", "180 €/trimestre")]),
        ("nos hacen 2 centimos menos el litro", [("amount", "2 céntimos/litro")]),
        ("pagan x adelantado", [("term", "por adelantado")]),
        ("se domicilia", [("payment_method", "domiciliación")]),
        # A labelled ID whose control letter is wrong is still no tax ID (test_slots.py).
        ("su DNI para las facturas: 24367891K", []),
        # Look-alikes: a time, a term in days, an unlabelled code with a wrong control letter.
        ("la hora a las 9", []),
        ("el mes a 30 dias", [("term", "30 días")]),
        ("el pedido lleva la referencia 46778899B", []),
    ],
)
def test_values_said_the_everyday_way(text, expected):
    assert [(s.kind, s.value) for s in find_slots(text)] == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("contestam en valencia si pots", [("", None, PREFERENCE, "contestar en valenciano")]),
        ("escriu-me en valencià, per favor", [("", None, PREFERENCE, "contestar en valenciano")]),
        ("Contéstame siempre en castellano", [("", None, PREFERENCE, "contestar en castellano")]),
    ],
)
def test_the_language_the_writer_wants_answers_in(message, expected):
    assert _facts(message) == expected


@pytest.mark.parametrize(
    "message",
    ["la gestoria nos contesta en catalan", "el cliente contesta en valenciano", "vale, gracias"],
)
def test_someone_else_s_language_is_no_preference_of_the_writer(message):
    assert [f for f in _facts(message) if f[2] == "preferencia"] == []


def test_a_second_value_said_of_something_else_stays_as_a_note():
    facts = extract_facts(
        "Ferretería Ruiz nos pasa las facturas a 30 días, pero la placa la cobran por adelantado.",
        [],
        contacts=CONTACTS,
        organization=OWN,
    )
    assert [(f.attribute, f.value, f.note) for f in facts] == [
        ("plazo_pago", "30 días", False),
        ("nota", "Ferretería Ruiz: la placa la cobran por adelantado.", True),
    ]


@pytest.mark.django_db
def test_a_lowercase_name_from_a_writer_who_reads_no_contacts_is_proposed_linked(world: World):
    ribera = Contact.objects.create(
        organization=world.org, kind="supplier", name="Gasóleos Ribera S.L."
    )
    books = world.bookkeeper

    _say(world, "gasoleos ribera ahora se domicilia", user=books)

    assert list(
        Memory.objects.order_by("id").values_list(
            "subject", "contact_id", "attribute", "value", "status", "created_by_id"
        )
    ) == [
        ("Gasóleos Ribera", None, "metodo_pago", "domiciliación", "active", books.pk),
        (
            f"contacto:{ribera.pk}",
            ribera.pk,
            "metodo_pago",
            "domiciliación",
            "proposed",
            books.pk,
        ),
    ]
