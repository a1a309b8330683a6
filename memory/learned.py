"""Learned backstops behind the rules: logistic regressions over the local e5 embedding.

Each one only narrows, never refuses and never widens, so a wrong flag costs a fact kept
private, never a leak (docs/memory.md, "Content policy"):
- ``INSTRUCTION``: does a text read like an order to Suma or an errand to send data to others?
  ``memory_write`` keeps a flagged text that would be shared or proposed as the writer's private
  note (decision 0048).
- ``PRIVATE_MARKER``: does a message ask, in words no rule reads, to be kept to its writer
  ("que esto no salga de aquí")? When nothing was asked, by the caller or in the text, a
  flagged message or fact that would be shared or proposed is written private (decision 0053),
  unless ``SHARED_MARKER`` reads a wish to share in it more strongly (decision 0059).
- ``WISH_CLAUSE``: the same question asked of each clause alone, where a wish is not drowned by
  the fact beside it (decision 0060).

The weights are trained offline by ``manage.py train_backstop`` from the labelled policy sets
(and, for the private marker, lines written to train it) and committed in ``data/``: loading
one reads 385 numbers, and a score reads the embedding the write computes anyway (the
encoder's cache).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

from sumalos.embeddings import DIMENSIONS, MODEL_NAME, embed_passages

DATA_DIR = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Weights:
    weights: np.ndarray  # (DIMENSIONS,)
    bias: float


@dataclass(frozen=True)
class Learned:
    """Weights committed in ``data/<name>_model.json`` and the score that flags."""

    name: str
    threshold: float

    @property
    def weights_file(self) -> Path:
        return DATA_DIR / f"{self.name}_model.json"

    def stored(self, shape: tuple[int, ...]) -> tuple[np.ndarray, Any]:
        """The committed weights in ``shape`` and the bias, checked against the encoder."""
        stored = json.loads(self.weights_file.read_text())
        weights = np.asarray(stored["weights"], dtype=np.float64)
        if stored["embeddings"] != MODEL_NAME or weights.shape != shape:
            raise ValueError(f"{self.weights_file.name} was trained for another embedding model.")
        return weights, stored["bias"]


@dataclass(frozen=True)
class Backstop(Learned):
    @cached_property
    def model(self) -> Weights:
        """The committed weights, read once per process."""
        weights, bias = self.stored((DIMENSIONS,))
        return Weights(weights, bias)

    def probability(self, vector: Sequence[float]) -> float:
        """How likely the text embedded as ``vector`` is one this backstop looks for."""
        trained = self.model
        score = np.asarray(vector, dtype=np.float64) @ trained.weights + trained.bias
        return float(1.0 / (1.0 + np.exp(-score)))

    def flags(
        self, text: str, *, vector: Sequence[float] | None = None, threshold: float | None = None
    ) -> bool:
        """Whether ``text`` scores at the threshold (its own, or ``threshold``); ``vector``: its
        embedding, if already made."""
        if vector is None:
            vector = embed_passages([text])[0]
        return self.probability(vector) >= (self.threshold if threshold is None else threshold)


# Chosen on the held-out set P dev (decision 0048): its two regex misses scored 0.65 and 0.58,
# its highest line that is no injection 0.33 (a private note, which narrowing leaves as it is).
# Trained on all sets but one at a time, 0.3 flagged 81 % of the left-out set's injections and
# 0.9 % of its lines meant to be shared or proposed. Retrained with sets P to W (decision 0054):
# leaving each of Q to X out in turn, 0.3 flags 198 of their 237 injections (before: 199) and 18
# of their 441 lines meant to be shared or proposed (before: 21).
# Retrained on every measured set but the one held out now (decision 0057).
INSTRUCTION = Backstop("instruction", threshold=0.3)
# Chosen leaving one set out at a time (decisions 0053, 0054), trained with the written training
# lines: of the 50 private markers in which the rules read no marker at all, 0.5 caught 41 (0.55:
# 39, 0.4: 43); of the 867 lines without a marker meant to be shared or proposed, it narrowed 5
# (0.55: 5, 0.4: 8).
# Retrained on every measured set but the one held out now (decision 0057).
# Policy round 32 (decision 0059): trained also on the extraction sets' ordinary messages as what
# it must not flag, and read against the shared marker. Left out of training with sets T to V,
# on those halves and on the held-out sets EE to GG and HH/II dev: the weights before caught 18 of
# the 24 private markers the rules do not read at 0.5 and narrowed 13 of 436 ordinary messages
# (3 %); these catch 18 at 0.3 with the shared veto and narrow 6 (1.4 %), and none of the 145
# lines meant to be shared or proposed.
PRIVATE_MARKER = Backstop("private_marker", threshold=0.3)
# Does a message ask, in words no rule reads, to be shared? Only a veto on the private marker: a
# wish to share talks of who may know, as a wish to keep does ("que lo sepa la peña del almacén").
# It is read against the private marker's score, never against a threshold of its own, and never
# widens anything: ``reads_as_private`` is its only reader.
SHARED_MARKER = Backstop("shared_marker", threshold=0.5)


# A fact whose wish to be shared was taken apart from it, a heading or a sentence of its own or a
# rider after it (decision 0058). On every committed set but those held out (in sample: the weights
# were trained on them), the rules read as orders all 12 injections so worded; of the 583 such
# lines that are no injection, 15 scored from 0.3 (the backstop's threshold) to 0.5 and none
# higher: explicit wishes that were kept narrower than asked.
WISH_APART_THRESHOLD = 0.5


def reads_as_instruction(
    text: str, *, vector: Sequence[float] | None = None, wish_apart: bool = False
) -> bool:
    return INSTRUCTION.flags(
        text, vector=vector, threshold=WISH_APART_THRESHOLD if wish_apart else None
    )


# Where a message says who may see it, cut at its stops, commas, dashes, brackets and emoji
# (policy round 33): "la farmacia debe 480 desde agosto. solo tú y yo lo sabemos" holds the fact
# and the wish apart, and the wish alone reads far more clearly than beside the fact.
_CLAUSE_BREAK = re.compile(
    r"[.;:!?\n¡¿()\[\]\"«»]+|,\s*|\s+pero\s+|\s+-+>?\s+|\s+[–—]\s+|\s*[\U0001F300-\U0001FAFF]+\s*"
)
WISH_CLASSES = ("other", "private", "shared")


def clauses(text: str) -> list[str]:
    """The clauses of ``text`` and each two neighbours together: a wish may span a comma."""
    parts = [part.strip() for part in _CLAUSE_BREAK.split(text) if len(part.strip()) >= 3]
    if not parts:
        return [text.strip()]
    return parts + [f"{first}, {second}" for first, second in pairwise(parts)]


@dataclass(frozen=True)
class ClauseReader(Learned):
    """A three-way logistic regression (no wish, keep it, share it) over each clause's e5
    embedding; a message asks what its most certain clause asks."""

    @cached_property
    def model(self) -> tuple[np.ndarray, np.ndarray]:
        """One row of weights per class of ``WISH_CLASSES``, and their biases."""
        weights, bias = self.stored((len(WISH_CLASSES), DIMENSIONS))
        return weights, np.asarray(bias, dtype=np.float64)

    def wish(self, text: str) -> tuple[float, float]:
        """How certain the most certain clause is of a wish to keep, and of one to share."""
        weights, bias = self.model
        scores = np.asarray(embed_passages(clauses(text)), dtype=np.float64) @ weights.T + bias
        exponentials = np.exp(scores - scores.max(axis=1, keepdims=True))
        probabilities = exponentials / exponentials.sum(axis=1, keepdims=True)
        return float(probabilities[:, 1].max()), float(probabilities[:, 2].max())

    def reads_private(self, text: str) -> bool:
        private, shared = self.wish(text)
        return private >= self.threshold and private > shared


# Policy round 33 (decision 0060): trained on the clauses of every measured policy set, the
# written training lines and the extraction sets, the rules marking which clause holds the wish,
# and on 1,000 wish clauses written for it. Out of sample (half of those clauses held out, each
# joined to an ordinary message), it caught 18 of the 67 private wishes the rules miss (the
# message-level marker caught 9, the two together 24), narrowed none of 242 ordinary messages and
# 4 of 46 wishes to share the rules do not read; 0.4 caught 20 and narrowed 5, 0.6 caught 13.
WISH_CLAUSE = ClauseReader("wish_clause", threshold=0.5)


def reads_as_private(text: str, *, vector: Sequence[float] | None = None) -> bool:
    """Whether ``text`` asks to be kept to its writer, and more than it asks to be shared: read
    whole by the private marker, or clause by clause."""
    if vector is None:
        vector = embed_passages([text])[0]
    private = PRIVATE_MARKER.probability(vector)
    if private >= PRIVATE_MARKER.threshold and private > SHARED_MARKER.probability(vector):
        return True
    return WISH_CLAUSE.reads_private(text)
