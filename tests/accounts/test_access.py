"""AiAccess is built from the database: memberships, roles and areas."""

import pytest

from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import ALL_AREAS


def test_member_access_carries_exactly_the_granted_areas(world):
    access = world.access(world.reader)

    assert access.organization_ids == (world.org.pk,)
    perms = access.permissions[world.org.pk]
    assert perms.role == "member"
    assert perms.read == {"general", "contacts", "invoices"}
    assert perms.write == frozenset()
    assert access.can_read(world.org.pk, "contacts") is True
    assert access.can_read(world.org.pk, "expenses") is False
    assert access.can_write(world.org.pk, "contacts") is False


def test_writing_an_area_implies_reading_it(world):
    perms = world.access(world.bookkeeper).permissions[world.org.pk]

    assert perms.read == {"general", "expenses"}
    assert perms.write == {"expenses"}


def test_owner_and_admin_hold_every_area(world):
    for user in (world.owner, world.admin):
        perms = world.access(user).permissions[world.org.pk]
        assert perms.read == ALL_AREAS
        assert perms.write == ALL_AREAS
        assert perms.is_manager is True


def test_an_organization_the_user_does_not_belong_to_is_dropped_not_added(world):
    access = access_for_user(world.outsider, organization_ids=[world.org.pk])

    assert access.organization_ids == ()
    assert access.can_read(world.org.pk, "general") is False


@pytest.mark.parametrize("kind", ["user", "phone"])
def test_a_principal_needs_its_identity(kind):
    from sumalos.accounts.access import Principal

    with pytest.raises(ValueError):
        Principal(kind=kind)
