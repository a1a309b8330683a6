"""Secrets stay in their owner's chat and are masked in every derived copy: ai_messages, written
by the triggers of channels_app/migrations/0004, and the search index built from it."""

from __future__ import annotations

import pytest

from channels_app.models import AiMessage, WebChat, WhatsappMessage
from channels_app.services.chats import web_chat_append, web_chat_create, web_chat_edit_message
from channels_app.services.whatsapp import whatsapp_inbound_receive
from search.models import SearchChunk
from search.services import outbox_drain
from tests.channels.conftest import Phones
from tests.world import World

pytestmark = pytest.mark.django_db

SECRET = "Para entrar al banco uso Nube2024 y el código es 482913"
MASKED = "Para entrar al banco uso [dato oculto] y el código es [dato oculto]"


def _copies(conversation_id: str) -> list[str]:
    return list(
        AiMessage.objects.filter(conversation_id=conversation_id)
        .order_by("id")
        .values_list("text", flat=True)
    )


def _indexed(message_ids: list[int]) -> list[str]:
    return list(
        SearchChunk.objects.filter(
            document__kind="message", document__source_id__in=message_ids
        ).values_list("content", flat=True)
    )


def test_a_web_secret_stays_in_the_chat_and_is_masked_in_ai_messages_and_the_index(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)

    web_chat_append(access=access, chat_id=chat.pk, role="user", text=SECRET)
    outbox_drain()

    transcript = WebChat.objects.get(pk=chat.pk).transcript
    assert [p["text"] for p in transcript[0]["parts"]] == [SECRET]
    assert _copies(chat.conversation_id) == [MASKED]
    message_ids = list(AiMessage.objects.values_list("id", flat=True))
    assert _indexed(message_ids) == [MASKED]
    assert SearchChunk.objects.filter(content__contains="482913").count() == 0


def test_a_message_without_secrets_is_copied_as_written_with_no_masked_copy(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)

    web_chat_append(access=access, chat_id=chat.pk, role="user", text="La factura F-2025/083")

    parts = WebChat.objects.get(pk=chat.pk).transcript[0]["parts"]
    assert parts == [{"type": "text", "text": "La factura F-2025/083"}]
    assert _copies(chat.conversation_id) == ["La factura F-2025/083"]


def test_editing_a_web_message_into_a_secret_masks_the_copy_and_back_unmasks_it(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    message_id = web_chat_append(access=access, chat_id=chat.pk, role="user", text="Hola")

    web_chat_edit_message(access=access, chat_id=chat.pk, message_id=message_id, text=SECRET)

    assert _copies(chat.conversation_id) == [MASKED]

    web_chat_edit_message(access=access, chat_id=chat.pk, message_id=message_id, text="Adiós")

    assert _copies(chat.conversation_id) == ["Adiós"]
    assert "masked" not in WebChat.objects.get(pk=chat.pk).transcript[0]["parts"][0]


def test_a_whatsapp_secret_stays_in_the_message_and_is_masked_in_ai_messages_and_the_index(
    phones: Phones,
):
    inbound = whatsapp_inbound_receive(
        message_sid="SM1", phone=phones.linked, body=SECRET, media=[]
    )
    outbox_drain()

    assert inbound.message is not None
    stored = WhatsappMessage.objects.get(pk=inbound.message.pk)
    assert (stored.body, stored.body_masked, stored.caption_masked) == (SECRET, MASKED, None)
    assert _copies(f"whatsapp:{phones.linked}") == [MASKED]
    message_ids = list(AiMessage.objects.values_list("id", flat=True))
    assert _indexed(message_ids) == [MASKED]


def test_a_whatsapp_caption_with_a_card_number_is_masked_in_ai_messages(phones: Phones):
    media = [{"url": "https://example.test/ticket.jpg", "content_type": "image/jpeg"}]

    whatsapp_inbound_receive(
        message_sid="SM2", phone=phones.unlinked, body="Pago con 4111 1111 1111 1111", media=media
    )

    stored = WhatsappMessage.objects.get(message_sid="SM2")
    assert (stored.caption, stored.caption_masked, stored.body_masked) == (
        "Pago con 4111 1111 1111 1111",
        "Pago con [dato oculto]",
        None,
    )
    assert _copies(f"whatsapp:{phones.unlinked}") == ["Pago con [dato oculto]"]


def test_a_whatsapp_message_without_secrets_is_copied_as_written(phones: Phones):
    whatsapp_inbound_receive(
        message_sid="SM3", phone=phones.unlinked, body="Llama al 612 345 678", media=[]
    )

    assert WhatsappMessage.objects.get(message_sid="SM3").body_masked is None
    assert _copies(f"whatsapp:{phones.unlinked}") == ["Llama al 612 345 678"]
