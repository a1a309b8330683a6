"""A fact about a contact from someone who may not read the contacts: a linked, unverified
proposal on the contacts area that she never reads; confirmed by an owner, it supersedes
(decision 0035)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from memory.models import Memory
from memory.selectors import memories_visible
from memory.services import memory_contact_proposal_create, memory_proposal_confirm, memory_write
from sumalos.invoicing.models import Contact

pytestmark = pytest.mark.django_db


@pytest.fixture
def ruiz(world) -> Contact:
    return Contact.objects.create(organization=world.org, kind="supplier", name="Ferretería Ruiz")


def _propose(world, ruiz, value="Bizum", user=None, source="m1"):
    return memory_contact_proposal_create(
        access=world.access(user or world.bookkeeper),
        organization_id=world.org.pk,
        contact_id=ruiz.pk,
        category="proveedor",
        text=f"A Ferretería Ruiz se le paga por {value}.",
        attribute="metodo_pago",
        value=value,
        source_message_id=source,
    )


def _visible_ids(world, user) -> list[int]:
    return list(memories_visible(access=world.access(user)).values_list("id", flat=True))


def test_the_proposal_is_linked_and_only_people_who_read_contacts_see_it(world, ruiz):
    result = _propose(world, ruiz)

    memory = result.memory
    assert (result.proposed, result.visibility) == (True, "shared")
    assert (
        memory.subject,
        memory.contact_id,
        memory.area,
        memory.status,
        memory.unverified,
        memory.created_by_id,
    ) == (f"contacto:{ruiz.pk}", ruiz.pk, "contacts", "proposed", True, world.bookkeeper.pk)
    assert _visible_ids(world, world.bookkeeper) == []
    assert _visible_ids(world, world.owner) == [memory.pk]


def test_said_twice_it_gains_the_source_and_makes_no_twin(world, ruiz):
    first = _propose(world, ruiz, source="m1")
    again = _propose(world, ruiz, source="m2")

    assert (again.merged, again.memory.pk) == (True, first.memory.pk)
    assert list(Memory.objects.values_list("sources", flat=True)) == [["m1", "m2"]]


def test_confirmed_by_the_owner_it_supersedes_the_known_value(world, ruiz):
    owner = world.access(world.owner)
    known = memory_write(
        access=owner,
        organization_id=world.org.pk,
        category="proveedor",
        subject=f"contacto:{ruiz.pk}",
        attribute="metodo_pago",
        value="transferencia",
        text="A Ferretería Ruiz se le paga por transferencia.",
        explicit=True,
    ).memory
    proposal = _propose(world, ruiz).memory
    assert known is not None and proposal is not None
    # Unconfirmed, it replaces nothing.
    known.refresh_from_db()
    assert known.status == "active"

    memory_proposal_confirm(access=owner, memory_id=proposal.pk)

    known.refresh_from_db()
    proposal.refresh_from_db()
    assert (proposal.status, proposal.unverified, known.status) == ("active", False, "superseded")


def test_someone_who_reads_contacts_writes_the_linked_memory_instead(world, ruiz):
    with pytest.raises(ValidationError):
        _propose(world, ruiz, user=world.owner)
    assert not Memory.objects.exists()


def test_a_contact_of_another_organization_or_an_outsider_is_refused(world, ruiz):
    foreign = Contact.objects.create(organization=world.other_org, kind="supplier", name="Otro")

    with pytest.raises(ValidationError):
        _propose(world, foreign)
    with pytest.raises(PermissionDenied):
        _propose(world, ruiz, user=world.outsider)
    assert not Memory.objects.exists()


def test_bank_details_are_never_proposed(world, ruiz):
    result = _propose(world, ruiz, value="ES9121000418450200051332")

    assert result.refused is True
    assert not Memory.objects.exists()


def test_with_shared_memory_off_nothing_is_proposed(world, ruiz):
    world.org.shared_mode = "off"
    world.org.save(update_fields=["shared_mode"])

    result = _propose(world, ruiz)

    assert (result.memory, result.refused) == (None, True)
    assert Memory.objects.filter(contact_id=ruiz.pk).count() == 0
