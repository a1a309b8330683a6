"""Money, numbers and dates as people read them in Spain: "1.234,56 €", "21 %",
"29 de enero de 2027"."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django import template
from django.utils import timezone

register = template.Library()

MONTHS = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio",
    "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
)  # fmt: skip


def _spanish(value: Decimal, places: int) -> str:
    text = f"{value:,.{places}f}"
    return text.replace(",", "\u00a0").replace(".", ",").replace("\u00a0", ".")


@register.filter
def euros(value: Decimal | None) -> str:
    if value is None:
        return "0,00 €"
    return f"{_spanish(Decimal(value), 2)} €"


@register.filter
def number(value: Decimal | None) -> str:
    """A quantity or rate without trailing zeros: 2,5 · 21 · 1,125."""
    if value is None:
        return ""
    normalized = Decimal(value).normalize()
    exponent = normalized.as_tuple().exponent
    assert isinstance(exponent, int)  # stored amounts are finite: never NaN or infinity
    places = max(0, -exponent)
    return _spanish(normalized, places)


@register.filter
def long_date(value: datetime.date | None) -> str:
    """A date as people write it: "29 de enero de 2027" (a moment, in the local time zone)."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        value = timezone.localdate(value)
    return f"{value.day} de {MONTHS[value.month - 1]} de {value.year}"
