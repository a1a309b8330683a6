"""Scoring the search on a labelled query set: top-5 and MRR, per kind and per leg (DESIGN §7).

One JSON object per line: ``{"id", "query", "expect": {"kind", "key"}}``, optionally ``kind``
(the query's kind, for per-kind figures), ``as`` (the person's email), ``org`` (an
organization's name) and ``today``; ``key`` is a natural key (a contact's name or tax ID, a
document number, an expense's concept or a file's title). The queries run as a real person in
one organization, through the same scope as the tools. Each query runs ``rank()`` once; a leg
alone is scored on its own list, the fused figure on the global ranking.
"""

from __future__ import annotations

import datetime
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db.models import Case, IntegerField, Value, When

from search.agents import scope_for
from search.indexing import normalize_identifier
from search.models import SearchDocument
from search.retrieval import LEGS, Ranking, rank
from sumalos.accounts.access import AiAccess, access_for_user
from sumalos.accounts.models import Membership, Organization, User
from sumalos.rls.assistant import as_assistant

TOP = 10
MODES: tuple[str, ...] = (*LEGS, "fused")


class EvaluationError(Exception):
    """A line names a person or organization that does not exist or does not match."""


@dataclass(frozen=True)
class Defaults:
    """What a line without ``as`` / ``org`` / ``today`` runs as."""

    email: str | None = None
    organization: str | None = None
    today: datetime.date | None = None


