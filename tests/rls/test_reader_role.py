"""The restricted role reads under the policies and can write nothing (DESIGN §3)."""

from __future__ import annotations

import pytest
from django.db import ProgrammingError, connection, transaction

from memory.models import Memory
from sumalos.invoicing.models import Contact
from sumalos.rls.assistant import AssistantScopeError, as_assistant

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def shared_memory(world_tx):
    return Memory.objects.create(
        visibility="shared",
        organization=world_tx.org,
        area="general",
        category="empresa",
        text="La empresa cierra en agosto.",
    )


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO memories (visibility, organization_id, area, category, subject, attribute,"
        " value, text, confidence, pinned, status, unverified, sources, created_at, updated_at)"
        " VALUES ('shared', %(org)s, 'general', 'empresa', '', '', '', 'x', 1, false, 'active',"
        " false, '{}', now(), now())",
        "UPDATE memories SET text = 'cambiado'",
        "DELETE FROM memories",
        "INSERT INTO contacts (organization_id, kind, name, tax_id, iban, email, phone, address,"
        " city, payment_terms_days, notes, created_at, updated_at) VALUES (%(org)s, 'customer',"
        " 'X', '', '', '', '', '', '', 30, '', now(), now())",
        "UPDATE contacts SET name = 'cambiado'",
        "DELETE FROM contacts",
    ],
)
def test_ai_reader_cannot_insert_update_or_delete(world_tx, shared_memory, statement):
    access = world_tx.access(world_tx.owner)

    with pytest.raises(ProgrammingError, match="permission denied"), as_assistant(access):
        with connection.cursor() as cursor:
            cursor.execute(statement, {"org": world_tx.org.pk})

    # Nothing changed.
    assert list(Memory.objects.values_list("text", flat=True)) == ["La empresa cierra en agosto."]
    assert Contact.objects.count() == 0


def test_ai_reader_reads_what_the_rule_allows(world_tx, shared_memory):
    with as_assistant(world_tx.access(world_tx.reader)):
        assert list(Memory.objects.values_list("pk", flat=True)) == [shared_memory.pk]
    with as_assistant(world_tx.access(world_tx.outsider, world_tx.other_org)):
        assert list(Memory.objects.values_list("pk", flat=True)) == []


def test_organization_records_follow_their_area(world_tx):
    contact = Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Talleres García"
    )

    with as_assistant(world_tx.access(world_tx.reader)):
        assert list(Contact.objects.values_list("pk", flat=True)) == [contact.pk]
    with as_assistant(world_tx.access(world_tx.bookkeeper)):
        assert list(Contact.objects.values_list("pk", flat=True)) == []


def test_as_assistant_refuses_to_run_inside_a_transaction(world_tx):
    with transaction.atomic(), pytest.raises(AssistantScopeError):
        with as_assistant(world_tx.access(world_tx.owner)):
            pass


def test_nothing_leaks_past_the_assistant_block(world_tx, shared_memory):
    with as_assistant(world_tx.access(world_tx.reader)):
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user, ai_user_id()")
            assert cursor.fetchone() == ("ai_reader", world_tx.reader.pk)

    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user, ai_user_id(), ai_organization_ids()")
        assert cursor.fetchone() == ("sumalos", None, [])
