"""Train a learned backstop's weights from the labelled policy sets (decisions 0048, 0053).

``manage.py train_backstop wish_clause`` trains the clause reader (decision 0060) on the clauses
of the same sets as the private marker and on ``memory/data/wish_clause_lines.jsonl``.
``manage.py train_backstop instruction`` reads every ``memory/eval/policy_*.jsonl`` but the
held-out ones (never opened) and labels a line 1 when its expected policy is ``injection``.
``manage.py train_backstop private_marker`` reads the sets that come with a kinds file (id →
kind) and labels a line 1 when its kind is a private marker; it also reads
``memory/data/private_marker_lines.jsonl``, lines written only to train it (wishes to keep a fact
to oneself in many styles, wishes to share, and near misses such as "para mí que…"), never used
to measure anything. Each text is embedded as
``memory_write`` does and the offline logistic regression is fitted. Deterministic: the same
sets give the same ``memory/data/<name>_model.json``. Embedding some 4,500 texts on one thread
takes about five minutes, which is why the weights are committed and not trained at first use
like the gate's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
from django.core.management.base import BaseCommand

from learning.offline.logreg import fit
from memory.learned import (
    DATA_DIR,
    INSTRUCTION,
    PRIVATE_MARKER,
    SHARED_MARKER,
    WISH_CLASSES,
    WISH_CLAUSE,
    Backstop,
    clauses,
)
from memory.scope import marked_visibility
from memory.services.base import clean_text
from sumalos.embeddings import MODEL_NAME, embed_passages
from sumalos.rls.rule import Visibility

EVAL_DIR = Path(__file__).resolve().parents[3] / "memory" / "eval"
# The extraction sets: ordinary messages about customers, suppliers and the company, written
# with no thought of privacy. Where the rules read no marker in one, it is what neither marker
# backstop may flag: trained without them, the private marker narrowed 3 % of these messages
# ("oye, que el del hostal Miramar me ha dicho que ahora pagan a treinta días"), policy round 32.
EXTRACTION_DIR = Path(__file__).resolve().parents[2] / "offline" / "data"
# Blind extraction halves, the measure of the work in progress: never opened by training.
EXTRACTION_MEASURE = frozenset(
    [
        *(f"extraction_test_{letter}.jsonl" for letter in ("y", "z", "aa", "ab")),
        # AA and AB, written blind in the 2026-12-07 (7) session: the measure of its work
        *(f"extraction_dev_{letter}.jsonl" for letter in ("aa", "ab")),
        # AC and AD, written blind in the 2026-12-07 (8) session: the measure of its work
        *(
            f"extraction_{half}_{letter}.jsonl"
            for half in ("dev", "test")
            for letter in ("ac", "ad")
        ),
    ]
)
TRAINING_LINES = DATA_DIR / "private_marker_lines.jsonl"
# Wish clauses written alone, without a fact, to train the clause reader (decision 0060): keep
# it to me, share it, and clauses that only look like either ("para mí que no paga", "díselo a
# todos").
WISH_LINES = DATA_DIR / "wish_clause_lines.jsonl"
# Held out of both backstops: the sets that are the measure of the work in progress, never
# opened by training. Each earlier set was held out while it was a measure (X to CC, decisions
# 0048, 0053, 0054); once measured, reported and tuned on by the rules, it holds no unseen
# figure any more, and its lines, in styles the older sets lack, train both backstops.
# Sets EE, FF and GG were written blind in the 2026-12-07 (4) session, the measure of its work;
# set DD, the measure of the session before, trains both backstops since (decision 0058).
# The 2026-12-07 (7) session released the sets read since (EE to II, the dev halves of JJ and
# KK, W, X and the dev halves of Y and Z): what stays unseen is the test halves of JJ, KK, Y and
# Z, and the whole of LL, AA and AB, written at the session's start.
MEASURE = frozenset(
    [
        *(f"policy_test_{letters}.jsonl" for letters in ("jj", "kk")),
        *(f"policy_{half}_ll.jsonl" for half in ("dev", "test")),
        # MM, written blind at the start of the 2026-12-07 (8) session: the measure of its work
        *(f"policy_{half}_mm.jsonl" for half in ("dev", "test")),
    ]
)
HELD_OUT = MEASURE
PRIVATE_KINDS = frozenset({"private_marker", "private marker"})
SHARED_KINDS = frozenset({"shared_marker", "shared marker"})
# As the gate scales its embedding against its other inputs; the exported weights absorb it.
SCALE = 4.0
BATCH = 32

Row = dict[str, Any]


def kinds_file(path: Path) -> Path | None:
    """The kinds file of a policy set: ``policy_dev_h_kinds.json`` or, for both halves,
    ``policy_h_kinds.json``."""
    own = path.with_name(f"{path.stem}_kinds.json")
    _, _, letter = path.stem.rpartition("_")
    shared = path.with_name(f"policy_{letter}_kinds.json")
    return next((candidate for candidate in (own, shared) if candidate.exists()), None)


def _left_out(path: Path, letters: frozenset[str]) -> bool:
    return path.stem.rpartition("_")[2] in letters


def training_files(
    backstop: Backstop = INSTRUCTION, *, leave_out: frozenset[str] = frozenset()
) -> list[Path]:
    """The sets a backstop learns from; ``leave_out``: set letters kept out too, to measure
    a threshold on sets the weights never saw."""
    paths = [p for p in sorted(EVAL_DIR.glob("policy_*.jsonl")) if not _left_out(p, leave_out)]
    if backstop in (PRIVATE_MARKER, SHARED_MARKER):
        with_kinds = [path for path in paths if kinds_file(path) is not None]
        ordinary = [
            path
            for path in sorted(EXTRACTION_DIR.glob("extraction_*.jsonl"))
            if path.name not in EXTRACTION_MEASURE and not _left_out(path, leave_out)
        ]
        measured = [path for path in with_kinds if path.name not in MEASURE]
        return [*measured, TRAINING_LINES, *ordinary]
    return [path for path in paths if path.name not in HELD_OUT]


def _is_instruction(row: Row, kinds: dict[str, str]) -> bool:
    return bool(row["expect"]["policy"] == "injection")


def _is_private_marker(row: Row, kinds: dict[str, str]) -> bool:
    if "label" in row:  # a training line: labelled in the line itself
        return bool(row["label"] == "private")
    return kinds.get(row["id"]) in PRIVATE_KINDS


def _is_shared_marker(row: Row, kinds: dict[str, str]) -> bool:
    if "label" in row:
        return bool(row["label"] == "shared")
    return kinds.get(row["id"]) in SHARED_KINDS


LABELS: dict[str, Callable[[Row, dict[str, str]], bool]] = {
    INSTRUCTION.name: _is_instruction,
    PRIVATE_MARKER.name: _is_private_marker,
    SHARED_MARKER.name: _is_shared_marker,
}


def _rows(paths: list[Path]) -> Iterator[tuple[Path, Row, str, dict[str, str]]]:
    """Each line of each set, in file order, with its cleaned text and its set's kinds."""
    for path in paths:
        kinds_path = kinds_file(path)
        kinds = json.loads(kinds_path.read_text()) if kinds_path else {}
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                yield path, row, clean_text(row["text"]), kinds


