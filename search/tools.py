"""The assistant's read tools: ``buscar``, ``consultar``, ``recuperar`` (DESIGN §7-8).

Plain functions returning JSON-ready dicts. Each takes the caller's access and an agent role;
the scope is their intersection (``search.agents``). Every item carries provenance
(source, link, updated_at); a contact carries its 2–3 most relevant memories; protected fields
are absent unless the scope may read them. When a conversation is given, what the person was
shown is appended to the ledger after the read transaction. How items are rendered lives in
``search.tool_items``; the bank-account tool in ``search.bank_account`` (re-exported here).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Model
from django.http import Http404
from django.utils import timezone

from memory.policy import mask_secrets
from search.agents import ORCHESTRATOR, scope_for
from search.bank_account import CONFIRMADA, NO_IBAN_ACCESS, SIN_VERIFICAR, cuenta_bancaria
from search.connectors import FetchRefused
from search.external import external_body
from search.ledger import Shown, shown_record
from search.models import Kind
from search.retrieval import rank
from search.selectors import neighbour_ids, read_items, subject_memories
from search.tool_items import (
    NOT_FOUND,
    found_item_dict,
    ledger_append,
    masked_memories,
    provenance,
    record_fields,
    record_link,
    shown_of,
)
from sumalos.accounts.access import AiAccess
from sumalos.invoicing.models import Contact, Expense, Invoice, Quote, UploadedDocument
from sumalos.invoicing.selectors import access_record
from sumalos.rls.assistant import as_assistant
from sumalos.rls.rule import OwnedByPrincipal

__all__ = [
    "CONFIRMADA",
    "NOT_FOUND",
    "NO_IBAN_ACCESS",
    "SIN_VERIFICAR",
    "buscar",
    "consultar",
    "cuenta_bancaria",
    "recuperar",
]

RESULTS_LIMIT = 8


def buscar(
    *,
    access: AiAccess,
    query: str,
    role: str = ORCHESTRATOR,
    today: datetime.date | None = None,
    conversation_id: str | None = None,
    turn: int = 0,
) -> dict[str, Any]:
    """Memory first, then everything else, in one ranking; plus what the top entity joins to."""
    scope = scope_for(access, role)
    ranking = rank(scope=scope, question=query, today=today or timezone.localdate())
    top = ranking.ranked[: RESULTS_LIMIT * 2]
    with as_assistant(scope.access):
        found = read_items([pk for pk, _ in top])
        hits = [(found[pk], score) for pk, score in top if pk in found][:RESULTS_LIMIT]
        entity = next((f for f, _ in hits[:3] if f.kind == Kind.CONTACT), None)
        related_ids = (
            neighbour_ids(scope=scope, kind=Kind.CONTACT, source_id=entity.source_id)
            if entity is not None
            else []
        )
        hit_ids = {f.document_id for f, _ in hits}
        related_found = read_items([pk for pk in related_ids if pk not in hit_ids])
        related = [related_found[pk] for pk in related_ids if pk in related_found]
        contacts = [f.source_id for f, _ in hits if f.kind == Kind.CONTACT]
        memories = subject_memories(contacts)
    results = []
    for found_item, score in hits:
        item = found_item_dict(found_item, score)
        if found_item.kind == Kind.CONTACT:
            item["memories"] = masked_memories(memories.get(found_item.source_id, []))
        if found_item.kind == Kind.EXTERNAL:
            try:
                item["body"] = external_body(scope=scope, item_id=found_item.source_id)
            except FetchRefused:
                # The source said no to this person: the reference is not shown at all.
                continue
        results.append((found_item, item))
    out = {
        "query": query,
        "period": (
            {"from": ranking.query.period[0].isoformat(), "to": ranking.query.period[1].isoformat()}
            if ranking.query.period
            else None
        ),
        "memories": [item for f, item in results if f.kind == Kind.MEMORY],
        "results": [item for f, item in results if f.kind != Kind.MEMORY],
        "related": [found_item_dict(f) for f in related],
    }
    shown = [s for f, item in results for s in shown_of(item, f.organization_id)]
    shown += [s for f in related for s in shown_of(found_item_dict(f), f.organization_id)]
    ledger_append(
        access=access,
        scope=scope,
        conversation_id=conversation_id,
        turn=turn,
        via="buscar",
        shown=shown,
    )
    return out


MODELS: dict[str, type[Model]] = {
    Kind.CONTACT: Contact,
    Kind.INVOICE: Invoice,
    Kind.QUOTE: Quote,
    Kind.EXPENSE: Expense,
    Kind.DOCUMENT: UploadedDocument,
}


def consultar(
    *,
    access: AiAccess,
    kind: str,
    id: int,  # the argument name the model sees
    role: str = ORCHESTRATOR,
    conversation_id: str | None = None,
    turn: int = 0,
) -> dict[str, Any]:
    """One record read through the invoicing access helper, with its protected fields decided."""
    scope = scope_for(access, role)
    model = MODELS.get(kind)
    if model is None or kind not in scope.role.kinds:
        return {"error": NOT_FOUND}
    try:
        record: Any = access_record(scope.access, model, id)
    except Http404:
        return {"error": NOT_FOUND}
    # The record and the names it carries (an invoice's customer, an expense's supplier) are
    # read through the invoicing access helper, as the record's own pages do; memories are
    # their own rows and are read under row-level security.
    fields = record_fields(scope, kind, record)
    subject = record.pk if kind == Kind.CONTACT else getattr(record, "supplier_id", None)
    memories: dict[int, list[dict[str, Any]]] = {}
    if subject:
        with as_assistant(scope.access):
            memories = subject_memories([subject])
    item: dict[str, Any] = {
        "kind": kind,
        "id": record.pk,
        "key": str(record.number if kind in (Kind.INVOICE, Kind.QUOTE) else record),
        "fields": fields,
        "provenance": provenance(kind, record_link(kind, record), record.updated_at),
    }
    if subject:
        item["memories"] = masked_memories(memories.get(subject, []))
    ledger_append(
        access=access,
        scope=scope,
        conversation_id=conversation_id,
        turn=turn,
        via="consultar",
        shown=shown_of(item, record.organization_id),
    )
    return item


def recuperar(
    *,
    access: AiAccess,
    conversation_id: str,
    limit: int = 20,
    before_id: int | None = None,
    message_ids: list[int] | None = None,
    turn: int = 0,
) -> dict[str, Any]:
    """Exact messages of the caller's own conversation: the ``message_ids`` a summary cites, or
    the newest ``limit`` before ``before_id``."""
    from channels_app.selectors import conversation_messages

    with as_assistant(access):
        messages = conversation_messages(access=access, conversation_id=conversation_id).filter(
            OwnedByPrincipal().to_q(access)
        )
        if before_id is not None:
            messages = messages.filter(id__lt=before_id)
        if message_ids is not None:
            messages = messages.filter(id__in=message_ids)
        rows = list(messages.order_by("-id")[:limit])
    rows.reverse()
    items = [
        {
            "kind": Kind.MESSAGE,
            "id": message.pk,
            "key": mask_secrets(message.text)[:300],
            "role": message.role,
            # A row copied before masking existed may still hold a secret (decision 0011).
            "text": mask_secrets(message.text),
            "provenance": {
                "source": f"Conversación {message.conversation_id}",
                "link": f"conversacion:{message.conversation_id}#{message.pk}",
                "updated_at": message.updated_at.isoformat(),
            },
        }
        for message in rows
    ]
    if items:
        shown_record(
            access=access,
            conversation_id=conversation_id,
            turn=turn,
            via="recuperar",
            agent_role=ORCHESTRATOR,
            items=[
                Shown(
                    kind=Kind.MESSAGE,
                    item_id=m.pk,
                    version=m.updated_at.isoformat(),
                    organization_id=m.organization_id,
                )
                for m in rows
            ],
        )
    return {"conversation_id": conversation_id, "messages": items}
