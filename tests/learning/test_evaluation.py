"""The committed labelled sets meet their targets with the offline provider."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from learning.management.commands import eval_extraction, eval_gate
from learning.offline.gate import load_training_set

pytestmark = pytest.mark.django_db


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_the_training_set_shares_no_message_with_the_evaluation_set():
    training = {row["text"].casefold() for row in load_training_set()}
    evaluation = {row["text"].casefold() for row in _rows(eval_gate.DEFAULT_FILE)}

    assert training & evaluation == set()


def test_gate_precision_recall_and_policy_on_the_evaluation_set():
    rows = _rows(eval_gate.DEFAULT_FILE)

    summary = eval_gate.evaluate(rows)["summary"]

    # The offline gate is deterministic: the figures are exact, not a floor.
    assert len(rows) == 64
    assert summary == {
        "precision": 1.0,
        "recall": 1.0,
        "policy_accuracy": 1.0,
        "cost_per_1000": 0.0,
    }


def test_extraction_finds_every_expected_fact():
    summary = eval_extraction.evaluate(_rows(eval_extraction.DEFAULT_FILE))["summary"]

    assert summary == {"found": 16, "expected": 16}
