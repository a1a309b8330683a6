"""Benchmark the memory blocks of the prompt under row-level security (docs/benchmarks/memory.md).

Runs only on a scratch database (``SUMALOS_TEST_DATABASE=sumalos_bench…``): it empties
``memories``, loads ``--rows`` synthetic memories in 1,000 organizations (one holds 20 %) by
binary COPY with the table's indexes dropped, builds them afterwards (and the large
organization's own HNSW index, as the maintenance task would), then times profile + related
assembly as ``ai_reader`` and as the table owner with the app filter only, interleaved, and
the related leg's recall@10 against an exact scan.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, connections
from pgvector import HalfVector

from memory.prompt import memory_prompt_blocks, related_nearest
from sumalos.accounts.access import AiAccess, OrgPermissions, Principal
from sumalos.embeddings import embed_query
from sumalos.platform.bench import (
    Case,
    copy_rows,
    load_average,
    percentiles,
    recall_at_10,
    require_scratch_database,
    table_markdown,
)
from sumalos.platform.tenant_indexes import maintain_tenant_indexes

BIG_ORG = 1
SMALL_ORG = 500
ORGANIZATIONS = 1000
POOL = 1000
MESSAGE = "¿A cuántos días paga Talleres García?"
AREAS = ("general", "contacts", "invoices", "expenses")
CATEGORIES = ("perfil_usuario", "preferencia", "empresa", "cliente", "proveedor", "evento")
COLUMNS = (
    "visibility",
    "organization_id",
    "owner_user_id",
    "area",
    "category",
    "subject",
    "attribute",
    "value",
    "text",
    "confidence",
    "pinned",
    "status",
    "unverified",
    "sources",
    "created_at",
    "updated_at",
    "embedding",
)
TYPES = (
    "text",
    "int8",
    "int8",
    "text",
    "text",
    "text",
    "text",
    "text",
    "text",
    "float8",
    "bool",
    "text",
    "bool",
    "varchar[]",
    "timestamptz",
    "timestamptz",
    "halfvec",
)


def _member(org: int, user: int) -> AiAccess:
    """A member who reads contacts and invoices (not expenses) and writes nothing."""
    perms = OrgPermissions(
        role="member", read=frozenset({"general", "contacts", "invoices"}), write=frozenset()
    )
    return AiAccess(principal=Principal(kind="user", user_id=user), permissions={org: perms})


def _organization(i: int) -> int:
    return BIG_ORG if i % 5 == 0 else 2 + i % (ORGANIZATIONS - 1)


def _owner(i: int, org: int, kind: int) -> int | None:
    """Private rows: one of five members of their organization (org * 10 + 0..4). Personal
    rows (no organization) are spread over all 10,000 people, about ten each at 1M rows."""
    if kind == 0:
        return 10 + (i * 7919) % (ORGANIZATIONS * 10)
    return org * 10 + i % 5 if kind < 4 else None


def _rows(count: int, pool: np.ndarray, now: datetime, seed: int) -> Iterator[tuple[Any, ...]]:
    """The synthetic memories; row i's vector is pool vector i % POOL plus a little noise."""
    rng = np.random.default_rng(seed)
    batch = 50_000
    days = [now - timedelta(days=d) for d in range(365)]
    for start in range(1, count + 1, batch):
        stop = min(count + 1, start + batch)
        numbers = np.arange(start, stop)
        noise = rng.normal(0, 0.004, size=(stop - start, pool.shape[1])).astype(np.float32)
        vectors = (pool[numbers % POOL] + noise).astype(">f2")
        for offset, i in enumerate(range(start, stop)):
            org = _organization(i)
            kind = (i // 5) % 10
            visibility = "personal" if kind == 0 else "private_in_org" if kind < 4 else "shared"
            day = days[i % 365]
            yield (
                visibility,
                None if kind == 0 else org,
                _owner(i, org, kind),
                AREAS[i % 4],
                CATEGORIES[i % 6],
                f"Cliente {i % 50}",
                f"atributo_{i % 7}",
                f"{i % 90} días",
                f"Cliente {i % 50} paga a {i % 90} días; nota {i}.",
                0.5 + (i % 50) / 100.0,
                i % 97 == 0,
                "superseded" if i % 13 == 0 else "active",
                False,
                [],
                day,
                day,
                HalfVector(vectors[offset]),
            )


class Command(BaseCommand):
    help = "Mide los bloques de memoria del prompt (solo en una base de datos de pruebas)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rows", type=int, default=100_000)
        parser.add_argument("--iterations", type=int, default=200)
        parser.add_argument("--queries", type=int, default=20, help="for recall@10")
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--json", action="store_true", help="print the cases as JSON")
        parser.add_argument(
            "--reuse", action="store_true", help="keep the rows of a previous run of this size"
        )
        parser.add_argument("--write", action="store_true", help="write docs/benchmarks/memory.md")

    def handle(self, *args: Any, **options: Any) -> None:
        require_scratch_database()
        rows = options["rows"]
        vector = embed_query(MESSAGE)
        loaded = built = 0.0
        if not (options["reuse"] and self._loaded() == rows):
            started = time.perf_counter()
            try:
                self._load(rows, vector, options["seed"])
            finally:
                loaded = time.perf_counter() - started
                started = time.perf_counter()
                self._build()  # even after a failed load: the indexes were dropped
                built = time.perf_counter() - started
        before = load_average()
        cases = [
            self._measure(
                "organización grande (20 %)", _member(BIG_ORG, BIG_ORG * 10), vector, options
            ),
            self._measure(
                "organización pequeña", _member(SMALL_ORG, SMALL_ORG * 10), vector, options
            ),
        ]
        after = load_average()
        if options["json"]:
            self.stdout.write(json.dumps({"cases": [case.as_dict() for case in cases]}))
        report = self._report(rows, options["iterations"], loaded, built, before, after, cases)
        if not options["json"]:
            self.stdout.write(report)
        if options["write"]:
            path = Path(settings.BASE_DIR) / "docs" / "benchmarks" / "memory.md"
            path.write_text(report)

    _indexes: list[tuple[str, str]] = []

    def _loaded(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM memories")
            return int(cursor.fetchone()[0])

    def _load(self, rows: int, vector: list[float], seed: int) -> None:
        rng = np.random.default_rng(seed)
        pool = rng.normal(0, 1, size=(POOL, len(vector))).astype(np.float32)
        pool /= np.linalg.norm(pool, axis=1, keepdims=True)
        pool[0] = np.asarray(vector, dtype=np.float32)  # one memory in 1,000 is about the message
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE memories, memory_audit, organizations, users CASCADE")
            cursor.execute(
                "INSERT INTO organizations (id, name, tax_id, shared_mode, created_at) "
                "OVERRIDING SYSTEM VALUE SELECT n, 'bench ' || n, '', 'auto', now() "
                "FROM generate_series(1, %s) n",
                [ORGANIZATIONS],
            )
            cursor.execute(
                "INSERT INTO users (id, password, is_superuser, email, full_name, is_active, "
                "is_staff, date_joined) OVERRIDING SYSTEM VALUE "
                "SELECT n, '!', false, 'bench' || n || '@example.com', '', true, false, now() "
                "FROM generate_series(1, %s) n",
                [ORGANIZATIONS * 10 + 10],
            )
            cursor.execute(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'memories' "
                "AND indexname NOT LIKE '%%pkey'"
            )
            self._indexes = cursor.fetchall()
            for name, _ in self._indexes:
                cursor.execute(f"DROP INDEX {name}")
        copy_rows("memories", COLUMNS, TYPES, _rows(rows, pool, datetime.now(UTC), seed))

    def _build(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute("SET maintenance_work_mem = '512MB'")
            for name, definition in self._indexes:
                if "_vec_org_" not in name:
                    cursor.execute(definition)
            cursor.execute("RESET maintenance_work_mem")
            cursor.execute("VACUUM ANALYZE memories")
        maintain_tenant_indexes("memories", concurrently=False)

    def _measure(
        self,
        name: str,
        access: AiAccess,
        vector: list[float],
        options: dict[str, Any],
    ) -> Case:
        timings: dict[str, list[float]] = {"ai_reader": [], "owner": []}

        def timed(rls: bool) -> float:
            started = time.perf_counter()
            memory_prompt_blocks(access=access, message=MESSAGE, query_embedding=vector, rls=rls)
            return (time.perf_counter() - started) * 1000

        # The owner's rounds run on a connection of their own (a thread of their own): a
        # prepared statement's plan belongs to the role it was planned for, so one connection
        # switching roles every round would plan the profile again each time, which the app,
        # always ai_reader, never does.
        with ThreadPoolExecutor(max_workers=1) as owner:
            for index in range(options["iterations"] + 10):
                for mode in ("ai_reader", "owner") if index % 2 else ("owner", "ai_reader"):
                    if mode == "owner":
                        elapsed = owner.submit(timed, False).result()
                    else:
                        elapsed = timed(True)
                    if index >= 10:  # the first rounds warm caches up
                        timings[mode].append(elapsed)
            owner.submit(connections.close_all).result()
        recalls: list[float] = []
        short = 0
        rng = np.random.default_rng(options["seed"] + 1)
        org = next(iter(access.permissions))
        # A question about something the person remembers: a visible row's vector, nudged.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT embedding::text FROM memories WHERE organization_id = %s "
                "AND visibility = 'shared' AND area IN ('general', 'contacts', 'invoices') "
                "AND status = 'active' ORDER BY id LIMIT %s",
                [org, options["queries"]],
            )
            seeds = [json.loads(text) for (text,) in cursor.fetchall()]
        for seed_vector in seeds:
            near = np.asarray(seed_vector) + rng.normal(0, 0.01, size=len(seed_vector))
            query = [float(x) for x in near]
            approximate = related_nearest(access, query, ())[:10]
            exact = related_nearest(access, query, (), exact=True)[:10]
            if len(approximate) < len(exact):
                short += 1
            if exact:
                recalls.append(recall_at_10([d for d, _ in approximate], [d for d, _ in exact]))
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM memories")
            total = cursor.fetchone()[0]
            cursor.execute("SELECT count(*) FROM memories WHERE organization_id = %s", [org])
            tenant = cursor.fetchone()[0]
        p50, p95 = percentiles(timings["ai_reader"])
        _, owner_p95 = percentiles(timings["owner"])
        return Case(
            name=name,
            rows=total,
            tenant_rows=tenant,
            p50_ms=p50,
            p95_ms=p95,
            owner_p95_ms=owner_p95,
            recall_at_10=sum(recalls) / len(recalls) if recalls else None,
            short_sets=short,
        )

    def _report(
        self,
        rows: int,
        iterations: int,
        loaded: float,
        built: float,
        before: tuple[float, float, float],
        after: tuple[float, float, float],
        cases: list[Case],
    ) -> str:
        lines = [
            "# Memory prompt blocks: benchmark",
            "",
            f"`manage.py bench_memory --rows {rows}` on a scratch database: {rows:,} synthetic "
            f"memories in {ORGANIZATIONS:,} organizations, one holding 20 %, loaded by binary "
            f"COPY in {loaded:.1f} s; indexes (and the large organization's own HNSW index) "
            f"built afterwards in {built:.1f} s (0 s: rows of an earlier run, `--reuse`). "
            "Profile + related assembly for a member who reads contacts and invoices, "
            f"{iterations} interleaved rounds per mode, the "
            "message's embedding computed once outside the timing. p50/p95 are `ai_reader` "
            "(row-level security plus the app filter); owner p95 is the same code as the table "
            "owner with the app filter only. recall@10 is the related leg's nearest ten against "
            "an exact scan under the same filter, for questions near a memory the person can "
            "see (a visible row's vector plus noise); a row as near as the exact tenth counts "
            "(ties). Personal memories are spread over all 10,000 people (about ten each).",
            "",
            *table_markdown(cases),
            "",
            f"Load average (1/5/15 min) before the timed part: {before[0]:.2f} / {before[1]:.2f}"
            f" / {before[2]:.2f}; after: {after[0]:.2f} / {after[1]:.2f} / {after[2]:.2f}. "
            "The machine has 2 cores shared with other engineers' runs; the two modes are "
            "interleaved, so their ratio is the figure least affected by that load.",
            "",
        ]
        return "\n".join(lines)
