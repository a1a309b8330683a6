"""The web chat through Django's test client: a turn, a draft confirmed, refusals, the
temporary conversation, the link card."""

from __future__ import annotations

import re

import pytest

from channels_app.models import AiMessage, LinkCode, WebChat
from sumalos.invoicing.models import Contact, Invoice

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def garcia(world_tx):
    return Contact.objects.create(
        organization=world_tx.org,
        kind="customer",
        name="Talleres García S.L.",
        payment_terms_days=30,
    )


def _open_chat(client, user, *, temporary=False):
    client.force_login(user)
    response = client.post("/suma/nueva/", {"temporary": "1"} if temporary else {})
    assert response.status_code == 302
    return WebChat.objects.get(owner_user=user)


def test_a_turn_shows_the_draft_and_confirming_issues_it(client, world_tx, garcia):
    chat = _open_chat(client, world_tx.owner)

    client.post(
        f"/suma/{chat.pk}/mensaje/",
        {"text": "factura a Talleres García el cambio de frenos, 240 euros"},
    )
    page = client.get(f"/suma/{chat.pk}/").content.decode()

    invoice = Invoice.objects.get()
    assert "Borrador de factura · Talleres García S.L." in page
    assert "<strong>Total 290.40 €</strong>" in page
    assert "Suma funciona sin conexión" in page
    assert [m.role for m in AiMessage.objects.filter(conversation_id=chat.conversation_id)] == [
        "user",
        "assistant",
    ]

    response = client.post(
        f"/suma/borrador/factura/{invoice.pk}/confirmar/", {"next": f"/suma/{chat.pk}/"}
    )

    invoice.refresh_from_db()
    assert response.status_code == 302
    assert invoice.status == "issued"
    assert re.fullmatch(r"F\d{4}-0001", invoice.number)


def test_someone_elses_chat_is_not_found(client, world_tx):
    chat = _open_chat(client, world_tx.owner)
    client.force_login(world_tx.admin)

    assert client.get(f"/suma/{chat.pk}/").status_code == 404
    assert client.post(f"/suma/{chat.pk}/mensaje/", {"text": "hola"}).status_code == 404
    assert WebChat.objects.get(pk=chat.pk).transcript == []


def test_a_member_who_may_not_write_invoices_cannot_confirm_a_draft(client, world_tx, garcia):
    chat = _open_chat(client, world_tx.owner)
    client.post(
        f"/suma/{chat.pk}/mensaje/",
        {"text": "factura a Talleres García el cambio de frenos, 240 euros"},
    )
    invoice = Invoice.objects.get()
    client.force_login(world_tx.reader)

    client.post(f"/suma/borrador/factura/{invoice.pk}/confirmar/")

    invoice.refresh_from_db()
    assert (invoice.status, invoice.number) == ("draft", "")


def test_a_temporary_conversation_writes_no_messages_and_no_memory(client, world_tx):
    chat = _open_chat(client, world_tx.owner, temporary=True)

    client.post(f"/suma/{chat.pk}/mensaje/", {"text": "recuerda que cerramos en agosto"})
    page = client.get(f"/suma/{chat.pk}/").content.decode()

    assert AiMessage.objects.count() == 0
    assert "No lo he guardado: En una conversación temporal no guardo nada." in page


def test_the_link_card_shows_a_code_stored_only_as_hmac(client, world_tx):
    chat = _open_chat(client, world_tx.owner)

    client.post("/suma/whatsapp/vincular/", {"next": f"/suma/{chat.pk}/"})
    page = client.get(f"/suma/{chat.pk}/").content.decode()

    found = re.search(r"VINCULAR (\w{6})", page)
    assert found is not None
    code = found.group(1)
    stored = LinkCode.objects.get()
    assert code not in stored.code_hmac
    assert len(stored.code_hmac) == 64
