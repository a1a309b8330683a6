"""The gate's lexical pre-check (learning/offline/gate.py, ``nothing_to_learn``): what it
answers without the model, and that the policy rules still run on it (decision 0029)."""

from __future__ import annotations

import pytest

from learning.offline.gate import decide, nothing_to_learn
from sumalos import embeddings


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("¿Cuánto le facturé a Talleres García en mayo?", True),
        ("¿Qué IVA lleva una reparación?", True),
        ("Gracias!", True),
        ("hola", True),
        # A question that tells something, or asks to keep it, goes to the model.
        ("¿Sabías que Talleres García ahora paga a 60 días?", False),
        ("¿Te acuerdas de que me llamo Pablo?", False),
        ("¿Apuntas que el taller abre los sábados?", False),
        ("¿Cuánto me paga Talleres García?", False),
        # Two sentences, or a statement: the model decides.
        ("Me llamo Pablo. ¿Qué tal?", False),
        ("Hola Suma, ¿qué tal?", False),
        ("Gracias, hasta mañana", False),
        ("Talleres García paga a 60 días", False),
    ],
)
def test_nothing_to_learn(text: str, expected: bool):
    assert nothing_to_learn(text) is expected


def test_a_plain_question_is_ignored_without_an_embedding():
    embeddings._passages.clear()

    decision = decide("¿Cuánto le facturé a Talleres García en mayo?", None)

    assert (decision.p_remember, decision.category, decision.p_category, decision.scope) == (
        0.0,
        "ninguno",
        1.0,
        None,
    )
    assert decision.outcome == "ignore"
    assert list(embeddings._passages) == []


def test_the_policy_rules_still_answer_a_plain_question():
    decision = decide("¿La contraseña del banco es Hortensia2024?", None)

    assert (decision.p_remember, decision.policy, decision.outcome) == (0.0, "secret", "refuse")
