"""Curation of the knowledge in the Django admin (DESIGN §4).

Django saves the entry and its inlines; ``save_related`` then calls ``entry_saved``, which
records the version and rebuilds the chunks. The formsets refuse, with a message the curator
understands, what the database would refuse anyway: publishing without a source, an engine
key as a fact, two values of one key over overlapping periods.
"""

from __future__ import annotations

import difflib
import html
from typing import Any

import markdown
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet, URLField
from django.forms import BaseInlineFormSet, ModelForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from knowledge.models import Domain, Entry, Fact, FactKey, Source, Version
from knowledge.services import (
    FACT_OVERLAP_MESSAGE,
    PUBLISH_WITHOUT_SOURCE_MESSAGE,
    check_fact_key,
    entry_saved,
    entry_version_restore,
)
from sumalos.accounts.models import User


def render_markdown(body: str) -> SafeString:
    """Markdown to HTML with any raw HTML escaped first (a preview must not run scripts)."""
    rendered: str = markdown.markdown(html.escape(body, quote=False), extensions=["tables"])
    return mark_safe(rendered)  # noqa: S308 - the source was escaped above


def snapshot_text(snapshot: dict[str, Any]) -> list[str]:
    """A version as lines a person can compare."""
    lines = [
        f"Título: {snapshot['title']}",
        f"Estado: {snapshot['status']}",
        f"Vigencia: {snapshot['valid_from'] or '—'} → {snapshot['valid_to'] or '—'}",
        *(f"Fuente: {s['title']} <{s['url']}>" for s in snapshot["sources"]),
        *(
            f"Dato: {f['key']} = {f['value']} {f['unit']} "
            f"({f['valid_from'] or '—'} → {f['valid_to'] or '—'})"
            for f in snapshot["facts"]
        ),
        *(f"Clave: {k['key']} ({k['label']}): {k['terms']}" for k in snapshot["fact_keys"]),
        "",
        *snapshot["body"].splitlines(),
    ]
    return lines


def version_diff(older: Version | None, newer: Version) -> list[tuple[str, str]]:
    """(css class, line) pairs of a unified diff between two versions."""
    before = snapshot_text(older.snapshot) if older else []
    after = snapshot_text(newer.snapshot)
    classes = {"+": "added", "-": "removed", "@": "hunk"}
    return [
        (classes.get(line[:1], ""), line)
        for line in difflib.unified_diff(before, after, lineterm="", n=1)
        if not line.startswith(("+++", "---"))
    ]


class SourceFormSet(BaseInlineFormSet[Source, Entry, ModelForm[Source]]):
    def clean(self) -> None:
        super().clean()
        kept = [
            form
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE", False)
        ]
        if self.instance.status == Entry.Status.PUBLISHED and not kept:
            raise ValidationError(PUBLISH_WITHOUT_SOURCE_MESSAGE)


class FactFormSet(BaseInlineFormSet[Fact, Entry, ModelForm[Fact]]):
    def clean(self) -> None:
        super().clean()
        periods: list[tuple[str, Any, Any]] = []
        for form in self.forms:
            data = form.cleaned_data
            if not data or data.get("DELETE", False):
                continue
            key, start, end = data["key"], data.get("valid_from"), data.get("valid_to")
            try:
                check_fact_key(key)
            except ValidationError as error:
                form.add_error("key", error)
                continue
            for other_key, other_start, other_end in periods:
                if (
                    other_key == key
                    and (start is None or other_end is None or start <= other_end)
                    and (end is None or other_start is None or other_start <= end)
                ):
                    raise ValidationError(FACT_OVERLAP_MESSAGE)
            periods.append((key, start, end))


class SourceInline(admin.TabularInline[Source, Entry]):
    model = Source
    formset = SourceFormSet
    extra = 1
    fields = ["title", "url", "position"]
    formfield_overrides = {URLField: {"assume_scheme": "https"}}


