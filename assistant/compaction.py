"""Compaction of long conversations (DESIGN §6).

The recent part stays verbatim (4,000 tokens on the web, 3,000 on WhatsApp). Once a
conversation passes 20,000 / 16,000 tokens, the older part is summarised after the reply into
points with ids and the message ids they came from, by its own task
(``assistant.compact_conversation``) queued once the reply is committed. The provider only
returns operations — add, change a point by id, retire a point by id — and this module merges
them, so a model can never rewrite or drop the summary wholesale. ``recuperar`` fetches the
exact cited messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from django.db import transaction

from assistant.models import ConversationSummary
from channels_app.selectors import conversation_messages
from sumalos.accounts.access import AiAccess
from sumalos.celery import app
from sumalos.rls.rule import OwnedByPrincipal, visible_q

# Sent by name: the task module (assistant/tasks.py) imports this one.
COMPACT_TASK = "assistant.compact_conversation"

# Recent history kept verbatim, and the size past which the older part is summarised, in tokens.
RECENT_TOKENS = {"web": 4_000, "whatsapp": 3_000}
COMPACT_AT = {"web": 20_000, "whatsapp": 16_000}
POINT_MAX_CHARS = 300
POLICY_FIELDS = ("visibility", "organization_id", "owner_user_id", "owner_phone", "area")


def tokens(text: str) -> int:
    """A cheap, stable token estimate: about four characters per token in Spanish."""
    return len(text) // 4 + 1


class Summariser(Protocol):
    def summarise(
        self, *, points: list[dict[str, Any]], messages: list[tuple[int, str, str]]
    ) -> list[dict[str, Any]]: ...


def merge_operations(
    summary: ConversationSummary, operations: list[dict[str, Any]], *, allowed_ids: set[int]
) -> None:
    """Apply add / change / retire operations; anything malformed is ignored."""
    points = {point["id"]: point for point in summary.points}
    for operation in operations:
        kind = operation.get("op")
        text = " ".join(str(operation.get("text") or "").split())[:POINT_MAX_CHARS]
        if kind == "add" and text:
            cited = sorted(
                {int(m) for m in operation.get("messages") or [] if int(m) in allowed_ids}
            )
            points[summary.next_point_id] = {
                "id": summary.next_point_id,
                "text": text,
                "messages": cited,
            }
            summary.next_point_id += 1
        elif kind == "change" and operation.get("id") in points and text:
            points[operation["id"]] = {**points[operation["id"]], "text": text}
        elif kind == "retire":
            points.pop(operation.get("id"), None)
    summary.points = [points[key] for key in sorted(points)]


def compaction_queue(
    *, conversation_id: str, channel: str, texts: Iterable[str] | None = None
) -> bool:
    """Queue the conversation's compaction as its own task; True when queued.

    Call it once the reply is committed (``transaction.on_commit``). ``texts``, when the
    caller holds the whole conversation, spares a task while it is too short to compact.
    """
    if texts is not None and sum(tokens(text) for text in texts) <= COMPACT_AT[channel]:
        return False
    app.signature(COMPACT_TASK, args=(conversation_id, channel)).apply_async()
    return True


def summary_for(*, access: AiAccess, conversation_id: str) -> ConversationSummary | None:
    """The summary of one of the caller's own conversations, under the visibility rule."""
    return (
        ConversationSummary.objects.filter(visible_q(access), conversation_id=conversation_id)
        .filter(OwnedByPrincipal().to_q(access))
        .first()
    )


def compact(
    *, access: AiAccess, conversation_id: str, channel: str, summariser: Summariser
) -> ConversationSummary | None:
    """Summarise what fell out of the verbatim window, once the conversation is long.

    The model is called outside any transaction, holding no row lock: the summary is read,
    the model summarises, and the merge is a short transaction that locks the row and checks
    that nobody merged in the meantime (``covered_until`` unchanged), else it drops its work:
    the other run covered the same messages.
    """
    owned = conversation_messages(access=access, conversation_id=conversation_id).filter(
        OwnedByPrincipal().to_q(access)
    )
    rows = list(owned.values_list("id", "role", "text"))
    if sum(tokens(text) for _, _, text in rows) <= COMPACT_AT[channel]:
        return None
    budget = RECENT_TOKENS[channel]
    split = len(rows)
    while split > 0 and budget - tokens(rows[split - 1][2]) >= 0:
        budget -= tokens(rows[split - 1][2])
        split -= 1
    summary, _ = ConversationSummary.objects.get_or_create(
        conversation_id=conversation_id,
        # The summary is a copy of these messages: it carries their four policy columns.
        defaults=owned.values(*POLICY_FIELDS).last(),
    )
    older = [row for row in rows[:split] if row[0] > summary.covered_until]
    if not older:
        return summary
    operations = summariser.summarise(points=summary.points, messages=older)
    with transaction.atomic():
        current = ConversationSummary.objects.select_for_update().get(pk=summary.pk)
        if current.covered_until != summary.covered_until:
            return current
        merge_operations(current, operations, allowed_ids={row[0] for row in older})
        current.covered_until = older[-1][0]
        current.save()
    return current


def summary_delete(*, access: AiAccess, conversation_id: str) -> int:
    """Delete the summary of one of the caller's own conversations (it is being deleted)."""
    deleted, _ = (
        ConversationSummary.objects.filter(conversation_id=conversation_id)
        .filter(OwnedByPrincipal().to_q(access))
        .delete()
    )
    return deleted
