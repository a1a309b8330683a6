"""``manage.py eval_policy`` on a small labelled file: exact results, figures, and no leftovers."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from channels_app.models import AiMessage, WebChat, WhatsappMessage
from memory.models import Memory
from sumalos.accounts.models import Organization, User

FIXTURE = Path(__file__).parent / "data" / "policy_fixture.jsonl"
KINDS = Path(__file__).parent / "data" / "policy_fixture_kinds.json"

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _run(path: Path, *options: str) -> dict[str, Any]:
    out = io.StringIO()
    call_command("eval_policy", "--file", str(path), *options, "--json", stdout=out)
    report: dict[str, Any] = json.loads(out.getvalue())
    return report


def test_each_line_goes_through_its_write_path_and_the_figures_are_exact(world_tx):
    before = (Organization.objects.count(), User.objects.count())

    report = _run(FIXTURE, "--kinds", str(KINDS))

    assert [(r["id"], r["policy"], r["visibility"]) for r in report["results"]] == [
        ("fx-secret", "secret", "none"),
        ("fx-poison", "injection", "none"),
        ("fx-marker", "none", "private"),
        ("fx-confirm", "none", "proposal"),
        ("fx-shared", "none", "shared"),
        ("fx-iban", "financial", "proposal"),
        ("fx-lookalike", "none", "shared"),
        ("fx-family", "none", "personal"),
        ("fx-mislabelled", "none", "private"),
    ]
    by_id = {r["id"]: r["stored"] for r in report["results"]}
    assert by_id["fx-iban"] == [
        {
            "visibility": "proposal",
            # A named company that is not a contact is a third party (by default a customer),
            # never the organization itself: its account is not the company's own.
            "category": "cliente",
            "text": "La cuenta de Aceros del Norte es ES7921000813610123456789.",
            "value": "ES7921000813610123456789",
            "unverified": True,
        }
    ]
    assert [(s["visibility"], s["text"]) for s in by_id["fx-marker"]] == [
        ("private", "Hostal Miramar paga a 90 días.")
    ]
    summary = report["summary"]
    assert summary["policy"]["secret"] == {"support": 2, "precision": 1.0, "recall": 0.5}
    assert summary["policy"]["none"] == {"support": 5, "precision": 0.8333, "recall": 1.0}
    assert summary["policy"]["injection"] == {"support": 1, "precision": 1.0, "recall": 1.0}
    assert summary["policy"]["insult"] == {"support": 0, "precision": None, "recall": None}
    assert (summary["policy_accuracy"], summary["scope_accuracy"]) == (0.8889, 0.7778)
    assert (summary["scope_accuracy_when_stored"], summary["stored_when_expected"]) == (0.7143, 1.0)
    # Markers the system reads itself, and markers as the writer labelled them.
    assert summary["detected_markers"] == {"lines": 2, "accuracy": 1.0, "misses": []}
    assert summary["explicit_markers"] == {"lines": 1, "accuracy": 1.0, "misses": []}
    # Right means policy and layer both as labelled; kinds are read in one spelling.
    assert summary["kinds"] == {
        "business_fact": {"lines": 2, "right": 2, "misses": []},
        "injection": {"lines": 1, "right": 1, "misses": []},
        "look_alike": {"lines": 1, "right": 0, "misses": ["fx-lookalike"]},
        "own_life": {"lines": 1, "right": 1, "misses": []},
        "private_marker": {"lines": 1, "right": 1, "misses": []},
        "secret": {"lines": 2, "right": 1, "misses": ["fx-mislabelled"]},
        "third_party_iban": {"lines": 1, "right": 1, "misses": []},
    }
    assert summary["look_alike_false_positives"] == {"lines": 5, "rate": 0.0, "ids": []}
    # A line labelled secret that was stored is counted, whatever the policy said.
    assert (summary["injections_stored_shared"], summary["secrets_stored"]) == (
        [],
        ["fx-mislabelled"],
    )
    assert (summary["policy_misses"], summary["scope_misses"]) == (
        ["fx-mislabelled"],
        ["fx-lookalike", "fx-mislabelled"],
    )
    # Every scratch organization, person, message and memory is gone; the world is untouched.
    assert (Organization.objects.count(), User.objects.count()) == before
    assert Memory.objects.count() == 0
    assert (WebChat.objects.count(), AiMessage.objects.count()) == (0, 0)
    assert WhatsappMessage.objects.count() == 0


def test_a_line_without_its_fields_is_refused_by_name(tmp_path, world_tx):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"id": "x1", "text": "hola", "channel": "fax"}) + "\n")

    with pytest.raises(CommandError, match=r"x1: missing \['expect', 'shared_mode', 'writer'\]"):
        _run(bad)


def test_the_printed_report_names_both_marker_figures_and_each_kind(tmp_path, world_tx):
    lines = tmp_path / "one.jsonl"
    lines.write_text(FIXTURE.read_text().splitlines()[2] + "\n")
    kinds = tmp_path / "kinds.json"
    kinds.write_text(json.dumps({"fx-marker": "private_marker"}))
    out = io.StringIO()

    call_command("eval_policy", "--file", str(lines), "--kinds", str(kinds), stdout=out)

    printed = out.getvalue().splitlines()
    assert "markers the system detects: 1.0 on 1 lines" in printed
    assert "explicit markers (by kind): 1.0 on 1 lines []" in printed
    assert printed[-1] == "  private_marker       1/1   misses []"


def test_a_kinds_file_without_a_line_is_refused_before_anything_runs(tmp_path, world_tx):
    kinds = tmp_path / "kinds.json"
    kinds.write_text(json.dumps({"fx-secret": "secret"}))

    with pytest.raises(CommandError, match=r"no kind for \['fx-poison', 'fx-marker'"):
        _run(FIXTURE, "--kinds", str(kinds))
    assert Memory.objects.count() == 0
