"""Third-party bank details: an unverified shared proposal, confirmed only by owners/admins."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from memory.models import Memory
from memory.prompt import memory_prompt_blocks
from memory.services import memory_proposal_confirm, memory_proposal_reject, memory_write
from sumalos.accounts.models import Membership

OLD = "ES9121000418450200051332"
NEW = "ES7921000813610123456789"


def _iban(world, iban, user=None):
    return memory_write(
        access=world.access(user or world.owner),
        organization_id=world.org.pk,
        category="proveedor",
        subject="Aceros del Norte",
        text=f"La cuenta de Aceros del Norte es {iban}",
        explicit=True,
    )


@pytest.fixture(autouse=True)
def bookkeeper_reads_contacts(request):
    """Bank details come only from people who may read the contacts: the bookkeeper does here."""
    name = "world_tx" if "world_tx" in request.fixturenames else "world"
    world = request.getfixturevalue(name)
    Membership.objects.filter(user=world.bookkeeper, organization=world.org).update(
        read_areas=["contacts"]
    )


def _confirmed_old(world):
    result = _iban(world, OLD)
    memory_proposal_confirm(access=world.access(world.owner), memory_id=result.memory.pk)
    return result.memory


def test_a_new_iban_is_an_unverified_shared_proposal_that_does_not_replace_the_old(world):
    old = _confirmed_old(world)

    result = _iban(world, NEW, user=world.bookkeeper)

    assert (result.visibility, result.proposed) == ("shared", True)
    new = Memory.objects.get(pk=result.memory.pk)
    assert (new.status, new.unverified, new.attribute, new.value) == ("proposed", True, "iban", NEW)
    assert (new.owner_user_id, new.owner_phone) == (None, None)
    assert Memory.objects.get(pk=old.pk).status == "active"


def test_only_an_owner_or_admin_confirms_and_then_the_old_account_is_a_version(world):
    old = _confirmed_old(world)
    new = _iban(world, NEW, user=world.bookkeeper).memory

    with pytest.raises(PermissionDenied):
        memory_proposal_confirm(access=world.access(world.bookkeeper), memory_id=new.pk)
    assert Memory.objects.get(pk=new.pk).status == "proposed"

    memory_proposal_confirm(access=world.access(world.admin), memory_id=new.pk)

    rows = {m.value: (m.status, m.unverified) for m in Memory.objects.all()}
    assert rows == {OLD: ("superseded", False), NEW: ("active", False)}
    assert Memory.objects.get(pk=old.pk).superseded_by_id == new.pk


def test_a_rejected_iban_proposal_is_gone(world):
    new = _iban(world, NEW, user=world.bookkeeper).memory

    memory_proposal_reject(access=world.access(world.owner), memory_id=new.pk)

    assert Memory.objects.count() == 0


def test_the_same_iban_again_merges_into_the_proposal(world):
    first = _iban(world, NEW)

    again = _iban(world, NEW)

    assert (again.merged, again.memory.pk) == (True, first.memory.pk)
    assert Memory.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_prompt_says_sin_verificar_next_to_an_unverified_account(world_tx):
    _iban(world_tx, NEW)

    blocks = memory_prompt_blocks(
        access=world_tx.access(world_tx.bookkeeper), message="cuenta de Aceros del Norte"
    )

    assert f"<<<La cuenta de Aceros del Norte es {NEW}>>> (sin verificar)" in blocks.profile
