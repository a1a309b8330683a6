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


def _inline_post(prefix: str, row: dict[str, str], **fields: str) -> dict[str, str]:
    """An admin change form with one new row in its membership inline."""
    return {
        **fields,
        f"{prefix}-TOTAL_FORMS": "1",
        f"{prefix}-INITIAL_FORMS": "0",
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
        **{f"{prefix}-0-{name}": value for name, value in row.items()},
    }


def _areas(user) -> tuple[str, list[str], list[str]]:
    membership = Membership.objects.get(user=user)
    return membership.role, membership.read_areas, membership.write_areas


def test_adding_a_membership_in_the_organization_inline_goes_through_the_service(
    staff_client, world
):
    newcomer = get_user_model().objects.create_user(email="nuevo@uno.test", password="x")
    # Only the new row is posted: the existing memberships stay as they are.
    existing = Membership.objects.filter(organization=world.org).count()
    data = _inline_post(
        "memberships",
        {"user": str(newcomer.pk), "role": "member", "read_areas": "", "write_areas": "expenses"},
        name="Taller Uno",
        tax_id="",
        shared_mode=world.org.shared_mode,
    )

    response = staff_client.post(f"/admin/accounts/organization/{world.org.pk}/change/", data)

    assert response.status_code == 302
    assert Membership.objects.filter(organization=world.org).count() == existing + 1
    # A member reads what it may write: the service's rule, which the bare form would not apply.
    assert _areas(newcomer) == ("member", ["expenses"], ["expenses"])


def test_adding_a_membership_in_the_user_inline_goes_through_the_service(staff_client, world):
    newcomer = get_user_model().objects.create_user(email="nuevo@uno.test", password="x")
    data = _inline_post(
        "memberships",
        {"organization": str(world.other_org.pk), "role": "member", "write_areas": "invoices"},
        email="nuevo@uno.test",
        full_name="",
        is_active="on",
    )

    response = staff_client.post(f"/admin/accounts/user/{newcomer.pk}/change/", data)

    assert response.status_code == 302
    assert _areas(newcomer) == ("member", ["invoices"], ["invoices"])


def test_adding_a_membership_on_its_own_page_goes_through_the_service(staff_client, world):
    newcomer = get_user_model().objects.create_user(email="nuevo@uno.test", password="x")

    response = staff_client.post(
        "/admin/accounts/membership/add/",
        {
            "organization": str(world.org.pk),
            "user": str(newcomer.pk),
            "role": "member",
            "read_areas": "",
            "write_areas": "contacts",
        },
    )

    assert response.status_code == 302
    assert _areas(newcomer) == ("member", ["contacts"], ["contacts"])


def test_a_stored_membership_cannot_be_moved_to_another_organization_in_the_inline(
    staff_client, world
):
    membership = Membership.objects.get(user=world.admin)
    data = _inline_post(
        "memberships",
        {
            "id": str(membership.pk),
            "user": str(world.admin.pk),
            "organization": str(world.other_org.pk),
            "role": "admin",
        },
        email="admin@uno.test",
        full_name="Adrián Admin",
        is_active="on",
    )
    data["memberships-INITIAL_FORMS"] = "1"

    response = staff_client.post(f"/admin/accounts/user/{world.admin.pk}/change/", data)

    assert response.status_code == 302
    stored = Membership.objects.filter(user=world.admin).values_list("organization", "role")
    assert list(stored) == [(world.org.pk, "admin")]
