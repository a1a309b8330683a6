"""Compaction: operations merged by code, a long conversation summarised with the message ids
it came from, and ``recuperar`` limited to the conversation's owner (DESIGN §6)."""

from __future__ import annotations

import json

import anthropic
import httpx2
import pytest

from assistant.compaction import compact, merge_operations, summary_for
from assistant.models import ConversationSummary
from assistant.offline import OfflineProvider
from assistant.providers import AnthropicProvider
from channels_app.models import AiMessage
from channels_app.services.chats import web_chat_append, web_chat_create
from search.tools import recuperar


def test_operations_add_change_and_retire_points_and_nothing_else():
    summary = ConversationSummary(
        conversation_id="web:1",
        points=[{"id": 1, "text": "Presupuesto pedido.", "messages": [3]}],
        next_point_id=2,
    )

    merge_operations(
        summary,
        [
            {"op": "add", "text": "  Paga a 60 días. ", "messages": [7, 99]},
            {"op": "change", "id": 1, "text": "Presupuesto aceptado."},
            {"op": "change", "id": 42, "text": "no existe"},
            {"op": "retire", "id": 42},
            {"op": "rewrite_everything"},
            {"op": "add", "text": ""},
        ],
        allowed_ids={7, 8},
    )

    assert summary.points == [
        {"id": 1, "text": "Presupuesto aceptado.", "messages": [3]},
        {"id": 2, "text": "Paga a 60 días.", "messages": [7]},
    ]
    assert summary.next_point_id == 3

    merge_operations(summary, [{"op": "retire", "id": 1}], allowed_ids=set())
    assert [p["id"] for p in summary.points] == [2]


@pytest.mark.django_db(transaction=True)
def test_a_long_conversation_is_summarised_and_the_cited_messages_come_back_exactly(world_tx):
    access = world_tx.access(world_tx.owner)
    chat = web_chat_create(access=access, organization_id=world_tx.org.pk)
    padding = " Más detalles de la obra." * 110  # ~690 tokens per message
    for number in range(32):
        web_chat_append(
            access=access,
            chat_id=chat.pk,
            role="user",
            text=f"Punto {number} de la reforma.{padding}",
        )
    messages = list(AiMessage.objects.filter(conversation_id=chat.conversation_id).order_by("id"))

    summary = compact(
        access=access,
        conversation_id=chat.conversation_id,
        channel="web",
        summariser=OfflineProvider(),
    )

    assert summary is not None
    # 32 messages of ~690 tokens: the newest 5 stay verbatim (4,000 tokens), 27 are summarised.
    assert len(summary.points) == 27
    assert summary.points[0] == {
        "id": 1,
        "text": "Punto 0 de la reforma.",
        "messages": [messages[0].pk],
    }
    assert summary.covered_until == messages[26].pk
    assert (
        summary.as_prompt().splitlines()[0]
        == f"[1] Punto 0 de la reforma. (mensajes {messages[0].pk})"
    )

    # Running again with nothing new changes nothing.
    again = compact(
        access=access,
        conversation_id=chat.conversation_id,
        channel="web",
        summariser=OfflineProvider(),
    )
    assert again is not None and len(again.points) == 27

    cited = summary.points[3]["messages"]
    fetched = recuperar(access=access, conversation_id=chat.conversation_id, message_ids=cited)
    assert [m["text"] for m in fetched["messages"]] == [messages[3].text]
    # Another member of the same organization gets nothing from it.
    other = recuperar(
        access=world_tx.access(world_tx.admin),
        conversation_id=chat.conversation_id,
        message_ids=cited,
    )
    assert other["messages"] == []
    assert (
        summary_for(access=world_tx.access(world_tx.admin), conversation_id=chat.conversation_id)
        is None
    )


@pytest.mark.django_db
def test_the_anthropic_summariser_asks_for_operations_only():
    bodies = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        bodies.append(json.loads(request.content))
        return httpx2.Response(
            200,
            json={
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-haiku-4-5",
                "stop_reason": "tool_use",
                "stop_sequence": None,
                "usage": {"input_tokens": 300, "output_tokens": 40},
                "content": [
                    {
                        "type": "tool_use",
                        "id": "t1",
                        "name": "resumen",
                        "input": {
                            "operaciones": [
                                {"op": "add", "text": "Cambio de frenos pedido.", "messages": [5]}
                            ]
                        },
                    }
                ],
            },
        )

    client = anthropic.Anthropic(
        api_key="test-key-not-real",
        http_client=httpx2.Client(transport=httpx2.MockTransport(handler)),
    )
    operations = AnthropicProvider(client=client).summarise(
        points=[{"id": 1, "text": "Cliente nuevo.", "messages": [2]}],
        messages=[(5, "user", "Hay que cambiar los frenos.")],
    )

    assert operations == [{"op": "add", "text": "Cambio de frenos pedido.", "messages": [5]}]
    assert bodies[0]["tool_choice"] == {"type": "tool", "name": "resumen"}
    assert bodies[0]["messages"][0]["content"] == (
        "Resumen actual:\n[1] Cliente nuevo.\n\n"
        "Mensajes nuevos:\n#5 user: Hay que cambiar los frenos."
    )