class FactInline(admin.TabularInline[Fact, Entry]):
    model = Fact
    formset = FactFormSet
    extra = 0
    fields = ["key", "value", "unit", "valid_from", "valid_to"]


class FactKeyInline(admin.TabularInline[FactKey, Entry]):
    model = FactKey
    extra = 0
    fields = ["key", "label", "terms", "position"]


class ValidityFilter(admin.SimpleListFilter):
    title = "vigencia"
    parameter_name = "vigencia"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("vigente", "Vigente hoy"), ("futura", "Futura"), ("caducada", "Caducada")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Entry]) -> QuerySet[Entry]:
        today = timezone.localdate()
        started = Q(valid_from__isnull=True) | Q(valid_from__lte=today)
        not_ended = Q(valid_to__isnull=True) | Q(valid_to__gte=today)
        if self.value() == "vigente":
            return queryset.filter(started & not_ended)
        if self.value() == "futura":
            return queryset.filter(valid_from__gt=today)
        if self.value() == "caducada":
            return queryset.filter(valid_to__lt=today)
        return queryset


@admin.register(Domain)
class DomainAdmin(admin.ModelAdmin[Domain]):
    list_display = ["name", "slug"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin[Entry]):
    list_display = ["title", "slug", "domain", "status", "valid_from", "valid_to", "updated_at"]
    list_filter = ["domain", "status", ValidityFilter]
    search_fields = ["slug", "title", "body"]
    readonly_fields = ["preview", "history_link"]
    fields = [
        "domain",
        "slug",
        "title",
        "status",
        ("valid_from", "valid_to"),
        "body",
        "preview",
        "history_link",
    ]
    inlines = [SourceInline, FactInline, FactKeyInline]

    @admin.display(description="vista previa")
    def preview(self, entry: Entry) -> SafeString:
        return render_markdown(entry.body) if entry.body else mark_safe("")

    @admin.display(description="historial")
    def history_link(self, entry: Entry) -> str:
        if entry.pk is None:
            return "—"
        url = reverse("admin:knowledge_entry_versions", args=[entry.pk])
        return format_html('<a href="{}">Ver versiones ({})</a>', url, entry.versions.count())

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        author = request.user if isinstance(request.user, User) else None
        entry_saved(entry=form.instance, author=author, note="Editada en el admin")

    def get_urls(self) -> list[URLPattern]:
        extra = [
            path(
                "<int:entry_id>/versions/",
                self.admin_site.admin_view(self.versions_view),
                name="knowledge_entry_versions",
            ),
            path(
                "<int:entry_id>/versions/<int:version_id>/restore/",
                self.admin_site.admin_view(self.restore_view),
                name="knowledge_entry_restore",
            ),
        ]
        return extra + super().get_urls()

    def versions_view(self, request: HttpRequest, entry_id: int) -> HttpResponse:
        entry = get_object_or_404(Entry, pk=entry_id)
        if not self.has_view_permission(request, entry):
            return HttpResponseRedirect(reverse("admin:index"))
        versions = list(entry.versions.select_related("author").order_by("number"))
        rows = [
            (version, version_diff(versions[i - 1] if i else None, version))
            for i, version in enumerate(versions)
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "entry": entry,
            "rows": list(reversed(rows)),
            "title": f"Versiones de «{entry.title}»",
            "can_restore": self.has_change_permission(request, entry),
        }
        return TemplateResponse(request, "admin/knowledge/entry/versions.html", context)

    def restore_view(self, request: HttpRequest, entry_id: int, version_id: int) -> HttpResponse:
        entry = get_object_or_404(Entry, pk=entry_id)
        version = get_object_or_404(Version, pk=version_id, entry=entry)
        target = reverse("admin:knowledge_entry_versions", args=[entry.pk])
        if request.method != "POST" or not self.has_change_permission(request, entry):
            return HttpResponseRedirect(target)
        author = request.user if isinstance(request.user, User) else None
        try:
            entry_version_restore(version=version, author=author)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, f"Restaurada la versión {version.number}.")
        return HttpResponseRedirect(target)
