"""Per-tenant indexes for the large organizations (decisions 0021 and 0027, DESIGN §7).

One HNSW graph over every tenant loses recall once a tenant filter keeps a small part of it:
the walk visits other tenants' neighbours and the iterative scan gives up before the nearest
rows of this tenant turn up. One GIN index over every tenant makes a common word cost the
whole table's postings, whatever the tenant. So an organization above ``create_at`` rows gets
partial indexes of its own, ``<table>_vec_org_<id>`` (HNSW) and ``search_chunks_fts_org_<id>``
(GIN over the full-text vector), ``... WHERE organization_id = <id>``, built by the
maintenance task (``search.tasks.maintain_tenant_indexes``) and dropped once it shrinks below
``drop_below`` (the gap keeps a tenant near the threshold from flapping). The planner picks
such an index for a query that carries ``organization_id = <id>``; smaller tenants are read
exactly through the btree on the policy columns (``vector_scan`` and ``has_tenant_index`` say
which path applies).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db import connection

# What an index build may use; pgvector builds the graph in memory when it fits.
BUILD_MAINTENANCE_WORK_MEM = "1GB"
EF_SEARCH_MIN = 100
EF_SEARCH_MAX = 800
# The graphs' build options. ef_construction 64 left groups of near-identical rows as islands
# the search could not reach (recall@10 0.87–0.95 at 180,000 rows, whatever ef_search); 200
# links them (1.000 at the same ef_search; decision 0030). An index built with other options
# is rebuilt by the maintenance, beside the old one.
HNSW_M = 16
HNSW_EF_CONSTRUCTION = 200
REBUILD_SUFFIX = "_next"


@dataclass(frozen=True)
class TenantIndexSpec:
    """One kind of per-tenant index: ``<table>_<infix>_org_<id>``."""

    table: str
    column: str
    opclass: str
    create_at: int
    drop_below: int
    method: str = "hnsw"
    infix: str = "vec"

    @property
    def prefix(self) -> str:
        return f"{self.table}_{self.infix}_org_"

    def index_name(self, organization_id: int) -> str:
        return f"{self.prefix}{int(organization_id)}"

    @property
    def options(self) -> tuple[str, ...]:
        """The build options, as ``pg_class.reloptions`` lists them."""
        if self.method != "hnsw":
            return ()
        return (f"m={HNSW_M}", f"ef_construction={HNSW_EF_CONSTRUCTION}")

    def create_sql(self, organization_id: int, *, concurrently: bool, name: str = "") -> str:
        how = "CONCURRENTLY " if concurrently else ""
        options = f" WITH ({', '.join(self.options)})" if self.options else ""
        return (
            f"CREATE INDEX {how}IF NOT EXISTS {name or self.index_name(organization_id)} "
            f"ON {self.table} USING {self.method} ({self.column} {self.opclass}){options} "
            f"WHERE organization_id = {int(organization_id)}"
        )


# Keyed by what the callers name: the vector indexes by their table, the text one apart.
TABLES: dict[str, TenantIndexSpec] = {
    "search_chunks": TenantIndexSpec(
        "search_chunks", "embedding", "halfvec_cosine_ops", create_at=10_000, drop_below=7_500
    ),
    "memories": TenantIndexSpec(
        "memories", "embedding", "halfvec_cosine_ops", create_at=10_000, drop_below=7_500
    ),
    "search_chunks_text": TenantIndexSpec(
        "search_chunks",
        "search_vector",
        "tsvector_ops",
        create_at=10_000,
        drop_below=7_500,
        method="gin",
        infix="fts",
    ),
}


@dataclass(frozen=True)
class Maintenance:
    created: tuple[int, ...]
    dropped: tuple[int, ...]
    # Valid indexes built with other options, built again.
    rebuilt: tuple[int, ...] = ()


def ef_search_for(rows: float) -> int:
    """A wider search for a larger graph: about 2 × √rows, within [100, 800]."""
    return max(EF_SEARCH_MIN, min(EF_SEARCH_MAX, int(2 * math.sqrt(max(rows, 0)))))


# Which tenants have an index changes when the hourly task runs: a process looks it up again
# after a minute (a stale answer only picks the exact path, or lets the planner choose).
CACHE_SECONDS = 60.0
_cache: dict[tuple[str, str, int], tuple[float, float | None]] = {}


def forget_tenant_indexes() -> None:
    """Drop this process's cached answers (after building or dropping an index)."""
    _cache.clear()


def tenant_index_rows(table: str, organization_id: int) -> float | None:
    """Rows in the tenant's own index (its statistics), or None when it has no valid one."""
    key = (str(connection.settings_dict["NAME"]), table, organization_id)
    now = time.monotonic()
    cached = _cache.get(key)
    if cached is not None and cached[0] > now:
        return cached[1]
    rows = _index_rows(table, organization_id)
    _cache[key] = (now + CACHE_SECONDS, rows)
    return rows


def _index_rows(table: str, organization_id: int) -> float | None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.reltuples FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid "
            "WHERE c.relname = %s AND i.indisvalid AND i.indisready",
            [TABLES[table].index_name(organization_id)],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    return max(float(row[0]), float(TABLES[table].create_at))


def has_tenant_index(key: str, organization_id: int | None) -> bool:
    """Whether the organization has a valid index of this kind (the rows' own, personal: no)."""
    return organization_id is not None and tenant_index_rows(key, organization_id) is not None


