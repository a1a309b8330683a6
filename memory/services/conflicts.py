"""Conflicts on one level: the row a write merges into or supersedes.

Design: docs/memory.md, "Conflicts".
"""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Q

from memory.models import Memory
from memory.services.base import clean_text
from sumalos.embeddings import cosine, embed_passages
from sumalos.rls.rule import Visibility

SEMANTIC_MATCH = 0.92
SEMANTIC_CANDIDATES = 50


def _same_value(a: str, b: str) -> bool:
    """Equal once cleaned and case-folded."""
    return clean_text(a).casefold() == clean_text(b).casefold()


def level_q(*, visibility: str, organization_id: int | None, owner: dict[str, Any]) -> Q:
    """Rows on the same level: same layer, organization and owner."""
    q = Q(visibility=visibility, organization_id=organization_id)
    if visibility == Visibility.SHARED:
        return q
    return q & Q(**owner)


def find_conflict(*, same_level: Any, fields: dict[str, Any]) -> tuple[Memory | None, bool]:
    """The active memory this write collides with on its level, and whether it merges.

    Exact first (subject + attribute); then by meaning within the same subject (cosine ≥ 0.92),
    where a different value supersedes and never merges; without a subject, the same sentence
    merges.
    """
    subject, attribute, value, text = (
        fields["subject"],
        fields["attribute"],
        fields["value"],
        fields["text"],
    )
    if subject and attribute:
        exact = same_level.filter(subject=subject, attribute=attribute).order_by("-id").first()
        if exact is not None:
            return exact, _same_value(exact.value or exact.text, value or text)
    if subject:
        best = _semantic_match(same_level.filter(subject=subject), subject=subject, text=text)
        if best is not None:
            if value and best.value:
                return best, _same_value(best.value, value)
            same = _same_value(best.text, text)
            return best, same
        return None, False
    duplicate = same_level.filter(subject="", text__iexact=text).order_by("id").first()
    return duplicate, duplicate is not None


def _without_subject(text: str, subject: str) -> str:
    return clean_text(re.sub(re.escape(subject), " ", text, flags=re.IGNORECASE)) or text


def _semantic_match(candidates: Any, *, subject: str, text: str) -> Memory | None:
    """The candidate saying the same thing about ``subject`` (cosine ≥ 0.92), if any.

    Compared without the subject's name: with the local model two sentences about the same
    customer are ~0.92 alike whatever they say, and what tells facts apart is the rest
    (docs/memory.md, "Conflicts").
    """
    rows = list(candidates.order_by("-id")[:SEMANTIC_CANDIDATES])
    if not rows:
        return None
    new, *old = embed_passages(
        [_without_subject(t, subject) for t in (text, *(row.text for row in rows))]
    )
    scored = [(cosine(new, vector), -row.pk, row) for row, vector in zip(rows, old, strict=True)]
    score, _, best = max(scored, key=lambda item: item[:2])
    return best if score >= SEMANTIC_MATCH else None
