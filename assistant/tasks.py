"""Celery tasks of the assistant: thin, idempotent, taking ids (STYLE §4).

The webhook sends ``channels.whatsapp_reply`` by name; the name is the one queued messages
carry, kept from when the reply lived in the channels app.
"""

from __future__ import annotations

from celery import shared_task

from assistant.whatsapp import whatsapp_reply_send


@shared_task(name="channels.whatsapp_reply", ignore_result=True)
def whatsapp_reply(message_id: int, text: str | None = None) -> None:
    """Compose and send the answer to one inbound WhatsApp message (once)."""
    whatsapp_reply_send(message_id=message_id, text=text)
