"""Conflicts on one level: merge, supersede, restore, and the fallback by meaning (DESIGN §5)."""

from __future__ import annotations

import numpy as np
import pytest
from django.core.exceptions import PermissionDenied

from memory.models import Memory, MemoryAudit
from memory.selectors import memory_versions
from memory.services import memory_restore, memory_write
from sumalos import embeddings


def _term(world, value, *, attribute="plazo_pago", text=None, source=None, user=None):
    return memory_write(
        access=world.access(user or world.owner),
        organization_id=world.org.pk,
        category="cliente",
        subject="Talleres García",
        attribute=attribute,
        value=value,
        text=text or f"Talleres García paga a {value}.",
        source_message_id=source,
        explicit=True,
    )


def test_a_merge_runs_no_encoder_and_keeps_the_stored_vector(world):
    first = _term(world, "60 días", source="msg-1")
    stored = list(Memory.objects.get().embedding)
    # As in another process: the sentence's vector is not in this one's cache.
    embeddings._passages.pop("Talleres García paga a 60 días.", None)

    again = _term(world, "60 días", source="msg-2")

    assert (again.merged, again.memory) == (True, first.memory)
    assert "Talleres García paga a 60 días." not in embeddings._passages
    assert list(Memory.objects.get().embedding) == stored


def test_a_new_row_holds_the_vector_of_its_sentence(world):
    _term(world, "60 días", source="msg-1")
    correction = _term(world, "90 días", source="msg-2")

    vector = embeddings.embed_passages(["Talleres García paga a 90 días."])[0]
    stored = Memory.objects.get(pk=correction.memory.pk).embedding
    assert np.array_equal(
        np.asarray(stored, dtype=np.float16), np.asarray(vector, dtype=np.float16)
    )


def test_the_same_value_merges_and_adds_the_source(world):
    first = _term(world, "60 días", source="msg-1")

    again = _term(world, "60 Días", source="msg-2")

    assert (again.merged, again.memory) == (True, first.memory)
    memory = Memory.objects.get()
    assert memory.sources == ["msg-1", "msg-2"]
    assert list(MemoryAudit.objects.order_by("id").values_list("action", flat=True)) == [
        "create",
        "merge",
    ]


def test_a_different_value_supersedes_and_keeps_the_old_row_as_a_version(world):
    first = _term(world, "60 días")

    second = _term(world, "90 días")

    assert second.superseded == first.memory
    rows = {m.value: (m.status, m.superseded_by_id) for m in Memory.objects.all()}
    assert rows == {"60 días": ("superseded", second.memory.pk), "90 días": ("active", None)}
    versions = memory_versions(access=world.access(world.admin), memory_id=second.memory.pk)
    assert [v.value for v in versions] == ["60 días"]


def test_an_admin_restores_a_version_and_the_newer_value_becomes_the_version(world):
    first = _term(world, "60 días")
    _term(world, "90 días")

    memory_restore(access=world.access(world.admin), memory_id=first.memory.pk)

    rows = {m.value: (m.status, m.superseded_by_id) for m in Memory.objects.all()}
    assert rows == {"60 días": ("active", None), "90 días": ("superseded", first.memory.pk)}
    assert MemoryAudit.objects.filter(action="restore", memory_id=first.memory.pk).count() == 1


def test_a_member_cannot_restore_a_shared_version(world):
    first = _term(world, "60 días")
    _term(world, "90 días")

    with pytest.raises(PermissionDenied):
        memory_restore(access=world.access(world.reader), memory_id=first.memory.pk)

    assert Memory.objects.get(pk=first.memory.pk).status == "superseded"


def test_a_match_by_meaning_with_a_different_value_supersedes_never_merges(world):
    first = _term(world, "60 días")

    correction = _term(
        world, "45 días", attribute="condiciones_cobro", text="Talleres García cobra a 45 días"
    )

    assert (correction.merged, correction.superseded) == (False, first.memory)
    active = Memory.objects.filter(status="active").values_list("value", flat=True)
    assert list(active) == ["45 días"]


def test_a_different_fact_about_the_same_subject_stays_side_by_side(world):
    _term(world, "60 días")

    other = _term(
        world,
        "email",
        attribute="envio_facturas",
        text="Talleres García pide las facturas por email.",
    )

    assert (other.merged, other.superseded) == (False, None)
    assert Memory.objects.filter(status="active").count() == 2


def test_levels_do_not_collide_a_private_note_leaves_the_shared_fact_alone(world):
    shared = _term(world, "60 días")

    private = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="cliente",
        subject="Talleres García",
        attribute="plazo_pago",
        value="90 días",
        text="Talleres García paga a 90 días.",
        requested_visibility="private_in_org",
    )

    assert private.superseded is None
    assert Memory.objects.get(pk=shared.memory.pk).status == "active"
