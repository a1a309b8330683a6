"""Questions typed WhatsApp style ("q plazo tiene…", "de q pueblo es") are questions, not
statements to acknowledge for the learner (assistant/offline.py; set D's test half)."""

from __future__ import annotations

import pytest

from assistant.offline import _is_statement


@pytest.mark.parametrize(
    ("message", "statement"),
    [
        ("q plazo de pago tiene la clinica dental sonrisas", False),
        ("la clinica dental sonrisas de q pueblo es", False),
        ("q cuenta tiene la peluqueria angela", False),
        ("k tiempo va a hacer mañana en valencia", False),
        ("ke hora es", False),
        ("Talleres García ahora paga a 60 días, no a 30", True),
        ("La peluquería Ángela paga por transferencia", True),
    ],
)
def test_question_words_in_whatsapp_spelling(message: str, statement: bool) -> None:
    assert _is_statement(message) is statement
