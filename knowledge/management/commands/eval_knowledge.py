"""``manage.py eval_knowledge --file F [--json] [--leg ...]``: measure retrieval and facts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from knowledge.evaluation import Outcome, evaluate, read_items, summary
from knowledge.retrieval import LEGS, Leg

BAR_WIDTH = 30


class Command(BaseCommand):
    help = "Evalúa saber con un conjunto de preguntas etiquetadas (JSON por línea)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", required=True, type=Path)
        parser.add_argument("--json", action="store_true", help="Salida en JSON.")
        parser.add_argument(
            "--leg",
            choices=[*LEGS, "fused"],
            default="fused",
            help="Evaluar una sola vía de búsqueda o la fusión (por defecto).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        items = read_items(options["file"])
        legs: tuple[Leg, ...] = LEGS if options["leg"] == "fused" else (options["leg"],)
        if options["json"]:
            outcomes = evaluate(items, legs=legs)
            self.stdout.write(
                json.dumps(
                    {
                        "results": [
                            {"id": o.item["id"], "entries": o.entries, "facts": o.facts}
                            for o in outcomes
                        ],
                        "summary": summary(outcomes),
                    },
                    ensure_ascii=False,
                )
            )
            return
        done = 0

        def progress(outcome: Outcome) -> None:
            nonlocal done
            done += 1
            filled = BAR_WIDTH * done // len(items)
            bar = "█" * filled + "·" * (BAR_WIDTH - filled)
            self.stderr.write(f"\r[{bar}] {done}/{len(items)}", ending="")

        outcomes = evaluate(items, legs=legs, progress=progress)
        self.stderr.write("")
        self._table(outcomes)

    def _table(self, outcomes: list[Outcome]) -> None:
        self.stdout.write(f"{'id':<5} {'top5':<4} {'rank':<4} {'dato':<4} pregunta → entradas")
        for o in outcomes:
            rank = o.reciprocal_rank
            rank_text = "-" if rank is None else (str(round(1 / rank)) if rank else "✗")
            fact = {None: "-", True: "ok", False: "✗"}[o.exact_fact]
            first_fact = f" | {o.facts[0]['key']}={o.facts[0]['value']}" if o.facts else ""
            self.stdout.write(
                f"{o.item['id']:<5} {'ok' if o.hit else '✗':<4} {rank_text:<4} {fact:<4} "
                f"{o.item['question'][:60]} → {', '.join(o.entries[:3])}{first_fact}"
            )
        result = summary(outcomes)
        self.stdout.write(
            f"\ntop-5: {result['top5']:.1%}   MRR: {result['mrr']:.3f}   "
            f"dato exacto: {result['exact_fact']:.1%}   ({len(outcomes)} preguntas)"
        )
