"""Figures the assistant answers with: invoiced, spent, pending and due (DESIGN §3, §8).

Selectors like those of ``selectors.py``: every read takes the caller's access and goes through
``visible`` (the records' rule), and a figure of an area the caller may not read is refused
with a Spanish message rather than answered as zero. Conventions (docs/evaluation-sets.md):
"facturado" sums the totals of issued invoices by issue date, drafts excluded; "sin IVA" sums
line bases; "pendiente" is issued and unpaid; "vencido" also has a due date before ``on``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeVar

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area
from sumalos.invoicing.models import Contact, Expense, Invoice, InvoiceLine, Quote
from sumalos.invoicing.selectors import visible
from sumalos.platform.text import fold

DocumentT = TypeVar("DocumentT", Invoice, Quote)

Period = tuple[datetime.date, datetime.date]
ZERO = Decimal("0.00")
NO_INVOICES = "No tienes permiso para ver las facturas de esta organización."
NO_EXPENSES = "No tienes permiso para ver los gastos de esta organización."
# Two words match when they share this many leading letters (or one is the other whole):
# "cambios"/"cambio", "descalcificadores"/"descalcificador", "tuberia"/"tuberias".
STEM = 5
# A Spanish company's tax ID (CIF) starts with one of these letters; a person's does not.
COMPANY_TAX_ID = re.compile(r"^[ABCDEFGHJNPQRSUVW]")


@dataclass(frozen=True)
class Figure:
    """A sum of documents: ``total`` is what was asked (with VAT, or the base when asked so);
    ``base``, ``vat`` and ``withholding`` always say what the total is made of."""

    total: Decimal
    count: int
    documents: list[Invoice] = field(default_factory=list)
    base: Decimal = ZERO
    vat: Decimal = ZERO
    withholding: Decimal = ZERO
    with_vat: Decimal = ZERO


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(text))


def word_matches(word: str, candidate: str) -> bool:
    """The same word give or take its ending: a shared stem of ``STEM`` letters, or all of it."""
    size = min(len(word), len(candidate), STEM)
    return word[:size] == candidate[:size] and (size == STEM or len(word) == len(candidate))


def text_matches(text: str, words: Sequence[str]) -> bool:
    """Every one of ``words`` appears in ``text`` (by ``word_matches``)."""
    present = _words(text)
    return all(any(word_matches(w, p) for p in present) for w in words)


def known_words(texts: Sequence[str], words: Sequence[str]) -> list[str]:
    """``words`` without those no text uses, when some other word is used ("material de
    fontanería" → "material"); all of them when none is, so a total is never widened to all."""
    used = [w for w in words if any(text_matches(text, [w]) for text in texts)]
    return used or list(words)


def vocabulary(*, access: AiAccess, organization_id: int, expenses: bool = False) -> frozenset[str]:
    """Every word the organization's invoice lines (or expenses) use, at any date: a question's
    word names a concept only when some record uses it ("saque", "dices" never do)."""
    if expenses:
        _require(access, organization_id, Area.EXPENSES, NO_EXPENSES)
        rows = visible(access, Expense).filter(organization_id=organization_id)
        texts = [
            f"{concept} {category} {supplier or ''}"
            for concept, category, supplier in rows.values_list(
                "concept", "category", "supplier__name"
            )
        ]
    else:
        _require(access, organization_id, Area.INVOICES, NO_INVOICES)
        lines = visible(access, InvoiceLine).filter(invoice__organization_id=organization_id)
        texts = list(lines.values_list("description", flat=True))
    return frozenset(word for text in texts for word in _words(text))


def named_words(words: Sequence[str], used: frozenset[str]) -> list[str]:
    """``words`` that some word of ``used`` matches (by ``word_matches``)."""
    return [w for w in words if any(word_matches(w, u) for u in used)]


def _closest(lines: Sequence[InvoiceLine], words: Sequence[str]) -> list[InvoiceLine]:
    """With no line naming every one of three or more words, the lines that name all but one:
    "cambiar tuberías de plomo a multicapa" is the "sustitución de tuberías de plomo por
    multicapa" of the invoices. Fewer words, or fewer shared, match nothing."""
    if len(words) < 3:
        return []
    return [
        line
        for line in lines
        if sum(text_matches(line.description, [w]) for w in words) >= len(words) - 1
    ]


def _require(access: AiAccess, organization_id: int, area: str, refusal: str) -> None:
    if not access.can_read(organization_id, area):
        raise PermissionDenied(refusal)


def _issued(access: AiAccess, organization_id: int, period: Period | None) -> QuerySet[Invoice]:
    _require(access, organization_id, Area.INVOICES, NO_INVOICES)
    invoices = visible(access, Invoice).filter(
        organization_id=organization_id, status=Invoice.Status.ISSUED
    )
    if period is not None:
        invoices = invoices.filter(issue_date__range=period)
    return invoices.select_related("contact")


def invoiced_figure(
    *,
    access: AiAccess,
    organization_id: int,
    period: Period | None = None,
    contact_id: int | None = None,
    concept: Sequence[str] = (),
    base: bool = False,
) -> Figure:
    """Issued invoices in ``period`` (all time if None), for one customer or all.

    With ``concept`` words only the matching lines count; ``base`` sums bases, not totals.
    """
    invoices = _issued(access, organization_id, period)
    if contact_id is not None:
        invoices = invoices.filter(contact_id=contact_id)
    if not concept:
        documents = list(invoices.order_by("issue_date", "id"))
        subtotal = sum((d.subtotal for d in documents), ZERO)
        total = sum((d.total for d in documents), ZERO)
        return Figure(
            subtotal if base else total,
            len(documents),
            documents,
            base=subtotal,
            vat=sum((d.vat_total for d in documents), ZERO),
            withholding=sum((d.withholding_total for d in documents), ZERO),
            with_vat=total,
        )
    lines = list(
        visible(access, InvoiceLine)
        .filter(invoice__in=invoices)
        .select_related("invoice", "invoice__contact")
        .order_by("invoice__issue_date", "invoice_id", "position", "id")
    )
    named = known_words([line.description for line in lines], concept)
    matched = [line for line in lines if text_matches(line.description, named)] or _closest(
        lines, named
    )
    subtotal = sum((line.base for line in matched), ZERO)
    vat = sum((line.vat_amount for line in matched), ZERO)
    documents = list({line.invoice_id: line.invoice for line in matched}.values())
    return Figure(
        subtotal if base else subtotal + vat,
        len(documents),
        documents,
        base=subtotal,
        vat=vat,
        withholding=sum((line.withholding_amount for line in matched), ZERO),
        with_vat=subtotal + vat,
    )


def pending_invoices(
    *,
    access: AiAccess,
    organization_id: int,
    contact_id: int | None = None,
    overdue_on: datetime.date | None = None,
    period: Period | None = None,
) -> Figure:
    """Issued, unpaid invoices (overdue on ``overdue_on`` only, when given; issued in
    ``period``, when given), oldest due first."""
    invoices = _issued(access, organization_id, period).filter(paid_at__isnull=True)
    if contact_id is not None:
        invoices = invoices.filter(contact_id=contact_id)
    if overdue_on is not None:
        invoices = invoices.filter(due_date__lt=overdue_on)
    documents = list(invoices.order_by("due_date", "id"))
    return Figure(sum((d.total for d in documents), ZERO), len(documents), documents)


def invoices_due(*, access: AiAccess, organization_id: int, period: Period) -> Figure:
    """Issued, unpaid invoices whose due date falls in ``period``."""
    invoices = _issued(access, organization_id, None).filter(
        paid_at__isnull=True, due_date__range=period
    )
    documents = list(invoices.order_by("due_date", "id"))
    return Figure(sum((d.total for d in documents), ZERO), len(documents), documents)


def invoices_matching(
    *,
    access: AiAccess,
    organization_id: int,
    period: Period | None = None,
    contact_id: int | None = None,
    concept: Sequence[str] = (),
    drafts: bool = False,
) -> list[Invoice]:
    """Issued invoices (or, with ``drafts``, the unissued ones), newest first, of a customer and
    period whose lines name ``concept``."""
    return _matching(
        Invoice,
        access=access,
        organization_id=organization_id,
        period=period,
        contact_id=contact_id,
        concept=concept,
        drafts=drafts,
    )


def quotes_matching(
    *,
    access: AiAccess,
    organization_id: int,
    period: Period | None = None,
    contact_id: int | None = None,
    concept: Sequence[str] = (),
    drafts: bool = False,
) -> list[Quote]:
    """Quotes, newest first, of a customer and period whose lines name ``concept``: the
    numbered ones, or with ``drafts`` the ones still without a number."""
    return _matching(
        Quote,
        access=access,
        organization_id=organization_id,
        period=period,
        contact_id=contact_id,
        concept=concept,
        drafts=drafts,
    )


def _matching(
    model: type[DocumentT],
    *,
    access: AiAccess,
    organization_id: int,
    period: Period | None,
    contact_id: int | None,
    concept: Sequence[str],
    drafts: bool,
) -> list[DocumentT]:
    _require(access, organization_id, Area.INVOICES, NO_INVOICES)
    status = model.Status.DRAFT if drafts else model.Status.ISSUED
    documents = visible(access, model).filter(organization_id=organization_id, status=status)
    if period is not None:
        documents = documents.filter(issue_date__range=period)
    if contact_id is not None:
        documents = documents.filter(contact_id=contact_id)
    found = list(
        documents.select_related("contact").prefetch_related("lines").order_by("-issue_date", "-id")
    )
    if not concept:
        return found
    return [
        document
        for document in found
        if any(text_matches(line.description, concept) for line in document.lines.all())
    ]


def document_by_number(
    *, access: AiAccess, organization_id: int, number: str
) -> Invoice | Quote | None:
    """The invoice or quote with that number in the organization, if the caller may read it."""
    _require(access, organization_id, Area.INVOICES, NO_INVOICES)
    model: type[Invoice] | type[Quote] = Quote if number.upper().startswith("P") else Invoice
    found: Invoice | Quote | None = (
        visible(access, model)
        .filter(organization_id=organization_id, number__iexact=number)
        .select_related("contact")
        .first()
    )
    return found


def expense_figure(
    *,
    access: AiAccess,
    organization_id: int,
    period: Period | None = None,
    words: Sequence[str] = (),
    supplier: str = "",
    base: bool = False,
) -> Figure:
    """Expenses in ``period`` whose concept, category or supplier names every one of ``words``.

    ``supplier`` keeps the expenses whose supplier's name contains it (accents ignored); the
    supplier is read through the expense, so no right to the contacts area is needed.
    """
    _require(access, organization_id, Area.EXPENSES, NO_EXPENSES)
    expenses = visible(access, Expense).filter(organization_id=organization_id)
    if period is not None:
        expenses = expenses.filter(date__range=period)
    if supplier:
        expenses = expenses.filter(Q(supplier__name__unaccent__icontains=supplier))
    rows = list(expenses.select_related("supplier").order_by("date", "id"))
    if words:
        texts = [
            f"{row.concept} {row.category} {row.supplier.name if row.supplier else ''}"
            for row in rows
        ]
        words = known_words(texts, words)
        rows = [row for row, text in zip(rows, texts, strict=True) if text_matches(text, words)]
    subtotal = sum((row.base for row in rows), ZERO)
    total = sum((row.total for row in rows), ZERO)
    return Figure(
        subtotal if base else total,
        len(rows),
        base=subtotal,
        vat=sum((row.vat_amount for row in rows), ZERO),
        with_vat=total,
    )


def withholding_usual(*, access: AiAccess, organization_id: int, contact: Contact) -> bool:
    """Whether a new invoice to this customer should carry withholding, as the last did.

    The last issued invoice to the customer decides. With none, a business customer (a tax ID
    that starts with a company letter) follows the organization's last issued invoice: a
    professional who withholds does so on every invoice to a business, never to a person.
    """
    invoices = _issued(access, organization_id, None).order_by("-issue_date", "-id")
    last = invoices.filter(contact_id=contact.pk).first()
    if last is None and COMPANY_TAX_ID.match(contact.tax_id.strip().upper()):
        last = invoices.first()
    return bool(last is not None and last.withholding_total > 0)
