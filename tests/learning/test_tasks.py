"""The learning drain in batches: one embedding call and one transaction per batch, exact
counts, and a poison message that reaches the dead letter alone (docs/decisions/0028)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import learning.tasks
from channels_app.models import OutboxEntry
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.outbox import MAX_ATTEMPTS, outbox_claim
from learning.services import BatchReads, LearnOutcome, message_learn
from learning.tasks import drain_outbox, learning_drain, replies_waiting
from memory.models import Memory
from sumalos import embeddings
from sumalos.ai.models import AiUsage
from sumalos.celery import app
from sumalos.platform.outbox import DrainReport
from tests.world import World

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _batches_of_four(settings) -> None:
    settings.LEARNING_BATCH_SIZE = 4


def _say(world: World, count: int) -> list[int]:
    """``count`` messages that each teach one payment term; their ``ai_messages`` ids."""
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    for n in range(count):
        web_chat_append(
            access=access,
            chat_id=chat.pk,
            role="user",
            text=f"Talleres Norte{n} ahora paga a {n + 10} días, no a 30",
        )
    return list(OutboxEntry.objects.order_by("id").values_list("message_id", flat=True))


def _due_now() -> None:
    # Inside the test transaction now() is its start, hence the margin.
    OutboxEntry.objects.filter(status="pending").update(
        available_at=timezone.now() - timedelta(hours=1)
    )


def _terms() -> list[str]:
    return sorted(Memory.objects.filter(attribute="plazo_pago").values_list("value", flat=True))


def test_a_drain_learns_every_message_of_every_batch_once(world: World):
    _say(world, 6)
    embeddings._passages.clear()

    report = learning_drain()

    # Two batches (four, then two), every message learnt once, every entry closed once.
    assert (report.claimed, report.done, report.retried, report.dead) == (6, 6, 0, 0)
    assert _terms() == [f"{n + 10} días" for n in range(6)]
    assert list(OutboxEntry.objects.values_list("status", "outcome", "attempts").distinct()) == [
        ("done", "learn", 1)
    ]
    # The gate found each message's vector cached by the batch's one embedding call.
    assert {f"Talleres Norte{n} ahora paga a {n + 10} días, no a 30" for n in range(6)} <= set(
        embeddings._passages
    )
    assert learning_drain().claimed == 0


def test_a_poison_message_is_dead_lettered_alone_and_its_batch_is_learnt(world, monkeypatch):
    ids = _say(world, 4)
    poison = ids[1]
    calls: list[int] = []

    def learn_or_die(*, message_id: int, reads: BatchReads) -> LearnOutcome:
        calls.append(message_id)
        # It writes first, then fails: its savepoint takes the write back.
        outcome = message_learn(message_id=message_id, reads=reads)
        if message_id == poison:
            raise RuntimeError("mensaje envenenado")
        return outcome

    monkeypatch.setattr(learning.tasks, "message_learn", learn_or_die)

    first = learning_drain()
    for _ in range(MAX_ATTEMPTS - 1):
        _due_now()
        learning_drain()

    assert (first.claimed, first.done, first.retried) == (4, 3, 1)
    # The batch ran once; then the poison alone, until its attempts ran out.
    assert calls == ids + [poison] * (MAX_ATTEMPTS - 1)
    assert _terms() == ["10 días", "12 días", "13 días"]
    assert sorted(OutboxEntry.objects.values_list("message_id", "status", "attempts")) == sorted(
        [(poison, "dead", MAX_ATTEMPTS)] + [(i, "done", 1) for i in ids if i != poison]
    )
    assert OutboxEntry.objects.get(message_id=poison).last_error == (
        "RuntimeError: mensaje envenenado"
    )
    _due_now()
    assert learning_drain().claimed == 0


def test_rows_claimed_again_after_a_lost_lease_are_learnt_once_and_fail_alone(world, monkeypatch):
    ids = _say(world, 3)
    # A worker claimed the batch and died: its leases run out.
    assert [message_id for _, message_id, _ in outbox_claim()] == ids
    OutboxEntry.objects.update(claimed_until=timezone.now() - timedelta(hours=1))
    poison = ids[0]

    def learn_or_die(*, message_id: int, reads: BatchReads) -> LearnOutcome:
        if message_id == poison:
            raise RuntimeError("mensaje envenenado")
        return message_learn(message_id=message_id, reads=reads)

    monkeypatch.setattr(learning.tasks, "message_learn", learn_or_die)

    report = learning_drain()

    assert (report.claimed, report.done, report.retried) == (3, 2, 1)
    assert _terms() == ["11 días", "12 días"]
    assert sorted(OutboxEntry.objects.values_list("message_id", "status", "attempts")) == [
        (ids[0], "pending", 2),
        (ids[1], "done", 2),
        (ids[2], "done", 2),
    ]


@pytest.mark.django_db(transaction=True)
def test_the_drain_task_yields_after_one_batch_while_replies_wait_in_the_broker(
    world_tx, worker, settings
):
    # ``worker`` points this test's tasks at its own broker prefix; no worker is started.
    settings.LEARNING_BATCH_SIZE = 1
    ids = _say(world_tx, 3)
    app.send_task("channels.whatsapp_reply", args=(0, None))

    # One batch always runs, so replies that pile up cannot starve learning; then it yields.
    assert replies_waiting() == 1
    assert drain_outbox() == {"claimed": 1, "done": 1, "dead": 0}
    assert sorted(OutboxEntry.objects.values_list("message_id", "status")) == [
        (ids[0], "done"),
        (ids[1], "pending"),
        (ids[2], "pending"),
    ]

    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge("replies")

    assert replies_waiting() == 0
    assert drain_outbox() == {"claimed": 2, "done": 2, "dead": 0}
    assert sorted(OutboxEntry.objects.values_list("message_id", "status")) == [
        (i, "done") for i in ids
    ]


def _ask(world: World, count: int) -> None:
    """``count`` plain questions: nothing to learn, answered by the gate without a model."""
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    for n in range(count):
        web_chat_append(
            access=access, chat_id=chat.pk, role="user", text=f"¿Cuánto le facturé a Sur{n}?"
        )


def _statements_on(queries: list[dict[str, str]], table: str) -> int:
    """Statements naming ``table``; not the key-type lookup, which runs once per process."""
    return sum(
        1 for query in queries if table in query["sql"] and "pg_attribute" not in query["sql"]
    )


@pytest.mark.parametrize("count", [4, 8])
def test_a_batch_reads_its_messages_and_closes_its_entries_in_a_fixed_number_of_statements(
    world: World, count: int
):
    _ask(world, count)
    batches = count // 4

    with CaptureQueriesContext(connection) as captured:
        report = learning_drain()

    assert (report.claimed, report.done) == (count, count)
    assert list(OutboxEntry.objects.values_list("status", "outcome").distinct()) == [
        ("done", "ignore")
    ]
    queries = captured.captured_queries
    # Per batch: the texts to embed, the messages, their previous turns.
    assert (
        _statements_on(queries, '"ai_messages"') + _statements_on(queries, " ai_messages ")
        == 3 * batches
    )
    # Per batch: the claim's turn and the claim, hold, close the done, close the superseded;
    # one empty claim (with its turn) at the end.
    assert _statements_on(queries, "channel_outbox") == 5 * batches + 2
    assert _statements_on(queries, "pg_advisory_xact_lock") == batches + 1
    # One access for the batch's one writer: the user, the memberships.
    assert _statements_on(queries, '"memberships"') == batches
    # Per message: its savepoint and the gate's usage row; message_learn takes no savepoint of
    # its own. (In a test every transaction is a savepoint too: each claim's and each batch's.)
    savepoints = [query for query in queries if query["sql"].startswith("SAVEPOINT")]
    assert len(savepoints) == count + 2 * batches + 1
    assert _statements_on(queries, '"ai_usage"') == count


@pytest.mark.django_db(transaction=True)
def test_two_drains_at_once_learn_every_message_exactly_once(world_tx: World):
    # As deployed: two learning processes drain the same outbox (run_all.WORKERS).
    ids = _say(world_tx, 12)
    start = threading.Barrier(2)
    reports: list[DrainReport] = []

    def drain() -> None:
        try:
            start.wait()
            reports.append(learning_drain())
        finally:
            connection.close()

    drains = [threading.Thread(target=drain) for _ in range(2)]
    for thread in drains:
        thread.start()
    for thread in drains:
        thread.join(timeout=300)

    # Both drains took batches; together they learnt each message once, in one claim.
    assert sorted(report.claimed > 0 for report in reports) == [True, True]
    assert sum(report.claimed for report in reports) == 12
    assert sum(report.done for report in reports) == 12
    assert list(OutboxEntry.objects.values_list("status", "outcome", "attempts").distinct()) == [
        ("done", "learn", 1)
    ]
    # One gate run (one ledger row) per message.
    gate_runs = (
        AiUsage.objects.filter(purpose=AiUsage.Purpose.GATE)
        .order_by("message_id")
        .values_list("message_id", flat=True)
    )
    assert list(gate_runs) == sorted(ids)
    assert _terms() == sorted(f"{n + 10} días" for n in range(12))


def test_a_batch_reads_its_writers_contacts_once(world: World):
    _say(world, 4)

    with CaptureQueriesContext(connection) as captured:
        report = learning_drain()

    assert (report.claimed, report.done) == (4, 4)
    assert _terms() == ["10 días", "11 días", "12 días", "13 días"]
    # One writer in one organization: its readable contacts are read once for the batch, not
    # once for the extraction and again for each fact's subject.
    assert _statements_on(captured.captured_queries, 'FROM "contacts"') == 1
