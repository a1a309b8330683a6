"""Confirming or rejecting a proposal: an unverified IBAN or an offer to share."""

from __future__ import annotations

from django.db import transaction

from memory.models import Memory, MemoryAudit
from memory.services.audit import audit_change, snapshot
from memory.services.base import locked, require
from memory.services.sharing import memory_share
from memory.services.versions import supersede_shared_values
from sumalos.accounts.access import AiAccess


@transaction.atomic
def memory_proposal_confirm(*, access: AiAccess, memory_id: int) -> Memory:
    """Confirm a proposal: an unverified IBAN (owners/admins) or a proposal to share."""
    memory, rights = locked(access, memory_id)
    if memory.status != Memory.Status.PROPOSED:
        return memory_share(access=access, memory_id=memory.pk)
    require(rights.can_confirm, "Solo un propietario o administrador puede confirmar una cuenta.")
    before = snapshot(memory)
    memory.status = Memory.Status.ACTIVE
    memory.unverified = False
    memory.proposed_visibility = None
    memory.save(update_fields=["status", "unverified", "proposed_visibility", "updated_at"])
    audit_change(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.CONFIRM,
        before=before,
        after=snapshot(memory),
    )
    supersede_shared_values(access=access, memory=memory)
    return memory


@transaction.atomic
def memory_proposal_reject(*, access: AiAccess, memory_id: int) -> None:
    """Reject a proposal: an unverified IBAN is deleted; a proposal to share stays private."""
    memory, rights = locked(access, memory_id)
    require(rights.can_reject, "No puedes rechazar esta propuesta.")
    if memory.status == Memory.Status.PROPOSED:
        audit_change(
            access=access,
            memory=memory,
            action=MemoryAudit.Action.REJECT,
            before=snapshot(memory),
            after=None,
        )
        memory.delete()
        return
    memory.proposed_visibility = None
    memory.save(update_fields=["proposed_visibility", "updated_at"])
