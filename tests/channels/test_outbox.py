"""The outbox: bounded retries, a dead-letter state, and an edit during processing (DESIGN §6)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from channels_app.models import AiMessage, OutboxEntry
from channels_app.services.chats import web_chat_append, web_chat_create, web_chat_edit_message
from channels_app.services.outbox import MAX_ATTEMPTS, outbox_claim, outbox_process
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
