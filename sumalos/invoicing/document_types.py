"""What differs between an invoice and a quote, described once (DESIGN §1, organization records).

Both are billing documents of the invoices area with lines, totals and a draft → issued life.
They differ in data, not in behaviour: the line table and its parent field, the numbering
series, the words people read, and the term that follows the issue date (an invoice's due
date from payment terms, a quote's validity). Services and pages take a ``DocumentType``
instead of branching on the model (docs/decisions/0010).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from sumalos.invoicing.models import (
    BillingDocument,
    BillingLine,
    Contact,
    DocumentSeries,
    Invoice,
    InvoiceLine,
    Quote,
    QuoteLine,
)

QUOTE_VALIDITY_DAYS = 30


@dataclass(frozen=True)
class DocumentType:
    model: type[Invoice] | type[Quote]
    line_model: type[InvoiceLine] | type[QuoteLine]
    parent_field: str  # the line's foreign key to its document
    series: DocumentSeries.Kind
    series_prefix: str  # F2026-0001, P2026-0001
    prefix: str  # URL names: invoicing:<prefix>_list ...
    singular: str
    plural: str
    noun: str  # the subject of a sentence: "La factura ..."
    issued: str  # "... ya está emitida"
    # The term: a field of the document set to the issue date plus a number of days.
    term_field: str
    term_argument: str  # how callers and forms name that number of days
    term_min: int
    term_error: str
    fixed_default_term: int | None  # None: the customer's payment terms

    def lines(self, document: BillingDocument) -> QuerySet[Any]:
        """The lines of ``document``, in their order."""
        return self.line_model._default_manager.filter(**{self.parent_field: document}).order_by(
            "position", "id"
        )

    def document_of(self, line: BillingLine) -> BillingDocument:
        document = getattr(line, self.parent_field)
        assert isinstance(document, self.model)
        return document

    def parent_id(self, line: BillingLine) -> int:
        return int(getattr(line, f"{self.parent_field}_id"))

    def default_term(self, contact: Contact) -> int:
        """Days of the term when the caller gives none."""
        if self.fixed_default_term is None:
            return contact.payment_terms_days
        return self.fixed_default_term

    def term_days(self, document: BillingDocument) -> int | None:
        """The document's term as a number of days from its issue date, if it has one."""
        end = getattr(document, self.term_field)
        return None if end is None else int((end - document.issue_date).days)


INVOICE = DocumentType(
    model=Invoice,
    line_model=InvoiceLine,
    parent_field="invoice",
    series=DocumentSeries.Kind.INVOICE,
    series_prefix="F",
    prefix="invoice",
    singular="factura",
    plural="facturas",
    noun="La factura",
    issued="emitida",
    term_field="due_date",
    term_argument="payment_terms_days",
    term_min=0,
    term_error="El plazo de pago debe estar entre 0 y 365 días.",
    fixed_default_term=None,
)
QUOTE = DocumentType(
    model=Quote,
    line_model=QuoteLine,
    parent_field="quote",
    series=DocumentSeries.Kind.QUOTE,
    series_prefix="P",
    prefix="quote",
    singular="presupuesto",
    plural="presupuestos",
    noun="El presupuesto",
    issued="emitido",
    term_field="valid_until",
    term_argument="valid_days",
    term_min=1,
    term_error="La validez debe estar entre 1 y 365 días.",
    fixed_default_term=QUOTE_VALIDITY_DAYS,
)
DOCUMENT_TYPES = (INVOICE, QUOTE)


def type_of(document: BillingDocument | BillingLine) -> DocumentType:
    """The type of a document or of one of its lines."""
    for document_type in DOCUMENT_TYPES:
        if isinstance(document, document_type.model | document_type.line_model):
            return document_type
    raise TypeError(f"not a billing document or line: {type(document).__name__}")
