"""Removing people in the staff admin goes through the accounts services (HTTP, test client).

A deleted membership forgets the person's private memories there, keeps what they shared with
its author recorded in the audit, and the last owner can be neither removed nor demoted.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from memory.models import Memory, MemoryAudit
from memory.services import memory_write
from sumalos.accounts.models import Membership

pytestmark = pytest.mark.django_db

LAST_OWNER = "La organización necesita al menos un propietario: nombra otro antes de quitar este."


@pytest.fixture
def staff_client(client, world):
    staff = get_user_model().objects.create_superuser(email="staff@sumalos.test", password="x")
    client.force_login(staff)
    return client


def _memberships(world) -> list[tuple[str, str]]:
    return sorted(
        Membership.objects.filter(organization=world.org).values_list("user__email", "role")
    )


def _remember(world):
    admin = world.access(world.admin)
    private = memory_write(
        access=admin,
        organization_id=world.org.pk,
        category="empresa",
        text="Quiero proponer otra gestoría.",
        requested_visibility="private_in_org",
    ).memory
    shared = memory_write(
        access=admin, organization_id=world.org.pk, category="empresa", text="Abrimos a las 8."
    ).memory
    assert private is not None and shared is not None
    assert (private.visibility, shared.visibility) == ("private_in_org", "shared")
    return private, shared


def test_deleting_a_membership_in_the_admin_forgets_private_memories(staff_client, world):
    private, shared = _remember(world)
    membership = Membership.objects.get(user=world.admin, organization=world.org)

    response = staff_client.post(
        f"/admin/accounts/membership/{membership.pk}/delete/", {"post": "yes"}
    )

    assert response.status_code == 302
    assert ("admin@uno.test", "admin") not in _memberships(world)
    assert not Memory.objects.filter(pk=private.pk).exists()
    shared.refresh_from_db()
    assert shared.created_by_id is None
    audit = MemoryAudit.objects.get(action="author_left", memory_id=shared.pk)
    assert audit.before is not None
    assert audit.before["created_by_id"] == world.admin.pk


def test_the_admin_refuses_to_delete_the_last_owner(staff_client, world):
    membership = Membership.objects.get(user=world.owner, organization=world.org)
    url = f"/admin/accounts/membership/{membership.pk}/delete/"

    confirmation = staff_client.get(url).content.decode()
    response = staff_client.post(url, {"post": "yes"})

    assert f"Taller Uno: {LAST_OWNER}" in confirmation
    assert response.status_code == 200
    assert ("owner@uno.test", "owner") in _memberships(world)


def test_the_bulk_delete_action_refuses_to_leave_an_organization_without_owner(staff_client, world):
    Membership.objects.filter(user=world.admin, organization=world.org).update(role="owner")
    owners = Membership.objects.filter(organization=world.org, role="owner")

    response = staff_client.post(
        "/admin/accounts/membership/",
        {
            "action": "delete_selected",
            "_selected_action": [m.pk for m in owners],
            "post": "yes",
        },
    )

    assert f"Taller Uno: {LAST_OWNER}" in response.content.decode()
    assert _memberships(world).count(("owner@uno.test", "owner")) == 1
    assert _memberships(world).count(("admin@uno.test", "owner")) == 1


def test_the_last_owner_cannot_be_demoted_in_the_admin(staff_client, world):
    membership = Membership.objects.get(user=world.owner, organization=world.org)

    response = staff_client.post(
        f"/admin/accounts/membership/{membership.pk}/change/",
        {"role": "member", "read_areas": [], "write_areas": []},
    )

    assert response.status_code == 200
    assert LAST_OWNER in response.content.decode()
    assert ("owner@uno.test", "owner") in _memberships(world)


def test_deleting_a_user_in_the_admin_goes_through_the_removal_service(staff_client, world):
    _private, shared = _remember(world)

    refused = staff_client.post(f"/admin/accounts/user/{world.owner.pk}/delete/", {"post": "yes"})
    deleted = staff_client.post(f"/admin/accounts/user/{world.admin.pk}/delete/", {"post": "yes"})

    assert refused.status_code == 200
    assert f"Taller Uno: {LAST_OWNER}" in refused.content.decode()
    assert deleted.status_code == 302
    assert not get_user_model().objects.filter(pk=world.admin.pk).exists()
    assert list(Memory.objects.values_list("pk", flat=True)) == [shared.pk]
    assert MemoryAudit.objects.filter(action="author_left", memory_id=shared.pk).count() == 1


def test_organization_and_user_inlines_cannot_delete_memberships(staff_client, world):
    organization_page = staff_client.get(
        f"/admin/accounts/organization/{world.org.pk}/change/"
    ).content.decode()
    user_page = staff_client.get(f"/admin/accounts/user/{world.admin.pk}/change/").content.decode()

    assert "-DELETE" not in organization_page
    assert "-DELETE" not in user_page
    assert "Taller Uno" in user_page
