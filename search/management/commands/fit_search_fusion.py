"""Fit the fusion weights of search.fusion on the dev sets (docs/search.md).

Prints the weights as the Python table to paste into ``search/fusion.py`` and the dev figures
with the current and the fitted weights. Refuses a file named as a test half, unless it is
named with ``--former-test`` (a test half that was read and is dev since, docs/evaluation-sets.md).
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from search.evaluation import Defaults, EvaluationError, fusion_rows, read_queries
from search.fusion import FEATURES, WEIGHTS, fit, score


def _figures(
    rows: list[tuple[list[dict[str, float]], int, list[bool], int]], weights: dict[str, float]
) -> tuple[float, float]:
    """Top-5 and MRR of the fused ranking (exact hits first) under ``weights``."""
    if not rows:
        return 0.0, 0.0
    reciprocals = []
    for features, _, right, exact_position in rows:
        if exact_position >= 0:
            reciprocals.append(1.0)
            continue
        order = sorted(range(len(features)), key=lambda i: -score(features[i], weights))
        position = next((n for n, i in enumerate(order, start=1) if right[i]), 0)
        reciprocals.append(1 / position if position and position <= 10 else 0.0)
    top5 = sum(r >= 0.2 for r in reciprocals) / len(reciprocals)
    return round(top5, 4), round(sum(reciprocals) / len(reciprocals), 4)


class Command(BaseCommand):
    help = "Ajusta los pesos de la fusión de la búsqueda con la mitad de desarrollo."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", required=True, type=Path, action="append")
        parser.add_argument(
            "--former-test",
            type=Path,
            action="append",
            default=[],
            help="un fichero de prueba que ya es de desarrollo",
        )
        parser.add_argument("--l2", type=float, default=0.01)
        parser.add_argument("--steps", type=int, default=3000)
        parser.add_argument("--today", type=datetime.date.fromisoformat, default=None)
        parser.add_argument(
            "--folds", type=int, default=4, help="validación cruzada dentro de la mitad dada"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        paths: list[Path] = options["file"]
        former: list[Path] = options["former_test"]
        if any("test" in path.name and path not in former for path in paths):
            raise CommandError("La mitad de prueba no se usa para ajustar.")
        items = [item for path in paths for item in read_queries(path)]
        try:
            rows = fusion_rows(items=items, defaults=Defaults(today=options["today"]))
        except EvaluationError as error:
            raise CommandError(str(error)) from error
        weights = fit(
            [(features, index) for features, index, _, _ in rows],
            l2=options["l2"],
            steps=options["steps"],
        )
        self.stdout.write("WEIGHTS: Mapping[str, float] = {")
        for name in FEATURES:
            self.stdout.write(f'    "{name}": {weights[name]},')
        self.stdout.write("}")
        before = _figures(rows, dict(WEIGHTS))
        after = _figures(rows, weights)
        self.stdout.write(f"actuales: top5={before[0]:.3f} mrr={before[1]:.3f}")
        self.stdout.write(f"ajustados: top5={after[0]:.3f} mrr={after[1]:.3f}")
        folds = options["folds"]
        if folds > 1:
            held_out: list[tuple[float, float]] = []
            for fold in range(folds):
                train = [row for n, row in enumerate(rows) if n % folds != fold]
                test = [row for n, row in enumerate(rows) if n % folds == fold]
                fitted = fit(
                    [(features, index) for features, index, _, _ in train],
                    l2=options["l2"],
                    steps=options["steps"],
                )
                held_out.append(_figures(test, fitted))
            top5 = sum(f[0] for f in held_out) / folds
            mrr = sum(f[1] for f in held_out) / folds
            self.stdout.write(f"validación cruzada ({folds}): top5={top5:.3f} mrr={mrr:.3f}")
