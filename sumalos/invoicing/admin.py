"""Staff admin for the invoicing domain, read-only on purpose.

Staff inspect tenant records here; writes belong to the organization's members through the
services, which check the access, validate tax IDs, number documents and keep totals right.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from sumalos.invoicing.models import (
    Contact,
    DocumentSeries,
    Expense,
    Invoice,
    InvoiceLine,
    Quote,
    QuoteLine,
    UploadedDocument,
)


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class InvoiceLineInline(ReadOnlyMixin, admin.TabularInline[InvoiceLine, Invoice]):
    model = InvoiceLine
    extra = 0
    fields = ("position", "description", "quantity", "unit_price", "vat_rate", "withholding_rate")


class QuoteLineInline(ReadOnlyMixin, admin.TabularInline[QuoteLine, Quote]):
    model = QuoteLine
    extra = 0
    fields = InvoiceLineInline.fields


@admin.register(Contact)
class ContactAdmin(ReadOnlyMixin, admin.ModelAdmin[Contact]):
    list_display = ("name", "kind", "tax_id", "organization", "city", "payment_terms_days")
    list_filter = ("kind", "organization")
    search_fields = ("name", "tax_id", "email")


@admin.register(Invoice)
class InvoiceAdmin(ReadOnlyMixin, admin.ModelAdmin[Invoice]):
    list_display = ("__str__", "organization", "contact", "issue_date", "status", "total")
    list_filter = ("status", "organization")
    search_fields = ("number", "contact__name")
    date_hierarchy = "issue_date"
    inlines = (InvoiceLineInline,)


@admin.register(Quote)
class QuoteAdmin(ReadOnlyMixin, admin.ModelAdmin[Quote]):
    list_display = ("__str__", "organization", "contact", "issue_date", "status", "total")
    list_filter = ("status", "organization")
    search_fields = ("number", "contact__name")
    date_hierarchy = "issue_date"
    inlines = (QuoteLineInline,)


@admin.register(Expense)
class ExpenseAdmin(ReadOnlyMixin, admin.ModelAdmin[Expense]):
    list_display = ("date", "concept", "organization", "supplier", "base", "total")
    list_filter = ("organization", "category")
    search_fields = ("concept", "supplier__name")
    date_hierarchy = "date"


@admin.register(UploadedDocument)
class UploadedDocumentAdmin(ReadOnlyMixin, admin.ModelAdmin[UploadedDocument]):
    list_display = ("title", "organization", "area", "content_type", "size", "created_at")
    list_filter = ("area", "organization")
    search_fields = ("title", "text")


@admin.register(DocumentSeries)
class DocumentSeriesAdmin(ReadOnlyMixin, admin.ModelAdmin[DocumentSeries]):
    list_display = ("organization", "kind", "year", "last_number")
    list_filter = ("kind", "year")
