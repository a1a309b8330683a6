"""Benchmark the search on a synthetic index (docs/benchmarks/search.md, DESIGN §7 and §9).

Runs only on a scratch database (``SUMALOS_TEST_DATABASE=sumalos_bench…``). Generates
organizations with Zipf-skewed sizes and one document and chunk per row (8 Spanish invoicing
words from a pool of 300 texts embedded with the real e5 model, each vector nudged by noise),
loads them by binary COPY with the indexes dropped, builds the indexes afterwards and the
large tenants' own HNSW indexes (what ``search.tasks.maintain_tenant_indexes`` does), then
measures the fused ``rank`` for the ten largest tenants and small ones, the vector leg's
recall@10 against an exact scan under the same tenant filter, and short result sets.

There is no global full-text or vector index (search/0006): large tenants get their own GIN
and HNSW indexes, the others are read through the policy btree (decisions 0021 and 0027). The
question's e5 embedding is timed apart from the ranking, which is given the vector.
"""

from __future__ import annotations

import datetime
import json
import random
import statistics
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, transaction
from pgvector import HalfVector

from search.agents import scope_for
from search.retrieval import LEG_LIMIT, parse_query, rank, vector_leg
from search.tenant_lexemes import refresh_tenant_lexemes
from sumalos.accounts.access import AiAccess, OrgPermissions, Principal
from sumalos.embeddings import embed_passages, embed_query
from sumalos.platform.bench import (
    Case,
    copy_rows,
    load_average,
    percentiles,
    require_scratch_database,
    table_markdown,
)
from sumalos.platform.tenant_indexes import TABLES, maintain_tenant_indexes

WORDS = [
    "factura",
    "caldera",
    "gas",
    "revision",
    "fuga",
    "bano",
    "grifo",
    "monomando",
    "desatasco",
    "bajante",
    "termo",
    "electrico",
    "cisterna",
    "mecanismo",
    "ducha",
    "tuberia",
    "plomo",
    "multicapa",
    "radiador",
    "purgado",
    "camara",
    "termica",
    "descalcificador",
    "presupuesto",
    "gasto",
    "gasoleo",
    "furgoneta",
    "seguro",
    "gestoria",
    "honorarios",
    "trimestre",
    "tornilleria",
    "silicona",
    "teflon",
    "herramienta",
    "cortatubos",
    "llave",
    "comunidad",
    "propietarios",
    "hostal",
    "taller",
    "restaurante",
    "clinica",
    "panaderia",
    "farmacia",
    "residencia",
    "colegio",
    "lavanderia",
    "cobro",
    "pago",
    "transferencia",
    "contado",
    "urgencia",
    "horario",
    "verano",
    "agosto",
    "obra",
    "material",
    "proveedor",
    "cliente",
]

POOL = 300
# The per-tenant indexes of search chunks: dropped before a load, built by the maintenance.
TENANT_INDEXES = ("search_chunks", "search_chunks_text")
TENANT_PATTERNS = [TABLES[key].prefix.replace("_", r"\_") + "%" for key in TENANT_INDEXES]
DOCUMENT_COLUMNS = (
    "id",
    "visibility",
    "organization_id",
    "area",
    "kind",
    "source_id",
    "key",
    "title",
    "summary",
    "tax_id",
    "number",
    "link",
    "source_updated_at",
    "content_hash",
    "indexed_at",
)
DOCUMENT_TYPES = ("int8", "text", "int8", "text", "text", "int8", *["text"] * 6, "timestamptz")
DOCUMENT_TYPES = (*DOCUMENT_TYPES, "text", "timestamptz")
CHUNK_COLUMNS = (
    "visibility",
    "organization_id",
    "area",
    "document_id",
    "kind",
    "position",
    "content",
    "search_text",
    "search_vector",
    "embedding",
)
# search_vector goes as the bytes tsvectorsend() gave for its pool text: binary COPY reads
# each field with the column's own receive function.
CHUNK_TYPES = ("text", "int8", "text", "int8", "text", "int2", "text", "text", "bytea", "halfvec")


def _tenant_sizes(organizations: int, chunks: int, rng: random.Random) -> list[int]:
    weights = [1 / (rank + 1) ** 1.1 for rank in range(organizations)]
    total = sum(weights)
    sizes = [max(1, round(chunks * w / total)) for w in weights]
    rng.shuffle(sizes)
    return sizes


def _today() -> datetime.date:
    return datetime.date(2026, 11, 29)


