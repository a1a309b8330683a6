"""Deterministic ranking rules: the lexicon, the general key by default, ties in the fusion."""

from __future__ import annotations

from knowledge.lexicon import expand
from knowledge.retrieval import fuse
from knowledge.selectors import _general_first


def test_an_eu_country_adds_the_intra_community_terms():
    assert expand("tengo un cliente en Alemania, le facturo con IVA?") == [
        "un",
        "cliente",
        "en",
        "alemania",
        "intracomunitaria",
        "ue",
        "le",
        "facturo",
        "con",
        "iva",
    ]


def test_a_country_outside_the_eu_adds_nothing():
    assert "intracomunitaria" not in expand("cliente en mexico")


def test_tied_sibling_keys_put_the_general_one_first():
    tied = ["iva.tipo.reducido", "iva.tipo.general", "iva.tipo.superreducido"]

    assert _general_first(tied) == [
        "iva.tipo.general",
        "iva.tipo.reducido",
        "iva.tipo.superreducido",
    ]


def test_keys_of_other_families_keep_their_order():
    tied = ["plazo.modelo303.t1", "iva.tipo.reducido", "iva.tipo.general"]

    assert _general_first(tied) == ["plazo.modelo303.t1", "iva.tipo.general", "iva.tipo.reducido"]


def test_a_family_without_a_general_key_is_unchanged():
    tied = ["plazo.modelo130.t2", "plazo.modelo130.t1"]

    assert _general_first(tied) == tied


def test_trade_words_gain_the_words_of_the_entries():
    assert expand("gasoil de la furgo del fontanero") == [
        "gasoil",
        "gasoleo",
        "combustible",
        "de",
        "la",
        "furgo",
        "furgoneta",
        "vehiculo",
        "del",
        "fontanero",
        "fontaneria",
    ]


def test_a_boiler_is_also_a_water_heater():
    assert expand("cambiar el termo") == ["cambiar", "el", "termo", "caldera", "calentador"]


def test_a_tie_in_the_fusion_goes_to_the_chunk_the_first_leg_ranks_higher():
    lexical = [(7, 0.9), (3, 0.8)]
    vector = [(3, 0.95), (7, 0.94)]

    fused = fuse([lexical, [], vector])

    assert [chunk_id for chunk_id, _ in fused] == [7, 3]
    assert fused[0][1] == fused[1][1] == 1 / 61 + 1 / 62


def test_verifactu_is_searched_as_the_two_words_the_text_search_reads():
    assert expand("verifactu") == ["verifactu", "veri", "factu"]
