"""People leave: private memories in that organization go, what they shared stays."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from memory.models import Memory, MemoryAudit
from memory.selectors import FORMER_MEMBER, author_label
from memory.services import memory_write
from sumalos.accounts.models import Membership
from sumalos.accounts.services import membership_remove


def test_a_departure_deletes_private_memories_there_and_keeps_shared_ones_unattributed(world):
    leaver = world.access(world.admin)
    shared = memory_write(
        access=leaver,
        organization_id=world.org.pk,
        category="empresa",
        text="Abrimos a las 8.",
        explicit=True,
    ).memory
    memory_write(
        access=leaver,
        organization_id=world.org.pk,
        category="empresa",
        text="Quiero proponer otra gestoría.",
        requested_visibility="private_in_org",
    )
    personal = memory_write(access=leaver, category="preferencia", text="Tutéame.").memory
    assert shared is not None and personal is not None

    membership_remove(
        access=world.access(world.owner),
        membership=Membership.objects.get(user=world.admin, organization=world.org),
    )

    assert sorted(Memory.objects.values_list("text", flat=True)) == ["Abrimos a las 8.", "Tutéame."]
    shared.refresh_from_db()
    assert (shared.created_by_id, author_label(shared)) == (None, FORMER_MEMBER)
    assert Memory.objects.get(pk=personal.pk).owner_user_id == world.admin.pk
    assert MemoryAudit.objects.filter(action="author_left", memory_id=shared.pk).count() == 1


def test_a_member_cannot_remove_someone_else_and_nothing_is_forgotten(world):
    memory_write(
        access=world.access(world.admin),
        organization_id=world.org.pk,
        category="empresa",
        text="Nota mía.",
        requested_visibility="private_in_org",
    )

    with pytest.raises(PermissionDenied):
        membership_remove(
            access=world.access(world.reader),
            membership=Membership.objects.get(user=world.admin, organization=world.org),
        )

    assert Memory.objects.count() == 1
    assert Membership.objects.filter(user=world.admin, organization=world.org).exists()
