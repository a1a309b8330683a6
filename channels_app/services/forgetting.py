"""Forgetting on purpose: a deleted conversation, and the nightly clean-up (DESIGN §6).

Deleting a conversation removes the personal and private memories that came only from it and
that nobody edited since they were learnt; shared ones only lose that source. Both steps, and
the nightly pruning, go through the memory layer's services, which audit what they change.
Deleting a whole web conversation (summary, ledger, index included) is
``assistant.forgetting.conversation_delete``, which calls this.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from channels_app.models import AiMessage, LearnedNotice
from channels_app.selectors import web_chat_get
from memory.services import memories_forget_sources, memories_prune
from sumalos.accounts.access import AiAccess

VERSION_RETENTION = timedelta(days=365)
PROPOSAL_RETENTION = timedelta(days=60)


@transaction.atomic
def web_chat_delete(*, access: AiAccess, chat_id: int) -> int:
    """Delete a chat and forget what only it taught; returns how many memories were deleted."""
    chat = web_chat_get(access=access, chat_id=chat_id)
    sources = [
        str(pk)
        for pk in AiMessage.objects.filter(conversation_id=chat.conversation_id).values_list(
            "pk", flat=True
        )
    ]
    learnt = {
        notice.memory_id: (notice.text, notice.value)
        for notice in LearnedNotice.objects.filter(
            conversation_id=chat.conversation_id, memory__isnull=False
        )
        if notice.memory_id is not None
    }
    deleted = memories_forget_sources(access=access, sources=sources, learnt=learnt)
    # The web_chats trigger deletes its ai_messages (and their outbox entries); the notices
    # of the conversation go with it.
    LearnedNotice.objects.filter(conversation_id=chat.conversation_id).delete()
    chat.delete()
    return deleted


def memories_prune_nightly() -> dict[str, int]:
    """Remove versions older than a year and proposals unconfirmed for 60 days."""
    now = timezone.now()
    return memories_prune(
        versions_before=now - VERSION_RETENTION, proposals_before=now - PROPOSAL_RETENTION
    )
