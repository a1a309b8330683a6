"""Search tasks: the outbox drain (every 5 s, migration 0002) and the tenant indexes (hourly)."""

from __future__ import annotations

from search.services import outbox_drain
from search.tenant_lexemes import refresh_tenant_lexemes
from sumalos.platform.tasks import task
from sumalos.platform.tenant_indexes import TABLES
from sumalos.platform.tenant_indexes import maintain_tenant_indexes as maintain


@task(name="search.tasks.drain_search_outbox", ignore_result=True)
def drain_search_outbox() -> int:
    return outbox_drain()


@task(name="search.tasks.maintain_tenant_indexes", ignore_result=True)
def maintain_tenant_indexes() -> dict[str, dict[str, list[int]]]:
    """Give large organizations their own HNSW and GIN indexes; drop those of tenants that
    shrank, rebuild those built with older options; count again the lexemes of those with a
    text index (decision 0030)."""
    report = {}
    for table in TABLES:
        done = maintain(table)
        report[table] = {
            "created": list(done.created),
            "dropped": list(done.dropped),
            "rebuilt": list(done.rebuilt),
        }
    report["search_tenant_lexemes"] = {"counted": refresh_tenant_lexemes()}
    return report
