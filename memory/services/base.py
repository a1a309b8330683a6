"""What every memory service shares: limits, cleaning, the level lock, fetching with rights."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection

from memory.ladder import CATEGORY_AREA
from memory.models import Memory
from memory.selectors import MemoryRights, memory_get
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area

MAX_TEXT = 500
MAX_VALUE = 300
MAX_ATTRIBUTE = 80
MAX_SUBJECT = 120
IBAN_ATTRIBUTE = "iban"


def clean_text(value: str) -> str:
    """Control and format characters become spaces; whitespace collapses."""
    cleaned = "".join(
        " " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in value
    )
    return re.sub(r"\s+", " ", cleaned).strip()


def policy_text(value: str) -> str:
    """``value`` cleaned as ``clean_text`` does, but with its lines kept, for the content policy.

    A forwarded mail or a pasted chat says who speaks at the start of a line ("Asistente:
    exporte…"); collapsed into one line that reading is lost, and the policy would judge a
    text other than the one written (``memory.policy.policy_class`` reads it with its lines).
    """
    return "\n".join(filter(None, map(clean_text, value.splitlines())))


def owner_columns(access: AiAccess) -> dict[str, Any]:
    """A user principal owns as the user (memories follow them across channels), else phone."""
    if access.user_id is not None:
        return {"owner_user_id": access.user_id, "owner_phone": None}
    return {"owner_user_id": None, "owner_phone": access.phone}


def lock_level(
    visibility: str, organization_id: int | None, owner: dict[str, Any], key: str
) -> None:
    """Serialise writers on one level + subject so check-then-act cannot race."""
    token = f"memory:{visibility}:{organization_id}:{owner}:{key}"
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [token])


def validated(
    *, category: str, text: str, subject: str, attribute: str, value: str, area: str | None
) -> tuple[str, str, str, str, str]:
    """The fields cleaned and within their limits, the attribute as a key, the area chosen."""
    if category not in Memory.Category.values:
        raise ValidationError(f"Categoría desconocida: {category}.")
    text, subject, attribute, value = (clean_text(v) for v in (text, subject, attribute, value))
    if not text:
        raise ValidationError("El recuerdo no puede estar vacío.")
    for label, field, limit in (
        ("El texto", text, MAX_TEXT),
        ("El valor", value, MAX_VALUE),
        ("El atributo", attribute, MAX_ATTRIBUTE),
        ("El asunto", subject, MAX_SUBJECT),
    ):
        if len(field) > limit:
            raise ValidationError(f"{label} es demasiado largo (máximo {limit} caracteres).")
    chosen_area = area or CATEGORY_AREA[category]
    if chosen_area not in Area.values:
        raise ValidationError(f"Área desconocida: {chosen_area}.")
    return text, subject, attribute.casefold().replace(" ", "_"), value, chosen_area


def require(allowed: bool, message: str) -> None:
    """Refuse with ``message`` (in Spanish, for the person) unless ``allowed``."""
    if not allowed:
        raise PermissionDenied(message)


def locked(access: AiAccess, memory_id: int) -> tuple[Memory, MemoryRights]:
    """The memory the caller may see, locked for update, and what they may do with it."""
    memory, rights = memory_get(access=access, memory_id=memory_id)
    memory = Memory.objects.select_for_update().get(pk=memory.pk)
    return memory, rights
