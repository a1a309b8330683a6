"""The audit trail: every change to a memory that is or was shared lands in ``MemoryAudit``."""

from __future__ import annotations

from typing import Any

from memory.models import Memory, MemoryAudit
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import Visibility


def snapshot(memory: Memory) -> dict[str, Any]:
    """The audited state of a memory."""
    return {
        "visibility": memory.visibility,
        "area": memory.area,
        "category": memory.category,
        "subject": memory.subject,
        "attribute": memory.attribute,
        "value": memory.value,
        "text": memory.text,
        "status": memory.status,
        "unverified": memory.unverified,
        "owner_user_id": memory.owner_user_id,
        "created_by_id": memory.created_by_id,
        "sources": list(memory.sources),
    }


def audit_change(
    *,
    access: AiAccess | None,
    memory: Memory,
    action: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    """Record a change when the memory is or was shared."""
    was_shared = before is not None and before["visibility"] == Visibility.SHARED
    is_shared = after is not None and after["visibility"] == Visibility.SHARED
    if not (was_shared or is_shared) or memory.organization_id is None:
        return
    MemoryAudit.objects.create(
        organization_id=memory.organization_id,
        memory_id=memory.pk,
        actor_id=access.user_id if access else None,
        actor_phone=(access.phone or "") if access and access.user_id is None else "",
        action=action,
        before=before,
        after=after,
    )
