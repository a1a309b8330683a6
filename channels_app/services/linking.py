"""Linking a WhatsApp number to a web account with a one-time code (docs/channels.md, "WhatsApp").

The code (6 characters, 10 minutes) is shown once and stored only as an HMAC. "VINCULAR
<código>" is recognised before any AI sees the message and links the number that sent it. A
number that belongs to another account is refused. Earlier history is offered, never adopted
automatically.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from channels_app.models import LinkCode, PhoneAuthorization, PhoneLink, WhatsappMessage
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Membership

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I
CODE_LENGTH = 6
CODE_VALIDITY = timedelta(minutes=10)
# How an attempt is stored: the code itself is a one-time secret and is never kept.
LINK_ATTEMPT_BODY = "VINCULAR ······"
LINK_COMMAND = re.compile(r"^\s*vincular\s+([A-Za-z0-9]{6})\s*$", re.IGNORECASE)

REPLY_LINKED = "Listo: este número queda vinculado a tu cuenta de Sumalos en {org}."
REPLY_HISTORY = (
    " Tienes {n} mensajes anteriores de este número; si quieres verlos también en la web, "
    "acéptalo desde Sumalos."
)
REPLY_BAD_CODE = "Ese código no es válido o ha caducado. Pide uno nuevo en Sumalos."
REPLY_TAKEN = "Este número ya está vinculado a otra cuenta de Sumalos."
REPLY_TOO_MANY = (
    "Demasiados intentos desde este número. Espera unos minutos y pide un código nuevo."
)
# Guessing a code: at most this many "VINCULAR" attempts per number in one code's lifetime.
MAX_ATTEMPTS = 5


def code_hmac(code: str) -> str:
    return hmac.new(settings.SECRET_KEY.encode(), code.upper().encode(), hashlib.sha256).hexdigest()


def link_code_of(text: str) -> str | None:
    """The code in a "VINCULAR <código>" message, or None for any other message."""
    match = LINK_COMMAND.match(text or "")
    return match.group(1).upper() if match else None


@transaction.atomic
def whatsapp_link_code_create(*, access: AiAccess, organization_id: int) -> str:
    """A new code for the web card; earlier unused codes of the person stop working."""
    if access.user_id is None or organization_id not in access.organization_ids:
        raise PermissionDenied("No puedes vincular WhatsApp en esa organización.")
    LinkCode.objects.filter(user_id=access.user_id, used_at__isnull=True).delete()
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    LinkCode.objects.create(
        user_id=access.user_id,
        organization_id=organization_id,
        code_hmac=code_hmac(code),
        expires_at=timezone.now() + CODE_VALIDITY,
    )
    return code


@dataclass(frozen=True)
class LinkResult:
    ok: bool
    reply: str


@transaction.atomic
def whatsapp_link_confirm(*, phone: str, code: str, message_id: int) -> LinkResult:
    """Link ``phone`` (the verified sender of message ``message_id``) to the owner of ``code``."""
    # Every attempt is stored as an inbound "VINCULAR ······" message, this one included.
    attempts = WhatsappMessage.objects.filter(
        phone=phone,
        direction=WhatsappMessage.Direction.INBOUND,
        body=LINK_ATTEMPT_BODY,
        created_at__gt=timezone.now() - CODE_VALIDITY,
    ).count()
    if attempts > MAX_ATTEMPTS:
        return LinkResult(False, REPLY_TOO_MANY)
    link_code = (
        LinkCode.objects.select_for_update()
        .select_related("organization")
        .filter(code_hmac=code_hmac(code), used_at__isnull=True, expires_at__gt=timezone.now())
        .first()
    )
    if link_code is None:
        return LinkResult(False, REPLY_BAD_CODE)
    existing = PhoneLink.objects.select_for_update().filter(phone=phone).first()
    if existing is not None and existing.user_id != link_code.user_id:
        return LinkResult(False, REPLY_TAKEN)
    membership = Membership.objects.filter(
        user_id=link_code.user_id, organization_id=link_code.organization_id
    ).first()
    if membership is None:
        return LinkResult(False, REPLY_BAD_CODE)
    # A person has one number: linking a new one replaces the old link.
    PhoneLink.objects.filter(user_id=link_code.user_id).exclude(phone=phone).delete()
    link, _ = PhoneLink.objects.get_or_create(phone=phone, defaults={"user_id": link_code.user_id})
    # At most the person's own permissions now; access_for_phone intersects again on every use.
    PhoneAuthorization.objects.update_or_create(
        link=link,
        organization_id=link_code.organization_id,
        defaults={
            "read_areas": sorted(membership.readable_areas()),
            "write_areas": sorted(membership.writable_areas()),
        },
    )
    link_code.used_at = timezone.now()
    link_code.save(update_fields=["used_at"])
    reply = REPLY_LINKED.format(org=link_code.organization.name)
    earlier = WhatsappMessage.objects.filter(
        phone=phone, adopted_by__isnull=True, id__lt=message_id
    ).count()
    if earlier:
        reply += REPLY_HISTORY.format(n=earlier)
    return LinkResult(True, reply)


@transaction.atomic
def whatsapp_unlink(*, access: AiAccess) -> None:
    """Unlink the person's number: it goes back to owning only its own personal memory."""
    if access.user_id is None:
        raise PermissionDenied("Solo una persona con cuenta puede desvincular su número.")
    PhoneLink.objects.filter(user_id=access.user_id).delete()


@transaction.atomic
def whatsapp_history_adopt(*, access: AiAccess) -> int:
    """Adopt what the linked number said before linking; only when the person asks.

    The WhatsApp trigger carries the new owner into ``ai_messages``.
    """
    if access.user_id is None:
        raise PermissionDenied("Solo una persona con cuenta puede adoptar su historial.")
    link = PhoneLink.objects.filter(user_id=access.user_id).first()
    if link is None:
        return 0
    return WhatsappMessage.objects.filter(
        phone=link.phone, adopted_by__isnull=True, created_at__lt=link.created_at
    ).update(adopted_by_id=access.user_id)
