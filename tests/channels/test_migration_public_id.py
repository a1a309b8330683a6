"""Migration 0005 on existing rows: chats get a random public id, every stored conversation id
follows it, and earlier temporary chats go with what the ledger recorded about them."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from assistant.models import ConversationSummary
from channels_app.models import AiMessage, LearnedNotice, WebChat
from channels_app.services.chats import web_chat_append
from search.models import ShownItem
from tests.world import World

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

BEFORE = [("channels_app", "0004_masked_copies")]


def _migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _old_chat(world: World, *, temporary: bool, text: str) -> int:
    transcript = json.dumps(
        [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": text}]}]
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO web_chats (organization_id, owner_user_id, title, transcript,"
            " temporary, created_at, updated_at)"
            " VALUES (%s, %s, '', %s::jsonb, %s, now(), now()) RETURNING id",
            [world.org.pk, world.owner.pk, transcript, temporary],
        )
        chat_id: int = cursor.fetchone()[0]
        return chat_id


def _shown(world: World, conversation_id: str) -> None:
    ShownItem.objects.create(
        person_user=world.owner,
        organization=world.org,
        conversation_id=conversation_id,
        turn=1,
        via="prompt",
        agent_role="orquestador",
        item_kind="memory",
        item_id=1,
        version="v1",
    )


def test_existing_chats_move_to_public_ids_and_temporary_ones_are_deleted(world_tx: World):
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    _migrate(BEFORE)
    kept = _old_chat(world_tx, temporary=False, text="Talleres García paga a 60 días")
    temporary = _old_chat(world_tx, temporary=True, text="Mi hijo se llama Juan")
    message = AiMessage.objects.get()
    assert message.conversation_id == f"web:{kept}"
    ConversationSummary.objects.create(conversation_id=f"web:{kept}", owner_user=world_tx.owner)
    LearnedNotice.objects.create(
        conversation_id=f"web:{kept}",
        channel="web",
        owner_user=world_tx.owner,
        text="Talleres García paga a 60 días.",
        visibility="shared",
    )
    _shown(world_tx, f"web:{kept}")
    _shown(world_tx, f"web:{temporary}")

    _migrate(latest)

    chat = WebChat.objects.get()
    new_id = f"web:{chat.public_id}"
    assert chat.pk == kept
    assert AiMessage.objects.get().conversation_id == new_id
    assert list(ConversationSummary.objects.values_list("conversation_id", flat=True)) == [new_id]
    assert list(LearnedNotice.objects.values_list("conversation_id", flat=True)) == [new_id]
    assert list(ShownItem.objects.values_list("conversation_id", flat=True)) == [new_id]

    web_chat_append(access=world_tx.access(world_tx.owner), chat_id=kept, role="user", text="Hola")

    assert list(AiMessage.objects.order_by("id").values_list("conversation_id", "text")) == [
        (new_id, "Talleres García paga a 60 días"),
        (new_id, "Hola"),
    ]
