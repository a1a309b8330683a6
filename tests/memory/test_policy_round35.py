"""A kind of phrasing from the dev half of set MM, written anew here in other words: asking in so
many words to note what follows ("apúntame una cosica: …") lets the message past the gate's
"nothing"; whether it holds anything worth a note is still asked."""

from __future__ import annotations

import pytest

from learning.offline.extract import worth_a_note
from learning.services import notes_what_follows


@pytest.mark.parametrize(
    "text",
    [
        "Anótame una cosita: la mutua quiere fotos antes de empezar cualquier arreglo",
        "apunta esto, que se me olvida: los del hostal quieren la factura en papel",
        "guárdame este dato: el portal de la comunidad de Colón tiene código",
    ],
)
def test_an_ask_to_note_what_follows_is_read(text):
    assert notes_what_follows(text)


@pytest.mark.parametrize(
    "text",
    [
        "apunta esto?",
        "la cosa está fatal con los pagos este mes",
    ],
)
def test_a_question_or_a_remark_asks_nothing_to_be_noted(text):
    assert not notes_what_follows(text)


def test_what_follows_the_ask_must_still_be_worth_a_note():
    assert worth_a_note(
        "Anótame una cosita: la mutua quiere fotos antes de empezar cualquier arreglo"
    )
    assert not worth_a_note("apunta esto: lo de ayer fue un desastre total")
