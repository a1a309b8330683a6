"""The Anthropic provider through the SDK's own mock transport: tool use, retries, usage."""

from __future__ import annotations

import json
from decimal import Decimal

import httpx2
import pytest

from learning.anthropic_provider import AnthropicProvider
from sumalos.ai.usage import Usage, usage_cost


def _tool_response(name: str, payload: dict, model: str) -> dict:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "tool_use", "id": "tu_1", "name": name, "input": payload}],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 420, "output_tokens": 60},
    }


def _provider(handler) -> AnthropicProvider:
    return AnthropicProvider(http_client=httpx2.Client(transport=httpx2.MockTransport(handler)))


@pytest.fixture(autouse=True)
def _no_backoff(monkeypatch: pytest.MonkeyPatch) -> None:
    # Keep the SDK's retry logic, without its sleep between attempts.
    monkeypatch.setattr("anthropic._base_client.time.sleep", lambda seconds: None)


def test_the_gate_is_a_forced_tool_call_and_reports_usage(settings):
    settings.ANTHROPIC_API_KEY = "test-key"
    seen: list[dict] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(json.loads(request.content))
        return httpx2.Response(
            200,
            json=_tool_response(
                "decidir_memoria",
                {
                    "remember": 0.93,
                    "category": "cliente",
                    "category_probability": 0.88,
                    "corrects": 0.8,
                    "secret": 0.0,
                    "insult": 0.0,
                    "special": 0.0,
                    "financial": 0.0,
                    "injection": 0.0,
                },
                settings.AI_GATE_MODEL,
            ),
        )

    result = _provider(handler).gate(message="García paga a 60 días, no a 30", previous=None)

    assert seen[0]["tool_choice"] == {"type": "tool", "name": "decidir_memoria"}
    assert seen[0]["model"] == settings.AI_GATE_MODEL
    assert (result.value.outcome, result.value.category, result.value.scope) == (
        "learn",
        "cliente",
        "organizacion",
    )
    assert result.usage == [Usage("anthropic", settings.AI_GATE_MODEL, 420, 60, 0)]
    assert usage_cost(result.usage[0]) == Decimal("0.00072")


def test_429_and_5xx_are_retried_then_succeed(settings):
    settings.ANTHROPIC_API_KEY = "test-key"
    statuses = iter([429, 529, 200])

    def handler(request: httpx2.Request) -> httpx2.Response:
        status = next(statuses)
        if status != 200:
            return httpx2.Response(
                status,
                json={"type": "error", "error": {"type": "overloaded_error", "message": "x"}},
            )
        return httpx2.Response(
            200,
            json=_tool_response(
                "guardar_hechos",
                {
                    "facts": [
                        {
                            "category": "cliente",
                            "subject_name": "Talleres García",
                            "attribute": "plazo_pago",
                            "value": "60 días",
                            "text": "Talleres García paga a 60 días.",
                        }
                    ]
                },
                settings.AI_EXTRACTION_MODEL,
            ),
        )

    result = _provider(handler).extract(message="García paga a 60 días", previous=None, known=[])

    assert [(f.subject_name, f.attribute, f.value) for f in result.value] == [
        ("Talleres García", "plazo_pago", "60 días")
    ]
