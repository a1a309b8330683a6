"""How a concept's words match records' texts (``sumalos.invoicing.figures``), no database."""

from __future__ import annotations

from sumalos.invoicing.figures import known_words, text_matches, word_matches


def test_words_match_give_or_take_their_ending():
    assert word_matches("cambios", "cambio")
    assert word_matches("descalcificadores", "descalcificador")
    assert word_matches("iva", "iva")
    assert not word_matches("iva", "ivan")
    assert not word_matches("gasoil", "gasoleo")


def test_every_word_of_the_concept_must_be_in_the_text():
    assert text_matches("Cambio de caldera de gas", ["cambios", "caldera"])
    assert not text_matches("Revisión anual de caldera", ["cambios", "caldera"])
    assert text_matches("Gasóleo furgoneta vehículo", ["gasoleo"])


def test_unknown_words_are_dropped_only_when_another_word_is_known():
    texts = ["Tubería multicapa y accesorios", "Gasóleo furgoneta"]

    assert known_words(texts, ["tuberia", "fontaneria"]) == ["tuberia"]
    assert known_words(texts, ["azulejos"]) == ["azulejos"]
