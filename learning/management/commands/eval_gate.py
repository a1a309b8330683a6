"""Evaluate the memory gate on a labelled set: precision, recall, policy handling, cost."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Sum

from learning.providers import get_provider
from sumalos.ai.models import AiUsage
from sumalos.ai.usage import usage_record

DEFAULT_FILE = Path(__file__).resolve().parents[2] / "offline" / "data" / "gate_eval.jsonl"
EXPECTED_OUTCOME = {
    "secret": "refuse",
    "special": "refuse",
    "insult": "refuse",
    "injection": "refuse",
    "financial": "propose_unverified",
}


def evaluate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    provider = get_provider()
    first_usage = AiUsage.objects.order_by("-id").values_list("id", flat=True).first() or 0
    results = []
    tp = fp = fn = 0
    policy_total = policy_ok = 0
    for row in rows:
        result = provider.gate(message=row["text"], previous=row.get("previous"))
        usage_record(purpose=AiUsage.Purpose.GATE, usages=result.usage)
        decision, expect = result.value, row["expect"]
        outcome = decision.outcome
        results.append(
            {
                "id": row["id"],
                "p_remember": decision.p_remember,
                "remember": decision.remember,
                "category": decision.category,
                "scope": decision.scope,
                "policy": decision.policy,
                "outcome": outcome,
            }
        )
        if expect["policy"] != "none":
            policy_total += 1
            wanted = EXPECTED_OUTCOME[expect["policy"]]
            policy_ok += decision.policy == expect["policy"] and outcome == wanted
            continue
        learnt = outcome == "learn"
        tp += learnt and expect["remember"]
        fp += learnt and not expect["remember"]
        fn += (not learnt) and expect["remember"]
    cost = AiUsage.objects.filter(id__gt=first_usage, purpose=AiUsage.Purpose.GATE).aggregate(
        total=Sum("cost")
    )["total"] or Decimal(0)
    return {
        "results": results,
        "summary": {
            "precision": round(tp / (tp + fp), 3) if tp + fp else 1.0,
            "recall": round(tp / (tp + fn), 3) if tp + fn else 1.0,
            "policy_accuracy": round(policy_ok / policy_total, 3) if policy_total else 1.0,
            "cost_per_1000": float(round(cost / len(rows) * 1000, 4)) if rows else 0.0,
        },
    }


class Command(BaseCommand):
    help = "Evalúa la puerta de memoria sobre un conjunto etiquetado (JSON Lines)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        lines = options["file"].read_text().splitlines()
        rows = [json.loads(line) for line in lines if line.strip()]
        report = evaluate(rows)
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
            return
        by_id = {row["id"]: row for row in rows}
        for item in report["results"]:
            expect = by_id[item["id"]]["expect"]
            mark = "ok " if _agrees(item, expect) else "MAL"
            self.stdout.write(
                f"{mark} {item['id']} p={item['p_remember']:.2f} {item['outcome']:<18} "
                f"{item['category']:<14} {by_id[item['id']]['text'][:60]}"
            )
        s = report["summary"]
        self.stdout.write(
            f"precisión {s['precision']:.3f} · exhaustividad {s['recall']:.3f} · "
            f"política {s['policy_accuracy']:.3f} · coste por 1.000 mensajes ${s['cost_per_1000']}"
        )


def _agrees(item: dict[str, Any], expect: dict[str, Any]) -> bool:
    if expect["policy"] != "none":
        return item["policy"] == expect["policy"]
    return (item["outcome"] == "learn") == expect["remember"]
