"""Every write of the invoicing domain: contacts, drafts and their lines, issuing, expenses, files.

Each service takes the caller's ``AiAccess`` and refuses an organization outside it or an area it
may not write; it validates everything before its first write and runs in one transaction, so a
refusal leaves nothing behind (issue 2, "Bad input"). Totals are Decimal, stored on the document.
"""

from __future__ import annotations

import datetime
import mimetypes
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from schwifty import IBAN
from schwifty.exceptions import SchwiftyException
from stdnum.es import cif, dni, nie
from stdnum.exceptions import ValidationError as StdnumError

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area, User
from sumalos.invoicing.models import (
    DEFAULT_PAYMENT_TERMS_DAYS,
    BillingDocument,
    BillingLine,
    Contact,
    DocumentSeries,
    Expense,
    Invoice,
    InvoiceLine,
    Quote,
    QuoteLine,
    UploadedDocument,
    money,
)
from sumalos.taxes.models import RateKey
from sumalos.taxes.rates import RateNotFound, rate_on

MAX_DOCUMENT_SIZE = 5 * 1024 * 1024
QUOTE_VALIDITY_DAYS = 30
# Accepted uploads by extension, with the bytes a real file of that type starts with.
DOCUMENT_TYPES: dict[str, tuple[str, bytes | None]] = {
    ".pdf": ("application/pdf", b"%PDF-"),
    ".png": ("image/png", b"\x89PNG\r\n\x1a\n"),
    ".jpg": ("image/jpeg", b"\xff\xd8\xff"),
    ".jpeg": ("image/jpeg", b"\xff\xd8\xff"),
    ".txt": ("text/plain", None),
    ".csv": ("text/csv", None),
}
TEXT_TYPES = frozenset({"text/plain", "text/csv"})
SERIES_PREFIX = {DocumentSeries.Kind.INVOICE: "F", DocumentSeries.Kind.QUOTE: "P"}


@dataclass(frozen=True)
class LineInput:
    """One line as a caller states it; ``None`` rates take the engine's default on the date."""

    description: str
    quantity: Decimal
    unit_price: Decimal
    vat_rate: Decimal | None = None
    withholding_rate: Decimal | None = None


# --- access -------------------------------------------------------------------------------


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


# --- validation ---------------------------------------------------------------------------


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


def _decimal(value: Decimal | int | str, label: str) -> Decimal:
    try:
        number = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        raise ValidationError(f"{label}: «{value}» no es un número.") from None
    if not number.is_finite():
        raise ValidationError(f"{label}: «{value}» no es un número.")
    return number


def _percentage(value: Decimal | int | str, label: str) -> Decimal:
    rate = _decimal(value, label)
    if not Decimal(0) <= rate <= Decimal(100):
        raise ValidationError(f"{label} debe estar entre 0 y 100.")
    return rate.quantize(Decimal("0.01"))


def _engine_rate(key: str, on: datetime.date) -> Decimal:
    try:
        return rate_on(key, on)
    except RateNotFound:
        raise ValidationError(
            f"No hay un tipo vigente para {RateKey(key).label} el {on:%d/%m/%Y}."
        ) from None


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
    quantity = _decimal(line.quantity, "Cantidad")
    if quantity <= 0:
        raise ValidationError("La cantidad debe ser mayor que cero.")
    if quantity != quantity.quantize(Decimal("0.001")):
        raise ValidationError("La cantidad admite como mucho tres decimales.")
    unit_price = _decimal(line.unit_price, "Precio unitario")
    if unit_price < 0:
        raise ValidationError("El precio unitario no puede ser negativo.")
    if unit_price != unit_price.quantize(Decimal("0.01")):
        raise ValidationError("El precio unitario admite como mucho dos decimales.")
    vat = (
        _engine_rate(RateKey.IVA_GENERAL, on)
        if line.vat_rate is None
        else _percentage(line.vat_rate, "El IVA")
    )
    withholding = (
        default_withholding
        if line.withholding_rate is None
        else _percentage(line.withholding_rate, "La retención")
    )
    return _CleanLine(description, quantity, unit_price, vat, withholding)


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


# --- contacts -----------------------------------------------------------------------------


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


def _contact_is_used(contact: Contact) -> bool:
    return (
        Invoice.objects.filter(contact=contact).exists()
        or Quote.objects.filter(contact=contact).exists()
        or Expense.objects.filter(supplier=contact).exists()
    )


def _customer_of(access: AiAccess, contact: Contact) -> Contact:
    require_write(access, contact.organization_id, Area.INVOICES)
    if contact.kind != Contact.Kind.CUSTOMER:
        raise ValidationError(f"{contact.name} no es un cliente.")
    return contact


