"""Every rung of the write ladder (memory/ladder.py), alone and through ``memory_write``."""

from __future__ import annotations

import pytest

from memory.ladder import Layer, decide_layer
from memory.models import Memory
from memory.services import memory_write
from sumalos.accounts.services import organization_set_shared_mode

P, PRIV, S = "personal", "private_in_org", "shared"

RUNGS = [
    # (has_org, category, requested, shared_mode, can_write, is_manager) -> layer
    ("no organization", (False, "cliente", None, "auto", True, True), Layer(P)),
    ("asked personal, personal category", (True, "preferencia", P, "auto", True, True), Layer(P)),
    ("asked personal, an event of one's own", (True, "evento", P, "auto", True, True), Layer(P)),
    ("asked personal, business category", (True, "cliente", P, "auto", True, True), Layer(PRIV)),
    ("asked private", (True, "empresa", PRIV, "auto", True, True), Layer(PRIV)),
    (
        "asked private in confirm mode: no proposal",
        (True, "empresa", PRIV, "confirm", True, False),
        Layer(PRIV),
    ),
    ("personal category", (True, "perfil_usuario", None, "auto", True, True), Layer(PRIV)),
    (
        "personal category even if shared asked",
        (True, "preferencia", S, "auto", True, True),
        Layer(PRIV),
    ),
    ("sharing off, a manager", (True, "empresa", None, "off", True, True), Layer(PRIV)),
    ("sharing off, a member", (True, "empresa", None, "off", True, False), Layer(PRIV)),
    ("cannot write the area", (True, "cliente", None, "auto", False, False), Layer(PRIV, True)),
    ("confirm mode, a member", (True, "empresa", None, "confirm", True, False), Layer(PRIV, True)),
    (
        "confirm mode, a member asking shared",
        (True, "empresa", S, "confirm", True, False),
        Layer(PRIV, True),
    ),
    ("confirm mode, a manager", (True, "empresa", None, "confirm", True, True), Layer(S)),
    ("auto mode, a member", (True, "proveedor", None, "auto", True, False), Layer(S)),
]


@pytest.mark.parametrize(("rung", "given", "expected"), RUNGS, ids=[r[0] for r in RUNGS])
def test_each_rung_of_the_ladder(rung, given, expected):
    has_org, category, requested, mode, can_write, is_manager = given

    layer = decide_layer(
        has_organization=has_org,
        category=category,
        requested_visibility=requested,
        shared_mode=mode,
        can_write_area=can_write,
        is_manager=is_manager,
    )

    assert layer == expected


WRITES = [
    # (writer, org?, category, requested, mode, explicit) -> (visibility, proposed, area, org?)
    ("owner", False, "cliente", None, "auto", True, (P, False, "contacts", False)),
    ("owner", True, "preferencia", P, "auto", True, (P, False, "general", False)),
    ("owner", True, "cliente", P, "auto", True, (PRIV, False, "contacts", True)),
    ("owner", True, "empresa", PRIV, "auto", True, (PRIV, False, "general", True)),
    ("owner", True, "perfil_usuario", None, "auto", True, (PRIV, False, "general", True)),
    ("owner", True, "empresa", None, "off", True, (PRIV, False, "general", True)),
    ("reader", True, "cliente", None, "auto", True, (PRIV, True, "contacts", True)),
    ("owner", True, "empresa", None, "confirm", False, (S, False, "general", True)),
    ("admin", True, "empresa", None, "confirm", True, (S, False, "general", True)),
    ("bookkeeper", True, "proveedor", None, "confirm", False, (PRIV, True, "expenses", True)),
    ("bookkeeper", True, "proveedor", None, "confirm", True, (PRIV, True, "expenses", True)),
    ("bookkeeper", True, "proveedor", S, "confirm", True, (PRIV, True, "expenses", True)),
    ("bookkeeper", True, "proveedor", None, "off", True, (PRIV, False, "expenses", True)),
    ("admin", True, "empresa", None, "off", True, (PRIV, False, "general", True)),
    ("bookkeeper", True, "proveedor", None, "auto", False, (S, False, "expenses", True)),
]


@pytest.mark.parametrize(
    ("writer", "with_org", "category", "requested", "mode", "explicit", "expected"), WRITES
)
def test_memory_write_stores_on_the_rung_the_ladder_decides(
    world, writer, with_org, category, requested, mode, explicit, expected
):
    # Given the organization's sharing mode
    organization_set_shared_mode(
        access=world.access(world.owner), organization=world.org, shared_mode=mode
    )
    # When the writer remembers a fact
    result = memory_write(
        access=world.access(getattr(world, writer)),
        organization_id=world.org.pk if with_org else None,
        category=category,
        text="Un dato sobre el negocio.",
        requested_visibility=requested,
        explicit=explicit,
    )
    # Then it lands exactly there, owned as the layer says
    visibility, proposed, area, has_org = expected
    memory = Memory.objects.get()
    assert (result.visibility, result.proposed) == (visibility, proposed)
    assert (memory.visibility, memory.area, memory.organization_id is not None) == (
        visibility,
        area,
        has_org,
    )
    assert memory.proposed_visibility == ("shared" if proposed else None)
    expected_owner = None if visibility == S else getattr(world, writer).pk
    assert memory.owner_user_id == expected_owner
