"""Forgetting on purpose: a deleted conversation, and the nightly clean-up (DESIGN §6).

Deleting a conversation removes the personal and private memories that came only from it and
that nobody edited since they were learnt; shared ones only lose that source. The memory layer
has no public service for either step, so the SQL lives here (with the reason, per task brief).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from channels_app.models import AiMessage, LearnedNotice
from channels_app.selectors import web_chat_get
from memory.models import Memory
from memory.services import memory_delete
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import Visibility

VERSION_RETENTION = timedelta(days=365)
PROPOSAL_RETENTION = timedelta(days=60)


@transaction.atomic
def web_chat_delete(*, access: AiAccess, chat_id: int) -> int:
    """Delete a chat and forget what only it taught; returns how many memories were deleted."""
    chat = web_chat_get(access=access, chat_id=chat_id)
    sources = {
        str(pk)
        for pk in AiMessage.objects.filter(conversation_id=chat.conversation_id).values_list(
            "pk", flat=True
        )
    }
    learnt = {
        n.memory_id: n
        for n in LearnedNotice.objects.filter(
            conversation_id=chat.conversation_id, memory__isnull=False
        )
    }
    deleted = 0
    for memory in Memory.objects.select_for_update().filter(sources__overlap=sorted(sources)):
        only_here = set(memory.sources) <= sources
        notice = learnt.get(memory.pk)
        unedited = notice is not None and (memory.text, memory.value) == (notice.text, notice.value)
        if memory.visibility == Visibility.SHARED or not (only_here and unedited):
            # Shared (or edited, or also learnt elsewhere): it stays, without this source.
            memory.sources = [s for s in memory.sources if s not in sources]
            memory.save(update_fields=["sources", "updated_at"])
            continue
        memory_delete(access=access, memory_id=memory.pk)
        deleted += 1
    chat.delete()  # the web_chats trigger deletes its ai_messages (and their outbox entries)
    return deleted


@transaction.atomic
def memories_prune_nightly() -> dict[str, int]:
    """Remove versions older than a year and proposals unconfirmed for 60 days.

    A proposal is either an unverified shared IBAN (deleted) or a private memory proposed for
    sharing (the proposal is withdrawn, the private memory stays).
    """
    now = timezone.now()
    versions, _ = Memory.objects.filter(
        status=Memory.Status.SUPERSEDED, updated_at__lt=now - VERSION_RETENTION
    ).delete()
    proposals, _ = Memory.objects.filter(
        status=Memory.Status.PROPOSED, created_at__lt=now - PROPOSAL_RETENTION
    ).delete()
    withdrawn = Memory.objects.filter(
        status=Memory.Status.ACTIVE,
        proposed_visibility__isnull=False,
        created_at__lt=now - PROPOSAL_RETENTION,
    ).update(proposed_visibility=None)
    return {"versions": versions, "proposals": proposals, "withdrawn": withdrawn}
