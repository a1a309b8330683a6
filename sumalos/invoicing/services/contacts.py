"""Writes of contacts: customers and suppliers, with a valid tax ID and IBAN (field-level)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area
from sumalos.invoicing.models import DEFAULT_PAYMENT_TERMS_DAYS, Contact, Expense, Invoice, Quote
from sumalos.invoicing.services.validation import (
    may_see_iban,
    normalize_iban,
    normalize_tax_id,
    require_write,
)


def _contact_fields(
    *, kind: str, name: str, payment_terms_days: int, email: str
) -> tuple[str, str]:
    if kind not in Contact.Kind.values:
        raise ValidationError("El tipo de contacto debe ser cliente o proveedor.")
    clean_name = name.strip()
    if not clean_name:
        raise ValidationError("El contacto necesita un nombre.")
    if not 0 <= payment_terms_days <= 365:
        raise ValidationError("El plazo de pago debe estar entre 0 y 365 días.")
    clean_email = email.strip().lower()
    if clean_email and "@" not in clean_email:
        raise ValidationError(f"«{email}» no es un correo válido.")
    return clean_name, clean_email


def _save_contact(contact: Contact) -> Contact:
    # The unique constraint is the real guard against two contacts with one tax ID; the
    # savepoint keeps the outer transaction usable when it fires.
    try:
        with transaction.atomic():
            contact.save()
    except IntegrityError:
        raise ValidationError(
            "Ya hay un contacto con ese NIF en la organización.", code="duplicate_tax_id"
        ) from None
    return contact


def _contact_is_used(contact: Contact) -> bool:
    return (
        Invoice.objects.filter(contact=contact).exists()
        or Quote.objects.filter(contact=contact).exists()
        or Expense.objects.filter(supplier=contact).exists()
    )


@transaction.atomic
def contact_create(
    *,
    access: AiAccess,
    organization_id: int,
    kind: str,
    name: str,
    tax_id: str = "",
    iban: str = "",
    email: str = "",
    phone: str = "",
    address: str = "",
    city: str = "",
    payment_terms_days: int = DEFAULT_PAYMENT_TERMS_DAYS,
    notes: str = "",
) -> Contact:
    require_write(access, organization_id, Area.CONTACTS)
    if iban.strip() and not may_see_iban(access, organization_id):
        raise PermissionDenied("No tienes permiso para ver ni cambiar cuentas bancarias.")
    clean_name, clean_email = _contact_fields(
        kind=kind, name=name, payment_terms_days=payment_terms_days, email=email
    )
    contact = Contact(
        organization_id=organization_id,
        kind=kind,
        name=clean_name,
        tax_id=normalize_tax_id(tax_id),
        iban=normalize_iban(iban),
        email=clean_email,
        phone=phone.strip(),
        address=address.strip(),
        city=city.strip(),
        payment_terms_days=payment_terms_days,
        notes=notes.strip(),
    )
    return _save_contact(contact)


@transaction.atomic
def contact_update(
    *,
    access: AiAccess,
    contact: Contact,
    kind: str | None = None,
    name: str | None = None,
    tax_id: str | None = None,
    iban: str | None = None,
    email: str | None = None,
    phone: str | None = None,
    address: str | None = None,
    city: str | None = None,
    payment_terms_days: int | None = None,
    notes: str | None = None,
) -> Contact:
    """Change the given fields; ``None`` leaves a field as it is."""
    require_write(access, contact.organization_id, Area.CONTACTS)
    if iban is not None and not may_see_iban(access, contact.organization_id):
        raise PermissionDenied("No tienes permiso para ver ni cambiar cuentas bancarias.")
    new_kind = contact.kind if kind is None else kind
    if new_kind != contact.kind and _contact_is_used(contact):
        raise ValidationError("El contacto ya tiene documentos: no se puede cambiar su tipo.")
    clean_name, clean_email = _contact_fields(
        kind=new_kind,
        name=contact.name if name is None else name,
        payment_terms_days=(
            contact.payment_terms_days if payment_terms_days is None else payment_terms_days
        ),
        email=contact.email if email is None else email,
    )
    contact.kind = new_kind
    contact.name = clean_name
    contact.email = clean_email
    if tax_id is not None:
        contact.tax_id = normalize_tax_id(tax_id)
    if iban is not None:
        contact.iban = normalize_iban(iban)
    if phone is not None:
        contact.phone = phone.strip()
    if address is not None:
        contact.address = address.strip()
    if city is not None:
        contact.city = city.strip()
    if payment_terms_days is not None:
        contact.payment_terms_days = payment_terms_days
    if notes is not None:
        contact.notes = notes.strip()
    return _save_contact(contact)
