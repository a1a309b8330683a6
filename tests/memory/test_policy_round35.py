"""A kind of phrasing from the dev half of set MM, written anew here in other words: asking in so
many words to note something that follows ("apúntame una cosica: …") asks for it to be kept,
whatever the gate guesses."""

from __future__ import annotations

import pytest

from memory.scope import asks_to_keep


@pytest.mark.parametrize(
    "text",
    [
        "Anótame una cosita: la mutua quiere fotos antes de empezar cualquier arreglo",
        "apunta esto, que se me olvida: los del hostal quieren la factura en papel",
        "guárdame este dato: el portal de la comunidad de Colón tiene código",
    ],
)
def test_an_ask_to_note_what_follows_asks_to_keep_it(text):
    assert asks_to_keep(text)


@pytest.mark.parametrize(
    "text",
    [
        "apunta esto?",
        "la cosa está fatal con los pagos este mes",
    ],
)
def test_a_question_or_a_remark_asks_nothing_to_be_kept(text):
    assert not asks_to_keep(text)
