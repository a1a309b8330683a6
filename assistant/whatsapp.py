"""Answering one inbound WhatsApp message from the worker (DESIGN §6).

The channels app stores the message and sends the reply; composing it is the assistant's: the
number's recent messages and the conversation's summary go into the assistant loop, the text
goes to ``whatsapp_reply_deliver``, and the conversation's compaction is queued as its own task
once the reply is committed, when the conversation is long enough to need it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from assistant.compaction import compaction_queue, summary_for
from assistant.formatting import absolute, whatsapp_text
from assistant.services import assistant_reply, recent_history
from channels_app.access import access_for_phone
from channels_app.models import WhatsappMessage
from channels_app.selectors import whatsapp_earlier, whatsapp_inbound_unanswered
from channels_app.services.whatsapp import (
    CUSTOMER_SERVICE_WINDOW,
    whatsapp_reply_deliver,
    whatsapp_reply_skip,
)
from sumalos.accounts.access import AiAccess

# The number's earlier messages read for one reply: its history, and its whole conversation
# when it has fewer (then the reply knows whether compaction is due without another query).
EARLIER_LIMIT = 40

UNLINKED = (
    "Hola, soy Suma, la asistente de Sumalos. Este número todavía no está vinculado a ninguna "
    "cuenta, así que no puedo ver tus datos. Para vincularlo: entra en {url}, pulsa "
    "«Vincular WhatsApp» y envía aquí el mensaje que te aparece: VINCULAR seguido del código "
    "de 6 caracteres (vale 10 minutos)."
)


def unlinked_reply() -> str:
    """How to link this number, with the chat page's address a phone can open."""
    return UNLINKED.format(url=absolute(reverse("assistant:home")))


@dataclass(frozen=True)
class Composed:
    text: str
    # Every text of the conversation, when the earlier messages were all read; else None.
    conversation: list[str] | None


def _compose(access: AiAccess, inbound: WhatsappMessage) -> Composed:
    """The assistant's answer to ``inbound``."""
    earlier = whatsapp_earlier(inbound=inbound, limit=EARLIER_LIMIT)
    history = recent_history(
        [
            ("user" if m.direction == "inbound" else "assistant", m.body or m.caption)
            for m in earlier
        ],
        channel="whatsapp",
    )
    conversation_id = f"whatsapp:{inbound.phone}"
    summary = summary_for(access=access, conversation_id=conversation_id)
    message = inbound.body or inbound.caption
    turn = assistant_reply(
        access=access,
        conversation_id=conversation_id,
        message=message,
        history=history,
        turn=1 + sum(1 for m in earlier if m.direction == "inbound"),
        summary=summary.as_prompt() if summary else "",
    )
    # WhatsApp shows no markup: links are written out absolute (assistant.formatting).
    text = whatsapp_text(turn.reply.text)
    whole = len(earlier) < EARLIER_LIMIT
    conversation = [*(m.body or m.caption for m in earlier), message, text] if whole else None
    return Composed(text, conversation)


def whatsapp_reply_send(*, message_id: int, text: str | None = None) -> WhatsappMessage | None:
    """Answer inbound message ``message_id`` at most once; ``text`` is a fixed reply (linking).

    The reply is composed outside any transaction (the assistant opens its own, as the
    restricted role); the channels app then claims the message and sends it once. Only a
    composed reply runs the assistant: a fixed one reads no history, no summary, no model.
    """
    inbound = whatsapp_inbound_unanswered(message_id=message_id)
    if inbound is None:
        return None
    access = access_for_phone(inbound.phone)
    if text is None and timezone.now() - inbound.created_at > CUSTOMER_SERVICE_WINDOW:
        # Outside WhatsApp's 24-hour window only an approved template may be sent; we send
        # none and record that the message went unanswered (docs/channels.md).
        whatsapp_reply_skip(inbound)
        return None
    if text is None and access.user_id is None:
        # An unlinked number reaches no data; it hears how to link instead of a model reply.
        text = unlinked_reply()
    composed = None
    if text is None:
        composed = _compose(access, inbound)
        text = composed.text
    outbound = whatsapp_reply_deliver(access=access, inbound=inbound, text=text)
    if outbound is None or composed is None:
        return outbound
    # The summary only feeds composed replies: compaction follows them, as its own task once
    # the reply is committed (the model call holds no lock), and only for a long conversation.
    conversation = composed.conversation
    transaction.on_commit(
        lambda: compaction_queue(
            conversation_id=f"whatsapp:{inbound.phone}", channel="whatsapp", texts=conversation
        )
    )
    return outbound
