"""The read replica: an embedded primary plus a streaming replica (pg_basebackup from the
embedded binaries); the leak test and one assistant turn run against the replica."""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator

import pytest
from django.db import connection, connections
from django.db.backends.postgresql.base import DatabaseWrapper
from django.test.utils import CaptureQueriesContext

from assistant.services import assistant_reply
from memory.models import Memory
from memory.services import memory_write
from sumalos import embedded
from sumalos.invoicing.models import Contact, Invoice
from sumalos.platform.dbrouter import REPLICA, pinned, unpin
from sumalos.rls.assistant import as_assistant

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

_missing = (
    embedded.replica_tools_missing()
    if embedded.uses_embedded_postgres()
    else ("DATABASE_URL points at a server of its own: the replica test needs the embedded one")
)
if _missing:
    pytestmark.append(pytest.mark.skip(reason=f"no streaming replica here: {_missing}"))


@pytest.fixture(scope="module")
def replica_server(django_db_setup, django_db_blocker) -> Iterator[dict[str, object]]:
    with django_db_blocker.unblock():
        yield embedded.start_replica()
    embedded.stop_replica()


def caught_up() -> None:
    """Wait (bounded) until the replica has replayed everything the primary wrote."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_insert_lsn()")
        [lsn] = cursor.fetchone()
    deadline = time.monotonic() + 30
    while True:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [lsn])
            if cursor.fetchone()[0]:
                return
        if time.monotonic() > deadline:
            raise AssertionError("the replica did not catch up in 30 s")
        time.sleep(0.1)


@pytest.fixture
def replica(world_tx, replica_server) -> Iterator[None]:
    """``DATABASES["replica"]`` on this run's test database, as DATABASE_REPLICA_URL makes it."""
    # Made at run time, as Django's test framework lets a test add a connection of its own;
    # DATABASE_REPLICA_URL puts the same entry in DATABASES (sumalos/settings.py).
    connections[REPLICA] = DatabaseWrapper(
        {
            **connection.settings_dict,
            "HOST": replica_server["HOST"],
            "PORT": replica_server["PORT"],
        },
        alias=REPLICA,
    )
    try:
        yield
    finally:
        connections[REPLICA].close()
        del connections[REPLICA]


@pytest.fixture
def shared_memory(world_tx):
    return Memory.objects.create(
        visibility="shared",
        organization=world_tx.org,
        area="general",
        category="empresa",
        text="La empresa cierra en agosto.",
    )


def test_the_leak_test_holds_on_the_replica(world_tx, shared_memory, replica):
    caught_up()
    unpin()  # the fixtures wrote: a new unit of work starts unpinned

    with CaptureQueriesContext(connections[REPLICA]) as on_replica:
        with as_assistant(world_tx.access(world_tx.reader)):
            with connections[REPLICA].cursor() as cursor:
                cursor.execute("SELECT pg_is_in_recovery(), current_user, ai_user_id()")
                assert cursor.fetchone() == (True, "ai_reader", world_tx.reader.pk)
            assert Memory.objects.all().db == REPLICA
            assert list(Memory.objects.values_list("pk", flat=True)) == [shared_memory.pk]
        with as_assistant(world_tx.access(world_tx.outsider, world_tx.other_org)):
            assert list(Memory.objects.values_list("pk", flat=True)) == []

    assert sum('"memories"' in query["sql"] for query in on_replica.captured_queries) == 2
    # Nothing leaks past the block, on either connection.
    for alias in ("default", REPLICA):
        with connections[alias].cursor() as cursor:
            cursor.execute("SELECT current_user, ai_user_id(), ai_organization_ids()")
            assert cursor.fetchone() == ("sumalos", None, [])
    # Outside the assistant's block, reads stay on the primary.
    assert Memory.objects.all().db == "default"


def test_a_write_pins_the_unit_of_work_to_the_primary(world_tx, replica):
    caught_up()
    unpin()
    with as_assistant(world_tx.access(world_tx.owner)):
        assert Memory.objects.all().db == REPLICA

    Contact.objects.create(organization=world_tx.org, kind="customer", name="Recién Creado")

    assert pinned()
    with as_assistant(world_tx.access(world_tx.owner)):
        # Read-your-writes: the replica may lag behind the write this unit just made.
        assert Memory.objects.all().db == "default"
        assert list(Contact.objects.values_list("name", flat=True)) == ["Recién Creado"]


def test_an_assistant_turn_reads_the_replica(world_tx, replica):
    garcia = Contact.objects.create(
        organization=world_tx.org,
        kind="customer",
        name="Talleres García S.L.",
        payment_terms_days=30,
    )
    memory_write(
        access=world_tx.access(world_tx.owner),
        category="cliente",
        subject=f"contacto:{garcia.pk}",
        attribute="plazo_pago",
        value="60 días",
        text="Talleres García paga a 60 días.",
        organization_id=world_tx.org.pk,
    )
    caught_up()
    unpin()

    with CaptureQueriesContext(connections[REPLICA]) as on_replica:
        assistant_reply(
            access=world_tx.access(world_tx.owner),
            conversation_id="web:1",
            message="factura a Talleres Garsia el cambio de frenos, 240 euros",
            history=[],
            turn=1,
        )

    invoice = Invoice.objects.get()
    assert (invoice.contact, invoice.status) == (garcia, "draft")
    assert invoice.due_date - invoice.issue_date == datetime.timedelta(days=60)
    read_there = [query["sql"] for query in on_replica.captured_queries]
    # The memory the draft's due date came from was read on the replica, as ai_reader; the
    # turn's first write (its usage record) pinned the rest of it to the primary.
    assert read_there[0] == "BEGIN"
    assert read_there[1].startswith("SELECT set_config(")
    assert read_there[1].endswith(
        "; SET LOCAL ROLE ai_reader; SET LOCAL hnsw.iterative_scan = relaxed_order"
    )
    # The prompt's blocks run as prepared statements on the same connection (decision 0027),
    # which the capture does not list; the due date's memory is the one ORM read.
    assert sum(sql.startswith('SELECT "memories"."id"') for sql in read_there) == 1
