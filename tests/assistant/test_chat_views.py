"""The web chat through Django's test client: a turn, a draft confirmed, refusals, the
temporary conversation, deleting a conversation, the link card."""

from __future__ import annotations

import re

import pytest
from django.db import connection

from assistant.models import ConversationSummary
from channels_app.models import (
    AiMessage,
    LearnedNotice,
    LinkCode,
    OutboxEntry,
    PhoneLink,
    WebChat,
    WhatsappMessage,
)
from memory.models import Memory
from memory.services import memory_write
from search.models import SearchDocument, ShownItem
from search.services import outbox_drain
from sumalos.invoicing.models import Contact, Invoice
from tests.support import queue_drain, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def garcia(world_tx):
    return Contact.objects.create(
        organization=world_tx.org,
        kind="customer",
        name="Talleres García S.L.",
        payment_terms_days=30,
    )


QUESTION = "¿a cuántos días paga Talleres García?"


def _open_chat(client, user):
    client.force_login(user)
    response = client.post("/suma/nueva/")
    chat = WebChat.objects.filter(owner_user=user).latest("id")
    assert (response.status_code, response["Location"]) == (302, f"/suma/{chat.public_id}/")
    return chat


def _remember_60_days(world, contact):
    return memory_write(
        access=world.access(world.owner),
        category="cliente",
        subject=f"contacto:{contact.pk}",
        attribute="plazo_pago",
        value="60 días",
        text="Talleres García paga a 60 días.",
        organization_id=world.org.pk,
    ).memory


def _row_counts() -> dict[str, int]:
    counts = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f'SELECT count(*) FROM "{table}"')
            counts[table] = cursor.fetchone()[0]
    return counts


