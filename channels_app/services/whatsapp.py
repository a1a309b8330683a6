"""WhatsApp in and out: store the inbound message, answer it from the worker (DESIGN §6).

The webhook only stores (``MessageSid`` unique: a replay stores nothing) and schedules the
reply by task name; no model is called on the request path. "VINCULAR <código>" is handled
before any AI. The worker composes the reply in the assistant (``assistant/whatsapp.py``), which
hands the text to ``whatsapp_reply_deliver`` here: it adds what was learnt since the last reply,
sends it through the configured transport and stores it as an outbound message like any other.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import logging
import re
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from channels_app.access import PHONE_ORGANIZATION_SQL, access_for_phone
from channels_app.models import LearnedNotice, WhatsappMessage, WhatsappReply
from channels_app.selectors import learned_notices_pending
from channels_app.services.linking import (
    LINK_ATTEMPT_BODY,
    link_code_of,
    whatsapp_link_confirm,
)
from channels_app.transport import get_transport
from memory.policy import mask_secrets
from sumalos.accounts.access import AiAccess

logger = logging.getLogger("sumalos.channels")
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
    """Store one inbound message; a replayed ``MessageSid`` stores nothing and returns None.

    A message without a link code is stored by ``whatsapp_inbound_store`` (the webhook calls
    it directly) and read back; "VINCULAR <código>" links the number that sent it.
    """
    code = link_code_of(body)
    if code is None:
        stored = whatsapp_inbound_store(
            message_sid=message_sid, phone=phone, body=body, media=media
        )
        return Inbound(None if stored is None else WhatsappMessage.objects.get(pk=stored))
    access = access_for_phone(phone)
    stored_body, caption = _stored_texts(body=body, media=media, code=code)
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
    result = whatsapp_link_confirm(phone=phone, code=code, message_id=message.pk)
    return Inbound(message, link_reply=result.reply)


# The webhook's whole database work for a message without a link code: the organization is
# computed by the statement (PHONE_ORGANIZATION_SQL), a replay inserts nothing, and the
# triggers copy it into ai_messages and the outboxes (decision 0029).
_INBOUND_INSERT = f"""
    INSERT INTO whatsapp_messages (message_sid, direction, phone, organization_id, body, media,
                                   caption, transcript, body_masked, caption_masked, created_at)
    VALUES (%s, 'inbound', %s, ({PHONE_ORGANIZATION_SQL}), %s, %s::jsonb, %s, '', %s, %s, now())
    ON CONFLICT (message_sid) DO NOTHING
    RETURNING id
