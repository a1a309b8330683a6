"""Mask the secrets of derived copies written before masking existed (decision 0011).

A frozen migration may not import the content policy, so this is ``manage.py remask_copies``,
which ``run_all`` runs after migrating. The channels mask their own stored messages
(``channels_app.services.remask``; the triggers and the search outbox carry the masked copy on);
this module masks what the assistant itself keeps, the compaction summaries.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from assistant.models import ConversationSummary
from channels_app.services.remask import web_chats_remask, whatsapp_messages_remask
from memory.policy import mask_secrets


@dataclass(frozen=True)
class Remasked:
    web_messages: int
    whatsapp_messages: int
    summary_points: int


def _remask_summary(summary_id: int) -> int:
    with transaction.atomic():
        summary = ConversationSummary.objects.select_for_update().get(pk=summary_id)
        points, changed = [], 0
        for point in summary.points:
            masked = mask_secrets(str(point.get("text", "")))
            if masked != point.get("text"):
                point, changed = {**point, "text": masked}, changed + 1
            points.append(point)
        if changed:
            summary.points = points
            summary.save(update_fields=["points"])
        return changed


def copies_remask() -> Remasked:
    """Mask every derived copy that still holds a secret; returns what changed."""
    summaries = sum(
        _remask_summary(pk)
        for pk in ConversationSummary.objects.order_by("pk").values_list("pk", flat=True)
    )
    return Remasked(
        web_messages=web_chats_remask(),
        whatsapp_messages=whatsapp_messages_remask(),
        summary_points=summaries,
    )
