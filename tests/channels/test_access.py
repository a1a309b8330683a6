"""``access_for_phone``: the organizations that authorised a number, never wider than its user."""

from __future__ import annotations

import pytest
from django.db import connection

from channels_app.access import PHONE_ORGANIZATION_SQL, access_for_phone
from channels_app.models import PhoneAuthorization, PhoneLink
from channels_app.services.whatsapp import organization_for
from sumalos.accounts.access import OrgPermissions
from sumalos.accounts.models import Membership, User
from sumalos.accounts.services import membership_add
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


def _organization_in_sql(phone: str) -> int | None:
    with connection.cursor() as cursor:
        cursor.execute(PHONE_ORGANIZATION_SQL, [phone])
        row = cursor.fetchone()
    return None if row is None else row[0]


def test_the_webhooks_sql_names_the_organization_access_for_phone_does(
    world: World, phones: Phones
):
    # Given numbers in every state: unlinked; linked and authorised in one organization; in
    # two; authorised where the user is no member; linked to a user who was deactivated.
    two = PhoneLink.objects.create(phone="+34600000002", user=world.outsider)
    for org in (world.org, world.other_org):
        PhoneAuthorization.objects.create(link=two, organization=org)
    membership_add(organization=world.org, user=world.outsider)
    not_member = PhoneLink.objects.create(phone="+34600000003", user=world.admin)
    PhoneAuthorization.objects.create(link=not_member, organization=world.other_org)
    inactive = PhoneLink.objects.create(phone="+34600000004", user=world.bookkeeper)
    PhoneAuthorization.objects.create(link=inactive, organization=world.org)
    User.objects.filter(pk=world.bookkeeper.pk).update(is_active=False)
    numbers = [phones.unlinked, phones.linked, two.phone, not_member.phone, inactive.phone]

    in_python = [organization_for(access_for_phone(phone)) for phone in numbers]
    in_sql = [_organization_in_sql(phone) for phone in numbers]

    assert in_python == [None, world.org.pk, None, None, None]
    assert in_sql == in_python

    # When the reader leaves Taller Uno, both forget the organization at once.
    Membership.objects.filter(user=world.reader, organization=world.org).delete()
    assert (
        organization_for(access_for_phone(phones.linked)),
        _organization_in_sql(phones.linked),
    ) == (
        None,
        None,
    )
