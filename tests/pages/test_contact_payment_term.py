"""The contact page shows the payment term drafts will use, and where it came from.

Monday: the owner tells Suma "Talleres García ahora paga a 60 días, no a 30". The record still
says 30; the page says 60 with its source, and a draft made in the chat falls due in 60 days.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from channels_app.models import LearnedNotice
from channels_app.services.outbox import outbox_drain
from learning.services import message_learn
from memory.models import Memory
from memory.services import memory_write
from sumalos.invoicing.models import Contact, Invoice
from tests.pages.html import block_text
from tests.world import World

LEARNT_AT = datetime.datetime(2027, 1, 25, 10, 30, tzinfo=datetime.UTC)


def _garcia(world: World) -> Contact:
    return Contact.objects.create(
        organization=world.org, kind="customer", name="Talleres García S.L.", payment_terms_days=30
    )


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _term(user, contact: Contact) -> str | None:
    response = _client(user).get(f"/contactos/{contact.pk}/")
    assert response.status_code == 200
    return block_text(response.content.decode(), "plazo-de-pago")


@pytest.mark.django_db
def test_without_a_memory_the_page_shows_the_record(world: World):
    garcia = _garcia(world)

    assert _term(world.owner, garcia) == "Pagan a 30 días (ficha del contacto)"


@pytest.mark.django_db
def test_a_memory_written_without_a_chat_names_its_author_and_is_read_under_the_rule(
    world: World,
):
    # Given the reader keeps, only for herself, that García pays at 45 days.
    garcia = _garcia(world)
    written = memory_write(
        access=world.access(world.reader),
        category="cliente",
        text="Talleres García paga a 45 días.",
        subject=f"contacto:{garcia.pk}",
        attribute="plazo_pago",
        value="45 días",
        area="contacts",
        requested_visibility="private_in_org",
        explicit=True,
        organization_id=world.org.pk,
    ).memory
    assert written is not None
    Memory.objects.filter(pk=written.pk).update(created_at=LEARNT_AT)

    # Then her page shows it with its author; the owner, who may not read it, sees the record.
    assert _term(world.reader, garcia) == (
        "Pagan a 45 días (lo que recuerda Suma; las facturas nuevas vencen así) "
        "En la ficha: 30 días. Lo guardó Rita Lectora el 25 de enero de 2027: "
        "«Talleres García paga a 45 días.» · Ver el recuerdo"
    )
    assert _term(world.owner, garcia) == "Pagan a 30 días (ficha del contacto)"


@pytest.mark.django_db(transaction=True)
def test_the_page_and_the_draft_use_the_remembered_term(world_tx: World):
    garcia = _garcia(world_tx)
    owner = _client(world_tx.owner)
    owner.post("/suma/nueva/")
    chat_url = owner.get("/suma/")["Location"]

    # Monday: the owner says it in the web chat; Suma learns after the reply.
    owner.post(chat_url + "mensaje/", {"text": "Talleres García ahora paga a 60 días, no a 30"})
    outbox_drain(handler=message_learn)
    LearnedNotice.objects.update(created_at=LEARNT_AT)
    memory = Memory.objects.get(attribute="plazo_pago")

    # The page shows the remembered term, the record's, and who said it, when and where.
    assert _term(world_tx.owner, garcia) == (
        "Pagan a 60 días (lo que recuerda Suma; las facturas nuevas vencen así) "
        "En la ficha: 30 días. Lo dijiste tú en el chat web el 25 de enero de 2027: "
        "«Talleres García S.L. paga a 60 días.» · Ver el recuerdo"
    )
    assert _term(world_tx.reader, garcia) == (
        "Pagan a 60 días (lo que recuerda Suma; las facturas nuevas vencen así) "
        "En la ficha: 30 días. Lo dijo Olga Propietaria en el chat web el 25 de enero de 2027: "
        "«Talleres García S.L. paga a 60 días.» · Ver el recuerdo"
    )
    page = owner.get(f"/contactos/{garcia.pk}/").content.decode()
    assert f'href="/memoria/#memoria-{memory.pk}"' in page
    garcia.refresh_from_db()
    assert garcia.payment_terms_days == 30

    # Thursday: a draft from the chat falls due in the days the page shows.
    owner.post(
        chat_url + "mensaje/", {"text": "factura a Talleres García el cambio de frenos, 240 euros"}
    )
    draft = Invoice.objects.get(status="draft", contact=garcia)
    assert (draft.due_date - draft.issue_date).days == 60
