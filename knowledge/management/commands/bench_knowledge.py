"""``manage.py bench_knowledge``: p50/p95 of ``saber`` on the eval set, then on a 10× corpus.

The grown corpus is copies of every published entry and its chunks (embeddings included) under
a scratch domain, written with plain SQL and deleted in ``finally``: they are benchmark load,
not knowledge, so they get no versions. ``saber`` opens its own outermost transactions
(``as_assistant``), so the copies cannot live in a rolled-back transaction instead.
"""

from __future__ import annotations

import datetime
import statistics
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, transaction

from knowledge.evaluation import EVAL_ACCESS, read_items
from knowledge.selectors import saber

SCRATCH_DOMAIN = "bench_synthetic"
REPORT = Path(settings.BASE_DIR) / "docs" / "benchmarks" / "knowledge.md"

GROW_SQL = """
INSERT INTO knowledge_entries (domain_id, slug, title, body, status, valid_from, valid_to,
                               updated_at)
SELECT %(domain)s, e.slug || '-bench-' || i, e.title || ' (copia ' || i || ')', e.body,
       e.status, e.valid_from, e.valid_to, now()
FROM knowledge_entries e, generate_series(1, %(copies)s) AS i
WHERE e.domain_id <> %(domain)s;

INSERT INTO knowledge_chunks (entry_id, position, heading, content, search_text, search_vector,
                              embedding, content_hash, valid_from, valid_to)
SELECT copy.id, c.position, c.heading, c.content, c.search_text, c.search_vector, c.embedding,
       c.content_hash, c.valid_from, c.valid_to
FROM knowledge_entries copy
JOIN knowledge_entries e ON copy.slug LIKE e.slug || '-bench-%%' AND e.domain_id <> %(domain)s
JOIN knowledge_chunks c ON c.entry_id = e.id
WHERE copy.domain_id = %(domain)s;
"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = "Mide p50/p95 de saber con el conjunto de evaluación y con un corpus 10× mayor."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", type=Path, default=Path("knowledge/seed/eval.jsonl"))
        parser.add_argument("--rounds", type=int, default=3)

    def _measure(self, items: list[dict[str, Any]], rounds: int) -> list[float]:
        for item in items[:3]:  # warm the model, the caches and the connection
            saber(query=item["question"], access=EVAL_ACCESS)
        timings = []
        for _ in range(rounds):
            for item in items:
                on = datetime.date.fromisoformat(item["date"]) if item.get("date") else None
                start = time.perf_counter()
                saber(query=item["question"], date=on, access=EVAL_ACCESS)
                timings.append((time.perf_counter() - start) * 1000)
        return timings

    def _counts(self) -> tuple[int, int]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT (SELECT count(*) FROM knowledge_entries),"
                " (SELECT count(*) FROM knowledge_chunks)"
            )
            entries, chunks = cursor.fetchone()
        return int(entries), int(chunks)

    def handle(self, *args: Any, **options: Any) -> None:
        items = read_items(options["file"])
        rows = []
        base_counts = self._counts()
        rows.append(("corpus semilla", *base_counts, self._measure(items, options["rounds"])))
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO knowledge_domains (slug, name, description)"
                " VALUES (%s, 'Carga sintética', '') RETURNING id",
                [SCRATCH_DOMAIN],
            )
            domain_id = cursor.fetchone()[0]
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(GROW_SQL, {"domain": domain_id, "copies": 9})
                cursor.execute("ANALYZE knowledge_chunks")
            grown = self._counts()
            rows.append(("corpus 10×", *grown, self._measure(items, options["rounds"])))
        finally:
            with connection.cursor() as cursor:
                cursor.execute(
                    "DELETE FROM knowledge_chunks WHERE entry_id IN"
                    " (SELECT id FROM knowledge_entries WHERE domain_id = %s)",
                    [domain_id],
                )
                cursor.execute("DELETE FROM knowledge_entries WHERE domain_id = %s", [domain_id])
                cursor.execute("DELETE FROM knowledge_domains WHERE id = %s", [domain_id])
        lines = [
            "# Benchmark of `saber`",
            "",
            f"`manage.py bench_knowledge`, {datetime.date.today().isoformat()}: "
            f"{len(items)} questions × {options['rounds']} rounds, all legs fused, "
            "read under `ai_reader`. The 10× corpus copies every entry nine times "
            "(same text and embeddings) in a scratch domain removed afterwards.",
            "",
            "| corpus | entries | chunks | p50 (ms) | p95 (ms) | max (ms) |",
            "|---|---|---|---|---|---|",
            *(
                f"| {name} | {entries} | {chunks} | {statistics.median(t):.1f} | "
                f"{percentile(t, 0.95):.1f} | {max(t):.1f} |"
                for name, entries, chunks, t in rows
            ),
            "",
        ]
        report = "\n".join(lines)
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(report, encoding="utf-8")
        self.stdout.write(report)
