"""Compaction is its own task after the reply commits; the model is called outside any
transaction, with no row lock held (docs/decisions/0022)."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

import assistant.tasks
from assistant.models import ConversationSummary
from assistant.offline import OfflineProvider
from assistant.services import web_turn
from assistant.tasks import compact_conversation
from channels_app.models import WhatsappMessage, WhatsappReply
from channels_app.services.chats import web_chat_append, web_chat_create
from tests.support import wait_for, whatsapp_params, whatsapp_post

pytestmark = pytest.mark.django_db(transaction=True)


def _other_connection() -> psycopg.Connection[Any]:
    params = connection.settings_dict
    return psycopg.connect(
        dbname=params["NAME"], user=params["USER"], host=params["HOST"], port=params["PORT"]
    )


class WatchingSummariser(OfflineProvider):
    """Checks, while "the model" runs, that no transaction is open and the row is free."""

    def __init__(self) -> None:
        self.seen: list[tuple[bool, int]] = []

    def summarise(self, *, points, messages):
        with _other_connection() as other, other.cursor() as cursor:
            cursor.execute("SET lock_timeout = '1s'")
            cursor.execute("SELECT id FROM conversation_summaries FOR UPDATE NOWAIT")
            locked_rows = len(cursor.fetchall())
        self.seen.append((connection.in_atomic_block, locked_rows))
        return super().summarise(points=points, messages=messages)


def test_the_model_is_called_outside_any_transaction_with_no_row_locked(world_tx, monkeypatch):
    access = world_tx.access(world_tx.owner)
    chat = web_chat_create(access=access, organization_id=world_tx.org.pk)
    for number in range(32):
        web_chat_append(
            access=access, chat_id=chat.pk, role="user", text=f"Punto {number}.{PADDING}"
        )
    summariser = WatchingSummariser()
    monkeypatch.setattr(assistant.tasks, "reply_provider", lambda: summariser)

    assert compact_conversation(chat.conversation_id, "web") is True

    # Not in a transaction; the summary row existed and another session could lock it.
    assert summariser.seen == [(False, 1)]
    assert len(ConversationSummary.objects.get(conversation_id=chat.conversation_id).points) == 27


PADDING = " Más detalles de la obra." * 110  # ~690 tokens per message


def _whatsapp_history(phone: str, count: int) -> None:
    for number in range(count):
        WhatsappMessage.objects.create(
            message_sid=f"SM{number:032d}",
            direction=WhatsappMessage.Direction.INBOUND,
            phone=phone,
            body=f"Punto {number}.{PADDING}",
            replied_at=timezone.now(),
        )


def _watch_compaction(monkeypatch) -> list[tuple[str, str, list[str]]]:
    """What the compaction task was called with, and the replies' states at that moment."""
    states: list[tuple[str, str, list[str]]] = []

    def watch(conversation_id: str, channel: str) -> bool:
        states.append(
            (conversation_id, channel, list(WhatsappReply.objects.values_list("state", flat=True)))
        )
        return False

    monkeypatch.setattr(compact_conversation, "run", watch)
    return states


def test_a_composed_reply_to_a_long_conversation_queues_compaction_once_it_is_sent(
    world_tx, phones_tx, eager_tasks, monkeypatch
):
    # 24 earlier messages of ~690 tokens: past the 16,000 tokens that call for a summary.
    _whatsapp_history(phones_tx.linked, 24)
    states = _watch_compaction(monkeypatch)

    response = whatsapp_post(whatsapp_params("SM" + "7" * 32, phones_tx.linked, "Hola Suma"))

    assert response.status_code == 200
    assert states == [(f"whatsapp:{phones_tx.linked}", "whatsapp", ["sent"])]


def test_a_short_conversation_or_a_fixed_reply_queues_no_compaction(
    world_tx, phones_tx, eager_tasks, monkeypatch
):
    _whatsapp_history(phones_tx.linked, 3)
    states = _watch_compaction(monkeypatch)

    linked = whatsapp_post(whatsapp_params("SM" + "7" * 32, phones_tx.linked, "Hola Suma"))
    unlinked = whatsapp_post(whatsapp_params("SM" + "8" * 32, phones_tx.unlinked, "Hola Suma"))

    assert (linked.status_code, unlinked.status_code) == (200, 200)
    assert WhatsappReply.objects.filter(state="sent").count() == 2
    assert states == []


@pytest.mark.slow
def test_a_long_web_chat_is_compacted_by_the_worker_after_the_answer(world_tx, worker):
    access = world_tx.access(world_tx.owner)
    chat = web_chat_create(access=access, organization_id=world_tx.org.pk)
    for number in range(32):
        web_chat_append(
            access=access, chat_id=chat.pk, role="user", text=f"Punto {number}.{PADDING}"
        )
    chat.refresh_from_db()

    turn = web_turn(access=access, chat=chat, text="Gracias", history=[])

    # The answer is stored and nothing was summarised in the request: the task was queued.
    chat.refresh_from_db()
    assert [m["role"] for m in chat.transcript[-2:]] == ["user", "assistant"]
    assert turn.reply.text
    assert not ConversationSummary.objects.filter(conversation_id=chat.conversation_id).exists()
    worker()
    wait_for(
        lambda: ConversationSummary.objects.filter(
            conversation_id=chat.conversation_id, covered_until__gt=0
        ).exists()
    )
    summary = ConversationSummary.objects.get(conversation_id=chat.conversation_id)
    # The newest five long messages and the short turn stay verbatim (4,000 tokens).
    assert len(summary.points) == 27
    assert summary.points[0]["text"] == "Punto 0."
