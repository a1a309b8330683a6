"""A secret stored before masking existed is never repeated: not in the prompt, not in an
answer, not in a WhatsApp reply; and ``remask_copies`` masks the old derived copies."""

from __future__ import annotations

import io
import json

import httpx2
import pytest
from django.core.management import call_command

from assistant.models import ConversationSummary
from assistant.services import assistant_reply
from assistant.whatsapp import whatsapp_reply_send
from channels_app.models import (
    AiMessage,
    OutboxEntry,
    PhoneAuthorization,
    PhoneLink,
    WebChat,
    WhatsappMessage,
)
from channels_app.services.chats import web_chat_create
from memory.models import Memory
from search.models import SearchChunk
from search.services import outbox_drain
from tests.assistant.test_anthropic_provider import Recorder, _message, _provider

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "Xk9#pq2Lm"
PHONE = "+34600999888"


def _legacy_memory(world):
    """A shared memory written before the content policy refused secrets."""
    return Memory.objects.create(
        visibility="shared",
        organization=world.org,
        area="general",
        category="empresa",
        text=f"La clave del banco es {SECRET}",
        created_by=world.owner,
    )


def _answering(text: str) -> Recorder:
    return Recorder(
        [
            httpx2.Response(
                200,
                json=_message(
                    [{"type": "text", "text": text}],
                    "end_turn",
                    {"input_tokens": 500, "output_tokens": 10},
                ),
            )
        ]
    )


def test_offline_an_old_remembered_secret_is_answered_masked(world_tx):
    _legacy_memory(world_tx)

    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:1",
        message="¿Cuál es la clave del banco?",
        history=[],
        turn=1,
    )

    assert turn.reply.text == "Según lo que recuerdo: La clave del banco es [dato oculto]"


def test_anthropic_request_and_answer_never_carry_an_old_secret(world_tx):
    _legacy_memory(world_tx)
    recorder = _answering(f"Tu clave del banco es {SECRET}.")

    turn = assistant_reply(
        access=world_tx.access(world_tx.owner),
        conversation_id="web:2",
        message="¿Me recuerdas la clave del banco?",
        history=[
            {"role": "user", "content": f"Apunta: la clave del banco es {SECRET}"},
            {"role": "assistant", "content": "No guardo claves."},
        ],
        turn=2,
        provider=_provider(recorder),
    )

    (body,) = recorder.bodies
    assert SECRET not in json.dumps(body, ensure_ascii=False)
    assert body["system"][1]["text"].splitlines()[-1] == (
        "- <<<La clave del banco es [dato oculto]>>>"
    )
    assert body["messages"] == [
        {"role": "user", "content": "Apunta: la clave del banco es [dato oculto]"},
        {"role": "assistant", "content": "No guardo claves."},
        {"role": "user", "content": "¿Me recuerdas la clave del banco?"},
    ]
    assert turn.reply.text == "Tu clave del banco es [dato oculto]."


def test_a_whatsapp_reply_never_repeats_a_secret_from_an_older_message(world_tx, monkeypatch):
    # A linked number: an unlinked one is only told how to link (assistant.whatsapp).
    link = PhoneLink.objects.create(phone=PHONE, user=world_tx.owner)
    PhoneAuthorization.objects.create(
        link=link, organization=world_tx.org, read_areas=["contacts"], write_areas=[]
    )
    # Written before the masked copies existed: the body is raw and body_masked is NULL.
    WhatsappMessage.objects.create(
        message_sid="SM" + "a" * 32,
        direction="inbound",
        phone=PHONE,
        body=f"mi clave del banco es {SECRET}",
    )
    inbound = WhatsappMessage.objects.create(
        message_sid="SM" + "b" * 32, direction="inbound", phone=PHONE, body="¿Cuál era mi clave?"
    )
    recorder = _answering(f"Era {SECRET}.")
    monkeypatch.setattr("assistant.services.reply_provider", lambda: _provider(recorder))

    sent = whatsapp_reply_send(message_id=inbound.pk)

    assert sent is not None
    assert sent.body == "Era [dato oculto]."
    (body,) = recorder.bodies
    assert body["messages"] == [
        {"role": "user", "content": "mi clave del banco es [dato oculto]"},
        {"role": "user", "content": "¿Cuál era mi clave?"},
    ]


def test_remask_copies_masks_old_derived_copies_and_learns_nothing_again(world_tx):
    access = world_tx.access(world_tx.owner)
    chat = web_chat_create(access=access, organization_id=world_tx.org.pk)
    # A transcript saved before masking existed: no "masked" copy beside the text.
    WebChat.objects.filter(pk=chat.pk).update(transcript=[])
    chat.transcript = [
        {"id": "m1", "role": "user", "parts": [{"type": "text", "text": f"clave: {SECRET}"}]},
        {"id": "m2", "role": "assistant", "parts": [{"type": "text", "text": "Entendido."}]},
    ]
    chat.save(update_fields=["transcript"])
    WhatsappMessage.objects.create(
        message_sid="SM" + "c" * 32,
        direction="inbound",
        phone=PHONE,
        body=f"el pin de la tarjeta es 4821, la contraseña {SECRET}",
    )
    ConversationSummary.objects.create(
        conversation_id=f"web:{chat.pk}",
        owner_user=world_tx.owner,
        points=[{"id": 1, "text": f"Su clave del banco es {SECRET}", "messages": [1]}],
        next_point_id=2,
    )
    outbox_drain()
    pending_before = sorted(OutboxEntry.objects.values_list("id", "message_id"))
    assert AiMessage.objects.filter(text__contains=SECRET).count() == 2

    out = io.StringIO()
    call_command("remask_copies", stdout=out)

    assert out.getvalue() == (
        "Copias enmascaradas: 1 mensajes web, 1 de WhatsApp, 1 puntos de resumen.\n"
    )
    texts = dict(AiMessage.objects.values_list("external_id", "text"))
    assert texts == {
        f"{chat.pk}:m1": "clave: [dato oculto]",
        f"{chat.pk}:m2": "Entendido.",
        "SM" + "c" * 32: "el pin de la tarjeta es [dato oculto], la contraseña [dato oculto]",
    }
    # The person's own chat keeps what they wrote; the copy beside it is masked.
    chat.refresh_from_db()
    assert chat.transcript[0]["parts"][0] == {
        "type": "text",
        "text": f"clave: {SECRET}",
        "masked": "clave: [dato oculto]",
    }
    assert (
        ConversationSummary.objects.get().points[0]["text"] == "Su clave del banco es [dato oculto]"
    )
    # No message goes back to learning; the index follows the masked copies.
    assert sorted(OutboxEntry.objects.values_list("id", "message_id")) == pending_before
    outbox_drain()
    assert not SearchChunk.objects.filter(content__contains=SECRET).exists()
    assert SearchChunk.objects.filter(content="clave: [dato oculto]").count() == 1

    again = io.StringIO()
    call_command("remask_copies", stdout=again)
    assert again.getvalue() == (
        "Copias enmascaradas: 0 mensajes web, 0 de WhatsApp, 0 puntos de resumen.\n"
    )


def test_a_summary_point_never_carries_a_secret_from_an_old_copy():
    from assistant.offline import OfflineProvider

    operations = OfflineProvider().summarise(
        points=[], messages=[(7, "user", f"Mi contraseña es {SECRET}. Y otra cosa.")]
    )

    assert operations == [{"op": "add", "text": "Mi contraseña es [dato oculto].", "messages": [7]}]
