"""Learned fusion of the ranking legs: one linear score per candidate item (DESIGN §7).

Each candidate (an item any leg returned, an item of the contact the question names, or the
contact of a top item when a contact is asked for) gets the features below; its score is the
dot product with ``WEIGHTS``. The weights are a listwise logistic (softmax) regression fitted on
the dev sets only (docs/search.md, "Blind set B, dev half"), by ``manage.py fit_search_fusion``,
which prints this table; held-out test halves check them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

FEATURES: tuple[str, ...] = (
    "lexical_rr",  # 1 / rank in the lexical leg (0 when absent)
    "lexical_score",  # lexical score / best lexical score of the question
    "trigram_rr",
    "trigram_score",  # trigram score / best trigram score of the question
    "vector_rr",
    "vector_score",  # (similarity - floor) / (1 - floor)
    "vector_gap",  # best similarity of the question - this one, times 10
    "rrf",  # reciprocal rank fusion of the three legs (k = 60), times 30
    "kind_wanted",  # the question's words ask for this kind
    "kind_other",  # the words ask for other kinds
    "linked",  # an edge joins the item to the contact the question names
    "named",  # the contact the question names, when it asks about its records
    "hop",  # a contact asked for by role: 1 / rank of its best item among the top ten
    "undated",  # the question names a period and the item has no date
)

# Fitted on search/eval/search_dev.jsonl, search_test.jsonl (dev since blind set B was read) and
# search_dev_b.jsonl (394 queries) by `manage.py fit_search_fusion` on 2026-12-01: listwise
# softmax regression, L2 = 0.01, 3000 full-batch gradient steps from zero; queries an exact
# identifier answers, or whose right item no leg found, are left out. All three: top-5 0.995,
# MRR 0.976 (4-fold cross-validation: 0.995 / 0.976).
WEIGHTS: Mapping[str, float] = {
    "lexical_rr": 2.973,
    "lexical_score": 0.617,
    "trigram_rr": 1.329,
    "trigram_score": -0.147,
    "vector_rr": 2.85,
    "vector_score": 0.535,
    "vector_gap": -1.257,
    "rrf": 0.69,
    "kind_wanted": 1.266,
    "kind_other": -1.266,
    "linked": 0.562,
    "named": -0.347,
    "hop": 1.88,
    "undated": -1.232,
}
RRF_K = 60


@dataclass(frozen=True)
class Candidate:
    document_id: int
    kind: str
    features: dict[str, float]


def leg_features(
    legs: Mapping[Any, Sequence[tuple[int, float]]], vector_floor: float
) -> dict[int, dict[str, float]]:
    """Per item: each leg's reciprocal rank and normalised score, and their RRF."""
    features: dict[int, dict[str, float]] = {}
    for leg in ("lexical", "trigram", "vector"):
        ranked = legs.get(leg, [])
        if not ranked:
            continue
        best = max(score for _, score in ranked) or 1.0
        for position, (pk, score) in enumerate(ranked, start=1):
            row = features.setdefault(pk, dict.fromkeys(FEATURES, 0.0))
            row[f"{leg}_rr"] = 1 / position
            row["rrf"] += 30 / (RRF_K + position)
            if leg == "vector":
                row["vector_score"] = (score - vector_floor) / (1 - vector_floor)
                row["vector_gap"] = 10 * (best - score)
            else:
                row[f"{leg}_score"] = score / best
    return features


def score(features: Mapping[str, float], weights: Mapping[str, float] = WEIGHTS) -> float:
    return sum(weights[name] * features.get(name, 0.0) for name in FEATURES)


def fit(
    queries: Sequence[tuple[Sequence[Mapping[str, float]], int]],
    *,
    l2: float = 0.01,
    steps: int = 3000,
    rate: float = 0.5,
) -> dict[str, float]:
    """Listwise softmax regression: for each query, the candidates' features and the index of
    the right one (-1 when it is not among them: skipped); maximise the log-probability of the
    right one, with an L2 penalty. Full-batch gradient descent."""
    usable = [(rows, right) for rows, right in queries if rows and right >= 0]
    weights = np.zeros(len(FEATURES))
    if not usable:
        return dict.fromkeys(FEATURES, 0.0)
    matrices = [
        np.array([[row.get(n, 0.0) for n in FEATURES] for row in rows]) for rows, _ in usable
    ]
    rights = [right for _, right in usable]
    for _ in range(steps):
        gradient = np.zeros(len(FEATURES))
        for matrix, right in zip(matrices, rights, strict=True):
            scores = matrix @ weights
            p = np.exp(scores - scores.max())
            p /= p.sum()
            gradient += p @ matrix - matrix[right]
        weights -= rate * (gradient / len(usable) + l2 * weights)
    return {name: round(float(value), 3) for name, value in zip(FEATURES, weights, strict=True)}
