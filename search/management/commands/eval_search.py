"""Measure the search on a labelled query set (docs/search.md): per kind and per leg."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from search.evaluation import Defaults, EvaluationError, evaluate, read_queries, report_lines


class Command(BaseCommand):
    help = (
        "Evalúa la búsqueda con un juego de consultas etiquetadas: top-5 y MRR de la "
        "búsqueda fusionada y de cada vía, por tipo de consulta."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", required=True, type=Path)
        parser.add_argument(
            "--as", dest="email", default=None, help="persona de las líneas sin «as»"
        )
        parser.add_argument(
            "--org", default=None, help="organización (por defecto, la propia de cada persona)"
        )
        parser.add_argument(
            "--today",
            type=datetime.date.fromisoformat,
            default=None,
            help="fecha de las líneas sin «today»",
        )
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--no-misses", action="store_true", help="sin la lista de fallos")

    def handle(self, *args: Any, **options: Any) -> None:
        items = read_queries(options["file"])
        defaults = Defaults(
            email=options["email"], organization=options["org"], today=options["today"]
        )
        try:
            report = evaluate(items=items, defaults=defaults)
        except EvaluationError as error:
            raise CommandError(str(error)) from error
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
            return
        for line in report_lines(report, misses=not options["no_misses"]):
            self.stdout.write(line)
