"""Scoring ``saber`` on a labelled question set: top-5 entries, MRR and exact facts.

One JSON object per line: ``{"id", "question", "date", "expect": {"entries", "fact", "value"}}``
or ``{"id", "question", "date", "expect": {"absent": [...]}}``. An ``absent`` question passes
its top-5 check when none of those slugs is returned; it has no rank, so no MRR.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from knowledge.retrieval import LEGS, Leg
from knowledge.selectors import Knowledge, saber
from sumalos.accounts.access import AiAccess, Principal

# The assistant's reads for a person with no organization: knowledge is the same for everyone.
EVAL_ACCESS = AiAccess(principal=Principal(kind="user", user_id=0), permissions={})


@dataclass(frozen=True)
class Outcome:
    item: dict[str, Any]
    entries: list[str]
    facts: list[dict[str, Any]]
    hit: bool
    reciprocal_rank: float | None
    exact_fact: bool | None


def read_items(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def score(item: dict[str, Any], knowledge: Knowledge) -> Outcome:
    expect = item["expect"]
    entries = list(dict.fromkeys(knowledge.entries))[:5]
    facts = [
        {
            "key": f.key,
            "value": f.value,
            "valid_from": f.valid_from.isoformat() if f.valid_from else None,
            "valid_to": f.valid_to.isoformat() if f.valid_to else None,
        }
        for f in knowledge.facts
    ]
    if "absent" in expect:
        hit = not set(expect["absent"]) & set(entries)
        return Outcome(item, entries, facts, hit, None, None)
    ranks = [i for i, slug in enumerate(entries, start=1) if slug in expect["entries"]]
    exact = None
    if expect.get("fact"):
        first = facts[0] if facts else None
        exact = (
            first is not None
            and first["key"] == expect["fact"]
            and str(expect.get("value") or "") in str(first["value"])
        )
    return Outcome(item, entries, facts, bool(ranks), 1 / ranks[0] if ranks else 0.0, exact)


def evaluate(
    items: Iterable[dict[str, Any]],
    *,
    legs: Sequence[Leg] = LEGS,
    progress: Callable[[Outcome], None] | None = None,
) -> list[Outcome]:
    outcomes = []
    for item in items:
        on = datetime.date.fromisoformat(item["date"]) if item.get("date") else None
        knowledge = saber(query=item["question"], date=on, access=EVAL_ACCESS, legs=legs)
        outcome = score(item, knowledge)
        outcomes.append(outcome)
        if progress is not None:
            progress(outcome)
    return outcomes


def summary(outcomes: Sequence[Outcome]) -> dict[str, float]:
    ranked = [o.reciprocal_rank for o in outcomes if o.reciprocal_rank is not None]
    facts = [o.exact_fact for o in outcomes if o.exact_fact is not None]
    return {
        "top5": round(sum(o.hit for o in outcomes) / len(outcomes), 4) if outcomes else 0.0,
        "mrr": round(sum(ranked) / len(ranked), 4) if ranked else 0.0,
        "exact_fact": round(sum(facts) / len(facts), 4) if facts else 0.0,
    }
