"""``access_for_phone``: the organizations that authorised a number, never wider than its user."""

from __future__ import annotations

import pytest

from channels_app.access import access_for_phone
from channels_app.models import PhoneAuthorization
from sumalos.accounts.access import OrgPermissions
from sumalos.accounts.models import Membership
from tests.channels.conftest import Phones
from tests.world import World

pytestmark = pytest.mark.django_db


def test_a_linked_number_carries_phone_and_user_and_the_authorised_permissions(
    world: World, phones: Phones
):
    access = access_for_phone(phones.linked)

    assert (access.principal.kind, access.user_id, access.phone) == (
        "phone",
        world.reader.pk,
        phones.linked,
    )
    assert dict(access.permissions) == {
        world.org.pk: OrgPermissions(
            role="member",
            read=frozenset({"general", "contacts", "invoices"}),
            write=frozenset(),
        )
    }


def test_an_authorisation_wider_than_the_membership_is_cut_to_the_membership(
    world: World, phones: Phones
):
    PhoneAuthorization.objects.filter(link__phone=phones.linked).update(
        read_areas=["contacts", "expenses"], write_areas=["contacts", "expenses"]
    )

    perms = access_for_phone(phones.linked).permissions[world.org.pk]

    assert (perms.read, perms.write) == (frozenset({"general", "contacts"}), frozenset())


def test_a_person_who_left_loses_the_organization_on_the_phone_at_once(
    world: World, phones: Phones
):
    Membership.objects.filter(user=world.reader, organization=world.org).delete()

    assert access_for_phone(phones.linked).organization_ids == ()


def test_an_unlinked_number_owns_only_its_personal_memory(phones: Phones):
    access = access_for_phone(phones.unlinked)

    assert (access.principal.kind, access.user_id, access.phone, access.organization_ids) == (
        "phone",
        None,
        phones.unlinked,
        (),
    )
