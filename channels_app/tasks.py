"""Celery tasks of the channels: thin, idempotent, taking ids (STYLE §4)."""

from __future__ import annotations

from celery import shared_task

from channels_app.services.forgetting import memories_prune_nightly
from channels_app.services.learning import message_learn
from channels_app.services.outbox import outbox_drain
from channels_app.services.whatsapp import whatsapp_reply_send


@shared_task(name="channels.drain_outbox", ignore_result=True)
def drain_outbox() -> dict[str, int]:
    """Beat, every 5 seconds: learn from every message waiting in the outbox."""
    report = outbox_drain(handler=message_learn)
    return {"claimed": report.claimed, "done": report.done, "dead": report.dead}


@shared_task(name="channels.whatsapp_reply", ignore_result=True)
def whatsapp_reply(message_id: int, text: str | None = None) -> None:
    """Compose and send the answer to one inbound WhatsApp message (once)."""
    whatsapp_reply_send(message_id=message_id, text=text)


@shared_task(name="channels.prune_memories", ignore_result=True)
def prune_memories() -> dict[str, int]:
    """Beat, nightly: old versions and stale proposals go."""
    return memories_prune_nightly()
