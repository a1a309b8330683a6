"""One assistant turn: assemble the prompt, run the provider with the tools, record usage.

The access comes from the server (session or linked phone); the layers are read through their
own services, so every read is filtered by the visibility rule and row-level security.
DESIGN §8; the prompt order lives in ``assistant/prompt.py``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction

from assistant.compaction import RECENT_TOKENS, compaction_queue, summary_for, tokens
from assistant.handlers import TOOLS
from assistant.offline import TRIVIAL, OfflineProvider
from assistant.prompt import prompt_assemble
from assistant.providers import AnthropicProvider, Reply, ReplyProvider
from assistant.tools import ToolContext
from channels_app.models import WebChat
from channels_app.services.chats import web_chat_append
from memory.selectors import memories_visible_by_ids
from search.ledger import Shown, shown_record
from sumalos.accounts.access import AiAccess
from sumalos.ai.usage import usage_record


@dataclass
class AssistantTurn:
    reply: Reply
    drafts: list[dict[str, Any]] = field(default_factory=list)
    profile_ids: tuple[int, ...] = ()
    related_ids: tuple[int, ...] = ()


def _ledger_prompt_blocks(
    access: AiAccess, conversation_id: str, turn: int, memory_ids: tuple[int, ...]
) -> None:
    """Record the memories the prompt carried in the shown-to ledger (DESIGN §7)."""
    if not memory_ids:
        return
    # The ids come from a read under row-level security; the rule is applied again here.
    memories = memories_visible_by_ids(access=access, ids=memory_ids)
    shown_record(
        access=access,
        conversation_id=conversation_id,
        turn=turn,
        via="prompt",
        agent_role="orquestador",
        items=[
            Shown("memory", m.pk, m.updated_at.isoformat(), m.organization_id) for m in memories
        ],
    )


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
    temporary: bool = False,
    provider: ReplyProvider | None = None,
    today: datetime.date | None = None,
) -> AssistantTurn:
    """Answer ``message``; trivial turns skip retrieval and use the cheaper model.

    ``today`` fixes the day relative dates are read from (the evaluation's demo day).
    """
    trivial = bool(TRIVIAL.match(message.strip()))
    assembled = prompt_assemble(
        access=access, message=message, history=history, summary=summary, trivial=trivial, on=today
    )
    context = ToolContext(
        access=access, conversation_id=conversation_id, turn=turn, temporary=temporary, today=today
    )
    reply = (provider or reply_provider()).reply(
        parts=assembled.parts, tools=TOOLS, context=context, cheap=trivial
    )
    if reply.usage:
        usage_record(purpose="reply", usages=reply.usage)
    # A temporary conversation leaves no trace, in the ledger either (decision 0008).
    if not temporary:
        _ledger_prompt_blocks(
            access, conversation_id, turn, assembled.profile_ids + assembled.related_ids
        )
    return AssistantTurn(
        reply=reply,
        drafts=context.drafts,
        profile_ids=assembled.profile_ids,
        related_ids=assembled.related_ids,
    )


def recent_history(messages: list[tuple[str, str]], *, channel: str) -> list[dict[str, Any]]:
    """The newest messages that fit the channel's verbatim budget, oldest first."""
    budget = RECENT_TOKENS[channel]
    kept: list[dict[str, Any]] = []
    for role, text in reversed(messages):
        budget -= tokens(text)
        if budget < 0:
            break
        kept.append({"role": role, "content": text})
    kept.reverse()
    # The provider expects the history to start with the person.
    while kept and kept[0]["role"] != "user":
        kept.pop(0)
    return kept


def _text_of(message: dict[str, Any]) -> str:
    return "".join(p.get("text", "") for p in message.get("parts", []) if p.get("type") == "text")


def history_for(chat: WebChat) -> list[dict[str, Any]]:
    return recent_history(
        [(m.get("role", "user"), _text_of(m)) for m in chat.transcript], channel="web"
    )


def reply_sources(turn: AssistantTurn) -> list[dict[str, Any]]:
    """The provenance of what the tools returned, for the sources under the reply."""
    found: list[dict[str, Any]] = []
    for call in turn.reply.tool_calls:
        result = call.result
        if isinstance(result.get("fuente"), dict):
            found.append(result["fuente"])
        for fact in result.get("datos", []):
            if fact.get("fuente"):
                found.append({"tipo": fact["clave"], **fact["fuente"]})
        for passage in result.get("pasajes", [])[:2]:
            found += [{"tipo": passage["articulo"], **source} for source in passage["fuentes"]]
    # A source the answer already cites as a link is not listed again under it.
    cited = turn.reply.text
    unique: dict[str, dict[str, Any]] = {}
    for source in found:
        link = str(source.get("enlace") or source.get("url"))
        if f"]({link})" not in cited:
            unique.setdefault(link, source)
    return list(unique.values())


def web_turn(
    *, access: AiAccess, chat: WebChat, text: str, history: list[dict[str, Any]]
) -> AssistantTurn:
    """One web chat turn: store the message, answer it, store the answer with its cards."""
    web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
    turn_number = 1 + sum(1 for m in chat.transcript if m.get("role") == "user")
    summary = summary_for(access=access, conversation_id=chat.conversation_id)
    provider = reply_provider()
    turn = assistant_reply(
        access=access,
        conversation_id=chat.conversation_id,
        message=text,
        history=history,
        turn=turn_number,
        summary=summary.as_prompt() if summary else "",
        provider=provider,
    )
    parts: list[dict[str, Any]] = [{"type": "draft", "draft": draft} for draft in turn.drafts]
    parts += [{"type": "source", "source": source} for source in reply_sources(turn)]
    web_chat_append(
        access=access, chat_id=chat.pk, role="assistant", text=turn.reply.text, parts=parts
    )
    # Compaction is its own task, once the answer is committed: the summary's model call
    # never delays the answer and holds no transaction (assistant/compaction.py).
    texts = [*(_text_of(m) for m in chat.transcript), text, turn.reply.text]
    transaction.on_commit(
        lambda: compaction_queue(conversation_id=chat.conversation_id, channel="web", texts=texts)
    )
    return turn
