"""Evaluate Suma's offline answers on a labelled question set, on the demo world.

``manage.py eval_assistant --file assistant/eval/assistant_dev.jsonl [--json]``. Needs the demo
world (``manage.py load_demo``) and the knowledge (``load_knowledge``); what is still queued for
the index is indexed first (``world_ready``); assistant/evaluation.py says
how a line runs and how "contains" matches; docs/assistant.md, "Evaluation", the figures.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from assistant.evaluation import evaluate


class Command(BaseCommand):
    help = "Suma's answers on a labelled set: accuracy overall and per intent, misses listed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", required=True, type=Path)
        parser.add_argument("--json", action="store_true", help="The full report as JSON.")
        parser.add_argument("--only", default="", help="Only the lines whose id contains this.")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.exists():
            raise CommandError(f"No existe el fichero {path}.")
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        rows = [row for row in rows if options["only"] in row.get("id", "")]
        try:
            report = evaluate(rows)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
            return
        for result in report["results"]:
            if not result["ok"]:
                self.stdout.write(
                    f"  {result['id']}: falta {result['missing']} sobra {result['leaked']}\n"
                    f"    {result['answer'][:300]!r}"
                )
        summary = report["summary"]
        for name, figures in summary["per_intent"].items():
            self.stdout.write(
                f"{name:16} {figures['correct']:3}/{figures['total']:<3} {figures['accuracy']:.3f}"
            )
        self.stdout.write(
            f"{'total':16} {summary['correct']:3}/{summary['total']:<3} {summary['accuracy']:.3f}"
        )
