"""The Anthropic path, through the SDK's own mock transport: the real request-building runs."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import anthropic
import httpx2
import pytest

from assistant.formatting import web_html, whatsapp_text
from assistant.prompt import FORMATTING_RULES, INSTRUCTIONS, PromptParts
from assistant.providers import UNAVAILABLE, AnthropicProvider
from assistant.tools import Tool, ToolContext
from sumalos.accounts.access import AiAccess, Principal
from sumalos.ai.usage import Usage, usage_cost


def _message(
    content: list[dict[str, Any]], stop_reason: str, usage: dict[str, int]
) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": usage,
    }


class Recorder:
    """A mock transport that answers from a script and keeps every request body."""

    def __init__(self, script: list[httpx2.Response]) -> None:
        self.script = script
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.bodies.append(json.loads(request.content))
        return self.script.pop(0)


def _provider(recorder: Recorder, retries: int = 2) -> AnthropicProvider:
    client = anthropic.Anthropic(
        api_key="test-key-not-real",
        max_retries=retries,
        http_client=httpx2.Client(transport=httpx2.MockTransport(recorder)),
    )
    return AnthropicProvider(client=client)


def _echo_tool(calls: list[dict[str, Any]]) -> Tool:
    def handler(context: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        calls.append(arguments)
        return {"eco": arguments["texto"].upper(), "fuente": "prueba"}

    return Tool(
        name="eco",
        description="Repite el texto.",
        handler=handler,
        parameters={"texto": {"type": "string"}},
        required=("texto",),
    )


CONTEXT = ToolContext(
    access=AiAccess(principal=Principal(kind="user", user_id=1)), conversation_id="web:1", turn=1
)
PARTS = PromptParts(
    profile="Perfil: prefiere respuestas cortas.",
    related="Recuerdos: Talleres García paga a 60 días.",
    history=[{"role": "user", "content": "hola"}, {"role": "assistant", "content": "¡Hola!"}],
    message="¿A cuántos días paga Talleres García?",
)


def test_request_shape_tool_loop_and_usage(settings):
    calls: list[dict[str, Any]] = []
    recorder = Recorder(
        [
            httpx2.Response(
                200,
                json=_message(
                    [
                        {
                            "type": "tool_use",
                            "id": "toolu_1",
                            "name": "eco",
                            "input": {"texto": "hola"},
                        }
                    ],
                    "tool_use",
                    {
                        "input_tokens": 1000,
                        "output_tokens": 50,
                        "cache_read_input_tokens": 800,
                        "cache_creation_input_tokens": 0,
                    },
                ),
            ),
            httpx2.Response(
                200,
                json=_message(
                    [{"type": "text", "text": "Paga a 60 días (según lo que me contaste)."}],
                    "end_turn",
                    {
                        "input_tokens": 1200,
                        "output_tokens": 30,
                        "cache_read_input_tokens": 800,
                        "cache_creation_input_tokens": 0,
                    },
                ),
            ),
        ]
    )

    reply = _provider(recorder).reply(parts=PARTS, tools=[_echo_tool(calls)], context=CONTEXT)

    # The first request: cached instructions and profile, then the turn's context; tools.
    first = recorder.bodies[0]
    assert first["model"] == "claude-sonnet-4-6"
    assert first["system"] == [
        {"type": "text", "text": INSTRUCTIONS, "cache_control": {"type": "ephemeral"}},
        {
            "type": "text",
            "text": "Perfil: prefiere respuestas cortas.",
            "cache_control": {"type": "ephemeral"},
        },
        {"type": "text", "text": "Recuerdos: Talleres García paga a 60 días."},
    ]
    assert first["messages"] == [
        {"role": "user", "content": "hola"},
        {"role": "assistant", "content": "¡Hola!"},
        {"role": "user", "content": "¿A cuántos días paga Talleres García?"},
    ]
    assert first["tools"] == [
        {
            "name": "eco",
            "description": "Repite el texto.",
            "input_schema": {
                "type": "object",
                "properties": {"texto": {"type": "string"}},
                "required": ["texto"],
            },
        },
    ]
    # The second request carries the tool call and its result.
    second = recorder.bodies[1]
    assert second["messages"][3]["role"] == "assistant"
    assert second["messages"][3]["content"][0]["type"] == "tool_use"
    assert second["messages"][4] == {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "toolu_1",
                "content": '{"eco": "HOLA", "fuente": "prueba"}',
            }
        ],
    }
    assert calls == [{"texto": "hola"}]
    assert reply.text == "Paga a 60 días (según lo que me contaste)."
    assert reply.failed is False
    assert reply.usage == [
        Usage("anthropic", "claude-sonnet-4-6", 1000, 50, 800),
        Usage("anthropic", "claude-sonnet-4-6", 1200, 30, 800),
    ]
    # 2,200 input at $3, 80 output at $15, 1,600 cache reads at $0.30 per million tokens.
    assert sum(usage_cost(u) for u in reply.usage) == Decimal("0.00828")


def test_a_429_is_retried_then_succeeds():
    recorder = Recorder(
        [
            httpx2.Response(
                429,
                headers={"retry-after-ms": "1"},
                json={
                    "type": "error",
                    "error": {"type": "rate_limit_error", "message": "slow down"},
                },
            ),
            httpx2.Response(
                200,
                json=_message(
                    [{"type": "text", "text": "Hecho."}],
                    "end_turn",
                    {"input_tokens": 10, "output_tokens": 2},
                ),
            ),
        ]
    )

    reply = _provider(recorder).reply(parts=PARTS, tools=[], context=CONTEXT)

    assert len(recorder.bodies) == 2
    assert reply.text == "Hecho."


def test_the_model_unavailable_becomes_a_clear_message():
    overloaded = {"type": "error", "error": {"type": "overloaded_error", "message": "busy"}}
    recorder = Recorder(
        [httpx2.Response(529, headers={"retry-after-ms": "1"}, json=overloaded) for _ in range(3)]
    )

    reply = _provider(recorder, retries=2).reply(parts=PARTS, tools=[], context=CONTEXT)

    assert len(recorder.bodies) == 3
    assert reply.failed is True
    assert reply.text == UNAVAILABLE


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [({}, {"error": "Faltan datos: texto."}), ({"texto": "sí"}, {"eco": "SÍ", "fuente": "prueba"})],
)
def test_tool_arguments_are_checked_before_the_handler_runs(arguments, expected):
    from assistant.tools import run_tool

    tool = _echo_tool([])

    assert run_tool({"eco": tool}, "eco", arguments, CONTEXT) == expected
    assert run_tool({"eco": tool}, "borrar_todo", {}, CONTEXT) == {
        "error": "No existe la herramienta «borrar_todo»."
    }


def test_the_model_is_told_the_same_formatting_rules_as_the_offline_answers():
    recorder = Recorder(
        [
            httpx2.Response(
                200,
                json=_message(
                    [{"type": "text", "text": "Facturado en octubre de 2026: **7.422,28 €**."}],
                    "end_turn",
                    {"input_tokens": 10, "output_tokens": 5},
                ),
            )
        ]
    )

    reply = _provider(recorder).reply(parts=PARTS, tools=[], context=CONTEXT)

    system = recorder.bodies[0]["system"]
    assert system[0]["text"] == INSTRUCTIONS
    assert system[0]["text"].endswith(FORMATTING_RULES)
    for rule in (
        "Importes exactos en formato español: «7.422,28 €».",
        "Nunca muestres claves internas (como iva.tipo.general)",
        "Formato mínimo: **negrita**, listas con «- » y enlaces [texto](/ruta/).",
        "Cita cada fuente una sola vez, al final, como enlace.",
        "Di siempre qué incluye una cifra: «IVA incluido» o «base imponible» (sin IVA)",
        "di los dos valores, cada uno con su fuente.",
    ):
        assert rule in system[0]["text"]
    assert reply.text == "Facturado en octubre de 2026: **7.422,28 €**."
    assert whatsapp_text(reply.text) == "Facturado en octubre de 2026: 7.422,28 €."
    assert str(web_html(reply.text)) == (
        "<p>Facturado en octubre de 2026: <strong>7.422,28 €</strong>.</p>"
    )
