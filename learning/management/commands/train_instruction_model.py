"""Train the instruction backstop's weights from the labelled policy sets (decision 0048).

``manage.py train_instruction_model`` reads every ``memory/eval/policy_*.jsonl`` but the
held-out ones (never opened), labels a line 1 when its expected policy is ``injection``, embeds
each text as ``memory_write`` does and fits the offline logistic regression. Deterministic: the
same sets give the same ``memory/data/instruction_model.json``. Embedding some 4,500 texts on one
thread takes about five minutes, which is why the weights are committed and not trained at
first use like the gate's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from django.core.management.base import BaseCommand

from learning.offline.logreg import fit
from memory.instruction_model import WEIGHTS_FILE
from memory.services.base import clean_text
from sumalos.embeddings import MODEL_NAME, embed_passages

EVAL_DIR = Path(__file__).resolve().parents[3] / "memory" / "eval"
# Held out: set P's dev half chooses the threshold; the test halves, and sets Q to U (written
# after the weights), are measures.
HELD_OUT = frozenset(
    {
        "policy_dev_p.jsonl",
        "policy_test_m.jsonl",
        "policy_test_n.jsonl",
        "policy_test_o.jsonl",
        "policy_test_p.jsonl",
        "policy_dev_q.jsonl",
        "policy_test_q.jsonl",
        "policy_dev_r.jsonl",
        "policy_test_r.jsonl",
        "policy_dev_s.jsonl",
        "policy_test_s.jsonl",
        "policy_dev_t.jsonl",
        "policy_test_t.jsonl",
        "policy_dev_u.jsonl",
        "policy_test_u.jsonl",
    }
)
# As the gate scales its embedding against its other inputs; the exported weights absorb it.
SCALE = 4.0
BATCH = 32


def training_files() -> list[Path]:
    return [path for path in sorted(EVAL_DIR.glob("policy_*.jsonl")) if path.name not in HELD_OUT]


def labelled_texts(paths: list[Path]) -> dict[str, bool]:
    """Each cleaned text once, in file order; labelled an instruction if any set says so."""
    labels: dict[str, bool] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            text = clean_text(row["text"])
            labels[text] = labels.get(text, False) or row["expect"]["policy"] == "injection"
    return labels


def train(labels: dict[str, bool]) -> dict[str, Any]:
    """Weights over the raw embedding and a bias, for ``memory.instruction_model``."""
    texts = list(labels)
    vectors = np.concatenate(
        [
            np.asarray(embed_passages(texts[start : start + BATCH]), dtype=np.float64)
            for start in range(0, len(texts), BATCH)
        ]
    )
    x = np.hstack([vectors * SCALE, np.ones((len(texts), 1))])
    targets = np.array([[0.0, 1.0] if labels[text] else [1.0, 0.0] for text in texts])
    weights = fit(x, targets)
    # Two classes: the probability of the second is the sigmoid of the difference.
    difference = weights[:, 1] - weights[:, 0]
    return {
        "bias": round(float(difference[-1]), 6),
        "weights": [round(float(w), 6) for w in difference[:-1] * SCALE],
    }


class Command(BaseCommand):
    help = "Train the instruction backstop from the labelled policy sets; write its weights."

    def handle(self, *args: Any, **options: Any) -> None:
        paths = training_files()
        labels = labelled_texts(paths)
        stored = {
            "embeddings": MODEL_NAME,
            "trained_on": [path.name for path in paths],
            "texts": len(labels),
            "instructions": sum(labels.values()),
            **train(labels),
        }
        WEIGHTS_FILE.parent.mkdir(exist_ok=True)
        # One key a line, the weights on one: a retraining shows as a diff of its figures.
        lines = (f"{json.dumps(key)}: {json.dumps(value)}" for key, value in stored.items())
        WEIGHTS_FILE.write_text("{\n" + ",\n".join(lines) + "\n}\n")
        self.stdout.write(
            f"{stored['texts']} texts ({stored['instructions']} instructions) from "
            f"{len(paths)} sets → {WEIGHTS_FILE.name}"
        )
