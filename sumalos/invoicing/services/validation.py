"""Who may write, and the checks every invoicing service shares (numbers, rates, tax IDs, IBANs).

Errors are Spanish ``ValidationError``s for the person; refusals are ``PermissionDenied``.
"""

from __future__ import annotations

import datetime
from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from schwifty import IBAN
from schwifty.exceptions import SchwiftyException
from stdnum.es import cif, dni, nie
from stdnum.exceptions import ValidationError as StdnumError

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area
from sumalos.taxes.models import RateKey
from sumalos.taxes.rates import RateNotFound, rate_on


def require_write(access: AiAccess, organization_id: int, area: str) -> None:
    """Refuse unless ``access`` may write ``area`` in ``organization_id``."""
    if organization_id not in access.permissions:
        raise PermissionDenied("No tienes acceso a esa organización.")
    if not access.can_write(organization_id, area):
        label = Area(area).label.lower()
        raise PermissionDenied(f"No tienes permiso para modificar {label} en esta organización.")


def may_see_iban(access: AiAccess, organization_id: int) -> bool:
    """A contact's IBAN is for those who may read invoices or expenses (field-level)."""
    return access.can_read(organization_id, Area.INVOICES) or access.can_read(
        organization_id, Area.EXPENSES
    )


def normalize_tax_id(value: str) -> str:
    """Return a Spanish NIF (DNI), NIE or CIF in compact form, or raise a Spanish error."""
    raw = value.strip()
    if not raw:
        return ""
    for module in (dni, nie, cif):
        try:
            return str(module.validate(raw)).upper()
        except StdnumError:
            continue
    raise ValidationError(
        f"«{raw}» no es un NIF, NIE o CIF válido: revisa las cifras y la letra de control.",
        code="invalid_tax_id",
    )


def normalize_iban(value: str) -> str:
    """Return the IBAN in compact form, or raise a Spanish error."""
    raw = value.strip()
    if not raw:
        return ""
    try:
        return str(IBAN(raw).compact)
    except SchwiftyException:
        raise ValidationError(
            f"«{raw}» no es un IBAN válido: revisa el país, la longitud y los dígitos de control.",
            code="invalid_iban",
        ) from None


def decimal_of(value: Decimal | int | str, label: str) -> Decimal:
    try:
        number = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        raise ValidationError(f"{label}: «{value}» no es un número.") from None
    if not number.is_finite():
        raise ValidationError(f"{label}: «{value}» no es un número.")
    return number


def percentage_of(value: Decimal | int | str, label: str) -> Decimal:
    rate = decimal_of(value, label)
    if not Decimal(0) <= rate <= Decimal(100):
        raise ValidationError(f"{label} debe estar entre 0 y 100.")
    return rate.quantize(Decimal("0.01"))


def engine_rate(key: str, on: datetime.date) -> Decimal:
    """The rules engine's rate in force on ``on``, or a Spanish error when there is none."""
    try:
        return rate_on(key, on)
    except RateNotFound:
        raise ValidationError(
            f"No hay un tipo vigente para {RateKey(key).label} el {on:%d/%m/%Y}."
        ) from None
