"""Proposals in "con confirmación" mode reach owners and admins only, through the test client."""

from __future__ import annotations

import pytest

from memory.models import Memory
from memory.services import memory_write
from sumalos.accounts.services import membership_add
from tests.world import _user, logged_in

TEXT = "Aceros del Norte sirve los tubos en 48 horas."


@pytest.fixture
def proposal(world):
    world.org.shared_mode = "confirm"
    world.org.save(update_fields=["shared_mode"])
    result = memory_write(
        access=world.access(world.bookkeeper),
        organization_id=world.org.pk,
        category="proveedor",
        text=TEXT,
        explicit=True,
    )
    assert result.memory is not None
    memory = Memory.objects.get(pk=result.memory.pk)
    assert (memory.visibility, memory.proposed_visibility, memory.area) == (
        "private_in_org",
        "shared",
        "expenses",
    )
    return memory


@pytest.mark.parametrize(("role", "sees"), [("owner", True), ("admin", True), ("other", False)])
def test_a_members_proposal_is_offered_to_managers_only(world, proposal, role, sees):
    # A second plain member who may write the very same area.
    other = _user("books2@uno.test", "Berta Gastos")
    membership_add(organization=world.org, user=other, write_areas=["expenses"])
    user = other if role == "other" else getattr(world, role)
    client = logged_in(user)

    page = client.get("/memoria/")
    detail = client.get(f"/api/memories/{proposal.pk}/")
    listing = client.get("/api/memories/")

    assert page.status_code == 200
    assert (TEXT in page.content.decode()) is sees
    assert detail.status_code == (200 if sees else 404)
    assert (TEXT in listing.content.decode()) is sees


def test_a_plain_member_cannot_confirm_another_members_proposal(world, proposal):
    other = _user("books2@uno.test", "Berta Gastos")
    membership_add(organization=world.org, user=other, write_areas=["expenses"])

    response = logged_in(other).post(f"/memoria/{proposal.pk}/confirmar/")

    assert response.status_code == 404
    memory = Memory.objects.get(pk=proposal.pk)
    assert (memory.visibility, memory.proposed_visibility) == ("private_in_org", "shared")
