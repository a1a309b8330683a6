"""``eval_search``: the report format and its figures on a small labelled set."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db(transaction=True)

QUERIES = [
    {"id": "q1", "query": "Talleres Garsia", "expect": {"kind": "contact", "key": "B26361758"}},
    {"id": "q2", "query": "F2026-0002", "expect": {"kind": "invoice", "key": "F2026-0002"}},
    {
        "id": "q3",
        "query": "tarifa de la ferretería",
        "expect": {"kind": "document", "key": "Tarifa de Ferretería Ruiz"},
    },
]


def test_eval_search_reports_hits_and_figures_per_leg(records, world_tx, tmp_path, capsys):
    path = tmp_path / "queries.jsonl"
    path.write_text("\n".join(json.dumps(q) for q in QUERIES), encoding="utf-8")

    call_command(
        "eval_search",
        "--as",
        "owner@uno.test",
        "--org",
        "Taller Uno",
        "--file",
        str(path),
        "--today",
        "2026-11-29",
        "--json",
    )
    report = json.loads(capsys.readouterr().out)

    assert [r["id"] for r in report["results"]] == ["q1", "q2", "q3"]
    assert report["results"][1]["hits"][0] == {"kind": "invoice", "key": "F2026-0002", "score": 1.0}
    assert (report["summary"]["top5"], report["summary"]["mrr"]) == (1.0, 1.0)
    assert sorted(report["summary"]["legs"]) == ["exact", "fused", "lexical", "trigram", "vector"]
    assert report["summary"]["legs"]["exact"] == {"top5": 0.6667, "mrr": 0.6667}


def test_eval_search_reads_who_asks_from_each_line_and_reports_per_kind(
    records, world_tx, tmp_path, capsys
):
    lines = [
        {**QUERIES[0], "kind": "typo", "as": "owner@uno.test", "today": "2026-11-29"},
        {**QUERIES[1], "kind": "identifier", "as": "owner@uno.test", "today": "2026-11-29"},
    ]
    path = tmp_path / "queries.jsonl"
    path.write_text("\n".join(json.dumps(q) for q in lines), encoding="utf-8")

    call_command("eval_search", "--file", str(path), "--json")
    summary = json.loads(capsys.readouterr().out)["summary"]

    assert sorted(summary["kinds"]) == ["identifier", "typo"]
    assert summary["kinds"]["identifier"]["n"] == 1
    assert summary["kinds"]["identifier"]["exact"] == {"top5": 1.0, "mrr": 1.0}
    assert summary["kinds"]["typo"]["fused"] == {"top5": 1.0, "mrr": 1.0}
    assert summary["kinds"]["typo"]["exact"] == {"top5": 1.0, "mrr": 1.0}
    assert (summary["n"], summary["top5"], summary["mrr"]) == (2, 1.0, 1.0)


def test_fit_search_fusion_refuses_the_test_half(tmp_path):
    path = tmp_path / "search_test.jsonl"
    path.write_text("", encoding="utf-8")

    with pytest.raises(CommandError, match="prueba"):
        call_command("fit_search_fusion", "--file", str(path))


def test_fit_search_fusion_takes_a_former_test_half_only_when_named(tmp_path):
    dev = tmp_path / "search_dev.jsonl"
    former = tmp_path / "search_test.jsonl"
    dev.write_text("", encoding="utf-8")
    former.write_text("", encoding="utf-8")
    out = StringIO()

    with pytest.raises(CommandError, match="prueba"):
        call_command("fit_search_fusion", "--file", str(dev), "--file", str(former))
    call_command(
        "fit_search_fusion",
        "--file",
        str(dev),
        "--file",
        str(former),
        "--former-test",
        str(former),
        "--folds",
        "1",
        stdout=out,
    )

    assert out.getvalue().splitlines()[0] == "WEIGHTS: Mapping[str, float] = {"
