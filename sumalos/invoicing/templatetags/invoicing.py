"""Money and numbers as people read them in Spain: "1.234,56 €", "21 %"."""

from __future__ import annotations

from decimal import Decimal

from django import template

register = template.Library()


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
