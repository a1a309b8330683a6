"""Pages of invoices and quotes: one set of views, told apart by their ``DocumentType``.

The URL names the type (``kind`` in ``urls.py``); the pages take its words, its header form and
its term from it, and call the same services. A draft shows its tax-rate warnings (never
blocking).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from sumalos.accounts.access import AiAccess
from sumalos.accounts.middleware import AuthedRequest
from sumalos.accounts.models import Area
from sumalos.invoicing import selectors, services
from sumalos.invoicing.document_types import DocumentType
from sumalos.invoicing.forms import (
    DocumentHeaderForm,
    FirstLineForm,
    InvoiceHeaderForm,
    LineForm,
    MonthFilterForm,
    QuoteHeaderForm,
)
from sumalos.invoicing.models import BillingDocument, Invoice, Quote
from sumalos.invoicing.views.common import apply_errors, area_view, page_of
from sumalos.taxes.warnings import tax_rate_warnings

# The header form of each type, by URL prefix: the form names the type's term field.
HEADER_FORMS: dict[str, type[DocumentHeaderForm]] = {
    "invoice": InvoiceHeaderForm,
    "quote": QuoteHeaderForm,
}


def _context(kind: DocumentType, **extra: Any) -> dict[str, Any]:
    """Context of the billing pages; a draft carries its tax-rate warnings (never blocking)."""
    document = extra.get("document")
    if isinstance(document, Invoice | Quote) and document.is_draft:
        extra["tax_warnings"] = tax_rate_warnings(document)
    return {"kind": kind, **extra}


def _header_initial(kind: DocumentType, document: BillingDocument) -> dict[str, Any]:
    """The draft's header; the term only when it differs from what the type would default to."""
    initial: dict[str, Any] = {
        "contact": document.contact_id,
        "issue_date": document.issue_date,
        "notes": document.notes,
    }
    days = kind.term_days(document)
    if days is not None and days != kind.default_term(document.contact):
        initial[kind.term_argument] = days
    return initial


def _line_of(
    access: AiAccess, kind: DocumentType, pk: int, line_pk: int
) -> tuple[BillingDocument, Any]:
    """The writable draft and one of its lines, or 404 when the line is another document's."""
    document = selectors.access_record(access, kind.model, pk, write=True)
    line = selectors.access_record(access, kind.line_model, line_pk, write=True)
    if kind.parent_id(line) != document.pk:
        raise Http404("No existe o no tienes acceso.")
    return document, line


@area_view(Area.INVOICES)
def billing_list(
    request: HttpRequest, access: AiAccess, organization_id: int, kind: DocumentType
) -> HttpResponse:
    filters = MonthFilterForm(request.GET)
    month = filters.month()
    status = filters.cleaned_data.get("estado", "") if filters.is_valid() else ""
    status = status if status in BillingDocument.Status.values else ""
    documents = selectors.billing_list(
        access=access, model=kind.model, organization_id=organization_id, status=status, month=month
    )
    totals = documents.aggregate(subtotal=Sum("subtotal"), total=Sum("total"))
    return render(
        request,
        "invoicing/billing_list.html",
        _context(
            kind,
            page=page_of(request, documents),
            month=month.strftime("%Y-%m") if month else "",
            status=status,
            statuses=BillingDocument.Status.choices,
            totals=totals,
            can_write=access.can_write(organization_id, Area.INVOICES),
        ),
    )


@area_view(Area.INVOICES)
def billing_detail(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: DocumentType
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk)
    return render(
        request,
        "invoicing/billing_detail.html",
        _context(
            kind,
            document=document,
            lines=selectors.lines_of(document),
            can_write=access.can_write(organization_id, Area.INVOICES),
            can_see_contact=access.can_read(organization_id, Area.CONTACTS),
        ),
    )


