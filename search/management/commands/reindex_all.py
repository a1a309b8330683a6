"""Rebuild the search index from every source table (DESIGN §7)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from search.services import reindex_all


class Command(BaseCommand):
    help = "Reconstruye el índice de búsqueda a partir de todos los registros."

    def handle(self, *args: Any, **options: Any) -> None:
        visited = reindex_all()
        self.stdout.write(f"Índice reconstruido: {visited} filas de origen.")
