"""``manage.py load_knowledge``: load the seed domain; running it twice changes nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from knowledge.seed import load_seed


class Command(BaseCommand):
    help = "Carga el dominio de conocimiento impuestos_es desde knowledge/seed/."

    def handle(self, *args: Any, **options: Any) -> None:
        saved, unchanged = load_seed()
        self.stdout.write(f"Conocimiento: {saved} entradas guardadas, {unchanged} sin cambios.")
