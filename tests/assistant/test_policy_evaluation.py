"""The evaluation's summary on given results: markers judged by the writer's kinds, not by the
system's own detector, and the table per kind."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.policy_evaluation import kind_name, summarise, validate_kinds


def _row(line_id: str, text: str, policy: str, visibility: str) -> dict[str, Any]:
    return {"id": line_id, "text": text, "expect": {"policy": policy, "visibility": visibility}}


def _result(line_id: str, policy: str, visibility: str) -> dict[str, Any]:
    stored = [] if visibility == "none" else [{"visibility": visibility}]
    return {"id": line_id, "policy": policy, "visibility": visibility, "stored": stored}


# A marker the detector reads and one in slang it misses (stored shared instead of private),
# a secret caught, and a look-alike stored where expected.
ROWS = [
    _row("a", "Solo para mí: Hostal Miramar paga a 90 días", "none", "private"),
    _row("b", "esto queda entre mi almohada y yo: Bar El Puerto regatea", "none", "private"),
    _row("c", "Mi clave del banco es Nube2024", "secret", "none"),
    _row("d", "El pedido 4410-2290 llega el jueves", "none", "shared"),
]
RESULTS = [
    _result("a", "none", "private"),
    _result("b", "none", "shared"),
    _result("c", "secret", "none"),
    _result("d", "none", "shared"),
]
KINDS = {"a": "private marker", "b": "private_marker", "c": "secret", "d": "Look-alike"}


def test_without_kinds_only_the_detected_markers_are_reported():
    summary = summarise(ROWS, RESULTS)

    # The slang marker is not detected, so this figure cannot see it missed.
    assert summary["detected_markers"] == {"lines": 1, "accuracy": 1.0, "misses": []}
    assert ("explicit_markers" in summary, "kinds" in summary) == (False, False)


def test_with_kinds_every_labelled_marker_counts_and_each_kind_has_its_row():
    summary = summarise(ROWS, RESULTS, KINDS)

    assert summary["explicit_markers"] == {"lines": 2, "accuracy": 0.5, "misses": ["b"]}
    assert summary["kinds"] == {
        "look_alike": {"lines": 1, "right": 1, "misses": []},
        "private_marker": {"lines": 2, "right": 1, "misses": ["b"]},
        "secret": {"lines": 1, "right": 1, "misses": []},
    }


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("private marker", "private_marker"),
        ("private_marker", "private_marker"),
        ("Shared  Marker", "shared_marker"),
        ("third-party IBAN", "third_party_iban"),
    ],
)
def test_a_kind_has_one_spelling(written, name):
    assert kind_name(written) == name


def test_a_line_without_a_kind_is_refused_by_id():
    with pytest.raises(ValueError, match=r"^no kind for \['d'\]$"):
        validate_kinds(ROWS, {"a": "x", "b": "x", "c": "x"})
