"""Per-tenant HNSW and GIN indexes (sumalos/platform/tenant_indexes.py) and the legs on them."""

from __future__ import annotations

import dataclasses
import io
import math

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from search import retrieval, tenant_lexemes
from search.agents import scope_for
from search.management.commands.reindex_all import progress_bar
from search.models import SearchChunk, SearchDocument, TenantLexeme
from search.retrieval import LEGS, lexical_leg, parse_query, rank, vector_leg
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
from tests.search.oracle import visible

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
        for key, spec in tables.items():
            for org in existing(key):
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

    assert report["search_chunks"] == {"created": [org], "dropped": [], "rebuilt": []}
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


def test_an_index_built_with_older_options_is_rebuilt_beside_it(records, world_tx, low_thresholds):
    # Given a tenant index built with the old ef_construction
    org = world_tx.org.pk
    name = f"search_chunks_vec_org_{org}"
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE INDEX {name} ON search_chunks USING hnsw (embedding halfvec_cosine_ops) "
            f"WITH (m = 16, ef_construction = 64) WHERE organization_id = {org}"
        )

    # When the maintenance runs (twice)
    first = maintain_tenant_indexes("search_chunks")
    second = maintain_tenant_indexes("search_chunks")

    # Then it is rebuilt under its own name with the spec's options, once
    assert (first.created, first.dropped, first.rebuilt) == ((), (), (org,))
    assert (second.created, second.dropped, second.rebuilt) == ((), (), ())
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, reloptions FROM pg_class WHERE relname LIKE %s",
            [f"search\\_chunks\\_vec\\_org\\_{org}%"],
        )
        assert cursor.fetchall() == [(name, ["m=16", "ef_construction=200"])]


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
            settings, tenant_sql = next(
                q["sql"].rsplit("; ", 1)
                for q in captured.captured_queries
                if "<=>" in q["sql"] and f'"organization_id" = {world_tx.org.pk}' in q["sql"]
            )
            # A handful of test rows: without these the planner may sort a bitmap scan, which
            # says nothing about whether the tenant's index matches the query's predicate.
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("SET LOCAL enable_bitmapscan = off")
            cursor.execute("SET LOCAL enable_sort = off")
            cursor.execute("SET LOCAL enable_incremental_sort = off")
            cursor.execute("EXPLAIN " + tenant_sql)
            plan = "\n".join(row[0] for row in cursor.fetchall())
    with connection.cursor() as cursor:
        cursor.execute("SHOW hnsw.iterative_scan")
        after = cursor.fetchone()[0]
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_indexscan = off")
        exact = vector_leg(scope=scope, query=query, floor=-1)

    # The scan settings went ahead of the statement, in its round trip
    assert (
        settings == "SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL hnsw.ef_search = 100"
    )
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


def test_the_task_gives_a_large_tenant_a_text_index_and_drops_it_when_it_shrinks(
    records, world_tx, low_thresholds
):
    org = world_tx.org.pk

    report = maintain_task()

    assert report["search_chunks_text"] == {"created": [org], "dropped": [], "rebuilt": []}
    assert existing("search_chunks_text") == {org: True}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexdef FROM pg_indexes WHERE indexname = %s", [f"search_chunks_fts_org_{org}"]
        )
        definition = cursor.fetchone()[0]
    assert "USING gin (search_vector)" in definition
    assert definition.endswith(f"WHERE (organization_id = {org})")

    keep = list(SearchChunk.objects.filter(organization_id=org).values_list("pk", flat=True))
    SearchChunk.objects.filter(organization_id=org).exclude(pk__in=keep[:2]).delete()
    assert maintain_tenant_indexes("search_chunks_text").dropped == (org,)
    assert existing("search_chunks_text") == {}


QUESTIONS = ["caldera Talleres", "grifo monomando", "tarifa Ruiz", "visita caldera García"]


