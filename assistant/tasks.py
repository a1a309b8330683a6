"""Celery tasks of the assistant: thin, idempotent, taking ids (STYLE §4).

The webhook sends ``channels.whatsapp_reply`` by name; the name is the one queued messages
carry, kept from when the reply lived in the channels app.
"""

from __future__ import annotations

from assistant.compaction import compact
from assistant.services import reply_provider
from assistant.whatsapp import whatsapp_reply_send
from channels_app.access import access_for_phone
from channels_app.models import WebChat
from sumalos.accounts.access import AiAccess, access_for_user
from sumalos.platform.tasks import task


@task(name="channels.whatsapp_reply", ignore_result=True)
def whatsapp_reply(message_id: int, text: str | None = None) -> None:
    """Compose and send the answer to one inbound WhatsApp message (once)."""
    whatsapp_reply_send(message_id=message_id, text=text)


def _owner_access(conversation_id: str) -> AiAccess | None:
    """The access of the conversation's owner, rebuilt from the database as it is now."""
    kind, _, ident = conversation_id.partition(":")
    if kind == "whatsapp":
        return access_for_phone(ident)
    if kind == "web":
        chat = WebChat.objects.filter(public_id=ident).select_related("owner_user").first()
        if chat is None:
            return None
        organizations = [chat.organization_id] if chat.organization_id else []
        return access_for_user(chat.owner_user, organization_ids=organizations)
    return None


@task(name="assistant.compact_conversation", ignore_result=True)
def compact_conversation(conversation_id: str, channel: str) -> bool:
    """Summarise a long conversation after its reply went out; True when a summary exists.

    Its own task, queued once the reply is committed: the model call holds no transaction
    and no row lock (``assistant/compaction.py``), and never delays the reply.
    """
    access = _owner_access(conversation_id)
    if access is None:
        return False
    summary = compact(
        access=access,
        conversation_id=conversation_id,
        channel=channel,
        summariser=reply_provider(),
    )
    return summary is not None
