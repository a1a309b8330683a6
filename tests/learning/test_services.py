"""Learning from a stored message: subjects linked under the writer's access, notes, corrections."""

from __future__ import annotations

from typing import Any

import pytest

from channels_app.models import LearnedNotice
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.outbox import outbox_drain
from learning.services import message_learn
from memory.models import Memory
from memory.selectors import memories_visible
from sumalos.accounts.models import User
from sumalos.invoicing.models import Contact
from tests.world import World

pytestmark = pytest.mark.django_db


@pytest.fixture
def contacts(world: World) -> dict[str, Contact]:
    return {
        name: Contact.objects.create(organization=world.org, kind=kind, name=name)
        for kind, name in (("supplier", "Ferretería Ruiz"), ("customer", "Hostal Miramar"))
    }


def _say(world: World, text: str, user: User | None = None) -> None:
    access = world.access(user or world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
    outbox_drain(handler=message_learn)


def _facts() -> list[tuple[Any, ...]]:
    return list(
        Memory.objects.order_by("id").values_list(
            "category", "subject", "attribute", "value", "text", "status"
        )
    )


def test_a_role_word_links_the_supplier_and_the_negated_method_is_passed_over(world, contacts):
    ruiz = contacts["Ferretería Ruiz"]

    _say(world, "ojo, los de la ferretería ahora cobran por Bizum, nada de transferencias")

    assert _facts() == [
        (
            "proveedor",
            f"contacto:{ruiz.pk}",
            "metodo_pago",
            "Bizum",
            "A Ferretería Ruiz se le paga por Bizum.",
            "active",
        )
    ]


def test_a_writer_who_may_not_read_contacts_keeps_her_copy_and_proposes_it_linked(world, contacts):
    ruiz = contacts["Ferretería Ruiz"]
    books = world.bookkeeper

    _say(world, "Ferretería Ruiz ahora cobra por Bizum", user=books)

    mine, proposal = Memory.objects.order_by("id")
    assert (mine.subject, mine.contact_id, mine.value, mine.unverified) == (
        "Ferretería Ruiz",
        None,
        "Bizum",
        False,
    )
    assert (
        proposal.subject,
        proposal.contact_id,
        proposal.value,
        proposal.visibility,
        proposal.area,
        proposal.status,
        proposal.unverified,
        proposal.created_by_id,
    ) == (f"contacto:{ruiz.pk}", ruiz.pk, "Bizum", "shared", "contacts", "proposed", True, books.pk)
    # She reads her own copy and is told of it alone; the owner reads the linked proposal.
    assert list(memories_visible(access=world.access(books)).values_list("id", flat=True)) == [
        mine.pk
    ]
    assert list(LearnedNotice.objects.values_list("memory_id", flat=True)) == [mine.pk]
    assert proposal.pk in memories_visible(access=world.access(world.owner)).values_list(
        "id", flat=True
    )


def test_a_name_the_writer_sets_apart_is_not_proposed_for_the_similar_contact(world, contacts):
    _say(world, "El Hostal Mirasol (no el Miramar) paga por Bizum", user=world.bookkeeper)

    assert [(m.subject, m.contact_id) for m in Memory.objects.all()] == [("Hostal Mirasol", None)]


def test_a_writer_who_reads_contacts_makes_no_proposal(world, contacts):
    ruiz = contacts["Ferretería Ruiz"]

    _say(world, "Ferretería Ruiz ahora cobra por Bizum", user=world.owner)

    assert list(Memory.objects.values_list("subject", "status", "unverified")) == [
        (f"contacto:{ruiz.pk}", "active", False)
    ]


def test_a_fact_with_no_confident_attribute_is_kept_as_one_note_and_announced(world, contacts):
    miramar = contacts["Hostal Miramar"]

    _say(world, "El Hostal Miramar tiene la caldera en la azotea")

    assert _facts() == [
        (
            "cliente",
            f"contacto:{miramar.pk}",
            "",
            "",
            "Hostal Miramar tiene la caldera en la azotea.",
            "active",
        )
    ]
    assert list(LearnedNotice.objects.values_list("text", flat=True)) == [
        "Hostal Miramar tiene la caldera en la azotea."
    ]


def test_a_correction_supersedes_the_earlier_value(world, contacts):
    miramar = contacts["Hostal Miramar"]
    _say(world, "Hostal Miramar paga por transferencia")

    _say(world, "el hostal ya no paga por transferencia, ahora por Bizum")

    assert [row[2:] for row in _facts()] == [
        ("metodo_pago", "transferencia", "Hostal Miramar paga por transferencia.", "superseded"),
        ("metodo_pago", "Bizum", "Hostal Miramar paga por Bizum.", "active"),
    ]
    assert {row[1] for row in _facts()} == {f"contacto:{miramar.pk}"}


def test_a_leftover_note_is_kept_beside_the_typed_fact_and_supersedes_nothing(world, contacts):
    miramar = contacts["Hostal Miramar"]

    _say(world, "Hostal Miramar paga a 30 días, pero en enero siempre se retrasan")

    assert _facts() == [
        (
            "cliente",
            f"contacto:{miramar.pk}",
            "plazo_pago",
            "30 días",
            "Hostal Miramar paga a 30 días.",
            "active",
        ),
        (
            "cliente",
            f"contacto:{miramar.pk}",
            "",
            "",
            "Hostal Miramar: en enero siempre se retrasan.",
            "active",
        ),
    ]


def test_a_fact_about_the_writers_own_company_goes_to_the_company(world, contacts):
    # "Taller Uno" is the organization's own name: without it, an unknown customer's.
    _say(world, "Taller Uno cierra la segunda quincena de agosto")

    assert [row[:4] for row in _facts()] == [("empresa", "", "cierre", "16-31 agosto")]


def test_a_fact_asked_to_be_shared_is_the_companys_not_the_writers_profile(world, contacts):
    _say(
        world,
        "Como soy el único que se acuerda de estas cosas, lo dejo para todos: la revisión de la "
        "furgoneta es en abril.",
    )

    assert list(Memory.objects.values_list("category", "visibility", "text")) == [
        (
            "empresa",
            "shared",
            "Como soy el único que se acuerda de estas cosas, lo dejo: la revisión de la "
            "furgoneta es en abril.",
        )
    ]


def test_a_message_asking_in_words_to_keep_it_is_kept_as_a_note(world, contacts):
    _say(world, "voy conduciendo, apunta que la extensión de Lucía en la centralita es la 214")

    assert list(Memory.objects.values_list("category", "visibility", "text")) == [
        (
            "empresa",
            "shared",
            "Voy conduciendo, apunta que la extensión de Lucía en la centralita es la 214.",
        )
    ]
