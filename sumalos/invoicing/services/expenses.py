"""Writes of expenses: a concept, a base and the VAT in force on the expense's date."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area, User
from sumalos.invoicing.models import Contact, Expense, money
from sumalos.invoicing.services.validation import (
    decimal_of,
    engine_rate,
    percentage_of,
    require_write,
)
from sumalos.taxes.models import RateKey


@transaction.atomic
def expense_create(
    *,
    access: AiAccess,
    organization_id: int,
    date: datetime.date,
    concept: str,
    base: Decimal,
    vat_rate: Decimal | None = None,
    supplier: Contact | None = None,
    category: str = "",
    created_by: User | None = None,
) -> Expense:
    """Record an expense; without a rate it takes the general VAT in force on ``date``."""
    require_write(access, organization_id, Area.EXPENSES)
    clean_concept = concept.strip()
    if not clean_concept:
        raise ValidationError("El gasto necesita un concepto.")
    clean_base = decimal_of(base, "Base imponible")
    if clean_base < 0:
        raise ValidationError("La base imponible no puede ser negativa.")
    if clean_base != clean_base.quantize(Decimal("0.01")):
        raise ValidationError("La base imponible admite como mucho dos decimales.")
    rate = (
        engine_rate(RateKey.IVA_GENERAL, date)
        if vat_rate is None
        else percentage_of(vat_rate, "El IVA")
    )
    if supplier is not None:
        if supplier.organization_id != organization_id:
            raise PermissionDenied("Ese proveedor no es de esta organización.")
        if supplier.kind != Contact.Kind.SUPPLIER:
            raise ValidationError(f"{supplier.name} no es un proveedor.")
    vat_amount = money(clean_base * rate / 100)
    return Expense.objects.create(
        organization_id=organization_id,
        supplier=supplier,
        date=date,
        concept=clean_concept,
        category=category.strip(),
        base=clean_base,
        vat_rate=rate,
        vat_amount=vat_amount,
        total=clean_base + vat_amount,
        created_by=created_by,
    )
