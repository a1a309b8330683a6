"""The profile's top-k on indexes (memory/prompt.py, decision 0021) against a full sort.

The oracle reads every usable memory a person can see, weighs each with the documented formula
(confidence × 0.75 ** (age / quarter-life), never below half) from the latest change, and sorts
by group, layer, weight, id. The scans must give exactly its first rows, with the per-scan
limit shrunk so that every slice overflows and the second round (decay keys) is exercised.
"""

from __future__ import annotations

import random
from datetime import UTC, timedelta

import psycopg
import pytest
from django.db import connection, transaction
from django.utils import timezone

from memory import prompt
from memory.models import Memory
from memory.services import memory_write
from memory.services.editing import memory_edit
from sumalos.accounts.models import Membership
from sumalos.rls.assistant import as_assistant
from sumalos.rls.rule import visible_q

pytestmark = pytest.mark.django_db(transaction=True)

CATEGORIES = ["perfil_usuario", "preferencia", "empresa", "cliente", "proveedor", "evento"]
QUARTER_LIFE = {"preferencia": 182, "cliente": 182, "proveedor": 182, "evento": 91}


def _populate(world, count: int, seed: int) -> None:
    rng = random.Random(seed)
    owner, reader = world.owner, world.reader
    rows = []
    for n in range(count):
        layer = rng.choice(["shared", "shared", "shared", "private", "personal"])
        who = rng.choice([owner, reader])
        rows.append(
            Memory(
                visibility={"shared": "shared", "private": "private_in_org"}.get(layer, "personal"),
                organization=None if layer == "personal" else world.org,
                owner_user=None if layer == "shared" else who,
                area=rng.choice(["general", "contacts", "invoices", "expenses"]),
                category=rng.choice(CATEGORIES),
                text=f"Dato {n}.",
                # Few distinct values, so weights tie across rows and categories.
                confidence=rng.choice([0.5, 0.6, 0.75, 0.9, 1.0]),
                pinned=rng.random() < 0.03,
                status=rng.choice(["active"] * 6 + ["superseded", "proposed"]),
                unverified=rng.random() < 0.5,
            )
        )
    created = Memory.objects.bulk_create(rows)
    now = timezone.now()
    for memory in created:
        # Whole days only half the time: same-day rows tie on age.
        age = timedelta(days=rng.choice([0, 0, 1, 30, 91, 182, 200, 400, 800, 800, 800]))
        Memory.objects.filter(pk=memory.pk).update(updated_at=now - age)


def _oracle(access) -> list[int]:
    usable = list(
        Memory.objects.filter(visible_q(access)).filter(
            status__in=["active", "proposed"],
        )
    )
    usable = [m for m in usable if m.status == "active" or m.unverified]
    if not usable:
        return []
    reference = max(m.updated_at for m in usable).astimezone(UTC).date()

    def key(m: Memory) -> tuple[int, int, float, int]:
        group = (
            0
            if m.pinned
            else 1
            if m.category in ("perfil_usuario", "preferencia")
            else 2
            if m.category == "empresa"
            else 3
        )
        layer = {"personal": 0, "shared": 1}.get(m.visibility, 2)
        age = (reference - m.updated_at.astimezone(UTC).date()).days
        days = QUARTER_LIFE.get(m.category)
        weight = m.confidence if days is None else m.confidence * max(0.5, 0.75 ** (age / days))
        return (group, layer, -weight, m.pk)

    return [m.pk for m in sorted(usable, key=key)][: prompt.PROFILE_MAX_ITEMS * 2]


def _ranked_ids(access) -> list[int]:
    ranked, _ = prompt._profile_ranked(access)
    return [candidate.id for candidate in ranked]


@pytest.mark.parametrize("seed", [1, 2])
def test_index_scans_give_exactly_the_full_sort(world_tx, monkeypatch, seed):
    # Given memories of every layer, group and fading category, with ties
    _populate(world_tx, 260, seed)
    # and scans so short that every slice comes back full
    monkeypatch.setattr(prompt, "PROFILE_MAX_ITEMS", 3)
    monkeypatch.setattr(prompt, "SCAN_LIMIT", 8)

    for user in (world_tx.owner, world_tx.reader, world_tx.bookkeeper):
        access = world_tx.access(user)
        expected = _oracle(access)
        # When the profile ranks them as the owner and under row-level security
        with transaction.atomic():
            as_owner = _ranked_ids(access)
        with as_assistant(access):
            under_rls = _ranked_ids(access)

        # Then both are the oracle's first rows, in its order
        assert len(expected) == 6
        assert as_owner == expected
        assert under_rls == expected