def labelled_texts(paths: list[Path], backstop: Backstop = INSTRUCTION) -> dict[str, bool]:
    """Each cleaned text once, in file order; labelled 1 if any set says so."""
    label = LABELS[backstop.name]
    labels: dict[str, bool] = {}
    for _, row, text, kinds in _rows(paths):
        if isinstance(row.get("expect"), list):
            # An extraction line: a negative, unless the rules read a marker in it.
            if marked_visibility(text) is None:
                labels.setdefault(text, False)
            continue
        labels[text] = labels.get(text, False) or label(row, kinds)
    return labels


def _clause_labels(text: str, wish: str | None) -> list[tuple[str, str]]:
    """The clauses of one line, each with what it asks (``WISH_CLASSES``). In a line that asks to
    keep or to share (``wish``), the clauses in which the rules read that wish hold it, and those
    in which they read none are the fact; a line whose wish no clause alone holds teaches through
    the pairs that hold it, or not at all. Every clause of any other line is no wish."""
    readings = {clause: marked_visibility(clause) for clause in clauses(text)}
    if wish is None:
        return [(clause, "other") for clause, read in readings.items() if read is None]
    wanted = Visibility.PRIVATE_IN_ORG if wish == "private" else Visibility.SHARED
    holding = [clause for clause, read in readings.items() if read == wanted]
    if not holding:
        return []
    return [(clause, wish) for clause in holding] + [
        (clause, "other")
        for clause, read in readings.items()
        if read is None and ", " not in clause
    ]


