"""Sharing hands the row over; "solo para mí" takes it back; every change is audited."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from memory.models import Memory, MemoryAudit
from memory.selectors import MemoryNotFound, memory_audit_log
from memory.services import (
    WriteResult,
    memory_delete,
    memory_edit,
    memory_make_private,
    memory_proposal_confirm,
    memory_share,
    memory_write,
)
from sumalos.accounts.services import organization_set_shared_mode


def _stored(result: WriteResult) -> Memory:
    assert result.memory is not None
    return result.memory


def _private(world, user, category="cliente"):
    return _stored(
        memory_write(
            access=world.access(user),
            organization_id=world.org.pk,
            category=category,
            text="Talleres García pide albarán firmado.",
            requested_visibility="private_in_org",
        )
    )


def _shared(world, user=None):
    return memory_write(
        access=world.access(user or world.owner),
        organization_id=world.org.pk,
        category="empresa",
        text="Cerramos en agosto.",
        explicit=True,
    ).memory


def test_sharing_hands_the_row_over_and_is_audited(world):
    memory = _private(world, world.admin)

    memory_share(access=world.access(world.admin), memory_id=memory.pk)

    memory.refresh_from_db()
    assert (memory.visibility, memory.owner_user_id, memory.created_by_id) == (
        "shared",
        None,
        world.admin.pk,
    )
    entry = MemoryAudit.objects.get()
    assert (entry.action, entry.actor_id) == ("share", world.admin.pk)
    assert entry.before is not None and entry.after is not None
    assert (entry.before["visibility"], entry.after["visibility"]) == ("private_in_org", "shared")


def test_sharing_needs_the_right_to_write_the_area(world):
    memory = _private(world, world.reader)

    with pytest.raises(PermissionDenied):
        memory_share(access=world.access(world.reader), memory_id=memory.pk)

    assert Memory.objects.get(pk=memory.pk).visibility == "private_in_org"
    assert MemoryAudit.objects.count() == 0


def test_sharing_needs_an_organization_that_shares(world):
    memory = _private(world, world.owner)
    organization_set_shared_mode(
        access=world.access(world.owner), organization=world.org, shared_mode="off"
    )

    with pytest.raises(PermissionDenied):
        memory_share(access=world.access(world.owner), memory_id=memory.pk)


def test_a_preference_is_never_shared(world):
    memory = _private(world, world.owner, category="preferencia")

    with pytest.raises(ValidationError):
        memory_share(access=world.access(world.owner), memory_id=memory.pk)


def test_a_reader_proposal_is_confirmed_by_someone_who_may_write_the_area(world):
    proposal = _stored(
        memory_write(
            access=world.access(world.reader),
            organization_id=world.org.pk,
            category="cliente",
            text="Talleres García cierra los viernes.",
        )
    )
    assert proposal.proposed_visibility == "shared"

    memory_proposal_confirm(access=world.access(world.admin), memory_id=proposal.pk)

    proposal.refresh_from_db()
    assert (proposal.visibility, proposal.owner_user_id, proposal.created_by_id) == (
        "shared",
        None,
        world.reader.pk,
    )


def test_a_proposal_is_not_offered_to_someone_who_cannot_write_its_area(world):
    proposal = _stored(
        memory_write(
            access=world.access(world.reader),
            organization_id=world.org.pk,
            category="cliente",
            text="Talleres García cierra los viernes.",
        )
    )

    with pytest.raises(MemoryNotFound):
        memory_proposal_confirm(access=world.access(world.bookkeeper), memory_id=proposal.pk)


def test_solo_para_mi_by_the_author_makes_it_theirs_again(world):
    memory = _shared(world, world.admin)

    memory_make_private(access=world.access(world.admin), memory_id=memory.pk)

    memory.refresh_from_db()
    assert (memory.visibility, memory.owner_user_id) == ("private_in_org", world.admin.pk)
    assert MemoryAudit.objects.filter(action="unshare").count() == 1


def test_solo_para_mi_by_a_manager_is_allowed_by_a_member_is_not(world):
    memory = _shared(world, world.admin)

    with pytest.raises(PermissionDenied):
        memory_make_private(access=world.access(world.reader), memory_id=memory.pk)
    assert Memory.objects.get(pk=memory.pk).visibility == "shared"

    memory_make_private(access=world.access(world.owner), memory_id=memory.pk)
    assert Memory.objects.get(pk=memory.pk).owner_user_id == world.owner.pk


def test_editing_and_deleting_a_shared_memory_are_audited_with_before_and_after(world):
    memory = _shared(world)

    memory_edit(access=world.access(world.admin), memory_id=memory.pk, text="Cerramos en julio.")

    log = memory_audit_log(access=world.access(world.owner), organization_id=world.org.pk)
    assert [(e.action, (e.before or {}).get("text"), (e.after or {}).get("text")) for e in log] == [
        ("edit", "Cerramos en agosto.", "Cerramos en julio."),
        ("create", None, "Cerramos en agosto."),
    ]

    memory_delete(access=world.access(world.admin), memory_id=memory.pk)

    # The log keeps who did what and when; the deleted memory's words leave it (decision 0006).
    log = memory_audit_log(access=world.access(world.owner), organization_id=world.org.pk)
    assert [(e.action, (e.before or {}).get("text"), (e.after or {}).get("text")) for e in log] == [
        ("delete", None, None),
        ("edit", None, None),
        ("create", None, None),
    ]
    assert Memory.objects.count() == 0


def test_an_edit_that_adds_a_secret_is_refused_and_changes_nothing(world):
    memory = _shared(world)

    with pytest.raises(ValidationError):
        memory_edit(access=world.access(world.admin), memory_id=memory.pk, text="PIN: 9921")

    assert Memory.objects.get(pk=memory.pk).text == "Cerramos en agosto."
    assert MemoryAudit.objects.count() == 1


def test_a_member_cannot_edit_a_company_fact_nor_read_the_audit_log(world):
    memory = _shared(world)

    with pytest.raises(PermissionDenied):
        memory_edit(access=world.access(world.reader), memory_id=memory.pk, text="Otra cosa.")
    with pytest.raises(PermissionDenied):
        memory_audit_log(access=world.access(world.reader), organization_id=world.org.pk)


def test_memories_of_another_organization_are_not_found(world):
    memory = _shared(world)

    with pytest.raises(MemoryNotFound):
        memory_delete(access=world.access(world.outsider, world.other_org), memory_id=memory.pk)

    assert Memory.objects.filter(pk=memory.pk).exists()
