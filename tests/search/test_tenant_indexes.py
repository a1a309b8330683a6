"""Per-tenant HNSW indexes (sumalos/platform/tenant_indexes.py) and the vector leg on them."""

from __future__ import annotations

import dataclasses
import io

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from search.agents import scope_for
from search.management.commands.reindex_all import progress_bar
from search.models import SearchChunk
from search.retrieval import parse_query, vector_leg
from search.tasks import maintain_tenant_indexes as maintain_task
from sumalos.platform import tenant_indexes
from sumalos.platform.tenant_indexes import (
    ef_search_for,
    maintain_tenant_indexes,
    vector_scans,
)
from sumalos.platform.tenant_indexes import (
    tenant_indexes as existing,
)
from tests.search.conftest import TODAY

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def low_thresholds(monkeypatch):
    """Thresholds a test world reaches: an index from 5 chunks, dropped below 3."""
    tables = {
        name: dataclasses.replace(spec, create_at=5, drop_below=3)
        for name, spec in tenant_indexes.TABLES.items()
    }
    monkeypatch.setattr(tenant_indexes, "TABLES", tables)
    monkeypatch.setattr("search.tasks.TABLES", tables)
    tenant_indexes.forget_tenant_indexes()
    yield tables
    tenant_indexes.forget_tenant_indexes()
    with connection.cursor() as cursor:
        for spec in tables.values():
            for org in existing(spec.table):
                cursor.execute(f"DROP INDEX IF EXISTS {spec.index_name(org)}")


def test_ef_search_grows_with_the_tenant_within_bounds():
    assert [ef_search_for(n) for n in (0, 2_500, 10_000, 151_437, 1_000_000)] == [
        100,
        100,
        200,
        778,
        800,
    ]


def test_the_task_indexes_large_tenants_only_and_drops_them_when_they_shrink(
    records, world_tx, low_thresholds
):
    org, other = world_tx.org.pk, world_tx.other_org.pk
    assert SearchChunk.objects.filter(organization_id=org).count() >= 5
    assert SearchChunk.objects.filter(organization_id=other).count() < 3

    report = maintain_task()

    assert report["search_chunks"] == {"created": [org], "dropped": []}
    assert existing("search_chunks") == {org: True}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexdef FROM pg_indexes WHERE indexname = %s", [f"search_chunks_vec_org_{org}"]
        )
        definition = cursor.fetchone()[0]
    assert "USING hnsw (embedding halfvec_cosine_ops)" in definition
    assert definition.endswith(f"WHERE (organization_id = {org})")

    # Shrinking to between the two thresholds keeps it; below the lower one drops it.
    keep = list(SearchChunk.objects.filter(organization_id=org).values_list("pk", flat=True))
    SearchChunk.objects.filter(organization_id=org).exclude(pk__in=keep[:4]).delete()
    assert maintain_tenant_indexes("search_chunks").dropped == ()
    SearchChunk.objects.filter(organization_id=org).exclude(pk__in=keep[:2]).delete()
    assert maintain_tenant_indexes("search_chunks").dropped == (org,)
    assert existing("search_chunks") == {}


def test_a_large_tenant_is_read_through_its_index_with_ef_search_set_locally(
    records, world_tx, low_thresholds
):
    maintain_tenant_indexes("search_chunks")
    scope = scope_for(world_tx.access(world_tx.owner))
    query = parse_query("cambio de caldera", today=TODAY)

    with CaptureQueriesContext(connection) as captured, transaction.atomic():
        approximate = vector_leg(scope=scope, query=query, floor=-1)
        with connection.cursor() as cursor:
            cursor.execute("SHOW hnsw.ef_search")
            ef_search = cursor.fetchone()[0]
            tenant_sql = next(
                q["sql"]
                for q in captured.captured_queries
                if "<=>" in q["sql"] and f'"organization_id" = {world_tx.org.pk}' in q["sql"]
            )
            # A handful of test rows: without these the planner may sort a bitmap scan, which
            # says nothing about whether the tenant's index matches the query's predicate.
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("SET LOCAL enable_bitmapscan = off")
            cursor.execute("SET LOCAL enable_sort = off")
            cursor.execute("EXPLAIN " + tenant_sql)
            plan = "\n".join(row[0] for row in cursor.fetchall())
    with connection.cursor() as cursor:
        cursor.execute("SHOW hnsw.iterative_scan")
        after = cursor.fetchone()[0]
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_indexscan = off")
        exact = vector_leg(scope=scope, query=query, floor=-1)

    assert (ef_search, after) == ("100", "off")
    assert f"search_chunks_vec_org_{world_tx.org.pk}" in plan
    assert [pk for pk, _ in approximate] == [pk for pk, _ in exact]


def test_a_small_tenant_is_compared_exactly_never_through_hnsw(records, world_tx):
    scope = scope_for(world_tx.access(world_tx.owner))
    query = parse_query("cambio de caldera", today=TODAY)

    with CaptureQueriesContext(connection) as captured, transaction.atomic():
        assert vector_scans("search_chunks", [world_tx.org.pk, None]) == set()
        vector_leg(scope=scope, query=query, floor=-1)
        with connection.cursor() as cursor:
            plans = []
            for q in captured.captured_queries:
                if "<=>" in q["sql"]:
                    cursor.execute("EXPLAIN " + q["sql"])
                    plans.append("\n".join(row[0] for row in cursor.fetchall()))

    assert len(plans) == 1  # the organization and the personal rows, in one statement
    assert all("hnsw" not in plan and "search_chunk_embedding" not in plan for plan in plans)


def test_related_memories_of_a_large_organization_use_its_memory_index(world_tx, low_thresholds):
    from memory.prompt import related_nearest
    from memory.services import memory_write
    from sumalos.embeddings import embed_query

    for n in range(6):
        memory_write(
            access=world_tx.access(world_tx.owner),
            organization_id=world_tx.org.pk,
            category="empresa",
            text=f"La empresa repara frenos del modelo {n}.",
            explicit=True,
        )
    report = maintain_tenant_indexes("memories")
    access = world_tx.access(world_tx.owner)
    vector = embed_query("¿Qué frenos reparamos?")

    approximate = related_nearest(access, vector, ())
    exact = related_nearest(access, vector, (), exact=True)

    assert report.created == (world_tx.org.pk,)
    assert len(approximate) == 6
    assert [i for _, i in approximate] == [i for _, i in exact]


def test_reindex_all_draws_a_progress_bar(records):
    err, out = io.StringIO(), io.StringIO()

    call_command("reindex_all", stdout=out, stderr=err)

    visited = int(out.getvalue().split(": ")[1].split()[0])
    assert visited > 0
    # One redraw per whole percent at most, the last one full and followed by a new line.
    last = err.getvalue().split("\r")[-1]
    assert last.startswith(f"[{'#' * 30}] 100 % {visited}/{visited} ")
    assert last.endswith(" s\n")
    assert err.getvalue().count("\r") <= 101
    assert progress_bar(5, 10, 3.2) == "[###############···············]  50 % 5/10 3 s"
    assert progress_bar(1500, 3000, 61) == "[###############···············]  50 % 1.500/3.000 61 s"


def test_reindex_all_brings_the_tenant_indexes_up_to_date(records, world_tx, low_thresholds):
    err, out = io.StringIO(), io.StringIO()

    call_command("reindex_all", stdout=out, stderr=err)

    assert out.getvalue().endswith("Índices por organización: 1 creados, 0 eliminados.\n")
    assert f"Índice HNSW 1/1: search_chunks_vec_org_{world_tx.org.pk}" in err.getvalue()
    assert existing("search_chunks") == {world_tx.org.pk: True}
