"""The reply model behind one interface: Anthropic (tool use) or offline (DESIGN §8).

A provider gets the assembled prompt parts and the tools the caller may use, runs the tool
loop with a step limit, and returns the reply text with what it called. Tools run with the
caller's access (``assistant.tools``); the provider never chooses any part of it.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

import anthropic
from django.conf import settings

from assistant.prompt import PromptParts, messages, safe_answer, system_blocks
from assistant.tools import Tool, ToolContext, run_tool
from memory.policy import mask_secrets
from sumalos.ai.usage import Usage, usage_record

logger = logging.getLogger("sumalos.assistant")

UNAVAILABLE = (
    "Ahora mismo no puedo contactar con el modelo de lenguaje. Tus datos están a salvo; "
    "inténtalo de nuevo en unos minutos."
)
STEP_LIMIT_REACHED = (
    "He necesitado demasiados pasos para responder. ¿Puedes concretar un poco más la pregunta?"
)


@dataclass
class ToolCallRecord:
    name: str
    arguments: dict[str, Any]
    result: dict[str, Any]


@dataclass
class Reply:
    text: str
    model: str
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    # One entry per model call, for the usage ledger.
    usage: list[Usage] = field(default_factory=list)
    failed: bool = False


class ReplyProvider(Protocol):
    name: str

    def reply(
        self, *, parts: PromptParts, tools: list[Tool], context: ToolContext, cheap: bool = False
    ) -> Reply: ...

    def summarise(
        self, *, points: list[dict[str, Any]], messages: list[tuple[int, str, str]]
    ) -> list[dict[str, Any]]: ...


class AnthropicProvider:
    """Claude through the official SDK: tool-use loop, prompt caching, retries, timeouts.

    The SDK retries 408/409/429/5xx with exponential backoff (honouring ``retry-after``) up to
    ``ASSISTANT_MAX_RETRIES`` times; a failure after that becomes a clear message to the person.
    """

    name = "anthropic"

    def __init__(self, client: anthropic.Anthropic | None = None) -> None:
        self.client = client or anthropic.Anthropic(
            api_key=settings.ANTHROPIC_API_KEY,
            max_retries=settings.ASSISTANT_MAX_RETRIES,
            timeout=settings.ASSISTANT_TIMEOUT_SECONDS,
        )

    def reply(
        self, *, parts: PromptParts, tools: list[Tool], context: ToolContext, cheap: bool = False
    ) -> Reply:
        model = settings.AI_CHEAP_REPLY_MODEL if cheap else settings.AI_REPLY_MODEL
        conversation = messages(parts)
        result = Reply(text="", model=model)
        by_name = {tool.name: tool for tool in tools}
        for _ in range(settings.ASSISTANT_STEP_LIMIT):
            try:
                response = self.client.messages.create(
                    model=model,
                    max_tokens=settings.ASSISTANT_MAX_TOKENS,
                    system=system_blocks(parts),  # type: ignore[arg-type]
                    messages=conversation,  # type: ignore[arg-type]
                    tools=[tool.schema() for tool in tools],  # type: ignore[misc]
                )
            except anthropic.APIError as error:
                logger.warning("anthropic reply failed: %s", error)
                result.text, result.failed = UNAVAILABLE, True
                return result
            result.usage.append(_usage(model, response.usage))
            if response.stop_reason != "tool_use":
                result.text = safe_answer(
                    "".join(b.text for b in response.content if b.type == "text"), parts
                )
                return result
            conversation.append(
                {"role": "assistant", "content": [b.model_dump() for b in response.content]}
            )
            tool_results = []
            for block in response.content:
                if block.type != "tool_use":
                    continue
                arguments = dict(block.input) if isinstance(block.input, dict) else {}
                output = run_tool(by_name, block.name, arguments, context)
                result.tool_calls.append(ToolCallRecord(block.name, arguments, output))
                tool_results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": block.id,
                        "content": json.dumps(output, ensure_ascii=False, default=str),
                    }
                )
            conversation.append({"role": "user", "content": tool_results})
        result.text = STEP_LIMIT_REACHED
        return result

    def summarise(
        self, *, points: list[dict[str, Any]], messages: list[tuple[int, str, str]]
    ) -> list[dict[str, Any]]:
        """Ask for summary operations only; the merge happens in ``assistant.compaction``."""
        model = settings.AI_CHEAP_REPLY_MODEL
        current = "\n".join(f"[{p['id']}] {p['text']}" for p in points) or "(vacío)"
        # A message copied before masking existed may still hold a secret (decision 0011).
        transcript = "\n".join(
            f"#{mid} {role}: {mask_secrets(text)}" for mid, role, text in messages
        )
        try:
            response = self.client.messages.create(  # type: ignore[call-overload]
                model=model,
                max_tokens=settings.ASSISTANT_MAX_TOKENS,
                tools=[SUMMARY_TOOL],
                tool_choice={"type": "tool", "name": "resumen"},
                messages=[
                    {
                        "role": "user",
                        "content": f"Resumen actual:\n{current}\n\nMensajes nuevos:\n{transcript}",
                    }
                ],
            )
        except anthropic.APIError as error:
            logger.warning("anthropic summary failed: %s", error)
            return []
        usage_record(purpose="reply", usages=[_usage(model, response.usage)])
        for block in response.content:
            if block.type == "tool_use" and isinstance(block.input, dict):
                operations = block.input.get("operaciones")
                return (
                    [op for op in operations if isinstance(op, dict)]
                    if isinstance(operations, list)
                    else []
                )
        return []


SUMMARY_TOOL: dict[str, Any] = {
    "name": "resumen",
    "description": (
        "Actualiza el resumen de la conversación: añade puntos nuevos, cambia o retira puntos "
        "existentes por su id. Cita los ids de los mensajes de los que sale cada punto."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "operaciones": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "op": {"type": "string", "enum": ["add", "change", "retire"]},
                        "id": {"type": "integer"},
                        "text": {"type": "string"},
                        "messages": {"type": "array", "items": {"type": "integer"}},
                    },
                    "required": ["op"],
                },
            }
        },
        "required": ["operaciones"],
    },
}


def _usage(model: str, usage: Any) -> Usage:
    return Usage(
        provider="anthropic",
        model=model,
        input_tokens=usage.input_tokens or 0,
        output_tokens=usage.output_tokens or 0,
        cache_read_tokens=getattr(usage, "cache_read_input_tokens", 0) or 0,
    )
