"""Writes of invoices and quotes: drafts, their lines, totals and issuing under a numbered series.

Both follow one path described by their ``DocumentType`` (``sumalos/invoicing/document_types``):
a draft is created with cleaned lines and totals, changed under a row lock while it is a draft,
and issued with the next number of its series. ``invoice_*`` and ``quote_*`` are the typed entry
points that name each type's term (payment terms, validity).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar, cast

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area, User
from sumalos.invoicing.document_types import (
    INVOICE,
    QUOTE,
    QUOTE_VALIDITY_DAYS,
    DocumentType,
    type_of,
)
from sumalos.invoicing.models import (
    BillingDocument,
    BillingLine,
    Contact,
    DocumentSeries,
    Invoice,
    Quote,
    money,
)
from sumalos.invoicing.services.validation import (
    decimal_of,
    engine_rate,
    percentage_of,
    require_write,
)
from sumalos.taxes.models import RateKey

D = TypeVar("D", bound=BillingDocument)
L = TypeVar("L", bound=BillingLine)


@dataclass(frozen=True)
class LineInput:
    """One line as a caller states it; ``None`` rates take the engine's default on the date."""

    description: str
    quantity: Decimal
    unit_price: Decimal
    vat_rate: Decimal | None = None
    withholding_rate: Decimal | None = None


@dataclass(frozen=True)
class _CleanLine:
    description: str
    quantity: Decimal
    unit_price: Decimal
    vat_rate: Decimal
    withholding_rate: Decimal


def _clean_line(line: LineInput, *, on: datetime.date, default_withholding: Decimal) -> _CleanLine:
    description = line.description.strip()
    if not description:
        raise ValidationError("Cada línea necesita un concepto.")
    if len(description) > 300:
        raise ValidationError("El concepto no puede pasar de 300 caracteres.")
    quantity = decimal_of(line.quantity, "Cantidad")
    if quantity <= 0:
        raise ValidationError("La cantidad debe ser mayor que cero.")
    if quantity != quantity.quantize(Decimal("0.001")):
        raise ValidationError("La cantidad admite como mucho tres decimales.")
    unit_price = decimal_of(line.unit_price, "Precio unitario")
    if unit_price < 0:
        raise ValidationError("El precio unitario no puede ser negativo.")
    if unit_price != unit_price.quantize(Decimal("0.01")):
        raise ValidationError("El precio unitario admite como mucho dos decimales.")
    vat = (
        engine_rate(RateKey.IVA_GENERAL, on)
        if line.vat_rate is None
        else percentage_of(line.vat_rate, "El IVA")
    )
    withholding = (
        default_withholding
        if line.withholding_rate is None
        else percentage_of(line.withholding_rate, "La retención")
    )
    return _CleanLine(description, quantity, unit_price, vat, withholding)


def _customer_of(access: AiAccess, contact: Contact) -> Contact:
    require_write(access, contact.organization_id, Area.INVOICES)
    if contact.kind != Contact.Kind.CUSTOMER:
        raise ValidationError(f"{contact.name} no es un cliente.")
    return contact


def _term(document_type: DocumentType, contact: Contact, days: int | None) -> int:
    term = document_type.default_term(contact) if days is None else days
    if not document_type.term_min <= term <= 365:
        raise ValidationError(document_type.term_error)
    return term


def _lock(document: D) -> D:
    """Re-read the document under a row lock so lines and totals change one writer at a time."""
    locked = type(document)._default_manager.select_for_update().get(pk=document.pk)
    if not locked.is_draft:
        raise ValidationError(
            f"{type_of(locked).noun} {locked.number} ya está {type_of(locked).issued} "
            "y no se modifica."
        )
    return locked


def _write_lines(
    document: BillingDocument, lines: list[_CleanLine], *, start: int = 0
) -> list[BillingLine]:
    document_type = type_of(document)
    model: Any = document_type.line_model
    return list(
        model._default_manager.bulk_create(
            model(
                **{document_type.parent_field: document},
                description=line.description,
                quantity=line.quantity,
                unit_price=line.unit_price,
                vat_rate=line.vat_rate,
                withholding_rate=line.withholding_rate,
                position=start + index,
            )
            for index, line in enumerate(lines)
        )
    )


