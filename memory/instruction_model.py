"""The learned backstop behind the injection rules: does a text read like an order to Suma or
an errand to send data to others? Logistic regression over the local e5 embedding.

It only narrows: ``memory_write`` keeps a flagged text that would be shared or proposed as the
writer's private note (docs/memory.md, "Content policy"; decision 0048). The weights are
trained offline by ``manage.py train_instruction_model`` from the labelled policy sets and
committed in ``data/instruction_model.json``: loading them reads 385 numbers, and the score
reads the embedding the write computes for the new row anyway.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from sumalos.embeddings import DIMENSIONS, MODEL_NAME, embed_passages

WEIGHTS_FILE = Path(__file__).resolve().parent / "data" / "instruction_model.json"
# Chosen on the held-out set P dev (decision 0048): its two regex misses scored 0.65 and 0.58,
# its highest line that is no injection 0.33 (a private note, which narrowing leaves as it is).
# Trained on all sets but one at a time, 0.3 flagged 81 % of the left-out set's injections and
# 0.9 % of its lines meant to be shared or proposed.
THRESHOLD = 0.3


@dataclass(frozen=True)
class InstructionModel:
    weights: np.ndarray  # (DIMENSIONS,)
    bias: float


@cache
def model() -> InstructionModel:
    """The committed weights, read once per process."""
    stored = json.loads(WEIGHTS_FILE.read_text())
    if stored["embeddings"] != MODEL_NAME or len(stored["weights"]) != DIMENSIONS:
        raise ValueError(f"{WEIGHTS_FILE.name} was trained for another embedding model.")
    return InstructionModel(np.asarray(stored["weights"], dtype=np.float64), stored["bias"])


def instruction_probability(vector: Sequence[float]) -> float:
    """How likely the text embedded as ``vector`` is an instruction to the assistant or an
    errand for third parties."""
    trained = model()
    score = np.asarray(vector, dtype=np.float64) @ trained.weights + trained.bias
    return float(1.0 / (1.0 + np.exp(-score)))


def reads_as_instruction(text: str, *, vector: Sequence[float] | None = None) -> bool:
    """Whether ``text`` scores at the threshold; ``vector``: its embedding, if already made."""
    if vector is None:
        vector = embed_passages([text])[0]
    return instruction_probability(vector) >= THRESHOLD
