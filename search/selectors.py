"""Reads of the context layer; every one takes the access (STYLE §2, DESIGN §7).

Item text is read under ``as_assistant`` (the restricted role and row-level security), so a
document a ranking leg returned by mistake is simply not there. The graph hop follows edges
asserted at ingest and filters them with the same rule; the ledger views are for the person
and for their organization's owners and admins only.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet

from search.agents import Scope
from search.models import EntityEdge, Kind, ShownItem
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import visible_q

MEMORIES_PER_SUBJECT = 3
NEIGHBOURS_LIMIT = 12


@dataclass(frozen=True)
class FoundItem:
    document_id: int
    kind: str
    source_id: int
    key: str
    title: str
    summary: str
    link: str
    updated_at: datetime.datetime
    organization_id: int | None
    date: datetime.date | None


def read_items(document_ids: list[int]) -> dict[int, FoundItem]:
    """Read items by search-document id; call inside ``as_assistant`` (RLS filters them)."""
    if not document_ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, kind, source_id, key, title, summary, link, source_updated_at,"
            " organization_id, date FROM search_documents WHERE id = ANY(%s)",
            [document_ids],
        )
        return {row[0]: FoundItem(*row) for row in cursor.fetchall()}


def subject_memories(contact_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The 2–3 most relevant active memories of each contact; call inside ``as_assistant``.

    Relevance is what a person would expect to hear first: pinned, then most confident,
    then newest. Row-level security decides which memories exist for this access.
    """
    if not contact_ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT contact_id, id, text, updated_at FROM (
                SELECT m.contact_id, m.id, m.text, m.updated_at,
                       row_number() OVER (PARTITION BY m.contact_id
                                          ORDER BY m.pinned DESC, m.confidence DESC,
                                                   m.updated_at DESC, m.id DESC) AS n
                FROM memories m
                WHERE m.contact_id = ANY(%s) AND m.status = 'active'
            ) ranked WHERE n <= %s ORDER BY contact_id, n
            """,
            [contact_ids, MEMORIES_PER_SUBJECT],
        )
        rows = cursor.fetchall()
    out: dict[int, list[dict[str, Any]]] = {}
    for contact_id, memory_id, text, updated_at in rows:
        out.setdefault(contact_id, []).append(
            {
                "id": memory_id,
                "text": text,
                "provenance": {
                    "source": "Memoria",
                    "link": f"/memoria/#recuerdo-{memory_id}",
                    "updated_at": updated_at.isoformat(),
                },
            }
        )
    return out


def neighbour_ids(*, scope: Scope, kind: str, source_id: int) -> list[int]:
    """Items joined to one entity by an edge (its invoices, expenses, files, messages...)."""
    edges = (
        EntityEdge.objects.filter(visible_q(scope.access), target_kind=kind, target_id=source_id)
        .filter(source__kind__in=sorted(scope.role.kinds))
        .order_by("-source__date", "-source_id")
        .values_list("source_id", flat=True)
    )
    return list(dict.fromkeys(edges))[:NEIGHBOURS_LIMIT]


def _person_q(access: AiAccess) -> Q:
    q = Q(pk__in=[])
    if access.user_id is not None:
        q |= Q(person_user_id=access.user_id)
    if access.phone:
        q |= Q(person_phone=access.phone)
    return q


def shown_in_conversation(
    *, access: AiAccess, conversation_id: str, person_user_id: int | None = None
) -> QuerySet[ShownItem]:
    """What Suma showed in one conversation: the person sees their own, managers their org's.

    An owner or admin sees the rows recorded in their organizations; a person always sees
    the rows shown to themselves (personal conversations included). ``person_user_id``
    narrows to one person ("what was andres@ shown in conversation X").
    """
    managed = [org_id for org_id in access.organization_ids if access.is_manager(org_id)]
    rows = ShownItem.objects.filter(
        _person_q(access) | Q(organization_id__in=managed), conversation_id=conversation_id
    )
    if person_user_id is not None:
        rows = rows.filter(person_user_id=person_user_id)
    return rows.order_by("turn", "id")


def shown_to_person(*, access: AiAccess) -> QuerySet[ShownItem]:
    """Everything Suma ever showed the person asking (their export)."""
    return ShownItem.objects.filter(_person_q(access)).order_by("shown_at", "id")


def kind_label(kind: str) -> str:
    return str(Kind(kind).label)
