"""The temporary chat: a conversation that leaves nothing behind (DESIGN §6, decision 0008).

It has no row anywhere. The transcript travels in the page itself, signed with
``django.core.signing`` and bound to the person, so no table (chats, ``ai_messages``, the
index, the ledger, memory) ever holds it: leaving the page forgets it. The turn runs with
``temporary=True``: tools read but write no memory and nothing reaches the shown-to ledger.
"""

from __future__ import annotations

from typing import Any

from django.core import signing
from django.core.exceptions import ValidationError

from assistant.services import assistant_reply, recent_history, reply_sources
from channels_app.services.chats import MAX_MESSAGE
from sumalos.accounts.access import AiAccess

SALT = "assistant.temporary-chat"
# The signed transcript keeps the latest messages only; older ones fall out of the page.
MAX_MESSAGES = 40
MAX_AGE_SECONDS = 24 * 3600
# Never matches a stored conversation: ``recuperar`` finds nothing, the ledger is off.
CONVERSATION_ID = "temporal"
EXPIRED = "La conversación temporal ha caducado o no es tuya. Empieza otra."


def temporary_transcript_load(*, access: AiAccess, state: str) -> list[dict[str, Any]]:
    """The transcript the page sent back, if it is this person's and unaltered."""
    if not state:
        return []
    try:
        data = signing.loads(state, salt=SALT, max_age=MAX_AGE_SECONDS)
    except signing.BadSignature as error:
        raise ValidationError(EXPIRED) from error
    if not isinstance(data, dict) or data.get("user") != access.user_id:
        raise ValidationError(EXPIRED)
    return list(data.get("messages") or [])


def temporary_transcript_dump(*, access: AiAccess, transcript: list[dict[str, Any]]) -> str:
    """The transcript signed for the page's form."""
    return signing.dumps(
        {"user": access.user_id, "messages": transcript[-MAX_MESSAGES:]}, salt=SALT, compress=True
    )


def _text(message: dict[str, Any]) -> str:
    return "".join(p.get("text", "") for p in message.get("parts", []) if p.get("type") == "text")


def temporary_turn(
    *, access: AiAccess, transcript: list[dict[str, Any]], text: str
) -> list[dict[str, Any]]:
    """Answer ``text`` without writing anything; returns the transcript with both messages."""
    if access.user_id is None:
        raise ValidationError("Solo una persona con cuenta puede usar el chat temporal.")
    if len(text) > MAX_MESSAGE:
        raise ValidationError("El mensaje es demasiado largo.")
    history = recent_history(
        [(str(m.get("role", "user")), _text(m)) for m in transcript], channel="web"
    )
    turn = assistant_reply(
        access=access,
        conversation_id=CONVERSATION_ID,
        message=text,
        history=history,
        turn=1 + sum(1 for m in transcript if m.get("role") == "user"),
        temporary=True,
    )
    parts: list[dict[str, Any]] = [{"type": "text", "text": turn.reply.text}]
    parts += [{"type": "draft", "draft": draft} for draft in turn.drafts]
    parts += [{"type": "source", "source": source} for source in reply_sources(turn)]
    return [
        *transcript,
        {"role": "user", "parts": [{"type": "text", "text": text}]},
        {"role": "assistant", "parts": parts},
    ]
