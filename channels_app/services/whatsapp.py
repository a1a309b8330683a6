"""WhatsApp in and out: store the inbound message, answer it from the worker (DESIGN §6).

The webhook only stores (``MessageSid`` unique: a replay stores nothing) and schedules the
reply by task name; no model is called on the request path. "VINCULAR <código>" is handled
before any AI. The worker composes the reply in the assistant (``assistant/whatsapp.py``), which
hands the text to ``whatsapp_reply_deliver`` here: it adds what was learnt since the last reply,
sends it through the configured transport and stores it as an outbound message like any other.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from channels_app.access import access_for_phone
from channels_app.models import LearnedNotice, WhatsappMessage
from channels_app.selectors import learned_notices_pending
from channels_app.services.linking import (
    LINK_ATTEMPT_BODY,
    link_code_of,
    whatsapp_link_confirm,
)
from channels_app.transport import get_transport
from memory.policy import mask_secrets
from sumalos.accounts.access import AiAccess

E164 = re.compile(r"^\+[1-9]\d{6,14}$")
# WhatsApp lets a business answer freely for 24 hours after the person's last message.
CUSTOMER_SERVICE_WINDOW = datetime.timedelta(hours=24)
LEARNT_SENTENCE = "Por cierto, he aprendido esto: {facts} Si no es así, dímelo y lo corrijo."


@dataclass(frozen=True)
class Inbound:
    message: WhatsappMessage | None  # None on a replay
    link_reply: str | None = None


def organization_for(access: AiAccess) -> int | None:
    """The organization a number's message is about: the only one it may use, else none."""
    ids = access.organization_ids
    return ids[0] if len(ids) == 1 else None


@transaction.atomic
def whatsapp_inbound_receive(
    *,
    message_sid: str,
    phone: str,
    body: str,
    media: list[dict[str, str]],
) -> Inbound:
    """Store one inbound message; a replayed ``MessageSid`` stores nothing and returns None."""
    code = link_code_of(body)
    access = access_for_phone(phone)
    # The code is a one-time secret: the stored message never carries it.
    stored_body = LINK_ATTEMPT_BODY if code else body if not media else ""
    caption = body if media and not code else ""
    try:
        with transaction.atomic():
            message = WhatsappMessage.objects.create(
                message_sid=message_sid,
                direction=WhatsappMessage.Direction.INBOUND,
                phone=phone,
                organization_id=organization_for(access),
                body=stored_body,
                caption=caption,
                media=media,
                **_masked_copies(body=stored_body, caption=caption),
            )
    except IntegrityError:
        return Inbound(None)
    if code is None:
        return Inbound(message)
    result = whatsapp_link_confirm(phone=phone, code=code, message_id=message.pk)
    return Inbound(message, link_reply=result.reply)


def _masked_copies(*, body: str, caption: str) -> dict[str, str]:
    """``body_masked``/``caption_masked`` for the texts that hold a secret (DESIGN §5): the
    trigger copies these into ``ai_messages``; the message itself stays as written."""
    copies = {}
    for field, text in (("body_masked", body), ("caption_masked", caption)):
        if (masked := mask_secrets(text)) != text:
            copies[field] = masked
    return copies


def _learnt_sentence(access: AiAccess, phone: str) -> tuple[str, list[int]]:
    shown = learned_notices_pending(access=access, conversation_id=f"whatsapp:{phone}")
    if not shown:
        return "", []
    # A derived copy like any other: a secret in a memory learnt before its phrasing was known
    # is masked here too, in what is sent and in the stored outbound body.
    facts = " ".join(mask_secrets(n.text) for n in shown)
    return LEARNT_SENTENCE.format(facts=facts), [n.pk for n in shown]


def _claim(inbound: WhatsappMessage) -> bool:
    """Mark the message answered; exactly one caller wins (the conditional UPDATE)."""
    claimed = WhatsappMessage.objects.filter(pk=inbound.pk, replied_at__isnull=True).update(
        replied_at=timezone.now()
    )
    return claimed == 1


def whatsapp_reply_skip(inbound: WhatsappMessage) -> None:
    """Record that ``inbound`` goes unanswered (outside WhatsApp's window): it is claimed."""
    _claim(inbound)


def whatsapp_reply_deliver(
    *, access: AiAccess, inbound: WhatsappMessage, text: str
) -> WhatsappMessage | None:
    """Send ``text`` as the one answer to ``inbound``; None when another worker answered it.

    The message is claimed with a conditional UPDATE and committed before sending: a crash
    after the claim leaves one message unanswered rather than the person receiving the same
    answer twice. What was learnt since the last reply is added once.
    """
    with transaction.atomic():
        if not _claim(inbound):
            return None
        learnt, notice_ids = _learnt_sentence(access, inbound.phone)
        if learnt:
            text = f"{text}\n\n{learnt}"
            LearnedNotice.objects.filter(pk__in=notice_ids).update(shown_at=timezone.now())
    sid = get_transport().send(to=inbound.phone, body=text)
    return WhatsappMessage.objects.create(
        message_sid=sid,
        direction=WhatsappMessage.Direction.OUTBOUND,
        phone=inbound.phone,
        organization_id=inbound.organization_id,
        body=text,
        **_masked_copies(body=text, caption=""),
    )
