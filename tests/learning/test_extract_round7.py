"""Extraction round 7 (docs/memory.md, "Offline extraction round 7"): the stages blind set E
showed failing — a contact named in lowercase by a writer who reads no contacts, two everyday
words of a name said together, a verb read as part of a name, values said the spoken way
(numbers in words, a bare amount after charging it, closing at "la 1 y media"), a name after
a copula or with a third word, roles people hold, an address's label read as a channel,
follow-ups that complete a name or say how to reach the one just named — with look-alikes of
each that must not fire."""

from __future__ import annotations

import pytest

from learning.base import ContactName, ExtractedFact
from learning.evaluation import Found, subject_matches
from learning.offline.extract import extract_facts
from learning.offline.slots import find_slots
from learning.offline.subjects import match_contacts, trade_names
from memory.models import Memory
from sumalos.invoicing.models import Contact
from tests.learning.test_services import _say
from tests.world import World

CONTACTS = [
    ContactName(1, "Telefonía Costa Azul S.A.", "supplier"),
    ContactName(2, "Gimnasio Fuerza Libre S.L.", "customer"),
    ContactName(3, "Residencia Los Olivos S.L.", "customer"),
    ContactName(4, "Ramón Císcar", "customer"),
    ContactName(5, "Bar Restaurante El Puerto S.L.", "customer"),
    ContactName(6, "Gestoría Ibáñez", "supplier"),
]
OWN = "Fontanería Martín"


def _facts(
    message: str, contacts: list[ContactName] = CONTACTS, previous: str | None = None
) -> list[tuple[object, ...]]:
    return [
        (f.subject_name, f.subject_contact_id, f.attribute, f.value)
        for f in extract_facts(message, [], contacts=contacts, organization=OWN, previous=previous)
        if not f.note
    ]


def _kinds(text: str, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(s.kind, s.value) for s in find_slots(text) if s.kind in kinds]


def test_two_everyday_words_of_a_name_said_together_name_it():
    assert [m.name for m in match_contacts("costa azul nos sube la tarifa", CONTACTS)] == [
        "Telefonía Costa Azul S.A."
    ]
    assert [m.name for m in match_contacts("el gym fuerza libre paga a 30", CONTACTS)] == [
        "Gimnasio Fuerza Libre S.L."
    ]


@pytest.mark.parametrize(
    "message",
    ["la costa es azul y nos cobra 45", "tiene fuerza y es libre de elegir", "azul costa"],
)
def test_everyday_words_apart_or_out_of_order_name_nobody(message):
    assert match_contacts(message, CONTACTS) == []


def test_a_verb_with_its_object_after_a_trade_word_is_no_name():
    assert trade_names("la gestoria sube la cuota a 210") == []
    assert [m.name for m in trade_names("ferreteria ruiz el lunes cierra")] == ["Ferretería Ruiz"]
    assert [m.name for m in trade_names("gasoleos ribera quiere cobrar")] == ["Gasóleos Ribera"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el desplazamiento pasa a treinta y cinco", [("amount", "35 €")]),
        ("la revision le cobramos 25 y no 30", [("amount", "25 €")]),
        ("la visita se queda en cuarenta", [("amount", "40 €")]),
        ("nos cobran veinticinco", [("amount", "25 €")]),
    ],
)
def test_a_bare_amount_after_charging_it_is_in_euros(text, expected):
    assert _kinds(text, ("amount",)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el plazo pasa a 60", []),  # days, not euros
        ("nos cobra 45 al mes", [("amount", "45 €/mes")]),  # read with its unit
        ("le cobramos el 10 %", []),
        ("pasa a las 5", []),
        ("cobra a 30 dias", []),
        ("baja a dos grados", []),
    ],
)
def test_look_alikes_of_a_bare_amount(text, expected):
    assert _kinds(text, ("amount",)) == expected


def test_closing_at_an_hour_from_one_to_seven_is_in_the_afternoon():
    assert _kinds("los viernes cierran a la 1 y media", ("time",)) == [("time", "hasta 13:30")]
    assert _kinds("cierra a las 9", ("time",)) == [("time", "hasta 9:00")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el tecnico q nos atiende es Ruben", [("person", "Ruben")]),
        ("la directora, Mª Carmen Alapont, firma", [("person", "Mª Carmen Alapont")]),
        ("el que tiene las llaves es el conserje, Paco", [("person", "Paco")]),
        ("la recepcionista, Eva Soler", [("person", "Eva Soler")]),
    ],
)
def test_who_holds_a_role_with_a_copula_or_a_third_word(text, expected):
    assert _kinds(text, ("person",)) == expected


def test_a_third_word_that_is_no_name_is_left_out():
    assert _kinds("la directora, Mª Carmen, Ahora está de baja", ("person",)) == [
        ("person", "Mª Carmen")
    ]


