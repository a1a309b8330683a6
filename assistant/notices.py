"""Closing the web chat's "Lo he aprendido" card (DESIGN §6): kept per person and notice.

The card stays above the conversation until the person closes it; what it said stays in the
list of what Suma learned. Reads are in ``assistant.selectors``.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db import transaction

from assistant.models import LearnedNoticeDismissal
from assistant.selectors import learned_notices_readable
from sumalos.accounts.access import AiAccess


@transaction.atomic
def learned_notices_dismiss(*, access: AiAccess, notice_ids: Collection[int]) -> int:
    """Close these notices for this person; ones they may not read are left alone.

    Returns how many were closed now (closing twice changes nothing).
    """
    if access.user_id is None:
        return 0
    readable = list(
        learned_notices_readable(access=access)
        .filter(pk__in=sorted(set(notice_ids)))
        .values_list("pk", flat=True)
    )
    closed = set(
        LearnedNoticeDismissal.objects.filter(
            user_id=access.user_id, notice_id__in=readable
        ).values_list("notice_id", flat=True)
    )
    fresh = [pk for pk in readable if pk not in closed]
    # The unique constraint settles two closes racing: the second inserts nothing.
    LearnedNoticeDismissal.objects.bulk_create(
        [LearnedNoticeDismissal(user_id=access.user_id, notice_id=pk) for pk in fresh],
        ignore_conflicts=True,
    )
    return len(fresh)
