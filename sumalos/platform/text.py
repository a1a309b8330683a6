"""Text hygiene: control characters out of everything sent in, and one accent folding.

PostgreSQL refuses a NUL in text, so one NUL in a chat message used to end in a 500; the other
control characters are invisible and only help to hide text. Every form, query-string, cookie
and JSON field loses them on the way in (``CleanInputMiddleware``); line breaks and tabs stay.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# C0 and C1 control characters and DEL, except tab, line feed and carriage return.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean_text(value: str) -> str:
    """Return ``value`` without control characters other than ``\\t``, ``\\n`` and ``\\r``."""
    return CONTROL.sub("", value)


def clean_json(value: Any) -> Any:
    """Return a decoded JSON value with every string (keys included) cleaned."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        return [clean_json(item) for item in value]
    if isinstance(value, dict):
        return {clean_text(key): clean_json(item) for key, item in value.items()}
    return value


# Spanish month names, lowercase, without accents (none has one), in calendar order.
MONTHS = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)


def fold(text: str) -> str:
    """Return ``text`` case-folded and without accents: "Contraseña" and "CONTRASENA" read alike.

    Compatibility decomposition (NFKD) splits letters from their marks and spells ligatures
    out; the combining marks are then dropped, so "ñ" becomes "n", as ``unaccent`` does.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
