"""Pages of the invoicing domain: thin shells that parse a form, call one service, render.

One module per concern (contacts, billing documents, expenses, files); ``common`` holds the
area gate every page passes first. ``urls.py`` routes to the names below.
"""

from sumalos.invoicing.views.billing import (
    billing_create,
    billing_detail,
    billing_edit,
    billing_issue,
    billing_line_add,
    billing_line_edit,
    billing_line_remove,
    billing_list,
)
from sumalos.invoicing.views.contacts import (
    contact_create,
    contact_detail,
    contact_edit,
    contact_list,
)
from sumalos.invoicing.views.expenses import expense_create, expense_list
from sumalos.invoicing.views.files import document_download, document_list, document_upload

__all__ = [
    "billing_create",
    "billing_detail",
    "billing_edit",
    "billing_issue",
    "billing_line_add",
    "billing_line_edit",
    "billing_line_remove",
    "billing_list",
    "contact_create",
    "contact_detail",
    "contact_edit",
    "contact_list",
    "document_download",
    "document_list",
    "document_upload",
    "expense_create",
    "expense_list",
]