def read_queries(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def matches(document: SearchDocument, expect: dict[str, str]) -> bool:
    if document.kind != expect["kind"]:
        return False
    wanted = normalize_identifier(expect["key"])
    return document.key == expect["key"] or wanted in (document.tax_id, document.number)


def home_organization(user: User) -> Organization | None:
    """The organization a person searches in by default: the one they own, else the oldest."""
    membership = (
        Membership.objects.filter(user=user)
        .annotate(
            owned=Case(
                When(role=Membership.Role.OWNER, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .order_by("owned", "created_at", "pk")
        .select_related("organization")
        .first()
    )
    return membership.organization if membership else None


def access_of(email: str, organization_name: str | None) -> AiAccess:
    user = User.objects.filter(email=email).first()
    if user is None:
        raise EvaluationError(f"No existe la persona {email}.")
    if organization_name:
        organization = Organization.objects.filter(name=organization_name).first()
    else:
        organization = home_organization(user)
    if organization is None:
        raise EvaluationError(f"No hay organización para {email}.")
    access = access_for_user(user, organization_ids=[organization.pk])
    if not access.organization_ids:
        raise EvaluationError(f"{email} no es miembro de {organization.name}.")
    return access


def _reciprocal(
    ranked: Iterable[tuple[int, float]],
    documents: dict[int, SearchDocument],
    expect: dict[str, str],
) -> tuple[list[dict[str, Any]], float]:
    hits: list[dict[str, Any]] = []
    reciprocal = 0.0
    for pk, score in list(ranked)[:TOP]:
        document = documents.get(pk)
        if document is None:
            continue
        hits.append({"kind": document.kind, "key": document.key, "score": round(score, 4)})
        if not reciprocal and matches(document, expect):
            reciprocal = 1 / len(hits)
    return hits, reciprocal


def mode_lists(ranking: Ranking) -> dict[str, list[tuple[int, float]]]:
    """Each leg's own list and the fused ranking, in rank order."""
    lists: dict[str, list[tuple[int, float]]] = {leg: ranking.legs[leg] for leg in LEGS}
    lists["fused"] = ranking.ranked
    return lists


def run_query(
    *, access: AiAccess, item: dict[str, Any], today: datetime.date
) -> dict[str, tuple[list[dict[str, Any]], float]]:
    """Per mode: the top hits of one query (read under the person's RLS) and its RR."""
    ranking = rank(scope=scope_for(access), question=item["query"], today=today)
    lists = mode_lists(ranking)
    ids = {pk for ranked in lists.values() for pk, _ in ranked[:TOP]}
    with as_assistant(access):
        documents = SearchDocument.objects.in_bulk(sorted(ids))
    return {mode: _reciprocal(ranked, documents, item["expect"]) for mode, ranked in lists.items()}


def _figures(reciprocals: list[float]) -> dict[str, float]:
    if not reciprocals:
        return {"top5": 0.0, "mrr": 0.0}
    return {
        "top5": round(sum(r >= 1 / 5 for r in reciprocals) / len(reciprocals), 4),
        "mrr": round(sum(reciprocals) / len(reciprocals), 4),
    }


def evaluate(*, items: list[dict[str, Any]], defaults: Defaults) -> dict[str, Any]:
    """Run every line; figures overall, per leg and per query kind."""
    accesses: dict[tuple[str, str | None], AiAccess] = {}
    results = []
    by_mode: dict[str, list[float]] = defaultdict(list)
    by_kind: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for item in items:
        email = item.get("as") or defaults.email
        if email is None:
            raise EvaluationError(f"La línea {item['id']} no dice quién pregunta.")
        organization = item.get("org") or defaults.organization
        key = (email, organization)
        if key not in accesses:
            accesses[key] = access_of(email, organization)
        today_text = item.get("today")
        today = datetime.date.fromisoformat(today_text) if today_text else defaults.today
        if today is None:
            today = datetime.date.today()
        per_mode = run_query(access=accesses[key], item=item, today=today)
        kind = item.get("kind", "")
        for mode, (_, reciprocal) in per_mode.items():
            by_mode[mode].append(reciprocal)
            if kind:
                by_kind[kind][mode].append(reciprocal)
        hits, reciprocal = per_mode["fused"]
        results.append({"id": item["id"], "kind": kind, "hits": hits, "rr": round(reciprocal, 4)})
    legs = {mode: _figures(by_mode[mode]) for mode in MODES}
    kinds = {
        kind: {"n": len(modes["fused"]), **{mode: _figures(modes[mode]) for mode in MODES}}
        for kind, modes in sorted(by_kind.items())
    }
    summary = {**legs["fused"], "n": len(items), "legs": legs, "kinds": kinds}
    return {"results": results, "summary": summary}


def report_lines(report: dict[str, Any], *, misses: bool = True) -> list[str]:
    """The human-readable report: misses (optional), then a table of kinds × modes."""
    lines = []
    if misses:
        for result in report["results"]:
            if result["rr"] < 1:
                first = result["hits"][0] if result["hits"] else {}
                lines.append(
                    f"  {result['id']}: rr={result['rr']} primero={first.get('kind')}:"
                    f"{first.get('key')}"
                )
    summary = report["summary"]
    header = f"{'':16}{'n':>4}" + "".join(f"{mode:>16}" for mode in MODES)
    lines.append(header)
    rows = [(kind, figures) for kind, figures in summary["kinds"].items()]
    rows.append(("todas", {"n": summary["n"], **summary["legs"]}))
    for kind, figures in rows:
        cells = "".join(
            f"{figures[mode]['top5']:>8.3f}{figures[mode]['mrr']:>8.3f}" for mode in MODES
        )
        lines.append(f"{kind:16}{figures['n']:>4}{cells}")
    lines.append("(cada vía: top-5 y MRR)")
    return lines


def fusion_rows(
    *, items: list[dict[str, Any]], defaults: Defaults
) -> list[tuple[list[dict[str, float]], int, list[bool], int]]:
    """Per query: the fused candidates' features, the index of the right one (-1: absent),
    which candidates are right, and how many exact hits lead (for fitting search.fusion)."""
    rows = []
    accesses: dict[tuple[str, str | None], AiAccess] = {}
    for item in items:
        email = item.get("as") or defaults.email
        if email is None:
            raise EvaluationError(f"La línea {item['id']} no dice quién pregunta.")
        key = (email, item.get("org") or defaults.organization)
        if key not in accesses:
            accesses[key] = access_of(*key)
        today_text = item.get("today")
        today = datetime.date.fromisoformat(today_text) if today_text else defaults.today
        ranking = rank(
            scope=scope_for(accesses[key]),
            question=item["query"],
            today=today or datetime.date.today(),
        )
        ids = [c.document_id for c in ranking.candidates] + [pk for pk, _ in ranking.legs["exact"]]
        with as_assistant(accesses[key]):
            documents = SearchDocument.objects.in_bulk(sorted(set(ids)))
        right = [
            pk in documents and matches(documents[pk], item["expect"])
            for pk in (c.document_id for c in ranking.candidates)
        ]
        exact_right = any(
            pk in documents and matches(documents[pk], item["expect"])
            for pk, _ in ranking.legs["exact"]
        )
        features = [c.features for c in ranking.candidates]
        index = -1 if exact_right or True not in right else right.index(True)
        rows.append((features, index, right, len(ranking.legs["exact"]) if exact_right else -1))
    return rows
