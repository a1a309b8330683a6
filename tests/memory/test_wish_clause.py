"""The clause reader (decision 0060): how a message is cut, which clauses teach it, and what the
committed weights read in sentences written for this test."""

from __future__ import annotations

import json

import pytest

from learning.management.commands.train_backstop import (
    EXTRACTION_MEASURE,
    MEASURE,
    WISH_LINES,
    _clause_labels,
    training_files,
)
from memory.learned import PRIVATE_MARKER, WISH_CLAUSE, clauses, reads_as_private
from sumalos.embeddings import embed_passages


def test_a_message_is_cut_at_its_stops_and_read_in_neighbouring_pairs_too():
    assert clauses("la farmacia debe 480. solo tú y yo lo sabemos") == [
        "la farmacia debe 480",
        "solo tú y yo lo sabemos",
        "la farmacia debe 480, solo tú y yo lo sabemos",
    ]


def test_a_message_without_a_stop_is_its_own_clause():
    assert clauses("ok") == ["ok"]


def test_the_clause_the_rules_read_holds_the_wish_and_the_rest_is_the_fact():
    assert _clause_labels("Talleres paga a 40. Que quede entre nosotros", "private") == [
        ("Que quede entre nosotros", "private"),
        ("Talleres paga a 40, Que quede entre nosotros", "private"),
        ("Talleres paga a 40", "other"),
    ]


def test_a_line_whose_wish_no_clause_holds_teaches_nothing():
    assert _clause_labels("Talleres paga a 40. Ya sabes cómo va esto", "private") == []


def test_every_clause_of_a_line_without_a_wish_is_no_wish():
    assert _clause_labels("Ruiz cierra en agosto, del 1 al 15", None) == [
        ("Ruiz cierra en agosto", "other"),
        ("del 1 al 15", "other"),
        ("Ruiz cierra en agosto, del 1 al 15", "other"),
    ]


def test_a_wish_the_message_level_marker_misses_is_read_clause_by_clause():
    text = "Pinturas Horta nos fía a 90 días. Esto que no salga de tu cabeza y la mía"
    assert PRIVATE_MARKER.probability(embed_passages([text])[0]) < PRIVATE_MARKER.threshold
    assert WISH_CLAUSE.reads_private(text) is True
    assert reads_as_private(text) is True


@pytest.mark.parametrize(
    "text",
    [
        "Hostal Miramar paga a 20 días desde enero, me lo dijo la encargada",
        "los de Gasóleos Ribera cierran los sábados por la tarde",
    ],
)
def test_ordinary_facts_are_not_read_as_wishes(text):
    assert reads_as_private(text) is False
    assert WISH_CLAUSE.wish(text)[0] < WISH_CLAUSE.threshold


def test_the_committed_clause_weights_were_trained_on_exactly_the_sets_training_reads_now():
    stored = json.loads(WISH_CLAUSE.weights_file.read_text())

    names = [path.name for path in training_files(PRIVATE_MARKER)]
    assert stored["trained_on"] == [*names, WISH_LINES.name]
    assert not set(names) & (MEASURE | EXTRACTION_MEASURE)
    assert {"policy_test_jj.jsonl", "extraction_test_y.jsonl"} <= MEASURE | EXTRACTION_MEASURE
