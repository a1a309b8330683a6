"""The channels' outbox: one entry per new or re-edited message, for the learning worker.

The outbox machinery (leases, retries with backoff, dead letters) is the platform's one
implementation (``sumalos/platform/outbox.py``, docs/decisions/0022); this module names the
table and adapts the handler the caller passes (the learning app's ``message_learn``): the
outbox knows no learning. Done entries stay as a ledger with their outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from channels_app.models import OutboxEntry
from sumalos.platform import outbox as platform_outbox
from sumalos.platform.outbox import BATCH_SIZE, MAX_ATTEMPTS, Claimed, DrainReport, Outbox

__all__ = ["BATCH_SIZE", "CHANNEL_OUTBOX", "MAX_ATTEMPTS", "DrainReport", "outbox_drain"]

# Batched: a first claim's messages are learnt in one transaction, a savepoint each
# (sumalos/platform/outbox.py, docs/decisions/0028). Two learning processes drain it: a
# message one of them holds is never claimed by the other (decision 0034).
CHANNEL_OUTBOX = platform_outbox.register(
    Outbox(
        name="channels",
        table="channel_outbox",
        keys=("message_id",),
        batched=True,
        one_worker_per_key=True,
    )
)


class Outcome(Protocol):
    """What a handler returns: the word stored on the entry (``learn``, ``ignore``…)."""

    @property
    def outcome(self) -> str: ...


def _adapt(handler: Callable[..., Outcome]) -> Callable[..., str]:
    def run(*, message_id: int) -> str:
        return handler(message_id=message_id).outcome

    return run


def outbox_claim(*, limit: int = BATCH_SIZE) -> list[tuple[int, int, int]]:
    """Claim up to ``limit`` ready entries: ``(entry_id, message_id, attempts)``, in id order."""
    return [
        (row.id, row.key[0], row.attempts)
        for row in platform_outbox.claim(CHANNEL_OUTBOX, limit=limit)
    ]


def outbox_process(*, entry_id: int, attempts: int, handler: Callable[..., Outcome]) -> str:
    """Run ``handler`` for one claimed entry: ``done``, ``retried``, ``dead``, ``superseded``
    or ``gone``."""
    message_id = (
        OutboxEntry.objects.filter(pk=entry_id).values_list("message_id", flat=True).first()
    )
    if message_id is None:
        return "gone"
    row = Claimed(id=entry_id, key=(message_id,), attempts=attempts)
    return platform_outbox.process(CHANNEL_OUTBOX, [row], _adapt(handler))


def outbox_drain(
    *,
    handler: Callable[..., Outcome],
    prepare: Callable[[Sequence[int]], None] | None = None,
    limit: int = BATCH_SIZE,
    max_batches: int = 20,
    keep_going: Callable[[], bool] | None = None,
) -> DrainReport:
    """Claim and process batches until the outbox has nothing ready (or ``max_batches``, or
    ``keep_going`` says stop).

    ``prepare`` receives each batch's message ids before any is processed.
    """
    return platform_outbox.drain(
        CHANNEL_OUTBOX,
        handler=_adapt(handler),
        prepare=(lambda keys: prepare([key[0] for key in keys])) if prepare else None,
        limit=limit,
        max_batches=max_batches,
        keep_going=keep_going,
    )
