"""Evaluate extraction on messages with their expected facts: how many facts were found."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from learning.base import ExtractedFact
from learning.providers import get_provider
from sumalos.ai.models import AiUsage
from sumalos.ai.usage import usage_record

DEFAULT_FILE = Path(__file__).resolve().parents[2] / "offline" / "data" / "extraction_eval.jsonl"


def _norm(value: str) -> str:
    return " ".join(value.casefold().split()).strip(" .")


def matches(fact: ExtractedFact, expected: dict[str, str]) -> bool:
    return (
        fact.category == expected["category"]
        and fact.attribute == expected["attribute"]
        and _norm(fact.value) == _norm(expected["value"])
        and _norm(fact.subject_name) == _norm(expected.get("subject", ""))
    )


def evaluate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    provider = get_provider()
    results = []
    found = total = 0
    for row in rows:
        result = provider.extract(message=row["text"], previous=row.get("previous"), known=[])
        usage_record(purpose=AiUsage.Purpose.EXTRACTION, usages=result.usage)
        hits = [any(matches(f, e) for f in result.value) for e in row["expect"]]
        found += sum(hits)
        total += len(hits)
        results.append(
            {
                "id": row["id"],
                "found": sum(hits),
                "expected": len(hits),
                "facts": [
                    {
                        "category": f.category,
                        "subject": f.subject_name,
                        "attribute": f.attribute,
                        "value": f.value,
                        "text": f.text,
                    }
                    for f in result.value
                ],
            }
        )
    return {"results": results, "summary": {"found": found, "expected": total}}


class Command(BaseCommand):
    help = "Evalúa la extracción de hechos sobre mensajes con sus hechos esperados."

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
        for item in report["results"]:
            mark = "ok " if item["found"] == item["expected"] else "MAL"
            got = "; ".join(
                f"{f['category']}/{f['subject']}/{f['attribute']}={f['value']}"
                for f in item["facts"]
            )
            self.stdout.write(f"{mark} {item['id']} {got or '(nada)'}")
        s = report["summary"]
        self.stdout.write(f"hechos encontrados: {s['found']}/{s['expected']}")