def test_the_lexical_leg_of_a_large_tenant_reads_its_gin_index_and_ranks_as_the_exact_one(
    records, world_tx, low_thresholds
):
    # Given the exact lexical ranking of a tenant without its own index
    scope = scope_for(world_tx.access(world_tx.owner))
    queries = [parse_query(question, today=TODAY) for question in QUESTIONS]
    with transaction.atomic():
        exact = [lexical_leg(scope=scope, query=query) for query in queries]
    # When the tenant gets its text index (its chunks are fewer than the candidates drawn)
    maintain_tenant_indexes("search_chunks_text")
    statements: list[tuple[str, object]] = []

    def recording(execute, sql, params, many, context):
        if "ts_rank" in sql:
            statements.append((sql, params))
        return execute(sql, params, many, context)

    with transaction.atomic(), connection.execute_wrapper(recording):
        bounded = [lexical_leg(scope=scope, query=query) for query in queries]

    # Then it draws its candidates through the index's operator, with the organization as a
    # literal (what lets the planner prove the partial index applies; at 1M rows it does,
    # docs/benchmarks/search.md), and ranks them exactly as before
    org = world_tx.org.pk
    sql = statements[0][0]
    assert sql.count(f"search_chunks.organization_id = {org} AND COALESCE(") == 2**2 - 1
    assert sql.count("search_vector @@ %s::tsquery") == 2**2 - 1
    assert "ts_match_vq(search_vector" in sql  # the personal rows, matched row by row
    assert [len(found) for found in exact] == [len(found) for found in bounded]
    assert sum(len(found) for found in exact) >= 4
    assert bounded == exact


def test_the_cascade_draws_from_the_rarest_lexemes_held_first():
    weights = {"cald": 3.0, "gas": 1.0, "fug": 2.0}

    assert retrieval._cascade(["cald", "fug", "gas"], weights) == [
        "'cald' & 'fug' & 'gas'",
        "'cald' & 'fug' & !'gas'",
        "'cald' & 'gas' & !'fug'",
        "'fug' & 'gas' & !'cald'",  # ties with 'cald' alone: more lexemes first
        "'cald' & !'fug' & !'gas'",
        "'fug' & !'cald' & !'gas'",
        "'gas' & !'cald' & !'fug'",
    ]
    # Beyond CASCADE_LEXEMES, the commonest lexemes come last, in one query.
    five = {"a": 5.0, "b": 4.0, "c": 3.0, "d": 2.0, "e": 1.0}
    assert retrieval._cascade(list(five), five)[-1] == "('e') & !'a' & !'b' & !'c' & !'d'"
    assert len(retrieval._cascade(list(five), five)) == 2**4


@pytest.fixture(params=["live counts", "stored counts"])
def counts(request, monkeypatch):
    """The lexical weights and the typo check counted live, or read from stored counts that
    hold every lexeme of the tenant (decision 0030)."""
    if request.param == "stored counts":
        monkeypatch.setattr(tenant_lexemes, "STORED_FROM", 1)
        monkeypatch.setattr(retrieval, "SATURATED", 1)
    return request.param


def test_no_leg_on_tenant_indexes_reaches_outside_the_access_of_anyone(
    records, world_tx, low_thresholds, counts
):
    # Given the organization's own text and vector indexes (and its stored lexeme counts)
    maintain_task()
    assert TenantLexeme.objects.exists() == (counts == "stored counts")
    assert existing("search_chunks") == existing("search_chunks_text") == {world_tx.org.pk: True}
    people = [world_tx.owner, world_tx.admin, world_tx.reader, world_tx.bookkeeper]
    leaks = []
    checked = 0

    for user in [*people, world_tx.outsider]:
        access = world_tx.access(user, world_tx.other_org if user == world_tx.outsider else None)
        scope = scope_for(access)
        for question in [*QUESTIONS, "Tarifa de Ferretería Ruiz gasto", "Garsia"]:
            # When every leg alone and the fusion rank the question
            for legs in [(leg,) for leg in LEGS] + [LEGS]:
                ranking = rank(scope=scope, question=question, today=TODAY, legs=legs)
                for document in SearchDocument.objects.filter(
                    pk__in=[pk for pk, _ in ranking.ranked]
                ).values(
                    "pk", "visibility", "organization_id", "owner_user_id", "owner_phone", "area"
                ):
                    checked += 1
                    if not visible(access, dict(document)):
                        leaks.append((user.email, question, legs, document["pk"]))

    # Then nothing outside the plain-Python rule comes back, and the legs did return items
    assert leaks == []
    assert checked >= 40


@pytest.fixture
def counted(low_thresholds, monkeypatch):
    """Stored lexeme counts from one chunk up, saturated from one visible chunk."""
    monkeypatch.setattr(tenant_lexemes, "STORED_FROM", 1)
    monkeypatch.setattr(retrieval, "SATURATED", 1)
    maintain_task()


