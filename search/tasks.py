"""Search tasks: the outbox drain (every 5 s, migration 0002) and the tenant indexes (hourly)."""

from __future__ import annotations

from search.services import outbox_drain
from sumalos.platform.tasks import task
from sumalos.platform.tenant_indexes import TABLES
from sumalos.platform.tenant_indexes import maintain_tenant_indexes as maintain


@task(name="search.tasks.drain_search_outbox", ignore_result=True)
def drain_search_outbox() -> int:
    return outbox_drain()


@task(name="search.tasks.maintain_tenant_indexes", ignore_result=True)
def maintain_tenant_indexes() -> dict[str, dict[str, list[int]]]:
    """Give large organizations their own HNSW index; drop those of tenants that shrank."""
    report = {}
    for table in TABLES:
        done = maintain(table)
        report[table] = {"created": list(done.created), "dropped": list(done.dropped)}
    return report
