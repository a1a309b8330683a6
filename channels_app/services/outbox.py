"""Draining the outbox: claim with FOR UPDATE SKIP LOCKED, process, retry, dead-letter.

Each entry is processed in its own transaction that also marks it done, so a crash rolls the
learning back with it and the entry is claimed again (DESIGN §6). A claim is a lease: the row
lock held while processing keeps other workers off it; a worker that dies releases the lock and
its claims become claimable when the lease expires. The handler comes from the caller (the
learning app's ``drain_outbox`` task passes ``message_learn``): the outbox knows no learning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

from django.db import connection, transaction
from django.utils import timezone

from channels_app.models import OutboxEntry

MAX_ATTEMPTS = 5
LEASE_SECONDS = 60
BATCH_SIZE = 50

CLAIM_SQL = """
UPDATE channel_outbox SET status = 'processing', attempts = attempts + 1,
       locked_until = now() + make_interval(secs => %s)
 WHERE id IN (
     SELECT id FROM channel_outbox
      WHERE available_at <= now()
        AND (status = 'pending' OR (status = 'processing' AND locked_until < now()))
      ORDER BY id
      LIMIT %s
      FOR UPDATE SKIP LOCKED)
RETURNING id, message_id, attempts
"""


class Outcome(Protocol):
    """What a handler returns: the word stored on the entry (``learn``, ``ignore``…)."""

    @property
    def outcome(self) -> str: ...


@dataclass
class DrainReport:
    claimed: int = 0
    done: int = 0
    retried: int = 0
    dead: int = 0


def outbox_claim(*, limit: int = BATCH_SIZE) -> list[tuple[int, int, int]]:
    """Claim up to ``limit`` ready entries: ``(entry_id, message_id, attempts)``, in id order."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(CLAIM_SQL, [LEASE_SECONDS, limit])
        return sorted(cursor.fetchall())


def outbox_process(*, entry_id: int, attempts: int, handler: Callable[..., Outcome]) -> str:
    """Run ``handler`` for one claimed entry: ``done``, ``retried``, ``dead``, ``superseded``
    or ``gone``."""
    try:
        with transaction.atomic():
            entry = (
                OutboxEntry.objects.select_for_update(skip_locked=True)
                .filter(pk=entry_id, status=OutboxEntry.Status.PROCESSING)
                .first()
            )
            if entry is None:
                return "gone"
            outcome = handler(message_id=entry.message_id)
            entry.status = OutboxEntry.Status.DONE
            entry.outcome = outcome.outcome
            entry.finished_at = timezone.now()
            entry.locked_until = None
            entry.save(update_fields=["status", "outcome", "finished_at", "locked_until"])
            return "done"
    except Exception as error:  # a failing message must not stop the drain
        return _failed(entry_id=entry_id, attempts=attempts, error=error)


def _failed(*, entry_id: int, attempts: int, error: Exception) -> str:
    dead = attempts >= MAX_ATTEMPTS
    with transaction.atomic():
        entry = OutboxEntry.objects.select_for_update().filter(pk=entry_id).first()
        if entry is None or entry.status != OutboxEntry.Status.PROCESSING:
            return "gone"
        # An edit while this entry was processing queued a newer one for the same message,
        # which will read the latest text: retrying this one would only duplicate it.
        newer = (
            OutboxEntry.objects.filter(
                message_id=entry.message_id, status=OutboxEntry.Status.PENDING
            )
            .exclude(pk=entry_id)
            .exists()
        )
        entry.last_error = f"{type(error).__name__}: {error}"[:2000]
        entry.locked_until = None
        if newer:
            entry.status, entry.outcome = OutboxEntry.Status.DONE, "superseded"
            entry.finished_at = timezone.now()
        elif dead:
            entry.status, entry.finished_at = OutboxEntry.Status.DEAD, timezone.now()
        else:
            entry.status = OutboxEntry.Status.PENDING
            entry.available_at = timezone.now() + timedelta(seconds=2**attempts)
        entry.save()
    return "superseded" if newer else "dead" if dead else "retried"


def outbox_drain(
    *, handler: Callable[..., Outcome], limit: int = BATCH_SIZE, max_batches: int = 20
) -> DrainReport:
    """Claim and process batches until the outbox has nothing ready (or ``max_batches``)."""
    report = DrainReport()
    for _ in range(max_batches):
        claimed = outbox_claim(limit=limit)
        if not claimed:
            break
        report.claimed += len(claimed)
        for entry_id, _message_id, attempts in claimed:
            result = outbox_process(entry_id=entry_id, attempts=attempts, handler=handler)
            if result == "done":
                report.done += 1
            elif result == "retried":
                report.retried += 1
            elif result == "dead":
                report.dead += 1
    return report
