"""Pages of the invoicing domain: thin shells that parse a form, call one service, render.

Each page is for the active organization only and checks its area first (403 with a Spanish
message); records come through ``access_record`` (404 for anything not visible). Invoices and
quotes share their views through ``BillingKind``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.db.models import Sum
from django.forms import Form
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from sumalos.accounts.access import AiAccess
from sumalos.accounts.middleware import request_access
from sumalos.accounts.models import Area
from sumalos.invoicing import selectors, services
from sumalos.invoicing.forms import (
    ContactForm,
    DocumentUploadForm,
    ExpenseForm,
    FirstLineForm,
    InvoiceHeaderForm,
    LineForm,
    MonthFilterForm,
    QuoteHeaderForm,
)
from sumalos.invoicing.models import (
    BillingDocument,
    BillingLine,
    Contact,
    Invoice,
    InvoiceLine,
    Quote,
    QuoteLine,
    UploadedDocument,
)
from sumalos.taxes.warnings import tax_rate_warnings

P = ParamSpec("P")
PAGE_SIZE = 50
AreaView = Callable[Concatenate[HttpRequest, AiAccess, int, P], HttpResponseBase]


def denied(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "invoicing/denied.html", {"message": message}, status=403)


def area_view(
    area: str, *, write: bool = False
) -> Callable[[AreaView[P]], Callable[..., HttpResponseBase]]:
    """Let the view run only when the active membership may read (or write) ``area``.

    The view receives the request's access and the active organization's id.
    """

    def decorate(view: AreaView[P]) -> Callable[..., HttpResponseBase]:
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
            try:
                access = request_access(request)
            except PermissionDenied as error:
                return denied(request, str(error))
            organization_id = request.membership.organization_id  # type: ignore[attr-defined]
            allowed = access.can_write if write else access.can_read
            if not allowed(organization_id, area):
                verb = "modificar" if write else "ver"
                label = Area(area).label.lower()
                return denied(request, f"Tu papel en esta organización no permite {verb} {label}.")
            try:
                return view(request, access, organization_id, *args, **kwargs)
            except PermissionDenied as error:
                return denied(request, str(error) or "No tienes permiso para hacer esto.")

        return wrapped

    return decorate


def _apply(form: Form, error: ValidationError) -> None:
    for message in error.messages:
        form.add_error(None, message)


def _page(request: HttpRequest, rows: Any) -> Any:
    return Paginator(rows, PAGE_SIZE).get_page(request.GET.get("pagina"))


# --- contacts -----------------------------------------------------------------------------


@area_view(Area.CONTACTS)
def contact_list(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    search = request.GET.get("q", "")
    kind = request.GET.get("tipo", "")
    contacts = selectors.contact_list(
        access=access,
        organization_id=organization_id,
        search=search,
        kind=kind if kind in Contact.Kind.values else "",
    )
    return render(
        request,
        "invoicing/contact_list.html",
        {
            "page": _page(request, contacts),
            "search": search,
            "kind": kind,
            "kinds": Contact.Kind.choices,
            "can_write": access.can_write(organization_id, Area.CONTACTS),
        },
    )


@area_view(Area.CONTACTS)
def contact_detail(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int
) -> HttpResponse:
    contact = selectors.access_record(access, Contact, pk)
    context: dict[str, Any] = {
        "contact": contact,
        "iban": selectors.contact_iban(access=access, contact=contact),
        "can_write": access.can_write(organization_id, Area.CONTACTS),
    }
    if access.can_read(organization_id, Area.INVOICES):
        context["invoices"] = selectors.invoice_list(
            access=access, organization_id=organization_id, contact_id=contact.pk
        )[:10]
        context["outstanding"] = selectors.outstanding_for_contact(access=access, contact=contact)
    if access.can_read(organization_id, Area.EXPENSES):
        context["expenses"] = selectors.expense_list(
            access=access, organization_id=organization_id
        ).filter(supplier=contact)[:10]
    return render(request, "invoicing/contact_detail.html", context)


@area_view(Area.CONTACTS, write=True)
def contact_create(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    show_iban = services.may_see_iban(access, organization_id)
    form = ContactForm(request.POST or None, show_iban=show_iban)
    if request.method == "POST" and form.is_valid():
        try:
            contact = services.contact_create(
                access=access, organization_id=organization_id, **form.cleaned_data
            )
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, f"Contacto «{contact.name}» creado.")
            return redirect("invoicing:contact_detail", pk=contact.pk)
    status = 400 if form.is_bound else 200
    return render(
        request, "invoicing/contact_form.html", {"form": form, "contact": None}, status=status
    )


@area_view(Area.CONTACTS, write=True)
def contact_edit(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int
) -> HttpResponse:
    contact = selectors.access_record(access, Contact, pk, write=True)
    show_iban = services.may_see_iban(access, organization_id)
    initial = {name: getattr(contact, name) for name in ContactForm.base_fields}
    form = ContactForm(request.POST or None, initial=initial, show_iban=show_iban)
    if request.method == "POST" and form.is_valid():
        try:
            services.contact_update(access=access, contact=contact, **form.cleaned_data)
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, "Contacto guardado.")
            return redirect("invoicing:contact_detail", pk=contact.pk)
    status = 400 if form.is_bound else 200
    return render(
        request, "invoicing/contact_form.html", {"form": form, "contact": contact}, status=status
    )


# --- invoices and quotes ------------------------------------------------------------------


@dataclass(frozen=True)
class BillingKind:
    """What differs between the invoice and the quote pages."""

    model: type[Invoice] | type[Quote]
    line_model: type[InvoiceLine] | type[QuoteLine]
    prefix: str  # URL names: invoicing:<prefix>_list ...
    singular: str
    plural: str
    header_form: type[InvoiceHeaderForm] | type[QuoteHeaderForm]

    def create(self, access: AiAccess, form: Form, first: FirstLineForm, user: Any) -> Any:
        data = form.cleaned_data
        common = {
            "access": access,
            "contact": data["contact"],
            "issue_date": data["issue_date"],
            "notes": data["notes"],
            "lines": [first.line()],
            "apply_withholding": first.cleaned_data["apply_withholding"],
            "created_by": user,
        }
        if self.model is Invoice:
            return services.invoice_draft_create(
                **common, payment_terms_days=data["payment_terms_days"]
            )
        return services.quote_draft_create(**common, valid_days=data["valid_days"])

    def update(self, access: AiAccess, document: Any, form: Form) -> Any:
        data = form.cleaned_data
        common = {
            "access": access,
            "contact": data["contact"],
            "issue_date": data["issue_date"],
            "notes": data["notes"],
        }
        if self.model is Invoice:
            return services.invoice_draft_update(
                invoice=document, payment_terms_days=data["payment_terms_days"], **common
            )
        return services.quote_draft_update(quote=document, valid_days=data["valid_days"], **common)

    def header_initial(self, document: Any) -> dict[str, Any]:
        initial = {
            "contact": document.contact_id,
            "issue_date": document.issue_date,
            "notes": document.notes,
        }
        if self.model is Invoice:
            days = (document.due_date - document.issue_date).days
            if days != document.contact.payment_terms_days:
                initial["payment_terms_days"] = days
        elif document.valid_until:
            initial["valid_days"] = (document.valid_until - document.issue_date).days
        return initial

    def line_add(self, access: AiAccess, document: Any, form: LineForm) -> None:
        if self.model is Invoice:
            services.invoice_line_add(access=access, invoice=document, line=form.line())
        else:
            services.quote_line_add(access=access, quote=document, line=form.line())

    def line_update(self, access: AiAccess, line: Any, form: LineForm) -> None:
        if self.model is Invoice:
            services.invoice_line_update(access=access, line=line, data=form.line())
        else:
            services.quote_line_update(access=access, line=line, data=form.line())

    def line_remove(self, access: AiAccess, line: Any) -> None:
        if self.model is Invoice:
            services.invoice_line_remove(access=access, line=line)
        else:
            services.quote_line_remove(access=access, line=line)

    def issue(self, access: AiAccess, document: Any) -> Any:
        if self.model is Invoice:
            return services.invoice_issue(access=access, invoice=document)
        return services.quote_issue(access=access, quote=document)

    def parent_id(self, line: BillingLine) -> int:
        if isinstance(line, InvoiceLine):
            return line.invoice_id
        assert isinstance(line, QuoteLine)
        return line.quote_id


INVOICES = BillingKind(Invoice, InvoiceLine, "invoice", "factura", "facturas", InvoiceHeaderForm)
QUOTES = BillingKind(Quote, QuoteLine, "quote", "presupuesto", "presupuestos", QuoteHeaderForm)


def _billing_context(kind: BillingKind, **extra: Any) -> dict[str, Any]:
    """Context of the billing pages; a draft carries its tax-rate warnings (never blocking)."""
    document = extra.get("document")
    if isinstance(document, BillingDocument) and document.is_draft:
        extra["tax_warnings"] = tax_rate_warnings(document)  # type: ignore[arg-type]
    return {"kind": kind, **extra}


@area_view(Area.INVOICES)
def billing_list(
    request: HttpRequest, access: AiAccess, organization_id: int, kind: BillingKind
) -> HttpResponse:
    filters = MonthFilterForm(request.GET)
    month = filters.month()
    status = filters.cleaned_data.get("estado", "") if filters.is_valid() else ""
    status = status if status in BillingDocument.Status.values else ""
    select = selectors.invoice_list if kind.model is Invoice else selectors.quote_list
    documents = select(access=access, organization_id=organization_id, status=status, month=month)
    totals = documents.aggregate(subtotal=Sum("subtotal"), total=Sum("total"))
    return render(
        request,
        "invoicing/billing_list.html",
        _billing_context(
            kind,
            page=_page(request, documents),
            month=month.strftime("%Y-%m") if month else "",
            status=status,
            statuses=BillingDocument.Status.choices,
            totals=totals,
            can_write=access.can_write(organization_id, Area.INVOICES),
        ),
    )


@area_view(Area.INVOICES)
def billing_detail(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: BillingKind
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk)
    return render(
        request,
        "invoicing/billing_detail.html",
        _billing_context(
            kind,
            document=document,
            lines=selectors.lines_of(document),
            can_write=access.can_write(organization_id, Area.INVOICES),
            can_see_contact=access.can_read(organization_id, Area.CONTACTS),
        ),
    )


@area_view(Area.INVOICES, write=True)
def billing_create(
    request: HttpRequest, access: AiAccess, organization_id: int, kind: BillingKind
) -> HttpResponse:
    customers = selectors.customer_choices(access=access, organization_id=organization_id)
    data = request.POST or None
    form = kind.header_form(data, customers=customers)
    first = FirstLineForm(data, prefix="linea")
    if request.method == "POST" and form.is_valid() and first.is_valid():
        try:
            document = kind.create(access, form, first, request.user)
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, f"Borrador de {kind.singular} creado.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    return render(
        request,
        "invoicing/billing_create.html",
        _billing_context(kind, form=form, first=first),
        status=400 if form.is_bound else 200,
    )


@area_view(Area.INVOICES, write=True)
def billing_edit(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: BillingKind
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    if not document.is_draft:
        messages.error(request, f"Esta {kind.singular} ya está emitida y no se modifica.")
        return redirect(f"invoicing:{kind.prefix}_detail", pk=document.pk)
    customers = selectors.customer_choices(access=access, organization_id=organization_id)
    form = kind.header_form(
        request.POST or None, initial=kind.header_initial(document), customers=customers
    )
    if request.method == "POST" and form.is_valid():
        try:
            kind.update(access, document, form)
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, "Borrador guardado.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    document.refresh_from_db()
    return render(
        request,
        "invoicing/billing_edit.html",
        _billing_context(
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
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: BillingKind
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    form = LineForm(request.POST, prefix="linea")
    if form.is_valid():
        try:
            kind.line_add(access, document, form)
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, "Línea añadida.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    return render(
        request,
        "invoicing/billing_line_form.html",
        _billing_context(kind, document=document, line=None, form=form),
        status=400,
    )


@area_view(Area.INVOICES, write=True)
def billing_line_edit(
    request: HttpRequest,
    access: AiAccess,
    organization_id: int,
    pk: int,
    line_pk: int,
    kind: BillingKind,
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    line = selectors.access_record(access, kind.line_model, line_pk, write=True)
    if kind.parent_id(line) != document.pk:
        raise Http404("No existe o no tienes acceso.")
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
            kind.line_update(access, line, form)
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, "Línea guardada.")
            return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    return render(
        request,
        "invoicing/billing_line_form.html",
        _billing_context(kind, document=document, line=line, form=form),
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
    kind: BillingKind,
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    line = selectors.access_record(access, kind.line_model, line_pk, write=True)
    if kind.parent_id(line) != document.pk:
        raise Http404("No existe o no tienes acceso.")
    try:
        kind.line_remove(access, line)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, "Línea quitada.")
    return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)


@require_POST
@area_view(Area.INVOICES, write=True)
def billing_issue(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int, kind: BillingKind
) -> HttpResponse:
    document = selectors.access_record(access, kind.model, pk, write=True)
    try:
        issued = kind.issue(access, document)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect(f"invoicing:{kind.prefix}_edit", pk=document.pk)
    messages.success(request, f"Emitida con el número {issued.number}.")
    return redirect(f"invoicing:{kind.prefix}_detail", pk=issued.pk)


# --- expenses -----------------------------------------------------------------------------


@area_view(Area.EXPENSES)
def expense_list(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    filters = MonthFilterForm(request.GET)
    month = filters.month()
    expenses = selectors.expense_list(access=access, organization_id=organization_id, month=month)
    return render(
        request,
        "invoicing/expense_list.html",
        {
            "page": _page(request, expenses),
            "month": month.strftime("%Y-%m") if month else "",
            "totals": expenses.aggregate(base=Sum("base"), total=Sum("total")),
            "can_write": access.can_write(organization_id, Area.EXPENSES),
        },
    )


@area_view(Area.EXPENSES, write=True)
def expense_create(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    suppliers = selectors.supplier_choices(access=access, organization_id=organization_id)
    form = ExpenseForm(request.POST or None, suppliers=suppliers)
    if request.method == "POST" and form.is_valid():
        try:
            services.expense_create(
                access=access,
                organization_id=organization_id,
                created_by=request.user,  # type: ignore[arg-type]
                **form.cleaned_data,
            )
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, "Gasto anotado.")
            return redirect("invoicing:expense_list")
    return render(
        request, "invoicing/expense_form.html", {"form": form}, status=400 if form.is_bound else 200
    )


# --- uploaded documents -------------------------------------------------------------------


def _writable_areas(access: AiAccess, organization_id: int) -> list[str]:
    return [area for area in Area.values if access.can_write(organization_id, area)]


@area_view(Area.GENERAL)
def document_list(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    area = request.GET.get("area", "")
    area = area if area in Area.values else ""
    documents = selectors.document_list(access=access, organization_id=organization_id, area=area)
    readable = [(a.value, a.label) for a in Area if access.can_read(organization_id, a.value)]
    return render(
        request,
        "invoicing/document_list.html",
        {
            "page": _page(request, documents),
            "area": area,
            "areas": readable,
            "can_upload": bool(_writable_areas(access, organization_id)),
        },
    )


@area_view(Area.GENERAL)
def document_upload(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    writable = _writable_areas(access, organization_id)
    if not writable:
        return denied(request, "Tu papel en esta organización no permite subir documentos.")
    form = DocumentUploadForm(request.POST or None, request.FILES or None, writable_areas=writable)
    if request.method == "POST" and form.is_valid():
        try:
            document = services.document_upload(
                access=access,
                organization_id=organization_id,
                uploaded_by=request.user,  # type: ignore[arg-type]
                **form.cleaned_data,
            )
        except ValidationError as error:
            _apply(form, error)
        else:
            messages.success(request, f"Documento «{document.title}» guardado.")
            return redirect("invoicing:document_list")
    return render(
        request,
        "invoicing/document_form.html",
        {"form": form},
        status=400 if form.is_bound else 200,
    )


@area_view(Area.GENERAL)
def document_download(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int
) -> HttpResponseBase:
    document = selectors.access_record(access, UploadedDocument, pk)
    if document.file:
        name = (document.file.name or "documento").rsplit("/", 1)[-1]
        return FileResponse(
            document.file.open("rb"),
            as_attachment=True,
            filename=name,
            content_type=document.content_type or "application/octet-stream",
        )
    response = HttpResponse(document.text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="documento-{document.pk}.txt"'
    return response