def vector_scan_settings(
    table: str, organization_ids: Iterable[int | None]
) -> tuple[set[int], list[str]]:
    """The tenants read approximately, and the ``SET LOCAL`` statements their scans need.

    With tenant indexes: iterative scans and an ``ef_search`` sized to the largest of them
    (none without). The caller sends the statements with its query, in the same round trip and
    inside the query's transaction, so they end with it; the other tenants it orders by an
    expression the HNSW index cannot serve, so their rows are read through the btree and
    compared exactly.
    """
    rows = {
        organization_id: found
        for organization_id in organization_ids
        if organization_id is not None
        and (found := tenant_index_rows(table, organization_id)) is not None
    }
    if not rows:
        return set(), []
    return set(rows), [
        "SET LOCAL hnsw.iterative_scan = relaxed_order",
        f"SET LOCAL hnsw.ef_search = {ef_search_for(max(rows.values()))}",
    ]


def vector_scans(table: str, organization_ids: Iterable[int | None]) -> set[int]:
    """``vector_scan_settings``, the statements run now in their own round trip."""
    approximate, statements = vector_scan_settings(table, organization_ids)
    if statements:
        with connection.cursor() as cursor:
            cursor.execute("; ".join(statements))
    return approximate


def tenant_sizes(table: str, *, at_least: int) -> dict[int, int]:
    """Rows with the indexed column set, per organization with at least ``at_least``."""
    spec = TABLES[table]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT organization_id, count(*) FROM {spec.table} "
            f"WHERE organization_id IS NOT NULL AND {spec.column} IS NOT NULL "
            "GROUP BY organization_id HAVING count(*) >= %s",
            [at_least],
        )
        return {org: count for org, count in cursor.fetchall()}


def _tenant_index_rows(table: str) -> list[tuple[str, bool, tuple[str, ...]]]:
    spec = TABLES[table]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, i.indisvalid, coalesce(c.reloptions, '{}') FROM pg_index i "
            "JOIN pg_class c ON c.oid = i.indexrelid "
            "WHERE i.indrelid = %s::regclass AND c.relname LIKE %s",
            [spec.table, spec.prefix.replace("_", r"\_") + "%"],
        )
        return [(name, bool(valid), tuple(options)) for name, valid, options in cursor.fetchall()]


def tenant_indexes(table: str) -> dict[int, bool]:
    """The tenant indexes that exist on ``table``: organization id -> whether it is valid."""
    pattern = re.compile(re.escape(TABLES[table].prefix) + r"(\d+)$")
    indexes: dict[int, bool] = {}
    for name, valid, _ in _tenant_index_rows(table):
        match = pattern.match(name)
        if match:
            indexes[int(match.group(1))] = valid
    return indexes


def outdated_tenant_indexes(table: str) -> set[int]:
    """Valid tenant indexes built with other options than the spec's."""
    spec = TABLES[table]
    pattern = re.compile(re.escape(spec.prefix) + r"(\d+)$")
    outdated: set[int] = set()
    for name, valid, options in _tenant_index_rows(table):
        match = pattern.match(name)
        if match and valid and sorted(options) != sorted(spec.options):
            outdated.add(int(match.group(1)))
    return outdated


def maintain_tenant_indexes(
    table: str,
    *,
    concurrently: bool = True,
    progress: Callable[[str, int, int], None] | None = None,
) -> Maintenance:
    """Create the missing tenant indexes, drop those of tenants that shrank; largest first.

    ``concurrently`` (the default, what the task does) needs autocommit: outside any
    transaction. An index a failed concurrent build left invalid is dropped and built again.
    """
    spec = TABLES[table]
    sizes = tenant_sizes(table, at_least=spec.drop_below)
    existing = tenant_indexes(table)
    keep = {org for org, size in sizes.items() if size >= spec.create_at or org in existing}
    dropped = sorted(org for org in existing if org not in keep)
    invalid = sorted(org for org, valid in existing.items() if not valid and org in keep)
    build = sorted(
        (org for org in keep if org not in existing or org in invalid),
        key=lambda org: (-sizes[org], org),
    )
    # Built again beside the old index, which serves the tenant until the new one replaces it.
    rebuild = sorted(
        (org for org in outdated_tenant_indexes(table) if org in keep),
        key=lambda org: (-sizes[org], org),
    )
    how = "CONCURRENTLY " if concurrently else ""
    with connection.cursor() as cursor:
        for org in [*dropped, *invalid]:
            cursor.execute(f"DROP INDEX {how}IF EXISTS {spec.index_name(org)}")
        for org in rebuild:  # what a failed rebuild left
            cursor.execute(f"DROP INDEX {how}IF EXISTS {spec.index_name(org)}{REBUILD_SUFFIX}")
        if build or rebuild:
            cursor.execute(f"SET maintenance_work_mem = '{BUILD_MAINTENANCE_WORK_MEM}'")
        try:
            steps = [(org, False) for org in build] + [(org, True) for org in rebuild]
            for done, (org, again) in enumerate(steps):
                name = spec.index_name(org)
                if progress is not None:
                    progress(name, done, len(steps))
                if not again:
                    cursor.execute(spec.create_sql(org, concurrently=concurrently))
                    continue
                cursor.execute(
                    spec.create_sql(org, concurrently=concurrently, name=f"{name}{REBUILD_SUFFIX}")
                )
                cursor.execute(f"DROP INDEX {how}IF EXISTS {name}")
                cursor.execute(f"ALTER INDEX {name}{REBUILD_SUFFIX} RENAME TO {name}")
            if progress is not None and steps:
                progress("", len(steps), len(steps))
        finally:
            if build or rebuild:
                cursor.execute("RESET maintenance_work_mem")
    forget_tenant_indexes()
    return Maintenance(created=tuple(build), dropped=tuple(dropped), rebuilt=tuple(rebuild))
