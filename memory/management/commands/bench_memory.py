"""Benchmark the memory blocks of the prompt under row-level security.

Builds 100,000 synthetic memories in 1,000 organizations (one holds 20 %) in a scratch schema
with bulk SQL, protects it with the same policy as ``memories``, and times profile + related
assembly as ``ai_reader`` and as the owner with the app filter only, interleaved in one run.
The scratch schema is dropped at the end, whatever happens.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection

from memory.prompt import memory_prompt_blocks
from sumalos.accounts.access import AiAccess, OrgPermissions, Principal
from sumalos.embedded import READER_ROLE
from sumalos.embeddings import embed_query
from sumalos.rls.policies import TABLE_POLICIES
from sumalos.rls.sql import protect_table_sql

SCHEMA = "bench_memory"
BIG_ORG = 1
ORGANIZATIONS = 1000
MESSAGE = "¿A cuántos días paga Talleres García?"

BUILD_SQL = f"""
CREATE SCHEMA {SCHEMA};
CREATE TABLE {SCHEMA}.memories (LIKE public.memories INCLUDING DEFAULTS INCLUDING IDENTITY
                                 INCLUDING INDEXES INCLUDING CONSTRAINTS);
CREATE TEMP TABLE bench_vectors AS
  SELECT v AS n, (SELECT array_agg(random() - 0.5) FROM generate_series(1, 384)
                  WHERE v > 0)::halfvec(384) AS embedding
  FROM generate_series(1, 1000) v;
INSERT INTO {SCHEMA}.memories
  (visibility, organization_id, owner_user_id, owner_phone, area, category, subject, attribute,
   value, text, confidence, pinned, status, unverified, sources, created_at, updated_at,
   embedding)
SELECT
  CASE WHEN i % 10 = 0 THEN 'personal' WHEN i % 10 < 4 THEN 'private_in_org' ELSE 'shared' END,
  CASE WHEN i % 10 = 0 THEN NULL ELSE org END,
  CASE WHEN i % 10 < 4 THEN org * 10 + i % 5 END,
  NULL,
  (ARRAY['general', 'contacts', 'invoices', 'expenses'])[1 + i % 4],
  (ARRAY['perfil_usuario', 'preferencia', 'empresa', 'cliente', 'proveedor', 'evento'])[1 + i % 6],
  'Cliente ' || (i % 50), 'atributo_' || (i % 7), (i % 90) || ' días',
  'Cliente ' || (i % 50) || ' paga a ' || (i % 90) || ' días; nota ' || i || '.',
  0.5 + (i % 50) / 100.0, i % 97 = 0,
  CASE WHEN i % 13 = 0 THEN 'superseded' ELSE 'active' END, false, '{{}}',
  now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day',
  v.embedding
FROM (SELECT i, CASE WHEN i % 5 = 0 THEN {BIG_ORG} ELSE 2 + i % {ORGANIZATIONS - 1} END AS org
      FROM generate_series(1, __ROWS__) i) s
JOIN bench_vectors v ON v.n = 1 + s.i % 1000;
DROP TABLE bench_vectors;
GRANT USAGE ON SCHEMA {SCHEMA} TO {READER_ROLE};
"""


def _member(org: int, user: int) -> AiAccess:
    """A member who reads contacts and invoices (not expenses) and writes nothing."""
    perms = OrgPermissions(
        role="member", read=frozenset({"general", "contacts", "invoices"}), write=frozenset()
    )
    return AiAccess(principal=Principal(kind="user", user_id=user), permissions={org: perms})


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]
    return statistics.median(ordered), p95


class Command(BaseCommand):
    help = "Time the memory prompt blocks under ai_reader vs the owner on 100k memories."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--rows", type=int, default=100_000)
        parser.add_argument("--iterations", type=int, default=200)
        parser.add_argument("--write", action="store_true", help="write docs/benchmarks/memory.md")

    def handle(self, *args: Any, **options: Any) -> None:
        rows, iterations = options["rows"], options["iterations"]
        vector = embed_query(MESSAGE)
        with connection.cursor() as cursor:
            cursor.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        try:
            started = time.perf_counter()
            with connection.cursor() as cursor:
                cursor.execute(BUILD_SQL.replace("__ROWS__", str(rows)))
                cursor.execute(protect_table_sql(f"{SCHEMA}.memories", TABLE_POLICIES["memories"]))
                cursor.execute(f"ANALYZE {SCHEMA}.memories")
                cursor.execute(f"SET search_path TO {SCHEMA}, public")
            built = time.perf_counter() - started
            cases = {
                "organización grande (20 %)": _member(BIG_ORG, BIG_ORG * 10),
                "organización pequeña": _member(500, 5000),
            }
            results = {
                name: self._measure(access, vector, iterations) for name, access in cases.items()
            }
        finally:
            with connection.cursor() as cursor:
                cursor.execute("RESET search_path")
                cursor.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        report = self._report(rows, iterations, built, results)
        self.stdout.write(report)
        if options["write"]:
            path = Path(settings.BASE_DIR) / "docs" / "benchmarks" / "memory.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(report)

    def _measure(
        self, access: AiAccess, vector: list[float], iterations: int
    ) -> dict[str, tuple[float, float]]:
        timings: dict[str, list[float]] = {"ai_reader": [], "owner": []}
        for index in range(iterations + 10):
            for mode in ("ai_reader", "owner") if index % 2 else ("owner", "ai_reader"):
                started = time.perf_counter()
                memory_prompt_blocks(
                    access=access, message=MESSAGE, query_embedding=vector, rls=mode == "ai_reader"
                )
                if index >= 10:  # the first rounds warm caches up
                    timings[mode].append((time.perf_counter() - started) * 1000)
        return {mode: _percentiles(samples) for mode, samples in timings.items()}

    def _report(
        self,
        rows: int,
        iterations: int,
        built: float,
        results: dict[str, dict[str, tuple[float, float]]],
    ) -> str:
        lines = [
            "# Memory prompt blocks: benchmark",
            "",
            f"`manage.py bench_memory`: {rows:,} synthetic memories in {ORGANIZATIONS:,} "
            f"organizations, one holding 20 %; built in {built:.1f} s with bulk SQL in a scratch "
            f"schema (dropped afterwards). Profile + related assembly for a member who reads "
            f"contacts and invoices, {iterations} interleaved rounds per mode, embedding of the "
            "message computed once outside the timing. Times in ms.",
            "",
            "| case | ai_reader p50 | ai_reader p95 | owner p50 | owner p95 "
            "| ratio p50 | ratio p95 |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for name, result in results.items():
            (r50, r95), (o50, o95) = result["ai_reader"], result["owner"]
            lines.append(
                f"| {name} | {r50:.1f} | {r95:.1f} | {o50:.1f} | {o95:.1f} | "
                f"{r50 / o50:.2f} | {r95 / o95:.2f} |"
            )
        lines += [
            "",
            "`ai_reader` = the production path (row-level security plus the app filter); "
            "`owner` = the same queries as the table owner with the app filter only. "
            "See docs/memory.md for how the reads are split.",
            "",
        ]
        return "\n".join(lines)
