"""Celery tasks of the channels: thin, idempotent, taking ids (STYLE §4).

The outbox drain (``channels.drain_outbox``) lives in ``learning/tasks.py`` and the WhatsApp
reply (``channels.whatsapp_reply``) in ``assistant/tasks.py``: both layers sit above this one,
which only sends them by name.
"""

from __future__ import annotations

from celery import shared_task

from channels_app.services.forgetting import memories_prune_nightly


@shared_task(name="channels.prune_memories", ignore_result=True)
def prune_memories() -> dict[str, int]:
    """Beat, nightly: old versions and stale proposals go."""
    return memories_prune_nightly()