def test_the_scans_run_on_the_prompt_indexes_without_sorting(world_tx, monkeypatch):
    _populate(world_tx, 120, 3)
    # Statistics as a live table has them: with them, and only incremental sorts off the
    # plain organization index, the planner once sorted the personal slice.
    with connection.cursor() as analyze:
        analyze.execute("ANALYZE memories")
    monkeypatch.setattr(prompt, "PROFILE_MAX_ITEMS", 3)
    monkeypatch.setattr(prompt, "SCAN_LIMIT", 8)
    access = world_tx.access(world_tx.reader)

    statements: list[tuple[str, list[object]]] = []

    def recording(execute, sql, params, many, context):
        if "FROM memories" in sql:
            statements.append((sql, params))
        return execute(sql, params, many, context)

    with transaction.atomic(), connection.execute_wrapper(recording):
        prompt._profile_ranked(access)
        plans = []
        for statement, params in list(statements):
            # Settings as the profile left them in this transaction (sort and bitmaps off).
            with psycopg.ClientCursor(connection.connection) as cursor:
                cursor.execute("EXPLAIN " + statement, params)
                plans.append("\n".join(row[0] for row in cursor.fetchall()))

    assert len(statements) == 2  # the second round ran: some slice came back full
    for plan in plans:
        assert "memories_prompt_" in plan
        assert "Sort" not in plan
        assert "Seq Scan" not in plan
    assert "memories_prompt_shared_group" in plans[0]
    assert "memories_prompt_user_latest" in plans[0]
    assert "_decay on memories" in plans[1]


def test_weight_fades_by_a_quarter_per_quarter_life_down_to_half():
    assert prompt.weight(1.0, "empresa", 5000) == 1.0
    assert prompt.weight(1.0, "cliente", 182) == 0.75
    assert prompt.weight(0.9, "evento", 91) == pytest.approx(0.675)
    assert prompt.weight(0.8, "preferencia", 364) == pytest.approx(0.8 * 0.5625)
    assert prompt.weight(0.8, "preferencia", 1000) == 0.4


def test_fresh_lower_confidence_rows_beyond_the_confidence_scan_still_lead(world_tx, monkeypatch):
    # Given ten old, sure preferences (weight 0.5 each) and two fresh, less sure ones (0.6)
    monkeypatch.setattr(prompt, "PROFILE_MAX_ITEMS", 3)
    monkeypatch.setattr(prompt, "SCAN_LIMIT", 8)
    owner = world_tx.owner
    old = Memory.objects.bulk_create(
        Memory(
            visibility="personal",
            owner_user=owner,
            area="general",
            category="preferencia",
            text=f"Antigua {n}.",
            confidence=1.0,
        )
        for n in range(10)
    )
    fresh = Memory.objects.bulk_create(
        Memory(
            visibility="personal",
            owner_user=owner,
            area="general",
            category="preferencia",
            text=f"Reciente {n}.",
            confidence=0.6,
        )
        for n in range(2)
    )
    now = timezone.now()
    Memory.objects.filter(pk__in=[m.pk for m in old]).update(updated_at=now - timedelta(days=800))
    Memory.objects.filter(pk__in=[m.pk for m in fresh]).update(updated_at=now)

    # When the profile ranks them (the confidence scan stops at 8 of the 10 old ones)
    with transaction.atomic():
        ranked = _ranked_ids(world_tx.access(owner))

    # Then the fresh ones lead, found by the decay-key scan, and the old follow by id
    assert ranked == [fresh[0].pk, fresh[1].pk, *[m.pk for m in old[:4]]]


def test_the_next_turn_shows_an_edit_and_a_revoked_area_takes_its_memories_away(world_tx):
    # Given a shared memory of the contacts area, in the reader's profile
    owner, reader = world_tx.owner, world_tx.reader
    written = memory_write(
        access=world_tx.access(owner),
        organization_id=world_tx.org.pk,
        category="cliente",
        area="contacts",
        text="Talleres García paga a 30 días.",
        explicit=True,
    ).memory
    assert written is not None
    before = prompt.memory_prompt_blocks(access=world_tx.access(reader), message="")
    assert before.profile_ids == (written.pk,)

    # When the owner edits it, the reader's very next profile has the new text (the profile
    # is read on every turn: nothing to drain or refresh)
    memory_edit(
        access=world_tx.access(owner), memory_id=written.pk, text="Talleres García paga a 60 días."
    )
    edited = prompt.memory_prompt_blocks(access=world_tx.access(reader), message="")

    # and when the reader loses the contacts area, the memory leaves it at once
    Membership.objects.filter(organization=world_tx.org, user=reader).update(
        read_areas=["invoices"]
    )
    revoked = prompt.memory_prompt_blocks(access=world_tx.access(reader), message="")

    assert "<<<Talleres García paga a 60 días.>>>" in edited.profile
    assert "30 días" not in edited.profile
    assert (revoked.profile, revoked.profile_ids) == ("", ())