def clause_examples(paths: list[Path]) -> dict[str, str]:
    """Each clause once, in file order, with what it asks; a wish beats no wish."""
    examples: dict[str, str] = {}
    for path, row, text, kinds in _rows(paths):
        if path == WISH_LINES:  # written alone: the clause is the line
            pairs = [(text, row["label"])]
        else:
            wish = (
                "private"
                if _is_private_marker(row, kinds)
                else "shared"
                if _is_shared_marker(row, kinds)
                else None
            )
            pairs = _clause_labels(text, None if isinstance(row.get("expect"), list) else wish)
        for clause, label in pairs:
            if examples.get(clause, "other") == "other":
                examples[clause] = label
    return examples


def train_clauses(examples: dict[str, str]) -> dict[str, Any]:
    """Weights (one row per class of ``WISH_CLASSES``) over the raw embedding, and biases."""
    texts = list(examples)
    vectors = embed_all(texts)
    x = np.hstack([vectors * SCALE, np.ones((len(vectors), 1))])
    targets = np.zeros((len(texts), len(WISH_CLASSES)))
    targets[np.arange(len(texts)), [WISH_CLASSES.index(examples[text]) for text in texts]] = 1.0
    weights = fit(x, targets)
    return {
        "bias": [round(float(b), 6) for b in weights[-1]],
        "weights": [[round(float(w), 6) for w in row] for row in (weights[:-1] * SCALE).T],
    }


def embed_all(texts: list[str]) -> np.ndarray:
    return np.concatenate(
        [
            np.asarray(embed_passages(texts[start : start + BATCH]), dtype=np.float64)
            for start in range(0, len(texts), BATCH)
        ]
    )


def fit_vectors(vectors: np.ndarray, targets: list[bool]) -> dict[str, Any]:
    """Weights over the raw embedding and a bias, for ``memory.learned``."""
    x = np.hstack([vectors * SCALE, np.ones((len(vectors), 1))])
    weights = fit(x, np.array([[0.0, 1.0] if target else [1.0, 0.0] for target in targets]))
    # Two classes: the probability of the second is the sigmoid of the difference.
    difference = weights[:, 1] - weights[:, 0]
    return {
        "bias": round(float(difference[-1]), 6),
        "weights": [round(float(w), 6) for w in difference[:-1] * SCALE],
    }


def train(labels: dict[str, bool]) -> dict[str, Any]:
    texts = list(labels)
    return fit_vectors(embed_all(texts), [labels[text] for text in texts])


class Command(BaseCommand):
    help = "Train a learned backstop from the labelled policy sets; write its weights."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("backstop", choices=sorted([*LABELS, WISH_CLAUSE.name]))
        parser.add_argument(
            "--leave-out",
            default="",
            help="Set letters to keep out of training (comma-separated), to measure on them.",
        )
        parser.add_argument("--out", type=Path, help="Write the weights here instead.")

    def handle(self, *args: Any, **options: Any) -> None:
        leave_out = frozenset(filter(None, options["leave_out"].split(",")))
        if options["backstop"] == WISH_CLAUSE.name:
            paths = [*training_files(PRIVATE_MARKER, leave_out=leave_out), WISH_LINES]
            examples = clause_examples(paths)
            stored = {
                "embeddings": MODEL_NAME,
                "trained_on": [path.name for path in paths],
                "texts": len(examples),
                "positives": sum(label != "other" for label in examples.values()),
                **train_clauses(examples),
            }
            weights_file = WISH_CLAUSE.weights_file
        else:
            backstops = (INSTRUCTION, PRIVATE_MARKER, SHARED_MARKER)
            backstop = next(b for b in backstops if b.name == options["backstop"])
            paths = training_files(backstop, leave_out=leave_out)
            labels = labelled_texts(paths, backstop)
            stored = {
                "embeddings": MODEL_NAME,
                "trained_on": [path.name for path in paths],
                "texts": len(labels),
                "positives": sum(labels.values()),
                **train(labels),
            }
            weights_file = backstop.weights_file
        out: Path = options["out"] or weights_file
        out.parent.mkdir(exist_ok=True)
        # One key a line, the weights on one: a retraining shows as a diff of its figures.
        lines = (f"{json.dumps(key)}: {json.dumps(value)}" for key, value in stored.items())
        out.write_text("{\n" + ",\n".join(lines) + "\n}\n")
        self.stdout.write(
            f"{stored['texts']} texts ({stored['positives']} positives) from "
            f"{len(paths)} sets → {out.name}"
        )
