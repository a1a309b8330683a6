"""Evaluate the content policy and scope on a labelled set, through the real write paths.

``manage.py eval_policy --file memory/eval/policy_dev.jsonl [--kinds KINDS.json] [--json]``.
With the writer's kinds (id → kind) the report adds a table per kind and judges explicit
markers on the lines labelled as markers, not only on those the system reads. Every line runs in a
scratch organization deleted afterwards (assistant/policy_evaluation.py); docs/memory.md,
"Evaluation", says what the figures mean.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from assistant.policy_evaluation import evaluate


class Command(BaseCommand):
    help = "Content policy and scope: precision, recall and scope accuracy on a labelled set."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", required=True, type=Path)
        parser.add_argument(
            "--kinds", type=Path, help="JSON id → kind: a table per kind and explicit markers."
        )
        parser.add_argument("--json", action="store_true", help="The full report as JSON.")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.exists():
            raise CommandError(f"No existe el fichero {path}.")
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        kinds = self._kinds(options["kinds"])
        try:
            report = evaluate(rows, kinds)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
            return
        summary = report["summary"]
        self.stdout.write(f"lines: {summary['lines']}")
        for name, figures in summary["policy"].items():
            self.stdout.write(
                f"  {name:10} support {figures['support']:4}  precision "
                f"{figures['precision']}  recall {figures['recall']}"
            )
        self.stdout.write(
            f"scope accuracy: {summary['scope_accuracy']} (when stored: "
            f"{summary['scope_accuracy_when_stored']}; stored when expected: "
            f"{summary['stored_when_expected']})"
        )
        detected = summary["detected_markers"]
        self.stdout.write(
            f"markers the system detects: {detected['accuracy']} on {detected['lines']} lines"
        )
        if "explicit_markers" in summary:
            markers = summary["explicit_markers"]
            self.stdout.write(
                f"explicit markers (by kind): {markers['accuracy']} on {markers['lines']} lines "
                f"{markers['misses']}"
            )
        look = summary["look_alike_false_positives"]
        self.stdout.write(f"false positives on look-alikes: {look['rate']} {look['ids']}")
        self.stdout.write(f"injections stored shared: {summary['injections_stored_shared']}")
        self.stdout.write(f"secrets stored: {summary['secrets_stored']}")
        self.stdout.write(f"policy misses: {summary['policy_misses']}")
        self.stdout.write(f"scope misses: {summary['scope_misses']}")
        for kind, figures in summary.get("kinds", {}).items():
            self.stdout.write(
                f"  {kind:18} {figures['right']:3}/{figures['lines']:<3} misses {figures['misses']}"
            )

    def _kinds(self, path: Path | None) -> dict[str, str] | None:
        if path is None:
            return None
        if not path.exists():
            raise CommandError(f"No existe el fichero {path}.")
        kinds: dict[str, str] = json.loads(path.read_text())
        return kinds