class Command(BaseCommand):
    help = "Mide la búsqueda con un índice sintético (solo en una base de datos de pruebas)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--organizations", type=int, default=1000)
        parser.add_argument("--chunks", type=int, default=100_000)
        parser.add_argument("--queries", type=int, default=40)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--json", action="store_true", help="print the cases as JSON")
        parser.add_argument(
            "--reuse", action="store_true", help="keep the rows of a previous run of this size"
        )
        parser.add_argument("--write", action="store_true", help="write docs/benchmarks/search.md")

    def handle(self, *args: Any, **options: Any) -> None:
        require_scratch_database()
        rng = random.Random(options["seed"])
        started = time.perf_counter()
        sizes = _tenant_sizes(options["organizations"], options["chunks"], rng)
        texts = [" ".join(rng.sample(WORDS, 8)) for _ in range(POOL)]
        org_ids = list(range(1, len(sizes) + 1))
        loaded = built = 0.0
        built_tenants = 0
        if not (options["reuse"] and self._loaded() == sum(sizes)):
            try:
                self._load(sizes, texts, options["seed"])
            finally:
                loaded = time.perf_counter() - started
                started = time.perf_counter()
                built_tenants = self._build()  # even after a failed load: indexes were dropped
                built = time.perf_counter() - started
        # What the maintenance task keeps beside the tenant indexes (rows of an older run too).
        refresh_tenant_lexemes()
        by_size = sorted(zip(sizes, org_ids, strict=True))
        small = [org for _, org in by_size[: len(by_size) // 2]]
        large = [org for _, org in by_size[-10:]]
        size_of = dict(zip(org_ids, sizes, strict=True))
        before = load_average()
        cases = [
            self._measure("10 largest tenants", large, size_of, options, rng),
            self._measure("small tenants (lower half)", small, size_of, options, rng),
        ]
        after = load_average()
        embedding = percentiles(self._embedding)
        if options["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "cases": [case.as_dict() for case in cases],
                        "embedding_ms": {
                            "p50": round(embedding[0], 1),
                            "p95": round(embedding[1], 1),
                        },
                    }
                )
            )
        report = self._report(
            options, sizes, loaded, built, built_tenants, before, after, cases, embedding
        )
        if not options["json"]:
            self.stdout.write(report)
        if options["write"]:
            path = Path(settings.BASE_DIR) / "docs" / "benchmarks" / "search.md"
            path.write_text(report)

    _indexes: list[tuple[str, str]] = []
    _embedding: list[float] = []

    def _loaded(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM search_chunks")
            return int(cursor.fetchone()[0])

    def _load(self, sizes: list[int], texts: list[str], seed: int) -> None:
        pool = np.asarray(embed_passages(texts), dtype=np.float32)
        with connection.cursor() as cursor:
            cursor.execute(
                "TRUNCATE search_chunks, search_documents, search_edges, organizations CASCADE"
            )
            cursor.execute(
                "INSERT INTO organizations (id, name, tax_id, shared_mode, created_at) "
                "OVERRIDING SYSTEM VALUE SELECT n, 'bench ' || n, '', 'auto', now() "
                "FROM generate_series(1, %s) n",
                [len(sizes)],
            )
            vectors = []
            for text in texts:
                cursor.execute(
                    "SELECT tsvectorsend(setweight(to_tsvector('es_unaccent', %s), 'D'))", [text]
                )
                vectors.append(bytes(cursor.fetchone()[0]))
            for table in ("search_documents", "search_chunks"):
                # Every index but the primary keys and those behind constraints.
                cursor.execute(
                    "SELECT c.relname, pg_get_indexdef(c.oid) FROM pg_index x "
                    "JOIN pg_class c ON c.oid = x.indexrelid WHERE x.indrelid = %s::regclass "
                    "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid) "
                    "AND c.relname NOT LIKE ALL (%s)",
                    [table, TENANT_PATTERNS],
                )
                self._indexes += cursor.fetchall()
            for name, _ in self._indexes:
                cursor.execute(f"DROP INDEX {name}")
            cursor.execute(
                "SELECT indexname FROM pg_indexes WHERE indexname LIKE ANY (%s)", [TENANT_PATTERNS]
            )
            for (name,) in cursor.fetchall():
                cursor.execute(f"DROP INDEX {name}")
        owners = [org for org, size in enumerate(sizes, start=1) for _ in range(size)]
        now = datetime.datetime.now(datetime.UTC)

        def documents() -> Iterator[tuple[Any, ...]]:
            for n, org in enumerate(owners, start=1):
                yield (
                    n,
                    "shared",
                    org,
                    "general",
                    "external",
                    1_000_000_000 + n,
                    "bench",
                    "bench",
                    "",
                    "",
                    "",
                    "",
                    now,
                    "",
                    now,
                )

        def chunks() -> Iterator[tuple[Any, ...]]:
            generator = np.random.default_rng(seed)
            batch = 50_000
            for start in range(0, len(owners), batch):
                stop = min(len(owners), start + batch)
                numbers = np.arange(start + 1, stop + 1)
                noise = generator.uniform(-0.02, 0.02, size=(stop - start, pool.shape[1]))
                embedded = (pool[numbers % POOL] + noise).astype(">f2")
                for offset, n in enumerate(range(start + 1, stop + 1)):
                    text = texts[n % POOL]
                    yield (
                        "shared",
                        owners[n - 1],
                        "general",
                        n,
                        "external",
                        0,
                        text,
                        text,
                        vectors[n % POOL],
                        HalfVector(embedded[offset]),
                    )

        copy_rows("search_documents", DOCUMENT_COLUMNS, DOCUMENT_TYPES, documents())
        copy_rows("search_chunks", CHUNK_COLUMNS, CHUNK_TYPES, chunks())
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence('search_documents', 'id'), %s)",
                [max(len(owners), 1)],
            )

    def _build(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute("SET maintenance_work_mem = '512MB'")
            for _, definition in self._indexes:
                cursor.execute(definition.replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS", 1))
            cursor.execute("RESET maintenance_work_mem")
            cursor.execute("VACUUM ANALYZE search_documents")
            cursor.execute("VACUUM ANALYZE search_chunks")
        built = 0
        for key in TENANT_INDEXES:
            built += len(maintain_tenant_indexes(key, concurrently=False).created)
        return built

    def _measure(
        self,
        name: str,
        tenants: list[int],
        sizes: dict[int, int],
        options: dict[str, Any],
        rng: random.Random,
    ) -> Case:
        timings: list[float] = []
        recalls: list[float] = []
        short = 0
        asked = []
        for _ in range(options["queries"]):
            org = rng.choice(tenants)
            access = AiAccess(
                principal=Principal(kind="user", user_id=1),
                permissions={
                    org: OrgPermissions(
                        role="owner", read=frozenset({"general"}), write=frozenset()
                    )
                },
            )
            scope = scope_for(access)
            question = " ".join(rng.sample(WORDS, 4))
            started = time.perf_counter()
            embedding = embed_query(question)
            self._embedding.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            rank(scope=scope, question=question, today=_today(), embedding=embedding)
            timings.append((time.perf_counter() - started) * 1000)
            asked.append((org, scope, question, embedding))
        # The recall check after the timed part: its exact scans read whole tenants, which
        # would leave the next timed query a cold cache that no real query leaves it.
        for org, scope, question, embedding in asked:
            query = replace(parse_query(question, today=_today()), embedding=tuple(embedding))
            with transaction.atomic():
                approximate = [pk for pk, _ in vector_leg(scope=scope, query=query, floor=-1)][:10]
            exact = self._exact_top10(scope, query)
            expected = min(10, sizes[org], LEG_LIMIT)
            if len(approximate) < min(expected, len(exact)):
                short += 1
            if exact:
                recalls.append(len(set(approximate) & set(exact)) / len(exact))
        p50, p95 = percentiles(timings)
        chosen = sorted({sizes[org] for org in tenants})
        return Case(
            name=name,
            rows=sum(sizes.values()),
            tenant_rows=chosen[-1],
            p50_ms=p50,
            p95_ms=p95,
            owner_p95_ms=None,
            recall_at_10=statistics.mean(recalls) if recalls else None,
            short_sets=short,
        )

    def _exact_top10(self, scope: Any, query: Any) -> list[int]:
        """The true nearest documents: the same filter, no index for the ordering."""
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_indexscan = off")
            return [pk for pk, _ in vector_leg(scope=scope, query=query, floor=-1)][:10]

    def _report(
        self,
        options: dict[str, Any],
        sizes: list[int],
        loaded: float,
        built: float,
        built_tenants: int,
        before: tuple[float, float, float],
        after: tuple[float, float, float],
        cases: list[Case],
        embedding: tuple[float, float],
    ) -> str:
        ordered = sorted(sizes)
        lines = [
            "# Search benchmark",
            "",
            f"`manage.py bench_search --organizations {options['organizations']} --chunks "
            f"{options['chunks']}` on a scratch database: {sum(sizes):,} chunks in "
            f"{len(sizes):,} organizations with Zipf sizes (exponent 1.1; largest "
            f"{ordered[-1]:,}, tenth largest {ordered[-10]:,}, median "
            f"{statistics.median(ordered):,.0f}). Loaded by binary COPY in {loaded:.1f} s; "
            f"indexes built afterwards, with {built_tenants} tenant indexes (HNSW and GIN), in "
            f"{built:.1f} s (0 s: rows of an earlier run, `--reuse`). {options['queries']} "
            "queries per case, each 4 random pool words asked as the owner of a random tenant "
            "of the case; p50/p95 are the full fused `rank()` (exact, lexical, trigram, vector "
            "legs and the learned fusion) given the question's embedding; the e5 embedding "
            f"itself, timed apart, took p50 {embedding[0]:.1f} ms / p95 {embedding[1]:.1f} ms "
            "(CPU in this process, no database). recall@10 is the vector leg against the same leg "
            "with index scans off (exact) under the same tenant filter; a short set is a "
            "vector leg returning fewer than min(10, tenant size) neighbours. The leg runs "
            "as the table owner (decision 0013), so there is no owner column; tenant rows "
            "is the largest tenant of the case.",
            "",
            *table_markdown(cases),
            "",
            f"Load average (1/5/15 min) before the timed part: {before[0]:.2f} / {before[1]:.2f}"
            f" / {before[2]:.2f}; after: {after[0]:.2f} / {after[1]:.2f} / {after[2]:.2f} "
            "(2 cores shared with other engineers' runs).",
            "",
        ]
        return "\n".join(lines)