def _recompute_totals(document: D) -> D:
    """Each line's base, VAT and withholding are rounded half-up to cents, then summed."""
    subtotal = vat = withholding = Decimal("0.00")
    for line in type_of(document).lines(document):
        subtotal += line.base
        vat += line.vat_amount
        withholding += line.withholding_amount
    document.subtotal = money(subtotal)
    document.vat_total = money(vat)
    document.withholding_total = money(withholding)
    document.total = money(subtotal + vat - withholding)
    document.save(
        update_fields=["subtotal", "vat_total", "withholding_total", "total", "updated_at"]
    )
    return document


def _next_number(organization_id: int, document_type: DocumentType, year: int) -> str:
    """Take the next number of the series under a row lock.

    The insert-if-missing never blocks and never fails on a race (ON CONFLICT DO NOTHING);
    the SELECT ... FOR UPDATE then serializes every issuer of that series until commit, so
    two documents can never share a number and a rolled-back issue gives its number back.
    """
    kind = document_type.series
    DocumentSeries.objects.bulk_create(
        [DocumentSeries(organization_id=organization_id, kind=kind, year=year)],
        ignore_conflicts=True,
    )
    series = DocumentSeries.objects.select_for_update().get(
        organization_id=organization_id, kind=kind, year=year
    )
    series.last_number += 1
    series.save(update_fields=["last_number"])
    return f"{document_type.series_prefix}{year}-{series.last_number:04d}"


# --- drafts -------------------------------------------------------------------------------


@transaction.atomic
def document_draft_create(
    *,
    document_type: DocumentType,
    access: AiAccess,
    contact: Contact,
    issue_date: datetime.date,
    lines: list[LineInput],
    notes: str = "",
    term_days: int | None = None,
    apply_withholding: bool = False,
    created_by: User | None = None,
) -> BillingDocument:
    """Create a draft for a customer; its term runs ``term_days`` (or the type's default).

    Lines without rates take the general VAT in force on ``issue_date`` and, when
    ``apply_withholding``, the professional withholding in force then.
    """
    _customer_of(access, contact)
    term = _term(document_type, contact, term_days)
    withholding = (
        engine_rate(RateKey.IRPF_PROFESIONAL, issue_date) if apply_withholding else Decimal(0)
    )
    clean = [_clean_line(x, on=issue_date, default_withholding=withholding) for x in lines]
    document = document_type.model._default_manager.create(
        organization_id=contact.organization_id,
        contact=contact,
        issue_date=issue_date,
        notes=notes.strip(),
        created_by=created_by,
        **{document_type.term_field: issue_date + datetime.timedelta(days=term)},
    )
    _write_lines(document, clean)
    return _recompute_totals(document)


@transaction.atomic
def document_draft_update(
    *,
    access: AiAccess,
    document: D,
    contact: Contact,
    issue_date: datetime.date,
    notes: str,
    term_days: int | None = None,
) -> D:
    """Change a draft's header; the term follows the (new) date, the contact and ``term_days``."""
    document_type = type_of(document)
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    if contact.organization_id != locked.organization_id:
        raise PermissionDenied("Ese contacto no es de esta organización.")
    _customer_of(access, contact)
    term = _term(document_type, contact, term_days)
    locked.contact = contact
    locked.issue_date = issue_date
    setattr(locked, document_type.term_field, issue_date + datetime.timedelta(days=term))
    locked.notes = notes.strip()
    locked.save(
        update_fields=["contact", "issue_date", document_type.term_field, "notes", "updated_at"]
    )
    return locked


# --- lines --------------------------------------------------------------------------------


