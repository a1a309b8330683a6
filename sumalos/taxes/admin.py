"""Staff admin of the tax rules engine; overlapping periods of one key are refused clearly."""

from __future__ import annotations

from django.contrib import admin
from django.db import models

from sumalos.taxes.models import TaxRate


@admin.register(TaxRate)
class TaxRateAdmin(admin.ModelAdmin[TaxRate]):
    # ModelForm validation runs the model's constraints, so the exclusion constraint's
    # violation_error_message reaches the form before the database would refuse the row.
    list_display = ("key", "rate", "valid_from", "valid_to", "source_title")
    list_filter = ("key",)
    search_fields = ("key", "source_title")
    date_hierarchy = "valid_from"
    ordering = ("key", "valid_from")
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
