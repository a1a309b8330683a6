"""Every write of the invoicing domain: contacts, drafts and their lines, issuing, expenses, files.

Each service takes the caller's ``AiAccess`` and refuses an organization outside it or an area it
may not write; it validates everything before its first write and runs in one transaction, so a
refusal leaves nothing behind. Totals are Decimal, stored on the document. One module per
concern; this package is the facade the rest of the project imports from.
"""

from sumalos.invoicing.services.billing import (
    LineInput,
    document_draft_create,
    document_draft_update,
    document_issue,
    document_line_add,
    document_line_remove,
    document_line_update,
    invoice_draft_create,
    invoice_issue,
    invoice_mark_paid,
    quote_draft_create,
    quote_issue,
)
from sumalos.invoicing.services.contacts import contact_create, contact_update
from sumalos.invoicing.services.expenses import expense_create
from sumalos.invoicing.services.files import MAX_DOCUMENT_SIZE, document_upload
from sumalos.invoicing.services.validation import (
    may_see_iban,
    normalize_iban,
    normalize_tax_id,
    require_write,
)

__all__ = [
    "MAX_DOCUMENT_SIZE",
    "LineInput",
    "contact_create",
    "contact_update",
    "document_draft_create",
    "document_draft_update",
    "document_issue",
    "document_line_add",
    "document_line_remove",
    "document_line_update",
    "document_upload",
    "expense_create",
    "invoice_draft_create",
    "invoice_issue",
    "invoice_mark_paid",
    "may_see_iban",
    "normalize_iban",
    "normalize_tax_id",
    "quote_draft_create",
    "quote_issue",
    "require_write",
]