# --- invoices and quotes: shared machinery ------------------------------------------------


def _line_model(document: BillingDocument) -> type[BillingLine]:
    return InvoiceLine if isinstance(document, Invoice) else QuoteLine


def _noun(document: BillingDocument) -> str:
    return "La factura" if isinstance(document, Invoice) else "El presupuesto"


def _lock(document: BillingDocument) -> BillingDocument:
    """Re-read the document under a row lock so lines and totals change one writer at a time."""
    locked = type(document)._default_manager.select_for_update().get(pk=document.pk)
    if not locked.is_draft:
        raise ValidationError(f"{_noun(locked)} {locked.number} ya está emitido y no se modifica.")
    return locked


def _default_withholding(on: datetime.date, apply_withholding: bool) -> Decimal:
    return _engine_rate(RateKey.IRPF_PROFESIONAL, on) if apply_withholding else Decimal(0)


def _document_withholding(document: BillingDocument) -> Decimal:
    """New lines follow the withholding the document's lines already carry."""
    first = (
        _line_model(document)._default_manager.filter(**{_parent_field(document): document}).first()
    )
    return first.withholding_rate if first is not None else Decimal(0)


def _parent_field(document: BillingDocument) -> str:
    return "invoice" if isinstance(document, Invoice) else "quote"


