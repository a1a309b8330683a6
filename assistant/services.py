"""One assistant turn: assemble the prompt, run the provider with the tools, record usage.

The access comes from the server (session or linked phone); the layers are read through their
own services, so every read is filtered by the visibility rule and row-level security.
DESIGN §8; the prompt order lives in ``assistant/prompt.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from assistant.handlers import TOOLS
from assistant.offline import TRIVIAL, OfflineProvider
from assistant.prompt import PromptParts
from assistant.providers import AnthropicProvider, Reply, ReplyProvider
from assistant.tools import ToolContext
from memory.prompt import memory_prompt_blocks
from sumalos.accounts.access import AiAccess
from sumalos.ai.usage import usage_record


@dataclass
class AssistantTurn:
    reply: Reply
    drafts: list[dict[str, Any]] = field(default_factory=list)
    profile_ids: tuple[int, ...] = ()
    related_ids: tuple[int, ...] = ()


def reply_provider() -> ReplyProvider:
    if settings.AI_PROVIDER == "anthropic":
        return AnthropicProvider()
    return OfflineProvider()


def assistant_reply(
    *,
    access: AiAccess,
    conversation_id: str,
    message: str,
    history: list[dict[str, Any]],
    turn: int,
    summary: str = "",
    provider: ReplyProvider | None = None,
) -> AssistantTurn:
    """Answer ``message``; trivial turns skip retrieval and use the cheaper model."""
    trivial = bool(TRIVIAL.match(message.strip()))
    blocks = None if trivial else memory_prompt_blocks(access=access, message=message)
    parts = PromptParts(
        profile=blocks.profile if blocks else "",
        related=blocks.related if blocks else "",
        summary=summary,
        history=history,
        message=message,
    )
    context = ToolContext(access=access, conversation_id=conversation_id, turn=turn)
    reply = (provider or reply_provider()).reply(
        parts=parts, tools=TOOLS, context=context, cheap=trivial
    )
    if reply.usage:
        usage_record(purpose="reply", usages=reply.usage)
    return AssistantTurn(
        reply=reply,
        drafts=context.drafts,
        profile_ids=blocks.profile_ids if blocks else (),
        related_ids=blocks.related_ids if blocks else (),
    )
