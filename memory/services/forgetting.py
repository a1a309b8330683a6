"""Forgetting: what a deleted conversation taught, and the nightly pruning of old rows."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime

from django.db import transaction
from django.db.models import Q

from memory.models import Memory, MemoryAudit
from memory.services.audit import audit_change, snapshot
from memory.services.editing import memory_delete
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import Visibility


@transaction.atomic
def memories_forget_sources(
    *, access: AiAccess, sources: Collection[str], learnt: Mapping[int, tuple[str, str]]
) -> int:
    """A conversation was deleted: forget what only it taught; elsewhere, drop it as a source.

    ``sources`` are the conversation's message ids; ``learnt`` maps each memory learnt there to
    the text and value it was learnt with. A personal or private memory whose sources are all
    in ``sources`` and that nobody edited since is deleted; any other (shared, edited, or also
    learnt elsewhere) stays, without those sources. Returns how many memories were deleted.
    """
    gone = set(sources)
    deleted = 0
    candidates = Memory.objects.filter(sources__overlap=sorted(gone)).order_by("pk")
    for memory_id in list(candidates.values_list("pk", flat=True)):
        # Deleting a memory deletes its earlier versions too: one may already be gone.
        memory = Memory.objects.select_for_update().filter(pk=memory_id).first()
        if memory is None:
            continue
        unedited = learnt.get(memory.pk) == (memory.text, memory.value)
        if memory.visibility != Visibility.SHARED and set(memory.sources) <= gone and unedited:
            memory_delete(access=access, memory_id=memory.pk)
            deleted += 1
            continue
        before = snapshot(memory)
        memory.sources = [s for s in memory.sources if s not in gone]
        memory.save(update_fields=["sources", "updated_at"])
        audit_change(
            access=access,
            memory=memory,
            action=MemoryAudit.Action.EDIT,
            before=before,
            after=snapshot(memory),
        )
    return deleted


@transaction.atomic
def memories_prune(*, versions_before: datetime, proposals_before: datetime) -> dict[str, int]:
    """Delete old superseded versions and old unconfirmed proposals; withdraw old share offers.

    A proposal is either an unverified shared IBAN (deleted) or a private memory proposed for
    sharing (the offer is withdrawn, the private memory stays). Deletions are audited like any.
    """
    counts = {"versions": 0, "proposals": 0}
    stale = {
        "versions": Q(status=Memory.Status.SUPERSEDED, updated_at__lt=versions_before),
        "proposals": Q(status=Memory.Status.PROPOSED, created_at__lt=proposals_before),
    }
    for key, condition in stale.items():
        for memory in Memory.objects.select_for_update().filter(condition).order_by("pk"):
            audit_change(
                access=None,
                memory=memory,
                action=MemoryAudit.Action.DELETE,
                before=snapshot(memory),
                after=None,
            )
            memory.delete()
            counts[key] += 1
    counts["withdrawn"] = Memory.objects.filter(
        status=Memory.Status.ACTIVE,
        proposed_visibility__isnull=False,
        created_at__lt=proposals_before,
    ).update(proposed_visibility=None)
    return counts
