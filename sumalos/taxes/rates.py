"""Reading the engine: the rates in force on a date."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.db.models import Q

from sumalos.taxes.models import VAT_KEYS, WITHHOLDING_KEYS, TaxRate


class RateNotFound(LookupError):
    pass


def _in_force(on: datetime.date) -> Q:
    return Q(valid_from__lte=on) & (Q(valid_to__isnull=True) | Q(valid_to__gte=on))


def rate_on(key: str, on: datetime.date) -> Decimal:
    """Return the rate of ``key`` in force on ``on``."""
    rate = TaxRate.objects.filter(_in_force(on), key=key).values_list("rate", flat=True).first()
    if rate is None:
        raise RateNotFound(f"no hay tipo vigente para {key} el {on.isoformat()}")
    return rate


def rates_on(on: datetime.date) -> dict[str, Decimal]:
    """Return every engine rate in force on ``on``, by key."""
    return dict(TaxRate.objects.filter(_in_force(on)).values_list("key", "rate"))


def vat_rates_on(on: datetime.date) -> list[Decimal]:
    """The VAT rates in force on ``on``, highest first."""
    rates = rates_on(on)
    return sorted((rates[k] for k in VAT_KEYS if k in rates), reverse=True)


def withholding_rates_on(on: datetime.date) -> list[Decimal]:
    rates = rates_on(on)
    return sorted({rates[k] for k in WITHHOLDING_KEYS if k in rates}, reverse=True)