def test_the_word_that_labels_an_address_is_no_channel():
    assert _kinds("mi correo es ana.vidal@gmail.com", ("channel", "email")) == [
        ("email", "ana.vidal@gmail.com")
    ]
    assert _kinds("mejor por correo que por whatsapp", ("channel",)) == [
        ("channel", "email"),
        ("channel", "WhatsApp"),
    ]


def test_the_writer_s_own_address_and_phone():
    assert _facts("mi correo personal es ana.vidal@gmail.com por si acaso") == [
        ("", None, "email", "ana.vidal@gmail.com")
    ]
    facts = extract_facts("tengo movil nuevo, 611 22 33 44", [], contacts=CONTACTS, organization="")
    assert [(f.category, f.attribute, f.value) for f in facts] == [
        ("perfil_usuario", "telefono", "611 223 344")
    ]


def test_asked_not_to_be_spoken_to_formally_is_tuteo():
    assert _kinds("no me hables de usted", ("tone",)) == [("tone", "tú")]
    assert _kinds("a ese cliente hablale de usted", ("tone",)) == [("tone", "usted")]


def test_a_short_form_inside_a_business_name_ends_no_sentence():
    # Since round 14 the short form is also written out, as a contact would store it.
    assert _facts("Hnos. Cervera nos hacen un 8% si pagamos al contado")[0] == (
        "Hermanos Cervera",
        None,
        "descuento",
        "8 %",
    )


def test_closing_days_said_beside_another_value():
    assert _facts("bar el puerto: cierran los martes, y ahora pagan a 30") == [
        ("Bar Restaurante El Puerto S.L.", 5, "plazo_pago", "30 días"),
        ("Bar Restaurante El Puerto S.L.", 5, "horario", "martes"),
    ]


def test_a_follow_up_that_completes_the_name_of_the_contact_person():
    previous = "el nuevo encargado de la residencia los olivos se llama Tomas"
    assert _facts("Tomas Ferrer, con dos erres", previous=previous) == [
        ("Residencia Los Olivos S.L.", 3, "persona_contacto", "Tomas Ferrer")
    ]
    # another full name is no completion of it
    assert _facts("Julia Ferrer, con dos erres", previous=previous) == []


def test_a_follow_up_on_how_to_reach_the_one_just_named():
    previous = "a ramon ciscar mandale las facturas por correo"
    assert _facts("mejor x whatsapp, dice su hija", previous=previous) == [
        ("Ramón Císcar", 4, "canal_preferido", "WhatsApp")
    ]
    # said of herself, it stays the writer's
    assert _facts("a mi mejor escribeme x whatsapp", previous=previous) == [
        ("", None, "canal_preferido", "WhatsApp")
    ]


def test_a_fact_naming_no_one_from_a_writer_who_reads_no_contacts_carries_its_clause():
    facts = extract_facts("termotecnicas nos deja pagar a sesenta dias", [], organization=OWN)
    assert [(f.subject_name, f.value, f.subject_hint) for f in facts] == [
        ("", "60 días", "Termotecnicas nos deja pagar a sesenta dias")
    ]
    # a writer who reads contacts gets no hint: the extractor matched them itself
    facts = extract_facts("cerramos en agosto", [], contacts=CONTACTS, organization=OWN)
    assert [f.subject_hint for f in facts] == [""]


def test_the_scorer_reads_an_unlinked_subject_written_in_its_name():
    fact = ExtractedFact("cliente", "cierre", "domingo, lunes", "Cierra domingos y lunes.")
    expected = {"subject": "unlinked:Bodega El Tonel", "value": "domingos y lunes"}
    assert subject_matches(expected, Found("Bodega El Tonel", False, fact)) is True
    assert subject_matches(expected, Found("Bodega El Tonel", True, fact)) is False
    assert subject_matches(expected, Found("unlinked:Bodega El Tonel", True, fact)) is False


@pytest.mark.django_db
def test_a_contact_named_in_lowercase_by_a_writer_who_reads_none_is_proposed_linked(
    world: World,
):
    tormo = Contact.objects.create(organization=world.org, kind="customer", name="Óscar Tormo")
    books = world.bookkeeper

    _say(world, "oscar tormo ahora paga con bizum", user=books)

    assert list(
        Memory.objects.order_by("id").values_list(
            "subject", "contact_id", "attribute", "value", "status", "created_by_id"
        )
    ) == [
        ("", None, "metodo_pago", "Bizum", "active", books.pk),
        (f"contacto:{tormo.pk}", tormo.pk, "metodo_pago", "Bizum", "proposed", books.pk),
    ]


@pytest.mark.django_db
def test_a_clause_that_names_no_contact_proposes_nothing(world: World):
    Contact.objects.create(organization=world.org, kind="customer", name="Óscar Tormo")
    books = world.bookkeeper

    _say(world, "ahora pagamos la luz con bizum", user=books)

    assert list(Memory.objects.values_list("subject", "status")) == [("", "active")]
