"""The outbox: bounded retries, a dead-letter state, and an edit during processing (DESIGN §6)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from channels_app.models import AiMessage, OutboxEntry
from channels_app.services.chats import web_chat_append, web_chat_create, web_chat_edit_message
from channels_app.services.outbox import MAX_ATTEMPTS, outbox_claim, outbox_process
from learning.services import LearnOutcome
from tests.world import World

pytestmark = pytest.mark.django_db


def _broken(*, message_id: int):
    raise RuntimeError("modelo caído")


def _message(world: World) -> tuple[int, str]:
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    message_id = web_chat_append(access=access, chat_id=chat.pk, role="user", text="Hola")
    return chat.pk, message_id


def test_a_failing_entry_is_retried_with_backoff_then_dead_lettered(world: World):
    _message(world)
    results = []
    for _ in range(MAX_ATTEMPTS):
        # Due now; inside the test transaction now() is its start, hence the margin.
        OutboxEntry.objects.filter(status="pending").update(
            available_at=timezone.now() - timedelta(hours=1)
        )
        [(entry_id, _, attempts)] = outbox_claim()
        results.append(outbox_process(entry_id=entry_id, attempts=attempts, handler=_broken))

    entry = OutboxEntry.objects.get()
    assert results == ["retried"] * (MAX_ATTEMPTS - 1) + ["dead"]
    assert (entry.status, entry.attempts) == ("dead", MAX_ATTEMPTS)
    assert entry.last_error == "RuntimeError: modelo caído"
    assert outbox_claim() == []


def test_a_retry_after_an_edit_during_processing_leaves_the_newer_entry_alone(world: World):
    chat_id, message_id = _message(world)
    [(entry_id, _, attempts)] = outbox_claim()
    # The person edits the message while the worker holds the entry.
    web_chat_edit_message(
        access=world.access(world.owner), chat_id=chat_id, message_id=message_id, text="Hola, Suma"
    )

    result = outbox_process(entry_id=entry_id, attempts=attempts, handler=_broken)

    assert result == "superseded"
    assert sorted(OutboxEntry.objects.values_list("status", "outcome")) == [
        ("done", "superseded"),
        ("pending", ""),
    ]
    assert AiMessage.objects.get().text == "Hola, Suma"


def _ignored(*, message_id: int) -> LearnOutcome:
    return LearnOutcome("ignore")


def test_an_edit_waits_while_another_worker_holds_its_message(world: World):
    chat_id, message_id = _message(world)
    [(held, ai_message, attempts)] = outbox_claim()
    # The person edits the message while one learning process holds its entry.
    web_chat_edit_message(
        access=world.access(world.owner), chat_id=chat_id, message_id=message_id, text="Hola, Suma"
    )

    # The other process's claim leaves the new entry: two processes never learn one message.
    assert outbox_claim() == []

    assert outbox_process(entry_id=held, attempts=attempts, handler=_ignored) == "done"
    [(newer, same_message, first_attempt)] = outbox_claim()
    assert (same_message, first_attempt) == (ai_message, 1)
    assert newer != held


def test_a_message_whose_lease_expired_is_claimed_again_with_its_edit(world: World):
    chat_id, message_id = _message(world)
    [(held, ai_message, _)] = outbox_claim()
    web_chat_edit_message(
        access=world.access(world.owner), chat_id=chat_id, message_id=message_id, text="Hola, Suma"
    )
    # The holder died: its lease ran out.
    OutboxEntry.objects.filter(pk=held).update(claimed_until=timezone.now() - timedelta(hours=1))

    claimed = outbox_claim()

    newer = OutboxEntry.objects.get(status="processing", attempts=1).pk
    assert claimed == [(held, ai_message, 2), (newer, ai_message, 1)]
