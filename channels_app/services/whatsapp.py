"""WhatsApp in and out: store the inbound message, answer it from the worker (DESIGN §6).

The webhook only stores (``MessageSid`` unique: a replay stores nothing) and schedules the
reply; no model is called on the request path. "VINCULAR <código>" is handled before any AI.
The worker composes the reply, adds what was learnt since the last one, and sends it through
the configured transport; the reply is stored as an outbound message like any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from channels_app.models import LearnedNotice, WhatsappMessage
from channels_app.services.linking import link_code_of, whatsapp_link_confirm
from channels_app.transport import get_transport
from sumalos.accounts.access import AiAccess, access_for_phone
from sumalos.ai.base import get_provider
from sumalos.ai.models import AiUsage
from sumalos.ai.usage import usage_record

E164 = re.compile(r"^\+[1-9]\d{6,14}$")
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
    try:
        with transaction.atomic():
            message = WhatsappMessage.objects.create(
                message_sid=message_sid,
                direction=WhatsappMessage.Direction.INBOUND,
                phone=phone,
                organization_id=organization_for(access),
                # The code is a one-time secret: the stored message never carries it.
                body="VINCULAR ······" if code else body if not media else "",
                caption=body if media and not code else "",
                media=media,
            )
    except IntegrityError:
        return Inbound(None)
    if code is None:
        return Inbound(message)
    result = whatsapp_link_confirm(phone=phone, code=code, message_id=message.pk)
    return Inbound(message, link_reply=result.reply)


def _learnt_sentence(access: AiAccess, phone: str) -> tuple[str, list[int]]:
    notices = LearnedNotice.objects.filter(
        conversation_id=f"whatsapp:{phone}", shown_at__isnull=True, undone_at__isnull=True
    ).order_by("id")
    if access.user_id is not None:
        notices = notices.filter(owner_user_id=access.user_id)
    else:
        notices = notices.filter(owner_phone=phone)
    shown = list(notices)
    if not shown:
        return "", []
    facts = " ".join(n.text for n in shown)
    return LEARNT_SENTENCE.format(facts=facts), [n.pk for n in shown]


@transaction.atomic
def whatsapp_reply_send(*, message_id: int, text: str | None = None) -> WhatsappMessage | None:
    """Answer inbound message ``message_id`` once; ``text`` is a fixed reply (linking)."""
    inbound = (
        WhatsappMessage.objects.select_for_update()
        .filter(pk=message_id, direction=WhatsappMessage.Direction.INBOUND, replied_at__isnull=True)
        .first()
    )
    if inbound is None:
        return None
    access = access_for_phone(inbound.phone)
    if text is None:
        history = [
            ("user" if m.direction == "inbound" else "assistant", m.body or m.caption)
            for m in WhatsappMessage.objects.filter(
                phone=inbound.phone, id__lt=inbound.pk
            ).order_by("-id")[:10]
        ][::-1]
        result = get_provider().reply(message=inbound.body or inbound.caption, history=history)
        usage_record(purpose=AiUsage.Purpose.REPLY, usages=result.usage)
        text = result.value
        learnt, notice_ids = _learnt_sentence(access, inbound.phone)
        if learnt:
            text = f"{text}\n\n{learnt}"
            LearnedNotice.objects.filter(pk__in=notice_ids).update(shown_at=timezone.now())
    sid = get_transport().send(to=inbound.phone, body=text)
    inbound.replied_at = timezone.now()
    inbound.save(update_fields=["replied_at"])
    return WhatsappMessage.objects.create(
        message_sid=sid,
        direction=WhatsappMessage.Direction.OUTBOUND,
        phone=inbound.phone,
        organization_id=inbound.organization_id,
        body=text,
    )
