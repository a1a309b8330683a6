"""The "Lo he aprendido" notices: shown once above the next reply, with undo (DESIGN §6)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from channels_app.models import LearnedNotice
from channels_app.selectors import learned_notice_get
from memory.services import memory_delete, memory_restore
from sumalos.accounts.access import AiAccess


@transaction.atomic
def learned_notices_mark_shown(*, access: AiAccess, notice_ids: list[int]) -> int:
    """The card was shown: it does not come back on the next reply."""
    ids = [learned_notice_get(access=access, notice_id=pk).pk for pk in notice_ids]
    return LearnedNotice.objects.filter(pk__in=ids, shown_at__isnull=True).update(
        shown_at=timezone.now()
    )


@transaction.atomic
def learned_notice_undo(*, access: AiAccess, notice_id: int) -> LearnedNotice:
    """Undo what was learnt: the memory goes; if it replaced another, that one comes back."""
    notice = LearnedNotice.objects.select_for_update().get(
        pk=learned_notice_get(access=access, notice_id=notice_id).pk
    )
    if notice.undone_at is not None:
        return notice
    if notice.memory_id is not None:
        if notice.superseded_memory_id is not None:
            memory_restore(access=access, memory_id=notice.superseded_memory_id)
        else:
            memory_delete(access=access, memory_id=notice.memory_id)
    notice.undone_at = timezone.now()
    notice.save(update_fields=["undone_at"])
    return notice