def _stored(org: int, lexeme: str) -> list[tuple[str, str, int]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT area, kind, chunks FROM search_tenant_lexemes WHERE organization_id = %s "
            "AND lexeme_hash = hashtextextended(%s, 0) ORDER BY area, kind",
            [org, lexeme],
        )
        return [(str(area), str(kind), int(chunks)) for area, kind, chunks in cursor.fetchall()]


def test_the_task_counts_the_lexemes_of_tenants_with_a_text_index_per_area_and_kind(
    records, world_tx, counted
):
    org = world_tx.org.pk

    # The expense and the supplier's price list both say "tornillería", in the expenses area
    assert _stored(org, "tornilleri") == [("expenses", "document", 1), ("expenses", "expense", 1)]
    assert _stored(org, "calder") == [("invoices", "invoice", 1)]
    # The other organization has no text index, so nothing is counted for it
    assert not TenantLexeme.objects.exclude(organization_id=org).exists()
    # Hashes only: the table holds no word
    assert {field.name for field in TenantLexeme._meta.concrete_fields} == {
        "id",
        "organization",
        "area",
        "kind",
        "lexeme_hash",
        "chunks",
    }

    # A tenant that loses its text index loses its counts
    keep = list(SearchChunk.objects.filter(organization_id=org).values_list("pk", flat=True))
    SearchChunk.objects.filter(organization_id=org).exclude(pk__in=keep[:2]).delete()
    maintain_task()
    assert not TenantLexeme.objects.exists()


def test_stored_counts_weigh_only_what_the_caller_may_read(records, world_tx, counted):
    query = parse_query("tornilleria silicona caldera", today=TODAY)
    lexemes = ["calder", "silicon", "tornilleri"]
    floor = math.log(1 + retrieval.IDF_CAP / (retrieval.IDF_CAP + 1))
    unseen = math.log(1 + retrieval.IDF_CAP)

    def weights(user):
        scope = scope_for(world_tx.access(user))
        with transaction.atomic():
            found = retrieval._idf_weights(scope, query)
            unknown = retrieval._unknown_words(scope, "tornilleria caldera")
        return found, unknown

    # Given the stored counts, when the reader (contacts and invoices) and the owner weigh
    # the words
    reader, reader_unknown = weights(world_tx.reader)
    owner, owner_unknown = weights(world_tx.owner)
    TenantLexeme.objects.all().delete()
    reader_live, reader_live_unknown = weights(world_tx.reader)

    # Then the invoice's word is saturated for both; the expenses' words only for the owner:
    # for the reader they weigh what a live count gives, as if nobody had written them
    assert reader == {"calder": floor, "silicon": unseen, "tornilleri": unseen}
    assert reader == {**reader_live, "calder": floor}
    assert owner == dict.fromkeys(lexemes, floor)
    # and the typo check reads the counts the same way
    assert reader_unknown == reader_live_unknown == ["tornilleria"]
    assert owner_unknown == []


def test_rank_sends_the_legs_first_statements_in_one_round_trip(records, world_tx, counted):
    # Given a tenant with its own indexes and stored lexeme counts
    scope = scope_for(world_tx.access(world_tx.owner))
    with transaction.atomic():
        alone = {
            leg: retrieval.rank(scope=scope, question="caldera de gas", today=TODAY, legs=(leg,))
            for leg in LEGS
        }

    # When the whole ranking runs
    with CaptureQueriesContext(connection) as captured:
        ranking = rank(scope=scope, question="caldera de gas", today=TODAY)

    # Then the contacts named, the weights, the typo check and the vector leg went together,
    # then the lexical ranking, then the fusion's kinds (and the transaction's two ends)
    statements = [q["sql"] for q in captured.captured_queries]
    assert len(statements) == 5
    assert statements[0] == "BEGIN" and statements[-1] == "COMMIT"
    first = statements[1]
    assert first.index('FROM "search_documents"') < first.index("WITH lexemes AS")
    assert first.index("WITH lexemes AS") < first.index("plainto_tsquery")
    assert first.index("plainto_tsquery") < first.index("SET LOCAL hnsw.ef_search")
    assert "ts_rank" in statements[2]
    # and each leg found what it finds alone
    assert {leg: ranking.legs[leg] for leg in LEGS} == {leg: alone[leg].legs[leg] for leg in LEGS}
    assert ranking.legs["lexical"] and ranking.legs["vector"]