def _state(page: str) -> str:
    found = re.search(r'name="state" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_a_turn_shows_the_draft_and_confirming_issues_it(client, world_tx, garcia):
    chat = _open_chat(client, world_tx.owner)

    client.post(
        f"/suma/{chat.public_id}/mensaje/",
        {"text": "factura a Talleres García el cambio de frenos, 240 euros"},
    )
    page = client.get(f"/suma/{chat.public_id}/").content.decode()

    invoice = Invoice.objects.get()
    assert "Borrador de factura · Talleres García S.L." in page
    assert "<strong>Total 290.40 €</strong>" in page
    assert "Suma funciona sin conexión" in page
    assert [m.role for m in AiMessage.objects.filter(conversation_id=chat.conversation_id)] == [
        "user",
        "assistant",
    ]

    response = client.post(
        f"/suma/borrador/factura/{invoice.pk}/confirmar/", {"next": f"/suma/{chat.public_id}/"}
    )

    invoice.refresh_from_db()
    assert response.status_code == 302
    assert invoice.status == "issued"
    assert re.fullmatch(r"F\d{4}-0001", invoice.number)


def test_someone_elses_chat_is_not_found(client, world_tx):
    chat = _open_chat(client, world_tx.owner)
    client.force_login(world_tx.admin)

    assert client.get(f"/suma/{chat.public_id}/").status_code == 404
    assert client.post(f"/suma/{chat.public_id}/mensaje/", {"text": "hola"}).status_code == 404
    assert WebChat.objects.get(pk=chat.pk).transcript == []


def test_a_member_who_may_not_write_invoices_cannot_confirm_a_draft(client, world_tx, garcia):
    chat = _open_chat(client, world_tx.owner)
    client.post(
        f"/suma/{chat.public_id}/mensaje/",
        {"text": "factura a Talleres García el cambio de frenos, 240 euros"},
    )
    invoice = Invoice.objects.get()
    client.force_login(world_tx.reader)

    client.post(f"/suma/borrador/factura/{invoice.pk}/confirmar/")

    invoice.refresh_from_db()
    assert (invoice.status, invoice.number) == ("draft", "")


def test_chats_are_addressed_by_a_random_public_id_and_integer_urls_are_gone(client, world_tx):
    chat = _open_chat(client, world_tx.owner)

    client.post(f"/suma/{chat.public_id}/mensaje/", {"text": "hola"})

    assert client.get(f"/suma/{chat.public_id}/").status_code == 200
    assert client.get(f"/suma/{chat.pk}/").status_code == 404
    assert client.post(f"/suma/{chat.pk}/mensaje/", {"text": "hola"}).status_code == 404
    assert set(AiMessage.objects.values_list("conversation_id", flat=True)) == {
        f"web:{chat.public_id}"
    }
    assert f'href="/suma/{chat.public_id}/"' in client.get("/suma/", follow=True).content.decode()


def test_a_temporary_conversation_leaves_no_row_in_any_table(client, world_tx, garcia):
    _remember_60_days(world_tx, garcia)
    client.force_login(world_tx.owner)
    before = _row_counts()

    first = client.get("/suma/temporal/").content.decode()
    second = client.post(
        "/suma/temporal/",
        {"state": _state(first), "text": "¿a cuántos días paga Talleres García?"},
    ).content.decode()
    third = client.post(
        "/suma/temporal/", {"state": _state(second), "text": "recuerda que cerramos en agosto"}
    ).content.decode()

    changed = {t: (before[t], n) for t, n in _row_counts().items() if n != before.get(t)}
    assert "según lo que recuerdo («Talleres García paga a 60 días.»), a 60 días." in third
    assert "No lo he guardado: En una conversación temporal no guardo nada." in third
    assert "¿a cuántos días paga Talleres García?" in third
    # Only the model-cost ledger moves: provider, model and token counts, no text, no person.
    assert set(changed) <= {"ai_usage"}
    assert "No guarda nada" in first
    assert "no-store" in client.get("/suma/temporal/")["Cache-Control"]


@pytest.mark.slow
def test_with_a_worker_running_a_temporary_chat_teaches_nothing(client, world_tx, worker):
    worker()
    client.force_login(world_tx.owner)
    client.post("/suma/temporal/", {"text": "Mi hijo se llama Juan"})
    chat = _open_chat(client, world_tx.owner)
    client.post(
        f"/suma/{chat.public_id}/mensaje/",
        {"text": "Talleres García ahora paga a 60 días, no a 30"},
    )

    queue_drain()
    wait_for(lambda: Memory.objects.filter(attribute="plazo_pago").exists())
    wait_for(lambda: not OutboxEntry.objects.exclude(status="done").exists())

    assert list(Memory.objects.values_list("attribute", "value")) == [("plazo_pago", "60 días")]
    assert list(AiMessage.objects.values_list("conversation_id", "role")) == [
        (chat.conversation_id, "user"),
        (chat.conversation_id, "assistant"),
    ]


def test_the_same_question_in_a_normal_chat_is_recorded_in_the_ledger(client, world_tx, garcia):
    """The control for the test above: a stored chat does record what Suma showed."""
    remembered = _remember_60_days(world_tx, garcia)
    chat = _open_chat(client, world_tx.owner)

    client.post(
        f"/suma/{chat.public_id}/mensaje/", {"text": "¿a cuántos días paga Talleres García?"}
    )

    assert list(ShownItem.objects.values_list("conversation_id", "item_id")) == [
        (f"web:{chat.public_id}", remembered.pk)
    ]


def test_a_temporary_transcript_that_was_altered_or_is_someone_elses_is_refused(client, world_tx):
    client.force_login(world_tx.owner)
    page = client.post("/suma/temporal/", {"text": "hola"}).content.decode()
    state = _state(page)
    client.force_login(world_tx.admin)

    theirs = client.post("/suma/temporal/", {"state": state, "text": "¿qué me dijo?"})
    forged = client.post("/suma/temporal/", {"state": state[:-2] + "xx", "text": "hola"})

    for response in (theirs, forged):
        assert response.status_code == 200
        assert "La conversación temporal ha caducado o no es tuya." in response.content.decode()
        assert "¿qué me dijo?" not in response.content.decode()


def test_deleting_a_conversation_removes_its_summary_ledger_index_and_what_it_taught(
    client, world_tx, garcia
):
    remembered = _remember_60_days(world_tx, garcia)
    chat = _open_chat(client, world_tx.owner)
    other = _open_chat(client, world_tx.owner)
    client.post(
        f"/suma/{chat.public_id}/mensaje/", {"text": "¿a cuántos días paga Talleres García?"}
    )
    client.post(
        f"/suma/{other.public_id}/mensaje/", {"text": "¿a cuántos días paga Talleres García?"}
    )
    outbox_drain()
    message_ids = list(
        AiMessage.objects.filter(conversation_id=chat.conversation_id).values_list("pk", flat=True)
    )
    ConversationSummary.objects.create(
        conversation_id=chat.conversation_id,
        owner_user=world_tx.owner,
        points=[{"id": 1, "text": "Pregunta por el plazo de García", "messages": message_ids}],
    )
    private = Memory.objects.create(
        organization=world_tx.org,
        visibility="private_in_org",
        owner_user=world_tx.owner,
        created_by=world_tx.owner,
        category="personal",
        text="Prefiero llamar a García por la tarde.",
        sources=[str(message_ids[0])],
    )
    LearnedNotice.objects.create(
        conversation_id=chat.conversation_id,
        channel="web",
        owner_user=world_tx.owner,
        memory=private,
        text=private.text,
        visibility="private_in_org",
    )
    assert SearchDocument.objects.filter(kind="message", source_id__in=message_ids).count() == 2
    page = client.get(f"/suma/{chat.public_id}/").content.decode()
    assert "Borrar esta conversación" in page
    assert "No se puede deshacer." in page

    response = client.post(f"/suma/{chat.public_id}/borrar/", follow=True)

    assert response.redirect_chain[0] == ("/suma/", 302)
    assert "Conversación borrada, y con ella 1 recuerdo(s)" in response.content.decode()
    assert not WebChat.objects.filter(pk=chat.pk).exists()
    assert AiMessage.objects.filter(conversation_id=chat.conversation_id).count() == 0
    assert ConversationSummary.objects.count() == 0
    assert LearnedNotice.objects.count() == 0
    assert SearchDocument.objects.filter(kind="message", source_id__in=message_ids).count() == 0
    assert list(ShownItem.objects.values_list("conversation_id", flat=True)) == [
        other.conversation_id
    ]
    assert list(Memory.objects.values_list("pk", flat=True)) == [remembered.pk]
    assert AiMessage.objects.filter(conversation_id=other.conversation_id).count() == 2


def test_someone_elses_conversation_cannot_be_deleted(client, world_tx):
    chat = _open_chat(client, world_tx.owner)
    client.post(f"/suma/{chat.public_id}/mensaje/", {"text": "hola"})
    client.force_login(world_tx.admin)

    response = client.post(f"/suma/{chat.public_id}/borrar/")

    assert response.status_code == 404
    assert WebChat.objects.filter(pk=chat.pk).exists()
    assert AiMessage.objects.filter(conversation_id=chat.conversation_id).count() == 2


def test_the_link_card_offers_adopting_earlier_history_and_unlinking(client, world_tx):
    phone = "+34600111222"
    WhatsappMessage.objects.create(
        message_sid="SM" + "1" * 32, direction="inbound", phone=phone, body="Hola, soy Rita"
    )
    link = PhoneLink.objects.create(phone=phone, user=world_tx.reader)
    PhoneLink.objects.filter(pk=link.pk).update(created_at=link.created_at)
    chat = _open_chat(client, world_tx.reader)

    page = client.get(f"/suma/{chat.public_id}/").content.decode()
    assert "Vinculado al número <strong>+34600111222</strong>." in page
    assert "Este número tiene 1 mensaje de antes de vincularlo." in page

    adopted = client.post(
        "/suma/whatsapp/historial/", {"next": f"/suma/{chat.public_id}/"}, follow=True
    ).content.decode()

    assert "Añadidos 1 mensajes anteriores de WhatsApp a tu historial." in adopted
    assert "de antes de vincularlo" not in adopted
    assert AiMessage.objects.get(channel="whatsapp").owner_user_id == world_tx.reader.pk

    unlinked = client.post(
        "/suma/whatsapp/desvincular/", {"next": f"/suma/{chat.public_id}/"}, follow=True
    ).content.decode()

    assert "Tu número de WhatsApp ya no está vinculado." in unlinked
    assert "Vincular WhatsApp" in unlinked
    assert PhoneLink.objects.count() == 0


def test_the_link_card_shows_a_code_stored_only_as_hmac(client, world_tx):
    chat = _open_chat(client, world_tx.owner)

    client.post("/suma/whatsapp/vincular/", {"next": f"/suma/{chat.public_id}/"})
    page = client.get(f"/suma/{chat.public_id}/").content.decode()

    found = re.search(r"VINCULAR (\w{6})", page)
    assert found is not None
    code = found.group(1)
    stored = LinkCode.objects.get()
    assert code not in stored.code_hmac
    assert len(stored.code_hmac) == 64


def test_the_chat_forms_never_redirect_to_another_site(client, world_tx):
    client.force_login(world_tx.owner)

    response = client.post("/suma/whatsapp/vincular/", {"next": "https://evil.example/suma/"})

    assert (response.status_code, response["Location"]) == (302, "/suma/")
