"""Rebuild the search index from every source table (DESIGN §7), with a progress bar.

Then the tenant HNSW indexes are brought up to date (decision 0021).
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from search.services import reindex_all
from sumalos.platform.tenant_indexes import maintain_tenant_indexes

BAR_WIDTH = 30


def progress_bar(done: int, total: int, elapsed: float) -> str:
    """``[#####·····]  50 % 500/1.000 12 s``: what the command redraws as it goes."""
    share = done / total if total else 1.0
    filled = round(share * BAR_WIDTH)
    return (
        f"[{'#' * filled}{'·' * (BAR_WIDTH - filled)}] {share * 100:3.0f} % "
        f"{done:,}/{total:,}".replace(",", ".")
        + f" {elapsed:.0f} s"
    )


class Command(BaseCommand):
    help = "Reconstruye el índice de búsqueda a partir de todos los registros."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.monotonic()
        shown = {"share": -1}
        show = options["verbosity"] >= 1

        def progress(done: int, total: int) -> None:
            # Redraw at each whole percent (and at the end), on one line.
            share = 100 * done // total if total else 100
            if not show or (share == shown["share"] and done != total):
                return
            shown["share"] = share
            self.stderr.write(
                "\r" + progress_bar(done, total, time.monotonic() - started), ending=""
            )
            if done == total:
                self.stderr.write("")

        visited = reindex_all(progress=progress)
        self.stdout.write(f"Índice reconstruido: {visited} filas de origen.")

        def building(name: str, done: int, total: int) -> None:
            if show and name:
                self.stderr.write(f"Índice HNSW {done + 1}/{total}: {name}")

        # Tenants that grew past the threshold get their own index now, not at the next hour.
        maintained = maintain_tenant_indexes("search_chunks", progress=building)
        if maintained.created or maintained.dropped:
            self.stdout.write(
                f"Índices por organización: {len(maintained.created)} creados, "
                f"{len(maintained.dropped)} eliminados."
            )
