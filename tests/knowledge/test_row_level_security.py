"""The assistant reads published knowledge only, and can write none of it (DESIGN §3-4)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import ProgrammingError, connection

from knowledge.models import Chunk, Entry, Fact, Version
from sumalos.rls.assistant import as_assistant

pytestmark = pytest.mark.django_db(transaction=True)


def _rows(sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def test_a_principal_with_no_organization_reads_published_entries(published, draft, no_org_access):
    with as_assistant(no_org_access):
        slugs = _rows("SELECT slug FROM knowledge_entries ORDER BY slug")
        chunk_entries = {row[0] for row in _rows("SELECT entry_id FROM knowledge_chunks")}
        sources = _rows("SELECT entry_id, title FROM knowledge_sources")

    assert slugs == [("irpf-retencion-profesionales",)]
    assert chunk_entries == {published.pk}
    assert sources == [(published.pk, "Ley 35/2006, del IRPF (BOE)")]


def test_a_draft_asked_for_by_id_returns_nothing(published, draft, no_org_access):
    draft_chunk = Chunk.objects.filter(entry=draft).values_list("pk", flat=True).first()
    draft_fact = Fact.objects.get(entry=draft).pk

    with as_assistant(no_org_access):
        entry = _rows("SELECT slug FROM knowledge_entries WHERE id = %s", [draft.pk])
        chunk = _rows("SELECT content FROM knowledge_chunks WHERE id = %s", [draft_chunk])
        fact = _rows("SELECT value FROM knowledge_facts WHERE id = %s", [draft_fact])
        in_view = _rows("SELECT value FROM knowledge_fact_values WHERE key = 'ticketbai.inicio'")
        orm = list(Entry.objects.filter(pk=draft.pk))

    assert (entry, chunk, fact, in_view, orm) == ([], [], [], [], [])


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO knowledge_entries (domain_id, slug, title, body, status, updated_at)"
        " VALUES (%(domain)s, 'nueva', 'Nueva', 'x', 'published', now())",
        "UPDATE knowledge_entries SET title = 'cambiado'",
        "DELETE FROM knowledge_entries",
        "SELECT * FROM knowledge_versions",
    ],
)
def test_writes_and_a_read_of_versions_are_refused(published, no_org_access, statement):
    with pytest.raises(ProgrammingError, match="permission denied"), as_assistant(no_org_access):
        with connection.cursor() as cursor:
            cursor.execute(statement, {"domain": published.domain_id})

    assert list(Entry.objects.values_list("slug", "title")) == [
        ("irpf-retencion-profesionales", "Retención de IRPF de profesionales")
    ]
    assert Version.objects.filter(entry=published).count() == 1


def test_engine_rates_reach_the_assistant_through_the_view(published, no_org_access):
    with as_assistant(no_org_access):
        rows = _rows(
            "SELECT value, owner FROM knowledge_fact_values"
            " WHERE key = 'irpf.retencion.profesional' AND valid_from = '2015-01-01'"
        )

    assert rows == [("19", "engine")]