def _write_lines(
    document: BillingDocument, lines: list[_CleanLine], *, start: int = 0
) -> list[BillingLine]:
    model = _line_model(document)
    return list(
        model._default_manager.bulk_create(
            model(
                **{_parent_field(document): document},
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


def _recompute_totals(document: BillingDocument) -> BillingDocument:
    """Each line's base, VAT and withholding are rounded half-up to cents, then summed."""
    lines = _line_model(document)._default_manager.filter(**{_parent_field(document): document})
    subtotal = vat = withholding = Decimal("0.00")
    for line in lines:
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


def _clean_lines(
    lines: list[LineInput], *, on: datetime.date, default_withholding: Decimal
) -> list[_CleanLine]:
    return [_clean_line(x, on=on, default_withholding=default_withholding) for x in lines]


def _next_number(organization_id: int, kind: str, year: int) -> str:
    """Take the next number of the series under a row lock.

    The insert-if-missing never blocks and never fails on a race (ON CONFLICT DO NOTHING);
    the SELECT ... FOR UPDATE then serializes every issuer of that series until commit, so
    two documents can never share a number and a rolled-back issue gives its number back.
    """
    DocumentSeries.objects.bulk_create(
        [DocumentSeries(organization_id=organization_id, kind=kind, year=year)],
        ignore_conflicts=True,
    )
    series = DocumentSeries.objects.select_for_update().get(
        organization_id=organization_id, kind=kind, year=year
    )
    series.last_number += 1
    series.save(update_fields=["last_number"])
    return f"{SERIES_PREFIX[DocumentSeries.Kind(kind)]}{year}-{series.last_number:04d}"


def _issue(access: AiAccess, document: BillingDocument, kind: str) -> BillingDocument:
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    if not _line_model(locked)._default_manager.filter(**{_parent_field(locked): locked}).exists():
        raise ValidationError(f"{_noun(locked)} no tiene líneas: añade al menos una.")
    locked.number = _next_number(locked.organization_id, kind, locked.issue_date.year)
    locked.status = BillingDocument.Status.ISSUED
    locked.save(update_fields=["number", "status", "updated_at"])
    return locked


def _line_add(access: AiAccess, document: BillingDocument, line: LineInput) -> BillingLine:
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    clean = _clean_line(
        line, on=locked.issue_date, default_withholding=_document_withholding(locked)
    )
    model = _line_model(locked)
    last = (
        model._default_manager.filter(**{_parent_field(locked): locked})
        .order_by("-position")
        .first()
    )
    (created,) = _write_lines(locked, [clean], start=0 if last is None else last.position + 1)
    _recompute_totals(locked)
    return created


def _document_of(line: BillingLine) -> BillingDocument:
    if isinstance(line, InvoiceLine):
        return line.invoice
    assert isinstance(line, QuoteLine)
    return line.quote


def _line_update(access: AiAccess, line: BillingLine, data: LineInput) -> BillingLine:
    document = _document_of(line)
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


def _line_remove(access: AiAccess, line: BillingLine) -> BillingDocument:
    document = _document_of(line)
    require_write(access, document.organization_id, Area.INVOICES)
    locked = _lock(document)
    line.delete()
    return _recompute_totals(locked)


# --- invoices -----------------------------------------------------------------------------


@transaction.atomic
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
    """Create a draft invoice for a customer.

    Lines without rates take the general VAT in force on ``issue_date`` and, when
    ``apply_withholding``, the professional withholding in force then. The due date is
    ``issue_date`` plus the contact's payment terms unless ``payment_terms_days`` overrides them.
    """
    _customer_of(access, contact)
    terms = contact.payment_terms_days if payment_terms_days is None else payment_terms_days
    if not 0 <= terms <= 365:
        raise ValidationError("El plazo de pago debe estar entre 0 y 365 días.")
    clean = _clean_lines(
        lines,
        on=issue_date,
        default_withholding=_default_withholding(issue_date, apply_withholding),
    )
    invoice = Invoice.objects.create(
        organization_id=contact.organization_id,
        contact=contact,
        issue_date=issue_date,
        due_date=issue_date + datetime.timedelta(days=terms),
        notes=notes.strip(),
        created_by=created_by,
    )
    _write_lines(invoice, clean)
    _recompute_totals(invoice)
    return invoice


@transaction.atomic
def invoice_draft_update(
    *,
    access: AiAccess,
    invoice: Invoice,
    contact: Contact,
    issue_date: datetime.date,
    notes: str,
    payment_terms_days: int | None = None,
) -> Invoice:
    """Change a draft's header; the due date follows the (new) date and the contact's terms."""
    require_write(access, invoice.organization_id, Area.INVOICES)
    locked = _lock(invoice)
    if contact.organization_id != locked.organization_id:
        raise PermissionDenied("Ese contacto no es de esta organización.")
    _customer_of(access, contact)
    terms = contact.payment_terms_days if payment_terms_days is None else payment_terms_days
    if not 0 <= terms <= 365:
        raise ValidationError("El plazo de pago debe estar entre 0 y 365 días.")
    assert isinstance(locked, Invoice)
    locked.contact = contact
    locked.issue_date = issue_date
    locked.due_date = issue_date + datetime.timedelta(days=terms)
    locked.notes = notes.strip()
    locked.save(update_fields=["contact", "issue_date", "due_date", "notes", "updated_at"])
    return locked


@transaction.atomic
def invoice_line_add(*, access: AiAccess, invoice: Invoice, line: LineInput) -> InvoiceLine:
    created = _line_add(access, invoice, line)
    assert isinstance(created, InvoiceLine)
    return created


@transaction.atomic
def invoice_line_update(*, access: AiAccess, line: InvoiceLine, data: LineInput) -> InvoiceLine:
    _line_update(access, line, data)
    return line


@transaction.atomic
def invoice_line_remove(*, access: AiAccess, line: InvoiceLine) -> Invoice:
    document = _line_remove(access, line)
    assert isinstance(document, Invoice)
    return document


@transaction.atomic
def invoice_issue(*, access: AiAccess, invoice: Invoice) -> Invoice:
    """Number the draft (``F2026-0001``) and make it immutable."""
    issued = _issue(access, invoice, DocumentSeries.Kind.INVOICE)
    assert isinstance(issued, Invoice)
    return issued


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


# --- quotes -------------------------------------------------------------------------------


@transaction.atomic
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
    """Create a draft quote for a customer, valid ``valid_days`` from its date."""
    _customer_of(access, contact)
    if not 1 <= valid_days <= 365:
        raise ValidationError("La validez debe estar entre 1 y 365 días.")
    clean = _clean_lines(
        lines,
        on=issue_date,
        default_withholding=_default_withholding(issue_date, apply_withholding),
    )
    quote = Quote.objects.create(
        organization_id=contact.organization_id,
        contact=contact,
        issue_date=issue_date,
        valid_until=issue_date + datetime.timedelta(days=valid_days),
        notes=notes.strip(),
        created_by=created_by,
    )
    _write_lines(quote, clean)
    _recompute_totals(quote)
    return quote


@transaction.atomic
def quote_draft_update(
    *,
    access: AiAccess,
    quote: Quote,
    contact: Contact,
    issue_date: datetime.date,
    notes: str,
    valid_days: int = QUOTE_VALIDITY_DAYS,
) -> Quote:
    require_write(access, quote.organization_id, Area.INVOICES)
    locked = _lock(quote)
    if contact.organization_id != locked.organization_id:
        raise PermissionDenied("Ese contacto no es de esta organización.")
    _customer_of(access, contact)
    if not 1 <= valid_days <= 365:
        raise ValidationError("La validez debe estar entre 1 y 365 días.")
    assert isinstance(locked, Quote)
    locked.contact = contact
    locked.issue_date = issue_date
    locked.valid_until = issue_date + datetime.timedelta(days=valid_days)
    locked.notes = notes.strip()
    locked.save(update_fields=["contact", "issue_date", "valid_until", "notes", "updated_at"])
    return locked


@transaction.atomic
def quote_line_add(*, access: AiAccess, quote: Quote, line: LineInput) -> QuoteLine:
    created = _line_add(access, quote, line)
    assert isinstance(created, QuoteLine)
    return created


@transaction.atomic
def quote_line_update(*, access: AiAccess, line: QuoteLine, data: LineInput) -> QuoteLine:
    _line_update(access, line, data)
    return line


@transaction.atomic
def quote_line_remove(*, access: AiAccess, line: QuoteLine) -> Quote:
    document = _line_remove(access, line)
    assert isinstance(document, Quote)
    return document


@transaction.atomic
def quote_issue(*, access: AiAccess, quote: Quote) -> Quote:
    """Number the draft (``P2026-0001``) and make it immutable."""
    issued = _issue(access, quote, DocumentSeries.Kind.QUOTE)
    assert isinstance(issued, Quote)
    return issued


# --- expenses -----------------------------------------------------------------------------


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
    clean_base = _decimal(base, "Base imponible")
    if clean_base < 0:
        raise ValidationError("La base imponible no puede ser negativa.")
    if clean_base != clean_base.quantize(Decimal("0.01")):
        raise ValidationError("La base imponible admite como mucho dos decimales.")
    rate = (
        _engine_rate(RateKey.IVA_GENERAL, date)
        if vat_rate is None
        else _percentage(vat_rate, "El IVA")
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


# --- uploaded documents -------------------------------------------------------------------


def _file_type(upload: UploadedFile) -> str:
    """The content type of ``upload`` by its extension, checked against its first bytes."""
    name = (upload.name or "").lower()
    extension = next((ext for ext in DOCUMENT_TYPES if name.endswith(ext)), None)
    if extension is None:
        allowed = ", ".join(sorted({ext.lstrip(".").upper() for ext in DOCUMENT_TYPES}))
        raise ValidationError(f"Tipo de archivo no admitido. Se admiten: {allowed}.")
    content_type, magic = DOCUMENT_TYPES[extension]
    upload.seek(0)
    head = upload.read(16)
    upload.seek(0)
    if magic is not None and not head.startswith(magic):
        guessed = mimetypes.types_map.get(extension, extension)
        raise ValidationError(f"El archivo no parece un {guessed} de verdad.")
    return content_type


@transaction.atomic
def document_upload(
    *,
    access: AiAccess,
    organization_id: int,
    title: str,
    area: str,
    file: UploadedFile | None = None,
    text: str = "",
    contact: Contact | None = None,
    uploaded_by: User | None = None,
) -> UploadedDocument:
    """Store a file (or a plain text) of the organization in one area.

    Plain-text and CSV files also keep their content in ``text`` so search can index it.
    """
    if area not in Area.values:
        raise ValidationError("Área desconocida.")
    require_write(access, organization_id, area)
    clean_title = title.strip()
    if not clean_title:
        raise ValidationError("El documento necesita un título.")
    if file is None and not text.strip():
        raise ValidationError("Sube un archivo o escribe el texto del documento.")
    if contact is not None and contact.organization_id != organization_id:
        raise PermissionDenied("Ese contacto no es de esta organización.")
    content_type = ""
    size = len(text.encode())
    body = text.strip()
    if file is not None:
        if file.size is None or file.size > MAX_DOCUMENT_SIZE:
            raise ValidationError(
                f"El archivo pasa del límite de {MAX_DOCUMENT_SIZE // (1024 * 1024)} MB."
            )
        if file.size == 0:
            raise ValidationError("El archivo está vacío.")
        content_type = _file_type(file)
        size = file.size
        if content_type in TEXT_TYPES and not body:
            try:
                body = file.read().decode("utf-8").strip()
            except UnicodeDecodeError:
                raise ValidationError("El archivo de texto debe estar en UTF-8.") from None
            file.seek(0)
    document = UploadedDocument(
        organization_id=organization_id,
        area=area,
        title=clean_title,
        content_type=content_type,
        size=size,
        text=body,
        contact=contact,
        uploaded_by=uploaded_by,
    )
    if file is not None:
        document.file.save(file.name or "documento", file, save=False)
    document.save()
    return document
