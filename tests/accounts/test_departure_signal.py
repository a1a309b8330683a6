"""Removing a membership sends ``membership_leaving`` inside the removal's transaction.

The core imports nothing of memory: memory connects to the signal. A receiver that fails stops
the removal, so a person never leaves with their private memories left behind.
"""

from __future__ import annotations

from typing import Any

import pytest

from sumalos.accounts.models import Membership
from sumalos.accounts.services import membership_remove
from sumalos.accounts.signals import membership_leaving

pytestmark = pytest.mark.django_db


def test_leaving_sends_the_organization_and_the_person(world):
    heard: list[tuple[int, int, bool]] = []

    def receiver(*, organization_id: int, user_id: int, **_: Any) -> None:
        still_there = Membership.objects.filter(
            organization_id=organization_id, user_id=user_id
        ).exists()
        heard.append((organization_id, user_id, still_there))

    membership_leaving.connect(receiver, dispatch_uid="test.heard")
    try:
        membership = Membership.objects.get(user=world.admin, organization=world.org)
        membership_remove(access=world.access(world.owner), membership=membership)
    finally:
        membership_leaving.disconnect(dispatch_uid="test.heard")

    assert heard == [(world.org.pk, world.admin.pk, True)]
    assert not Membership.objects.filter(pk=membership.pk).exists()


def test_a_failing_receiver_stops_the_removal(world):
    def receiver(**_: Any) -> None:
        raise RuntimeError("forgetting failed")

    membership_leaving.connect(receiver, dispatch_uid="test.fails")
    membership = Membership.objects.get(user=world.admin, organization=world.org)
    try:
        with pytest.raises(RuntimeError, match="forgetting failed"):
            membership_remove(access=world.access(world.owner), membership=membership)
    finally:
        membership_leaving.disconnect(dispatch_uid="test.fails")

    assert Membership.objects.filter(pk=membership.pk).exists()
