"""Sharing a memory with the organization, and taking it back ("solo para mí").

Both are one change of visibility: the row is handed over to the organization (no owner) or
taken back by whoever asks, the offer to share is withdrawn, and the change is audited.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from memory.ladder import PERSONAL_CATEGORIES
from memory.models import Memory, MemoryAudit
from memory.services.audit import audit_change, snapshot
from memory.services.base import locked, owner_columns, require
from memory.services.versions import supersede_shared_values
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import Visibility


@transaction.atomic
def memory_share(*, access: AiAccess, memory_id: int) -> Memory:
    """Share a private memory with the organization; the row is handed over (no owner).

    Used for "compartir" by its author and for confirming a proposal to share. Needs the right
    to write the area and an organization that shares; a personal category never is shared.
    """
    return _visibility_change(access=access, memory_id=memory_id, visibility=Visibility.SHARED)


@transaction.atomic
def memory_make_private(*, access: AiAccess, memory_id: int) -> Memory:
    """ "Solo para mí": a shared memory goes back to private, owned by whoever asks.

    Its author or an owner/admin may do it.
    """
    return _visibility_change(
        access=access, memory_id=memory_id, visibility=Visibility.PRIVATE_IN_ORG
    )


def _visibility_change(*, access: AiAccess, memory_id: int, visibility: str) -> Memory:
    memory, rights = locked(access, memory_id)
    sharing = visibility == Visibility.SHARED
    owner: dict[str, Any]
    if sharing:
        if memory.category in PERSONAL_CATEGORIES:
            raise ValidationError("Lo que es tuyo (perfil y preferencias) no se comparte.")
        require(rights.can_share, "No puedes compartir este recuerdo.")
        owner = {"owner_user_id": None, "owner_phone": None}
    else:
        require(rights.can_make_private, "Solo su autor o un administrador puede hacerlo.")
        owner = owner_columns(access)
    before = snapshot(memory)
    memory.visibility = visibility
    for column, value in owner.items():
        setattr(memory, column, value)
    memory.proposed_visibility = None
    memory.save(
        update_fields=[
            "visibility",
            "owner_user",
            "owner_phone",
            "proposed_visibility",
            "updated_at",
        ]
    )
    audit_change(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.SHARE if sharing else MemoryAudit.Action.UNSHARE,
        before=before,
        after=snapshot(memory),
    )
    if sharing and memory.subject and memory.attribute:
        supersede_shared_values(access=access, memory=memory)
    return memory
