"""Celery tasks of the learning flow: thin, idempotent, taking ids (STYLE §4).

The task names are the ones the beat rows and queued messages carry, kept from when the flow
lived in the channels app.
"""

from __future__ import annotations

from celery import shared_task

from channels_app.services.outbox import outbox_drain
from learning.services import message_learn


@shared_task(name="channels.drain_outbox", ignore_result=True)
def drain_outbox() -> dict[str, int]:
    """Beat, every 5 seconds: learn from every message waiting in the outbox."""
    report = outbox_drain(handler=message_learn)
    return {"claimed": report.claimed, "done": report.done, "dead": report.dead}
