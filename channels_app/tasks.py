"""Celery tasks of the channels: thin, idempotent, taking ids (STYLE §4).

The outbox drain (``channels.drain_outbox``) lives in ``learning/tasks.py`` and the WhatsApp
reply (``channels.whatsapp_reply``) in ``assistant/tasks.py``: both layers sit above this one,
which only sends them by name.
"""

from __future__ import annotations

from channels_app.services.forgetting import memories_prune_nightly
from channels_app.services.whatsapp import whatsapp_replies_recover
from sumalos.celery import app
from sumalos.platform.tasks import task

REPLY_TASK = "channels.whatsapp_reply"


@task(name="channels.prune_memories", ignore_result=True)
def prune_memories() -> dict[str, int]:
    """Beat, nightly: old versions and stale proposals go."""
    return memories_prune_nightly()


@task(name="channels.recover_replies", ignore_result=True)
def recover_replies() -> dict[str, int]:
    """Beat, every 30 seconds: finish replies whose worker died; re-queue lost reply tasks."""
    recovery = whatsapp_replies_recover()
    for message_id in recovery.lost:
        app.send_task(REPLY_TASK, args=(message_id, None))
    return {
        "resent": recovery.resent,
        "found_sent": recovery.found_sent,
        "requeued": len(recovery.lost),
    }