@area_view(Area.INVOICES, write=True)
def billing_create(
    request: AuthedRequest, access: AiAccess, organization_id: int, kind: DocumentType
) -> HttpResponse:
    customers = selectors.customer_choices(access=access, organization_id=organization_id)
    data = request.POST or None
    form = HEADER_FORMS[kind.prefix](data, customers=customers)
    first = FirstLineForm(data, prefix="linea")
    if request.method == "POST" and form.is_valid() and first.is_valid():
        header = form.cleaned_data
        try:
            document = services.document_draft_create(
                document_type=kind,
                access=access,
                contact=header["contact"],
                issue_date=header["issue_date"],
                notes=header["notes"],
                term_days=header[kind.term_argument],
                lines=[first.line()],
                apply_withholding=first.cleaned_data["apply_withholding"],
                created_by=request.user,
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, f"Borrador de {kind.singular} creado.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    return render(
        request,
        "invoicing/billing_create.html",
        _context(kind, form=form, first=first),
        status=400 if form.is_bound else 200,
    )


@area_view(Area.INVOICES, write=True)
def billing_edit(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: DocumentType
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    if not document.is_draft:
        messages.error(request, f"Esta {kind.singular} ya está emitida y no se modifica.")
        return redirect(f"invoicing:{kind.prefix}_detail", pk=document.pk)
    customers = selectors.customer_choices(access=access, organization_id=organization_id)
    form = HEADER_FORMS[kind.prefix](
        request.POST or None, initial=_header_initial(kind, document), customers=customers
    )
    if request.method == "POST" and form.is_valid():
        header = form.cleaned_data
        try:
            services.document_draft_update(
                access=access,
                document=document,
                contact=header["contact"],
                issue_date=header["issue_date"],
                notes=header["notes"],
                term_days=header[kind.term_argument],
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Borrador guardado.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    document.refresh_from_db()
    return render(
        request,
        "invoicing/billing_edit.html",
        _context(
            kind,
            document=document,
            form=form,
            lines=selectors.lines_of(document),
            line_form=LineForm(prefix="linea"),
        ),
        status=400 if form.is_bound else 200,
    )


@require_POST
@area_view(Area.INVOICES, write=True)
def billing_line_add(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: DocumentType
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    form = LineForm(request.POST, prefix="linea")
    if form.is_valid():
        try:
            services.document_line_add(access=access, document=document, line=form.line())
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Línea añadida.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    return render(
        request,
        "invoicing/billing_line_form.html",
        _context(kind, document=document, line=None, form=form),
        status=400,
    )


@area_view(Area.INVOICES, write=True)
def billing_line_edit(
    request: HttpRequest,
    access: AiAccess,
    organization_id: int,
    pk: int,
    line_pk: int,
    kind: DocumentType,
) -> HttpResponse:
    document, line = _line_of(access, kind, pk, line_pk)
    initial = {
        "description": line.description,
        "quantity": line.quantity.normalize(),
        "unit_price": line.unit_price,
        "vat_rate": line.vat_rate.normalize(),
        "withholding_rate": line.withholding_rate.normalize(),
    }
    form = LineForm(request.POST or None, initial=initial, prefix="linea")
    if request.method == "POST" and form.is_valid():
        try:
            services.document_line_update(access=access, line=line, data=form.line())
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Línea guardada.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    return render(
        request,
        "invoicing/billing_line_form.html",
        _context(kind, document=document, line=line, form=form),
        status=400 if form.is_bound else 200,
    )


@require_POST
@area_view(Area.INVOICES, write=True)
def billing_line_remove(
    request: HttpRequest,
    access: AiAccess,
    organization_id: int,
    pk: int,
    line_pk: int,
    kind: DocumentType,
) -> HttpResponse:
    document, line = _line_of(access, kind, pk, line_pk)
    try:
        services.document_line_remove(access=access, line=line)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, "Línea quitada.")
    return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)


@require_POST
@area_view(Area.INVOICES, write=True)
def billing_issue(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: DocumentType
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    try:
        issued = services.document_issue(access=access, document=document)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    messages.success(request, f"Emitida con el número {issued.number}.")
    return redirect(f"invoicing:{kind.prefix}_detail", pk=issued.pk)
