"""A person leaves an organization: their private memories there go, what they shared stays."""

from __future__ import annotations

from django.db import transaction

from memory.models import Memory, MemoryAudit
from memory.services.audit import audit_change, snapshot
from sumalos.rls.rule import Visibility


@transaction.atomic
def memories_forget_member(*, organization_id: int, user_id: int) -> int:
    """Someone left: delete their private memories there; what they shared stays, unattributed.

    Returns how many private memories were deleted. Called by ``membership_remove``.
    """
    deleted, _ = Memory.objects.filter(
        organization_id=organization_id,
        visibility=Visibility.PRIVATE_IN_ORG,
        owner_user_id=user_id,
    ).delete()
    shared = Memory.objects.select_for_update().filter(
        organization_id=organization_id, visibility=Visibility.SHARED, created_by_id=user_id
    )
    for memory in shared:
        before = snapshot(memory)
        memory.created_by = None
        memory.save(update_fields=["created_by", "updated_at"])
        audit_change(
            access=None,
            memory=memory,
            action=MemoryAudit.Action.AUTHOR_LEFT,
            before=before,
            after=snapshot(memory),
        )
    return deleted
