"""The triggers of channels_app/migrations/0002 and 0007: ai_messages and the outbox (DESIGN §6)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction

from channels_app.models import AiMessage, OutboxEntry, WebChat, WhatsappMessage
from channels_app.services.chats import (
    web_chat_append,
    web_chat_create,
    web_chat_edit_message,
)
from tests.channels.conftest import Phones
from tests.world import World

pytestmark = pytest.mark.django_db


def _rows(conversation_id: str) -> list[tuple[Any, ...]]:
    return list(
        AiMessage.objects.filter(conversation_id=conversation_id)
        .order_by("id")
        .values_list(
            "channel",
            "visibility",
            "organization_id",
            "owner_user_id",
            "owner_phone",
            "role",
            "text",
        )
    )


def test_a_web_message_becomes_one_ai_message_with_the_four_columns_and_an_outbox_entry(
    world: World,
):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)

    web_chat_append(
        access=access, chat_id=chat.pk, role="user", text="Talleres García paga a 60 días"
    )

    assert _rows(chat.conversation_id) == [
        (
            "web",
            "private_in_org",
            world.org.pk,
            world.owner.pk,
            None,
            "user",
            "Talleres García paga a 60 días",
        ),
    ]
    message = AiMessage.objects.get(conversation_id=chat.conversation_id)
    assert list(OutboxEntry.objects.values_list("message_id", "status")) == [
        (message.pk, "pending")
    ]


def test_saving_the_transcript_again_only_touches_messages_whose_text_changed(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    first = web_chat_append(access=access, chat_id=chat.pk, role="user", text="Hola")
    before = AiMessage.objects.get(external_id=f"{chat.pk}:{first}")
    OutboxEntry.objects.update(status="done")

    web_chat_append(access=access, chat_id=chat.pk, role="assistant", text="¡Hola! ¿Qué necesitas?")

    after = AiMessage.objects.get(external_id=f"{chat.pk}:{first}")
    assert after.updated_at == before.updated_at
    assert [r[-1] for r in _rows(chat.conversation_id)] == ["Hola", "¡Hola! ¿Qué necesitas?"]
    # Neither the unchanged message nor the assistant's reply is queued (0007).
    assert OutboxEntry.objects.filter(status="pending").count() == 0


def test_an_edited_web_message_updates_its_row_and_is_queued_again(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    message_id = web_chat_append(access=access, chat_id=chat.pk, role="user", text="paga a 30")
    OutboxEntry.objects.update(status="done")

    web_chat_edit_message(access=access, chat_id=chat.pk, message_id=message_id, text="paga a 60")

    assert [r[-1] for r in _rows(chat.conversation_id)] == ["paga a 60"]
    assert OutboxEntry.objects.filter(status="pending").count() == 1


def test_a_web_conversation_is_named_by_its_public_id_not_its_key(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)

    web_chat_append(access=access, chat_id=chat.pk, role="user", text="Hola")

    assert AiMessage.objects.get().conversation_id == f"web:{chat.public_id}"
    assert chat.conversation_id == f"web:{chat.public_id}"
    assert len(str(chat.public_id)) == 36


def test_only_what_a_person_writes_is_queued_for_learning(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    asked = web_chat_append(access=access, chat_id=chat.pk, role="user", text="¿Qué tal?")
    answered = web_chat_append(access=access, chat_id=chat.pk, role="assistant", text="Bien.")
    OutboxEntry.objects.update(status="done")

    web_chat_edit_message(access=access, chat_id=chat.pk, message_id=asked, text="¿Y tú?")

    person = AiMessage.objects.get(external_id=f"{chat.pk}:{asked}")
    assert AiMessage.objects.filter(external_id=f"{chat.pk}:{answered}", role="assistant").exists()
    assert sorted(OutboxEntry.objects.values_list("message_id", "status")) == [
        (person.pk, "done"),
        (person.pk, "pending"),
    ]


def test_deleting_a_chat_deletes_its_ai_messages(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text="Hola")

    chat.delete()

    assert AiMessage.objects.count() == 0
    assert OutboxEntry.objects.count() == 0


def _whatsapp(phone: str, sid: str, body: str, org_id: int | None = None) -> WhatsappMessage:
    return WhatsappMessage.objects.create(
        message_sid=sid, direction="inbound", phone=phone, body=body, organization_id=org_id
    )


def test_a_whatsapp_message_from_a_linked_number_is_owned_by_user_and_phone(
    world: World, phones: Phones
):
    _whatsapp(phones.linked, "SM1", "Hola Suma", world.org.pk)

    assert _rows(f"whatsapp:{phones.linked}") == [
        (
            "whatsapp",
            "private_in_org",
            world.org.pk,
            world.reader.pk,
            phones.linked,
            "user",
            "Hola Suma",
        ),
    ]


def test_a_whatsapp_message_from_an_unlinked_number_is_owned_by_the_phone_only(phones: Phones):
    _whatsapp(phones.unlinked, "SM2", "Hola")

    assert _rows(f"whatsapp:{phones.unlinked}") == [
        ("whatsapp", "personal", None, None, phones.unlinked, "user", "Hola"),
    ]


def test_whatsapp_edits_captions_transcripts_and_deletes_follow(phones: Phones):
    message = WhatsappMessage.objects.create(
        message_sid="SM3",
        direction="inbound",
        phone=phones.unlinked,
        media=[{"url": "https://example.test/a.ogg", "content_type": "audio/ogg"}],
        caption="nota de voz",
    )
    OutboxEntry.objects.update(status="done")

    message.transcript = "El contacto en Acme es Laura"
    message.save(update_fields=["transcript"])

    assert (
        _rows(f"whatsapp:{phones.unlinked}")[0][-1] == "nota de voz\nEl contacto en Acme es Laura"
    )
    assert OutboxEntry.objects.filter(status="pending").count() == 1

    message.delete()

    assert AiMessage.objects.count() == 0


def test_ingest_message_is_the_entry_point_and_reports_no_change(world: World):
    with connection.cursor() as cursor:
        call = "SELECT ingest_message('web', 'web:x', 'x:1', %s, %s, NULL, 'user', %s)"
        cursor.execute(call, [world.org.pk, world.owner.pk, "hola"])
        first = cursor.fetchone()[0]
        cursor.execute(call, [world.org.pk, world.owner.pk, "hola"])
        again = cursor.fetchone()[0]

    assert AiMessage.objects.get().pk == first
    assert again is None


def test_ingest_message_refuses_a_message_without_owner():
    with pytest.raises(Exception, match="needs an owner"), connection.cursor() as cursor:
        cursor.execute("SELECT ingest_message('web', 'c', 'e', NULL, NULL, NULL, 'user', 'x')")


def test_a_transcript_that_is_not_a_list_is_refused(world: World):
    with pytest.raises(IntegrityError), transaction.atomic():
        WebChat.objects.create(owner_user=world.owner, transcript={"id": "x"})
