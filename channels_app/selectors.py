"""Reads on channel data; every one takes the access (STYLE §2)."""

from __future__ import annotations

import uuid

from django.db.models import Q, QuerySet
from django.http import Http404

from channels_app.models import AiMessage, LearnedNotice, PhoneLink, WebChat, WhatsappMessage
from memory.models import Memory
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import visible_q


class ChatNotFound(Http404):
    """The chat does not exist or is not this person's (the two are not told apart)."""


def web_chat_get(*, access: AiAccess, chat_id: int) -> WebChat:
    """A web chat of the person asking; anyone else's is "not found"."""
    if access.user_id is None:
        raise ChatNotFound
    chat = WebChat.objects.filter(pk=chat_id, owner_user_id=access.user_id).first()
    if chat is None:
        raise ChatNotFound
    return chat


def web_chat_find(*, access: AiAccess, public_id: uuid.UUID) -> WebChat:
    """The person's web chat that a URL names; anyone else's is "not found"."""
    if access.user_id is None:
        raise ChatNotFound
    chat = WebChat.objects.filter(public_id=public_id, owner_user_id=access.user_id).first()
    if chat is None:
        raise ChatNotFound
    return chat


def web_chat_list(*, access: AiAccess, limit: int = 30) -> list[WebChat]:
    """The person's own web chats, most recent first."""
    if access.user_id is None:
        return []
    return list(
        WebChat.objects.filter(owner_user_id=access.user_id).order_by("-updated_at", "-id")[:limit]
    )


def conversation_messages(*, access: AiAccess, conversation_id: str) -> QuerySet[AiMessage]:
    """The messages of one conversation this person may read, oldest first."""
    return AiMessage.objects.filter(visible_q(access), conversation_id=conversation_id).order_by(
        "id"
    )


# A notice of what was not kept ("No lo he guardado: …", learning/services.py) has no memory
# and a text; a notice whose memory was deleted has its text emptied by a trigger.
REFUSAL_NOTICE = Q(memory__isnull=True) & ~Q(text="")


def learned_notices_pending(*, access: AiAccess, conversation_id: str) -> list[LearnedNotice]:
    """What was learnt in a conversation and not yet shown: the "Lo he aprendido" card data.

    A notice repeats its memory's text, so it is readable only while that memory is readable
    by this person under the visibility rule (deleted, handed over or narrowed: gone). A
    refusal notice names no memory and is read by its owner only.
    """
    return list(
        _owned_notices(access)
        .filter(Q(memory__in=Memory.objects.filter(visible_q(access))) | REFUSAL_NOTICE)
        .filter(conversation_id=conversation_id, shown_at__isnull=True, undone_at__isnull=True)
        .order_by("id")
    )


def _owned_notices(access: AiAccess) -> QuerySet[LearnedNotice]:
    if access.user_id is not None:
        return LearnedNotice.objects.filter(owner_user_id=access.user_id)
    if access.phone:
        return LearnedNotice.objects.filter(owner_phone=access.phone, owner_user__isnull=True)
    return LearnedNotice.objects.none()


def learned_notice_get(*, access: AiAccess, notice_id: int) -> LearnedNotice:
    notice = _owned_notices(access).filter(pk=notice_id).first()
    if notice is None:
        raise Http404
    return notice


def whatsapp_linked_phone(*, access: AiAccess) -> str:
    """The number linked to the person's account, or "" when there is none."""
    if access.user_id is None:
        return ""
    link = PhoneLink.objects.filter(user_id=access.user_id).first()
    return link.phone if link else ""


def whatsapp_history_unadopted(*, access: AiAccess) -> int:
    """How many messages the person's linked number sent before it was linked.

    The web offers to adopt them (never automatically, docs/channels.md, "WhatsApp").
    """
    if access.user_id is None:
        return 0
    link = PhoneLink.objects.filter(user_id=access.user_id).first()
    if link is None:
        return 0
    return AiMessage.objects.filter(
        channel="whatsapp", owner_phone=link.phone, owner_user__isnull=True
    ).count()


def whatsapp_inbound_unanswered(*, message_id: int) -> WhatsappMessage | None:
    """Inbound message ``message_id`` if it has not been answered yet."""
    return WhatsappMessage.objects.filter(
        pk=message_id, direction=WhatsappMessage.Direction.INBOUND, replied_at__isnull=True
    ).first()


def whatsapp_earlier(*, inbound: WhatsappMessage, limit: int = 40) -> list[WhatsappMessage]:
    """The number's messages before ``inbound``, oldest first (at most ``limit``)."""
    earlier = WhatsappMessage.objects.filter(phone=inbound.phone, id__lt=inbound.pk).order_by(
        "-id"
    )[:limit]
    return list(reversed(earlier))
