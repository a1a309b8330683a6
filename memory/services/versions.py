"""Versions: superseding a memory, the chain of versions behind it, and restoring one."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from memory.models import Memory, MemoryAudit
from memory.services.audit import audit_change, snapshot
from memory.services.base import locked, require
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import Visibility


def supersede(*, access: AiAccess | None, old: Memory, new: Memory) -> None:
    """``old`` becomes a version of ``new``."""
    before = snapshot(old)
    old.status = Memory.Status.SUPERSEDED
    old.superseded_by = new
    old.save(update_fields=["status", "superseded_by", "updated_at"])
    audit_change(
        access=access,
        memory=old,
        action=MemoryAudit.Action.SUPERSEDE,
        before=before,
        after=snapshot(old),
    )


def supersede_shared_values(*, access: AiAccess, memory: Memory) -> None:
    """A memory that became shared replaces the organization's earlier value of its attribute."""
    older = (
        Memory.objects.select_for_update()
        .filter(
            visibility=Visibility.SHARED,
            organization=memory.organization,
            subject=memory.subject,
            attribute=memory.attribute,
            status=Memory.Status.ACTIVE,
        )
        .exclude(pk=memory.pk)
    )
    for old in older:
        supersede(access=access, old=old, new=memory)


def version_ids(memory: Memory) -> list[int]:
    """Ids of the superseded rows that led, directly or not, to ``memory``."""
    found: list[int] = []
    frontier = [memory.pk]
    while frontier:
        frontier = list(
            Memory.objects.filter(superseded_by_id__in=frontier, status=Memory.Status.SUPERSEDED)
            .exclude(pk__in=found)
            .values_list("pk", flat=True)
        )
        found += frontier
    return found


@transaction.atomic
def memory_restore(*, access: AiAccess, memory_id: int) -> Memory:
    """Bring a superseded version back; the memory that replaced it becomes the version."""
    version, rights = locked(access, memory_id)
    if version.status != Memory.Status.SUPERSEDED:
        raise ValidationError("Ese recuerdo no es una versión anterior.")
    require(rights.can_restore, "Solo un propietario o administrador puede restaurar versiones.")
    current = version.superseded_by
    while current is not None and current.status == Memory.Status.SUPERSEDED:
        current = current.superseded_by
    before = snapshot(version)
    version.status = Memory.Status.ACTIVE
    version.superseded_by = None
    version.save(update_fields=["status", "superseded_by", "updated_at"])
    audit_change(
        access=access,
        memory=version,
        action=MemoryAudit.Action.RESTORE,
        before=before,
        after=snapshot(version),
    )
    if current is not None:
        supersede(
            access=access, old=Memory.objects.select_for_update().get(pk=current.pk), new=version
        )
    return version
