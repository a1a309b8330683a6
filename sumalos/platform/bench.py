"""What the benchmark commands share: the scratch check, bulk COPY, percentiles, conditions.

``bench_memory`` and ``bench_search`` load synthetic rows straight into the tables of a scratch
database (its name starts with ``sumalos_bench``; anything else is refused) by binary COPY,
build their indexes afterwards and print cases in one JSON shape (docs/benchmarks/).
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from django.core.management.base import CommandError
from django.db import connection
from pgvector.psycopg import register_vector

SCRATCH_PREFIX = "sumalos_bench"


def require_scratch_database() -> str:
    """The database's name, or CommandError when it is not a scratch one."""
    name = str(connection.settings_dict["NAME"])
    if not name.startswith(SCRATCH_PREFIX):
        raise CommandError(
            f"Solo en una base de datos {SCRATCH_PREFIX}*; esta es {name}. "
            f"Créala y usa SUMALOS_TEST_DATABASE={SCRATCH_PREFIX}_…"
        )
    return name


def copy_rows(table: str, columns: Sequence[str], types: Sequence[str], rows: Iterable[Any]) -> int:
    """Binary COPY of ``rows`` into ``table``; returns how many were written."""
    connection.ensure_connection()
    raw = connection.connection
    assert raw is not None
    register_vector(raw)
    written = 0
    with raw.cursor() as cursor:
        # COPY refuses a table whose row-level security applies to its owner: lift it for the
        # load only (this is a scratch database) and put it back whatever happens.
        cursor.execute("SELECT relforcerowsecurity FROM pg_class WHERE oid = %s::regclass", [table])
        row = cursor.fetchone()
        forced = bool(row and row[0])
        if forced:
            cursor.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
        try:
            statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN WITH (FORMAT BINARY)"
            with cursor.copy(statement) as copy:
                copy.set_types(list(types))
                for values in rows:
                    copy.write_row(values)
                    written += 1
        finally:
            if forced:
                cursor.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
    return written


def percentiles(samples: list[float]) -> tuple[float, float]:
    """p50 and p95 (nearest rank) of ``samples``."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return statistics.median(ordered), p95


def recall_at_10(approximate: Sequence[float], exact: Sequence[float]) -> float:
    """Share of the exact ten found, by distance: a row as near as the exact tenth counts.

    Synthetic rows tie at the tenth place; which of the tied rows comes back is no miss.
    """
    if not exact:
        return 1.0
    bound = max(exact[:10]) + 1e-9
    return min(len(exact[:10]), sum(1 for d in approximate[:10] if d <= bound)) / len(exact[:10])


def load_average() -> tuple[float, float, float]:
    return os.getloadavg()


@dataclass
class Case:
    name: str
    rows: int
    tenant_rows: int
    p50_ms: float
    p95_ms: float
    owner_p95_ms: float | None
    recall_at_10: float | None
    short_sets: int | None

    def as_dict(self) -> dict[str, Any]:
        values = asdict(self)
        for key in ("p50_ms", "p95_ms", "owner_p95_ms", "recall_at_10"):
            if values[key] is not None:
                values[key] = round(values[key], 3 if key == "recall_at_10" else 1)
        return values


def table_markdown(cases: Sequence[Case]) -> list[str]:
    lines = [
        "| case | rows | tenant rows | p50 ms | p95 ms | owner p95 ms | recall@10 | short sets |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for case in cases:
        owner = "–" if case.owner_p95_ms is None else f"{case.owner_p95_ms:.1f}"
        recall = "–" if case.recall_at_10 is None else f"{case.recall_at_10:.3f}"
        short = "–" if case.short_sets is None else str(case.short_sets)
        lines.append(
            f"| {case.name} | {case.rows:,} | {case.tenant_rows:,} | {case.p50_ms:.1f} "
            f"| {case.p95_ms:.1f} | {owner} | {recall} | {short} |"
        )
    return lines
