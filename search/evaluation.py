"""Scoring the search on a labelled query set: top-5 and MRR, per leg and fused (DESIGN §7).

One JSON object per line: ``{"id", "query", "expect": {"kind", "key"}}``; ``key`` is a natural
key (a contact's name or tax ID, a document number, an expense's concept or a file's title).
The queries run as a real person in one organization, through the same scope as the tools.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from search.agents import scope_for
from search.indexing import normalize_identifier
from search.models import SearchDocument
from search.retrieval import LEGS, Leg, rank
from sumalos.accounts.access import AiAccess
from sumalos.rls.assistant import as_assistant

TOP = 10
MODES: dict[str, tuple[Leg, ...]] = {
    "exact": ("exact",),
    "lexical": ("lexical",),
    "trigram": ("trigram",),
    "vector": ("vector",),
    "fused": LEGS,
}


def read_queries(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _matches(document: SearchDocument, expect: dict[str, str]) -> bool:
    if document.kind != expect["kind"]:
        return False
    wanted = normalize_identifier(expect["key"])
    return document.key == expect["key"] or wanted in (document.tax_id, document.number)


def run_query(
    *, access: AiAccess, item: dict[str, Any], legs: Sequence[Leg], today: datetime.date
) -> tuple[list[dict[str, Any]], float]:
    """The top hits of one query (read under the person's row-level security) and its RR."""
    ranking = rank(scope=scope_for(access), question=item["query"], today=today, legs=legs)
    top = ranking.ranked[:TOP]
    with as_assistant(access):
        documents = SearchDocument.objects.in_bulk([pk for pk, _ in top])
    hits: list[dict[str, Any]] = []
    reciprocal = 0.0
    for pk, score in top:
        document = documents.get(pk)
        if document is None:
            continue
        hits.append({"kind": document.kind, "key": document.key, "score": round(score, 4)})
        if not reciprocal and _matches(document, item["expect"]):
            reciprocal = 1 / len(hits)
    return hits, reciprocal


def evaluate(
    *, access: AiAccess, items: list[dict[str, Any]], today: datetime.date
) -> dict[str, Any]:
    results = []
    metrics: dict[str, dict[str, float]] = {}
    for mode, legs in MODES.items():
        reciprocals = []
        for item in items:
            hits, reciprocal = run_query(access=access, item=item, legs=legs, today=today)
            reciprocals.append(reciprocal)
            if mode == "fused":
                results.append({"id": item["id"], "hits": hits, "rr": round(reciprocal, 4)})
        metrics[mode] = {
            "top5": round(sum(r >= 1 / 5 for r in reciprocals) / len(items), 4),
            "mrr": round(sum(reciprocals) / len(items), 4),
        }
    summary = {**metrics["fused"], "legs": metrics}
    return {"results": results, "summary": summary}
