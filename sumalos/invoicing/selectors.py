"""Every read of the invoicing domain, scoped by the caller's ``AiAccess`` (DESIGN §3, STYLE §2–3).

A record is visible when its organization is in the access and its area is readable there
(``RECORD_RULE`` in ``sumalos/rls/rule.py``, the declaration the SQL policy is compiled from);
``access_record`` is the one fetch-by-id, and answers 404 for anything else so existence never
leaks. Postgres row-level security applies the same rule to the assistant's reads.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeVar

from django.contrib.postgres.search import TrigramSimilarity
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.db.models import Count, Model, Q, QuerySet, Sum
from django.http import Http404

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area
from sumalos.invoicing.document_types import DOCUMENT_TYPES, type_of
from sumalos.invoicing.models import (
    BillingDocument,
    Contact,
    Expense,
    Invoice,
    Quote,
    UploadedDocument,
)
from sumalos.invoicing.services import may_see_iban
from sumalos.rls.rule import record_q

M = TypeVar("M", bound=Model)

_NOTHING = Q(pk__in=[])
_LINE_PARENT: dict[type[Model], str] = {t.line_model: t.parent_field for t in DOCUMENT_TYPES}


def area_of(model: type[Model]) -> str | None:
    """The fixed area of a model's rows, or None when each row carries its own (files)."""
    if model in _LINE_PARENT:
        return Area.INVOICES
    return getattr(model, "AREA", None)


def _prefix(model: type[Model]) -> str:
    return f"{_LINE_PARENT[model]}__" if model in _LINE_PARENT else ""


def _readable(access: AiAccess, model: type[Model]) -> Q:
    """The records' rule for ``model``, compiled from the declaration its SQL policy shares."""
    return record_q(access, area=area_of(model), via=_prefix(model))


def _writable(access: AiAccess, model: type[Model]) -> Q:
    """Rows the access may change: app-side only, the restricted role never writes."""
    area = area_of(model)
    q = _NOTHING
    for org_id in access.permissions:
        if area is None:
            areas = sorted(a for a in Area.values if access.can_write(org_id, a))
            q |= Q(organization_id=org_id, area__in=areas)
        elif access.can_write(org_id, area):
            q |= Q(**{f"{_prefix(model)}organization_id": org_id})
    return q


def visible(access: AiAccess, model: type[M]) -> QuerySet[M]:
    """All rows of ``model`` the access may read, in every organization of the access."""
    return model._default_manager.filter(_readable(access, model))


def access_record(access: AiAccess, model: type[M], pk: object, *, write: bool = False) -> M:
    """Fetch one record the access may read, or 404; with ``write``, 403 if read-only."""
    try:
        obj = visible(access, model).get(pk=pk)
    except (ObjectDoesNotExist, ValueError, TypeError):
        raise Http404("No existe o no tienes acceso.") from None
    if write and not model._default_manager.filter(_writable(access, model), pk=obj.pk).exists():
        raise PermissionDenied("Puedes verlo, pero no modificarlo.")
    return obj


def _org(access: AiAccess, model: type[M], organization_id: int) -> QuerySet[M]:
    return visible(access, model).filter(**{f"{_prefix(model)}organization_id": organization_id})


# --- lists --------------------------------------------------------------------------------


def contact_list(
    *, access: AiAccess, organization_id: int, search: str = "", kind: str = ""
) -> QuerySet[Contact]:
    contacts = _org(access, Contact, organization_id)
    if kind:
        contacts = contacts.filter(kind=kind)
    term = search.strip()
    if term:
        contacts = contacts.filter(
            Q(name__unaccent__icontains=term)
            | Q(tax_id__icontains=term.replace("-", "").replace(" ", ""))
            | Q(email__icontains=term)
            | Q(city__unaccent__icontains=term)
        )
    return contacts.order_by("name", "id")


def customer_choices(*, access: AiAccess, organization_id: int) -> QuerySet[Contact]:
    """Customers a person writing invoices may bill: names only, even without the contacts area.

    Deliberately wider than ``contact_list``: choosing the customer of an invoice is part of
    the invoices area; the contact's page stays behind the contacts area.
    """
    if not access.can_write(organization_id, Area.INVOICES):
        return Contact.objects.none()
    return (
        Contact.objects.filter(organization_id=organization_id, kind=Contact.Kind.CUSTOMER)
        .only("id", "name", "organization_id", "payment_terms_days")
        .order_by("name", "id")
    )


