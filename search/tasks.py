"""The outbox drain, run by beat every 5 seconds (migration 0002, DESIGN §7)."""

from __future__ import annotations

from search.services import outbox_drain
from sumalos.platform.tasks import task


@task(name="search.tasks.drain_search_outbox", ignore_result=True)
def drain_search_outbox() -> int:
    return outbox_drain()
