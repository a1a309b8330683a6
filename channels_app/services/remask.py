"""Mask the secrets of a channel's stored messages written before masking existed.

The masked variant is stored beside the original in the source (the ``masked`` key of a web
text part, ``body_masked`` / ``caption_masked``), exactly as the chat and WhatsApp services do
for a new message, and the triggers copy it into ``ai_messages``. A message whose copy changes
would go back to learning, so the learning outbox entries this pass creates are removed: a
message is learnt once. Idempotent: a second run changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q

from channels_app.models import AiMessage, OutboxEntry, WebChat, WhatsappMessage
from memory.policy import mask_secrets


def _masked_parts(message: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The message with a ``masked`` copy on every text part that holds a secret."""
    parts, changed = [], False
    for part in message.get("parts", []):
        if part.get("type") == "text" and "masked" not in part:
            masked = mask_secrets(str(part.get("text", "")))
            if masked != part.get("text"):
                part, changed = {**part, "masked": masked}, True
        parts.append(part)
    return ({**message, "parts": parts} if changed else message), changed


def _forget_relearning(channel: str, external_ids: list[str], after: int) -> None:
    """Drop the learning entries the re-copy created; what was learnt stays as it was."""
    if not external_ids:
        return
    message_ids = AiMessage.objects.filter(channel=channel, external_id__in=external_ids)
    OutboxEntry.objects.filter(
        id__gt=after, message_id__in=message_ids.values("id"), status=OutboxEntry.Status.PENDING
    ).delete()


def _outbox_mark() -> int:
    return OutboxEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0


def _remask_web_chat(chat_id: int) -> int:
    with transaction.atomic():
        chat = WebChat.objects.select_for_update().get(pk=chat_id)
        transcript, changed = [], []
        for message in chat.transcript:
            masked, did = _masked_parts(message)
            transcript.append(masked)
            if did:
                changed.append(f"{chat.pk}:{message.get('id')}")
        if not changed:
            return 0
        mark = _outbox_mark()
        chat.transcript = transcript
        # updated_at stays: the chat did not change for the person.
        chat.save(update_fields=["transcript"])
        _forget_relearning("web", changed, mark)
        return len(changed)


def _remask_whatsapp(message_id: int) -> int:
    with transaction.atomic():
        message = WhatsappMessage.objects.select_for_update().get(pk=message_id)
        fields = []
        for field, masked_field in (("body", "body_masked"), ("caption", "caption_masked")):
            original = getattr(message, field)
            masked = mask_secrets(original)
            if getattr(message, masked_field) is None and masked != original:
                setattr(message, masked_field, masked)
                fields.append(masked_field)
        if not fields:
            return 0
        mark = _outbox_mark()
        message.save(update_fields=fields)
        _forget_relearning("whatsapp", [message.message_sid], mark)
        return 1


def web_chats_remask() -> int:
    """Mask every web message that still holds a secret; returns how many changed."""
    chats = WebChat.objects.order_by("pk").values_list("pk", flat=True)
    return sum(_remask_web_chat(pk) for pk in chats)


def whatsapp_messages_remask() -> int:
    """Mask every WhatsApp body or caption that still holds a secret; returns how many changed."""
    pending = WhatsappMessage.objects.filter(
        Q(body_masked__isnull=True) | Q(caption_masked__isnull=True)
    ).order_by("pk")
    return sum(_remask_whatsapp(pk) for pk in pending.values_list("pk", flat=True))
