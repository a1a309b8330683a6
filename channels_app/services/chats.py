"""Web chats: create, append and edit transcript messages (DESIGN §6).

Saving the transcript is all these do; the trigger on ``web_chats`` copies changed messages
into ``ai_messages``. A temporary chat never reaches these: it has no row at all. A text
part that holds a secret keeps it, as written, in the person's own chat and carries a
``masked`` copy beside it: the trigger copies that one (DESIGN §5, "Never learnt").
"""

from __future__ import annotations

import uuid
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from channels_app.models import WebChat
from channels_app.selectors import web_chat_get
from memory.policy import mask_secrets
from sumalos.accounts.access import AiAccess

ROLES = frozenset({"user", "assistant"})
MAX_MESSAGE = 20_000


@transaction.atomic
def web_chat_create(*, access: AiAccess, organization_id: int | None, title: str = "") -> WebChat:
    """Open a chat for the person asking, in one of their organizations (or none)."""
    if access.user_id is None:
        raise PermissionDenied("Solo una persona con cuenta puede abrir un chat web.")
    if organization_id is not None and organization_id not in access.organization_ids:
        raise PermissionDenied("No perteneces a esa organización.")
    return WebChat.objects.create(
        owner_user_id=access.user_id,
        organization_id=organization_id,
        title=title[:200],
    )


@transaction.atomic
def web_chat_append(
    *,
    access: AiAccess,
    chat_id: int,
    role: str,
    text: str,
    parts: list[dict[str, Any]] | None = None,
) -> str:
    """Append one message to the transcript; returns its id inside the chat."""
    if role not in ROLES:
        raise ValidationError(f"Papel desconocido: {role}.")
    if len(text) > MAX_MESSAGE:
        raise ValidationError("El mensaje es demasiado largo.")
    chat = _locked(access=access, chat_id=chat_id)
    message_id = uuid.uuid4().hex[:16]
    chat.transcript = [
        *chat.transcript,
        {"id": message_id, "role": role, "parts": [_text_part(text), *(parts or [])]},
    ]
    chat.save(update_fields=["transcript", "updated_at"])
    return message_id


@transaction.atomic
def web_chat_edit_message(*, access: AiAccess, chat_id: int, message_id: str, text: str) -> None:
    """Replace the text of one of the person's own messages."""
    chat = _locked(access=access, chat_id=chat_id)
    transcript = []
    found = False
    for message in chat.transcript:
        if message.get("id") == message_id and message.get("role") == "user":
            others = [p for p in message.get("parts", []) if p.get("type") != "text"]
            message = {**message, "parts": [_text_part(text), *others]}
            found = True
        transcript.append(message)
    if not found:
        raise ValidationError("Ese mensaje no existe o no es tuyo.")
    chat.transcript = transcript
    chat.save(update_fields=["transcript", "updated_at"])


def _text_part(text: str) -> dict[str, str]:
    """A transcript text part, with its masked copy when the text holds a secret."""
    masked = mask_secrets(text)
    if masked == text:
        return {"type": "text", "text": text}
    return {"type": "text", "text": text, "masked": masked}


def _locked(*, access: AiAccess, chat_id: int) -> WebChat:
    chat = web_chat_get(access=access, chat_id=chat_id)
    # Two tabs appending at once would each overwrite the other's transcript without the lock.
    return WebChat.objects.select_for_update().get(pk=chat.pk)
