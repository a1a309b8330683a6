"""The attribute classifier reads a sentence that says what the message says on the message's
vector, which the gate already computed: one encoder run fewer per such fact (decision 0038)."""

from __future__ import annotations

import numpy as np

from learning.offline import attributes
from learning.offline.attributes import classify, near_identical, reading
from learning.offline.logreg import softmax
from learning.offline.slots import find_slots
from sumalos import embeddings
from sumalos.platform.text import fold

MESSAGE = "Talleres Norte ahora paga a 45 días, no a 30"
# What the extractor classifies for it: the bare number written out.
CLAUSE = "Talleres Norte ahora paga a 45 días, no a 30 días"


def test_a_word_added_or_removed_reads_as_the_same_sentence():
    assert near_identical(CLAUSE, MESSAGE) is True
    assert near_identical(MESSAGE, CLAUSE) is True
    assert near_identical("Talleres Norte ahora paga a 45 días;  no a 30.", MESSAGE) is True
    assert near_identical("Oye, Talleres Norte ahora paga a 45 días", MESSAGE[:36]) is True


def test_a_word_replaced_moved_or_two_added_is_another_sentence():
    assert near_identical("Talleres Norte ahora cobra a 45 días, no a 30", MESSAGE) is False
    assert near_identical("Ahora Talleres Norte paga a 45 días, no a 30", MESSAGE) is False
    assert near_identical("Talleres Norte ahora paga a 45 días, no a 30 días netos", MESSAGE) is (
        False
    )
    assert near_identical("Talleres Norte paga a 45 días, no a 30 días", MESSAGE) is False


def test_case_and_accents_are_part_of_the_words():
    # The cleaner capitalises a first letter: for the encoder that is another token.
    assert (
        near_identical(
            "El correo de Hoteles del Turia es facturas@turia.es",
            ("el correo de Hoteles del Turia es facturas@turia.es"),
        )
        is False
    )
    assert near_identical("Talleres Norte ahora paga a 45 dias, no a 30", MESSAGE) is False


def test_short_sentences_are_never_taken_for_one_another():
    assert near_identical("Acme paga a 60 días", "Acme paga a 60") is False
    assert near_identical("Paga a 60 días", "Paga a 60 días") is False


def test_inside_reading_the_clause_is_classified_on_the_message_vector():
    embeddings._passages.pop(CLAUSE, None)
    slots = find_slots(CLAUSE)

    with reading(MESSAGE):
        guess = classify(CLAUSE, slots)

    assert CLAUSE not in embeddings._passages
    vector = np.asarray(embeddings.embed_passages([MESSAGE])[0], dtype=np.float16)
    kinds = {s.kind for s in slots}
    x: np.ndarray = np.hstack(
        [
            vector.astype(np.float64) * 4.0,
            np.array([1.0 if k in kinds else 0.0 for k in attributes.SLOT_KINDS]),
            np.array([0.5 if c.search(fold(CLAUSE)) else 0.0 for c in attributes._CUES]),
            np.ones(1),
        ]
    )
    expected = softmax(x[None, :] @ attributes.model().weights)[0]
    best = int(np.argmax(expected))
    assert guess.attribute == attributes.model().labels[best] == "plazo_pago"
    assert guess.probability == float(expected[best])


def test_a_clause_that_says_something_else_is_embedded_itself():
    other = "Talleres Norte ahora cobra a 45 días, no a 30"
    embeddings._passages.pop(other, None)

    with reading(MESSAGE):
        guess = classify(other, find_slots(other))

    assert other in embeddings._passages
    assert guess == classify(other, find_slots(other))


def test_outside_reading_every_text_is_its_own():
    embeddings._passages.pop(CLAUSE, None)

    classify(CLAUSE, find_slots(CLAUSE))

    assert CLAUSE in embeddings._passages