@transaction.atomic
def document_line_add(
    *, access: AiAccess, document: BillingDocument, line: LineInput
) -> BillingLine:
    """Append a line to a draft; without a withholding it follows the draft's first line."""
    document_type = type_of(document)
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    lines = document_type.lines(locked)
    first = lines.first()
    clean = _clean_line(
        line,
        on=locked.issue_date,
        default_withholding=first.withholding_rate if first is not None else Decimal(0),
    )
    last = lines.order_by("-position").first()
    (created,) = _write_lines(locked, [clean], start=0 if last is None else last.position + 1)
    _recompute_totals(locked)
    return created


@transaction.atomic
def document_line_update(*, access: AiAccess, line: L, data: LineInput) -> L:
    document = type_of(line).document_of(line)
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    clean = _clean_line(data, on=locked.issue_date, default_withholding=line.withholding_rate)
    line.description = clean.description
    line.quantity = clean.quantity
    line.unit_price = clean.unit_price
    line.vat_rate = clean.vat_rate
    line.withholding_rate = clean.withholding_rate
    line.save()
    _recompute_totals(locked)
    return line


@transaction.atomic
def document_line_remove(*, access: AiAccess, line: BillingLine) -> BillingDocument:
    document = type_of(line).document_of(line)
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    line.delete()
    return _recompute_totals(locked)


# --- issuing ------------------------------------------------------------------------------


@transaction.atomic
def document_issue(*, access: AiAccess, document: D) -> D:
    """Number the draft with the next of its series (``F2026-0001``) and make it immutable."""
    document_type = type_of(document)
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    if not document_type.lines(locked).exists():
        raise ValidationError(f"{document_type.noun} no tiene líneas: añade al menos una.")
    locked.number = _next_number(locked.organization_id, document_type, locked.issue_date.year)
    locked.status = BillingDocument.Status.ISSUED
    locked.save(update_fields=["number", "status", "updated_at"])
    return locked


@transaction.atomic
def invoice_mark_paid(*, access: AiAccess, invoice: Invoice, paid_at: datetime.date) -> Invoice:
    """Record that an issued invoice was collected; the only change an issued invoice takes."""
    require_write(access, invoice.organization_id, Area.INVOICES)
    locked = Invoice.objects.select_for_update().get(pk=invoice.pk)
    if locked.is_draft:
        raise ValidationError("Un borrador no se puede marcar como cobrado: emítelo antes.")
    if paid_at < locked.issue_date:
        raise ValidationError("La fecha de cobro no puede ser anterior a la de la factura.")
    locked.paid_at = paid_at
    locked.save(update_fields=["paid_at", "updated_at"])
    return locked


# --- typed entry points -------------------------------------------------------------------


def invoice_draft_create(
    *,
    access: AiAccess,
    contact: Contact,
    issue_date: datetime.date,
    lines: list[LineInput],
    notes: str = "",
    payment_terms_days: int | None = None,
    apply_withholding: bool = False,
    created_by: User | None = None,
) -> Invoice:
    """A draft invoice, due ``payment_terms_days`` (default: the customer's) after its date."""
    return cast(
        Invoice,
        document_draft_create(
            document_type=INVOICE,
            access=access,
            contact=contact,
            issue_date=issue_date,
            lines=lines,
            notes=notes,
            term_days=payment_terms_days,
            apply_withholding=apply_withholding,
            created_by=created_by,
        ),
    )


def quote_draft_create(
    *,
    access: AiAccess,
    contact: Contact,
    issue_date: datetime.date,
    lines: list[LineInput],
    notes: str = "",
    valid_days: int = QUOTE_VALIDITY_DAYS,
    apply_withholding: bool = False,
    created_by: User | None = None,
) -> Quote:
    """A draft quote for a customer, valid ``valid_days`` from its date."""
    return cast(
        Quote,
        document_draft_create(
            document_type=QUOTE,
            access=access,
            contact=contact,
            issue_date=issue_date,
            lines=lines,
            notes=notes,
            term_days=valid_days,
            apply_withholding=apply_withholding,
            created_by=created_by,
        ),
    )


def invoice_issue(*, access: AiAccess, invoice: Invoice) -> Invoice:
    return document_issue(access=access, document=invoice)


def quote_issue(*, access: AiAccess, quote: Quote) -> Quote:
    return document_issue(access=access, document=quote)