"""


def whatsapp_inbound_store(
    *, message_sid: str, phone: str, body: str, media: list[dict[str, str]]
) -> int | None:
    """Store one inbound message that carries no link code in one statement; returns its id,
    or None on a replay (``whatsapp_inbound_receive`` stores the same row, in more steps)."""
    if link_code_of(body) is not None:
        raise ValueError("a link code goes through whatsapp_inbound_receive")
    stored_body, caption = _stored_texts(body=body, media=media, code=None)
    masked = _masked_copies(body=stored_body, caption=caption)
    with connection.cursor() as cursor:
        cursor.execute(
            _INBOUND_INSERT,
            [
                message_sid,
                phone,
                phone,
                stored_body,
                json.dumps(media),
                caption,
                masked.get("body_masked"),
                masked.get("caption_masked"),
            ],
        )
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def _stored_texts(*, body: str, media: list[dict[str, str]], code: str | None) -> tuple[str, str]:
    """The body and caption stored for an inbound message: with media, its text is the
    caption; a link code is a one-time secret, never stored."""
    stored_body = LINK_ATTEMPT_BODY if code else body if not media else ""
    caption = body if media and not code else ""
    return stored_body, caption


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
    facts = " ".join(mask_secrets(n.text) for n in shown if n.memory_id is not None)
    # What was not kept says so in its own words ("No lo he guardado: …"), after what was.
    refused = [n.text for n in shown if n.memory_id is None]
    sentences = [LEARNT_SENTENCE.format(facts=facts)] if facts else []
    return " ".join([*sentences, *refused]), [n.pk for n in shown]


def _claim(inbound: WhatsappMessage) -> bool:
    """Mark the message answered; exactly one caller wins (the conditional UPDATE)."""
    claimed = WhatsappMessage.objects.filter(pk=inbound.pk, replied_at__isnull=True).update(
        replied_at=timezone.now()
    )
    return claimed == 1


def whatsapp_reply_skip(inbound: WhatsappMessage) -> None:
    """Record that ``inbound`` goes unanswered (outside WhatsApp's window): it is claimed."""
    _claim(inbound)


REPLY_LEASE = datetime.timedelta(seconds=60)
# An inbound message nobody claimed this long after it arrived lost its reply task (a worker
# died before claiming). Well past any queue wait under a burst, so a late reply task is not
# duplicated; a duplicate would only compose in vain: the claim lets one reply through.
REPLY_LOST_AFTER = datetime.timedelta(minutes=10)


def reply_key(inbound: WhatsappMessage) -> str:
    """The reply's idempotency key: one per inbound message, stable across retries."""
    return f"reply:{inbound.message_sid}"


def whatsapp_reply_claim(
    *, access: AiAccess, inbound: WhatsappMessage, text: str
) -> WhatsappReply | None:
    """Commit the one reply to ``inbound`` as ``claimed``; None when it was already claimed.

    What was learnt since the last reply is added here, once: the notices are marked shown in
    the same transaction that stores the text that shows them.
    """
    with transaction.atomic():
        if not _claim(inbound):
            return None
        learnt, notice_ids = _learnt_sentence(access, inbound.phone)
        if learnt:
            text = f"{text}\n\n{learnt}"
            LearnedNotice.objects.filter(pk__in=notice_ids).update(shown_at=timezone.now())
        return WhatsappReply.objects.create(
            inbound=inbound,
            idempotency_key=reply_key(inbound),
            phone=inbound.phone,
            body=text,
            claimed_until=timezone.now() + REPLY_LEASE,
        )


def whatsapp_reply_deliver(
    *, access: AiAccess, inbound: WhatsappMessage, text: str
) -> WhatsappMessage | None:
    """Send ``text`` as the one answer to ``inbound``; None when another worker answered it.

    Claimed and committed before the transport is called, recorded as sent after it returns:
    a crash in between is repaired by ``whatsapp_replies_recover``, which sends it once.
    """
    reply = whatsapp_reply_claim(access=access, inbound=inbound, text=text)
    if reply is None:
        return None
    sid = get_transport().send(
        to=reply.phone, body=reply.body, idempotency_key=reply.idempotency_key
    )
    return whatsapp_reply_sent(reply_id=reply.pk, provider_message_id=sid)


def whatsapp_reply_sent(*, reply_id: int, provider_message_id: str) -> WhatsappMessage | None:
    """Record that the provider accepted the reply: the outbound message, state ``sent``."""
    with transaction.atomic():
        reply = WhatsappReply.objects.select_for_update().select_related("inbound").get(pk=reply_id)
        if reply.state == WhatsappReply.State.SENT:
            return reply.outbound
        inbound = reply.inbound
        outbound = WhatsappMessage.objects.create(
            message_sid=provider_message_id,
            direction=WhatsappMessage.Direction.OUTBOUND,
            phone=reply.phone,
            organization_id=inbound.organization_id,
            body=reply.body,
            **_masked_copies(body=reply.body, caption=""),
        )
        reply.state = WhatsappReply.State.SENT
        reply.provider_message_id = provider_message_id
        reply.outbound = outbound
        reply.sent_at = timezone.now()
        reply.claimed_until = None
        reply.body = ""  # the outbound message holds it now
        reply.save()
    return outbound


@dataclass
class Recovery:
    resent: int = 0
    found_sent: int = 0
    # Inbound ids whose reply task was lost.
    lost: list[int] = dataclasses.field(default_factory=list)


def whatsapp_replies_recover(*, limit: int = 50) -> Recovery:
    """Finish the replies whose worker died, and list the messages nobody claimed.

    A claimed reply whose lease ran out is leased again (one attempt more), then the transport
    is asked whether it already left: if so it is recorded as sent with that id, else it is
    sent now, once. Each reply is repaired on its own: one failure never stops the others.
    """
    recovery = Recovery()
    now = timezone.now()
    with transaction.atomic():
        expired = list(
            WhatsappReply.objects.select_for_update(skip_locked=True)
            .filter(state=WhatsappReply.State.CLAIMED, claimed_until__lt=now)
            .order_by("id")[:limit]
        )
        for reply in expired:
            reply.claimed_until = now + REPLY_LEASE
            reply.attempts += 1
            reply.save(update_fields=["claimed_until", "attempts"])
    transport = get_transport()
    for reply in expired:
        try:
            sid = transport.find(
                to=reply.phone,
                body=reply.body,
                idempotency_key=reply.idempotency_key,
                since=reply.created_at,
            )
            if sid is not None:
                recovery.found_sent += 1
            else:
                sid = transport.send(
                    to=reply.phone, body=reply.body, idempotency_key=reply.idempotency_key
                )
                recovery.resent += 1
            whatsapp_reply_sent(reply_id=reply.pk, provider_message_id=sid)
        except Exception:  # the next run tries again once the lease runs out
            logger.exception("WhatsApp reply %s could not be recovered", reply.idempotency_key)
    recovery.lost = list(
        WhatsappMessage.objects.filter(
            direction=WhatsappMessage.Direction.INBOUND,
            replied_at__isnull=True,
            created_at__lt=now - REPLY_LOST_AFTER,
            created_at__gt=now - CUSTOMER_SERVICE_WINDOW,
        )
        .order_by("id")
        .values_list("id", flat=True)[:limit]
    )
    return recovery