def supplier_choices(*, access: AiAccess, organization_id: int) -> QuerySet[Contact]:
    """Suppliers a person writing expenses may pick, by the same reasoning as customers."""
    if not access.can_write(organization_id, Area.EXPENSES):
        return Contact.objects.none()
    return (
        Contact.objects.filter(organization_id=organization_id, kind=Contact.Kind.SUPPLIER)
        .only("id", "name", "organization_id")
        .order_by("name", "id")
    )


def billing_list(
    *,
    access: AiAccess,
    model: type[M],
    organization_id: int,
    status: str = "",
    month: datetime.date | None = None,
    contact_id: int | None = None,
) -> QuerySet[M]:
    """Invoices or quotes (``model``) of the organization, newest first, with their contact."""
    documents = _org(access, model, organization_id).select_related("contact")
    if status:
        documents = documents.filter(status=status)
    if month is not None:
        documents = documents.filter(issue_date__year=month.year, issue_date__month=month.month)
    if contact_id is not None:
        documents = documents.filter(contact_id=contact_id)
    return documents.order_by("-issue_date", "-id")


def invoice_list(
    *,
    access: AiAccess,
    organization_id: int,
    status: str = "",
    month: datetime.date | None = None,
    contact_id: int | None = None,
) -> QuerySet[Invoice]:
    return billing_list(
        access=access,
        model=Invoice,
        organization_id=organization_id,
        status=status,
        month=month,
        contact_id=contact_id,
    )


def expense_list(
    *, access: AiAccess, organization_id: int, month: datetime.date | None = None
) -> QuerySet[Expense]:
    expenses = _org(access, Expense, organization_id).select_related("supplier")
    if month is not None:
        expenses = expenses.filter(date__year=month.year, date__month=month.month)
    return expenses.order_by("-date", "-id")


def document_list(
    *, access: AiAccess, organization_id: int, area: str = ""
) -> QuerySet[UploadedDocument]:
    documents = _org(access, UploadedDocument, organization_id)
    if area:
        documents = documents.filter(area=area)
    return documents.order_by("-created_at", "-id")


def lines_of(document: BillingDocument) -> QuerySet[Any]:
    """The lines of a document the caller already obtained through ``access_record``."""
    return type_of(document).lines(document)


# --- field-level permissions --------------------------------------------------------------


def contact_iban(*, access: AiAccess, contact: Contact) -> str | None:
    """The contact's IBAN for those who may read invoices or expenses; None for the rest."""
    return contact.iban if may_see_iban(access, contact.organization_id) else None


# --- figures ------------------------------------------------------------------------------


def _issued_in_month(
    access: AiAccess, organization_id: int, year: int, month: int
) -> QuerySet[Invoice]:
    return _org(access, Invoice, organization_id).filter(
        status=Invoice.Status.ISSUED, issue_date__year=year, issue_date__month=month
    )


def invoiced_total(*, access: AiAccess, organization_id: int, year: int, month: int) -> Decimal:
    """Sum of the totals of the invoices issued in that month (drafts do not count)."""
    result = _issued_in_month(access, organization_id, year, month).aggregate(total=Sum("total"))[
        "total"
    ]
    return result if result is not None else Decimal("0.00")


@dataclass(frozen=True)
class MonthInvoicing:
    """A month's issued invoices: how many, base, VAT and total (the figure Suma answers with)."""

    count: int
    subtotal: Decimal
    vat_total: Decimal
    total: Decimal


def invoiced_month(
    *, access: AiAccess, organization_id: int, year: int, month: int
) -> MonthInvoicing:
    """The invoices issued in a month; ``total`` equals ``invoiced_total`` for that month."""
    sums = _issued_in_month(access, organization_id, year, month).aggregate(
        n=Count("id"), base=Sum("subtotal"), vat=Sum("vat_total")
    )
    zero = Decimal("0.00")
    return MonthInvoicing(
        count=sums["n"],
        subtotal=sums["base"] or zero,
        vat_total=sums["vat"] or zero,
        total=invoiced_total(
            access=access, organization_id=organization_id, year=year, month=month
        ),
    )


