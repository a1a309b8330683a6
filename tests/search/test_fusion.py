"""The learned fusion: leg features and the fitted weights (search/fusion.py)."""

from __future__ import annotations

from search.fusion import FEATURES, fit, leg_features, score


def test_each_leg_gives_its_reciprocal_rank_and_normalised_score():
    features = leg_features(
        {"lexical": [(7, 2.0), (8, 1.0)], "trigram": [], "vector": [(8, 0.95), (9, 0.85)]},
        0.75,
    )

    assert features[7]["lexical_rr"] == 1.0
    assert features[8]["lexical_rr"] == 0.5
    assert features[8]["lexical_score"] == 0.5
    assert features[8]["vector_rr"] == 1.0
    assert round(features[8]["vector_score"], 4) == 0.8
    assert round(features[9]["vector_gap"], 4) == 1.0
    assert round(features[8]["rrf"], 4) == round(30 / 62 + 30 / 61, 4)
    assert sorted(features) == [7, 8, 9]


def test_fitting_learns_the_feature_that_marks_the_right_item():
    # In every query the right item is the one whose kind the words asked for.
    queries = [
        ([{"kind_wanted": 0.0, "lexical_rr": 1.0}, {"kind_wanted": 1.0, "lexical_rr": 0.5}], 1),
        ([{"kind_wanted": 1.0, "lexical_rr": 1.0}, {"kind_wanted": 0.0, "lexical_rr": 0.5}], 0),
        ([{"kind_wanted": 0.0, "lexical_rr": 1.0}, {"kind_wanted": 1.0, "lexical_rr": 0.3}], 1),
    ]

    weights = fit(queries, steps=500)

    assert sorted(weights) == sorted(FEATURES)
    assert weights["kind_wanted"] > 1.0
    for rows, right in queries:
        assert max(range(2), key=lambda i: score(rows[i], weights)) == right
