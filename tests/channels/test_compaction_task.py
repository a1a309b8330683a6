"""Compaction is its own task after the reply commits; the model is called outside any
transaction, with no row lock held (docs/decisions/0022)."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from django.db import connection

import assistant.tasks
from assistant.models import ConversationSummary
from assistant.offline import OfflineProvider
from assistant.tasks import compact_conversation
from channels_app.models import WhatsappReply
from channels_app.services.chats import web_chat_append, web_chat_create
from tests.support import whatsapp_params, whatsapp_post

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
    padding = " Más detalles de la obra." * 110  # ~690 tokens per message
    for number in range(32):
        web_chat_append(
            access=access, chat_id=chat.pk, role="user", text=f"Punto {number}.{padding}"
        )
    summariser = WatchingSummariser()
    monkeypatch.setattr(assistant.tasks, "reply_provider", lambda: summariser)

    assert compact_conversation(chat.conversation_id, "web") is True

    # Not in a transaction; the summary row existed and another session could lock it.
    assert summariser.seen == [(False, 1)]
    assert len(ConversationSummary.objects.get(conversation_id=chat.conversation_id).points) == 27


def test_a_whatsapp_reply_queues_compaction_once_it_is_sent(world_tx, eager_tasks, monkeypatch):
    phone = "+34655000444"
    states: list[tuple[str, str, list[str]]] = []

    def watch(conversation_id: str, channel: str) -> bool:
        states.append(
            (conversation_id, channel, list(WhatsappReply.objects.values_list("state", flat=True)))
        )
        return False

    monkeypatch.setattr(compact_conversation, "run", watch)

    assert whatsapp_post(whatsapp_params("SM" + "7" * 32, phone, "Hola Suma")).status_code == 200

    assert states == [(f"whatsapp:{phone}", "whatsapp", ["sent"])]