@dataclass(frozen=True)
class Receivables:
    """Issued invoices not yet collected; ``invoices`` lists the oldest due first."""

    count: int
    total: Decimal
    overdue_count: int
    overdue_total: Decimal
    invoices: list[Invoice]


def receivables(
    *, access: AiAccess, organization_id: int, on: datetime.date, limit: int = 10
) -> Receivables:
    """What is left to collect on ``on``: totals, what is overdue, and the first ``limit``.

    Sorted by due date, so the overdue ones (due before ``on``) come first.
    """
    pending = _org(access, Invoice, organization_id).filter(
        status=Invoice.Status.ISSUED, paid_at__isnull=True
    )
    zero = Decimal("0.00")
    sums = pending.aggregate(
        n=Count("id"),
        amount=Sum("total"),
        overdue_n=Count("id", filter=Q(due_date__lt=on)),
        overdue_amount=Sum("total", filter=Q(due_date__lt=on)),
    )
    return Receivables(
        count=sums["n"],
        total=sums["amount"] or zero,
        overdue_count=sums["overdue_n"],
        overdue_total=sums["overdue_amount"] or zero,
        invoices=list(pending.select_related("contact").order_by("due_date", "id")[:limit]),
    )


@dataclass(frozen=True)
class DraftItem:
    """A draft with the words and the page of its type."""

    document: Invoice | Quote
    singular: str  # "factura" or "presupuesto"
    url_name: str  # "invoicing:invoice_detail" or "invoicing:quote_detail"


@dataclass(frozen=True)
class Drafts:
    """Draft invoices and quotes waiting for someone to review and issue them."""

    invoice_count: int
    quote_count: int
    items: list[DraftItem]


def drafts_awaiting(*, access: AiAccess, organization_id: int, limit: int = 10) -> Drafts:
    """The organization's drafts, newest first (invoices and quotes together)."""
    counts: dict[str, int] = {}
    items: list[DraftItem] = []
    for kind in DOCUMENT_TYPES:
        drafts = _org(access, kind.model, organization_id).filter(status=Invoice.Status.DRAFT)
        counts[kind.prefix] = drafts.count()
        items += [
            DraftItem(document, kind.singular, f"invoicing:{kind.prefix}_detail")
            for document in drafts.select_related("contact").order_by("-created_at", "-id")[:limit]
        ]
    items.sort(key=lambda item: (item.document.created_at, item.document.pk), reverse=True)
    return Drafts(invoice_count=counts["invoice"], quote_count=counts["quote"], items=items[:limit])


def outstanding_for_contact(*, access: AiAccess, contact: Contact) -> Decimal:
    """What the customer still owes: issued invoices not yet collected."""
    result = (
        _org(access, Invoice, contact.organization_id)
        .filter(contact=contact, status=Invoice.Status.ISSUED, paid_at__isnull=True)
        .aggregate(total=Sum("total"))["total"]
    )
    return result if result is not None else Decimal("0.00")


def overdue_invoices(
    *, access: AiAccess, organization_id: int, on: datetime.date
) -> QuerySet[Invoice]:
    """Issued, unpaid invoices whose due date has passed on ``on``."""
    return (
        _org(access, Invoice, organization_id)
        .filter(status=Invoice.Status.ISSUED, paid_at__isnull=True, due_date__lt=on)
        .select_related("contact")
        .order_by("due_date", "id")
    )


CONTACT_SIMILARITY = 0.3


def contact_find(
    *,
    access: AiAccess,
    organization_id: int | None,
    name: str,
    tax_id: str = "",
    kind: str | None = None,
) -> Contact | None:
    """The readable contact meant by a tax ID or a name, tolerant of typos ("Talleres Garsia")."""
    if organization_id is None or not access.can_read(organization_id, Area.CONTACTS):
        return None
    contacts = _org(access, Contact, organization_id)
    if kind:
        contacts = contacts.filter(kind=kind)
    if tax_id:
        by_tax_id = contacts.filter(tax_id__iexact=tax_id).first()
        if by_tax_id is not None:
            return by_tax_id
    if not name:
        return None
    return (
        contacts.annotate(similarity=TrigramSimilarity("name", name))
        .filter(similarity__gte=CONTACT_SIMILARITY)
        .order_by("-similarity", "id")
        .first()
    )
