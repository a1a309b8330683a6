"""The committed labelled sets meet their targets with the offline provider."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sumalos.ai.management.commands import eval_extraction, eval_gate
from sumalos.ai.offline.gate import load_training_set

pytestmark = pytest.mark.django_db


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_the_training_set_shares_no_message_with_the_evaluation_set():
    training = {row["text"].casefold() for row in load_training_set()}
    evaluation = {row["text"].casefold() for row in _rows(eval_gate.DEFAULT_FILE)}

    assert training & evaluation == set()


def test_gate_precision_recall_and_policy_on_the_evaluation_set():
    rows = _rows(eval_gate.DEFAULT_FILE)

    summary = eval_gate.evaluate(rows)["summary"]

    assert len(rows) >= 62
    assert summary["precision"] == 1.0
    assert summary["recall"] >= 0.9
    assert summary["policy_accuracy"] == 1.0
    assert summary["cost_per_1000"] == 0.0


def test_extraction_finds_at_least_14_of_15_expected_facts():
    summary = eval_extraction.evaluate(_rows(eval_extraction.DEFAULT_FILE))["summary"]

    assert summary["expected"] >= 15
    assert summary["found"] >= summary["expected"] - 1
