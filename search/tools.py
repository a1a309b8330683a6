"""The assistant's read tools: ``buscar``, ``consultar``, ``recuperar`` (DESIGN §7-8).

Plain functions returning JSON-ready dicts. Each takes the caller's access and an agent role;
the scope is their intersection (``search.agents``). Every item carries provenance
(source, link, updated_at); a contact carries its 2–3 most relevant memories; protected fields
are absent unless the scope may read them. When a conversation is given, what the person was
shown is appended to the ledger after the read transaction.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Model
from django.http import Http404
from django.urls import reverse
from django.utils import timezone

from memory.policy import mask_secrets
from memory.selectors import memories_remembered_value
from memory.services import IBAN_ATTRIBUTE
from search.agents import ORCHESTRATOR, Scope, scope_for
from search.connectors import FetchRefused
from search.external import external_body
from search.ledger import Shown, shown_record
from search.models import Kind
from search.retrieval import rank
from search.selectors import (
    FoundItem,
    kind_label,
    neighbour_ids,
    read_items,
    subject_memories,
)
from sumalos.accounts.access import AiAccess
from sumalos.invoicing.models import Contact, Expense, Invoice, Quote, UploadedDocument
from sumalos.invoicing.selectors import access_record
from sumalos.rls.assistant import as_assistant
from sumalos.rls.rule import OwnedByPrincipal

RESULTS_LIMIT = 8
NOT_FOUND = "No existe o no tienes acceso."
NO_IBAN_ACCESS = "No tienes permiso para ver las cuentas bancarias de este contacto."
SIN_VERIFICAR = "sin verificar"
CONFIRMADA = "confirmada, distinta de la ficha"


def _provenance(kind: str, link: str, updated_at: datetime.datetime) -> dict[str, str]:
    return {"source": kind_label(kind), "link": link, "updated_at": updated_at.isoformat()}


def _item(found: FoundItem, score: float | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {
        "kind": found.kind,
        "id": found.source_id,
        "key": found.key,
        "title": mask_secrets(found.title),
        "summary": mask_secrets(found.summary),
        "provenance": _provenance(found.kind, found.link, found.updated_at),
    }
    if found.date is not None:
        item["date"] = found.date.isoformat()
    if score is not None:
        item["score"] = round(score, 4)
    return item


def _record(
    *,
    access: AiAccess,
    scope: Scope,
    conversation_id: str | None,
    turn: int,
    via: str,
    shown: list[Shown],
) -> None:
    if conversation_id is not None and shown:
        shown_record(
            access=access,
            conversation_id=conversation_id,
            turn=turn,
            via=via,
            agent_role=scope.role.name,
            items=shown,
        )


def _masked(memories: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Remembered texts as the model may see them: a secret stored before the policy is masked."""
    return [{**memory, "text": mask_secrets(memory["text"])} for memory in memories]


def _shown(item: dict[str, Any], organization_id: int | None) -> list[Shown]:
    out = [
        Shown(
            kind=item["kind"],
            item_id=item["id"],
            version=item["provenance"]["updated_at"],
            organization_id=organization_id,
            fields=tuple(sorted(item.get("fields", {}))),
        )
    ]
    for memory in item.get("memories", []):
        out.append(
            Shown(
                kind=Kind.MEMORY,
                item_id=memory["id"],
                version=memory["provenance"]["updated_at"],
                organization_id=organization_id,
            )
        )
    return out


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
        item = _item(found_item, score)
        if found_item.kind == Kind.CONTACT:
            item["memories"] = _masked(memories.get(found_item.source_id, []))
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
        "related": [_item(f) for f in related],
    }
    shown = [s for f, item in results for s in _shown(item, f.organization_id)]
    shown += [s for f in related for s in _shown(_item(f), f.organization_id)]
    _record(
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


def _money(value: object) -> str:
    return f"{value:.2f}"


def _contact_fields(scope: Scope, contact: Contact) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "name": contact.name,
        "kind": contact.get_kind_display(),
        "tax_id": contact.tax_id,
        "email": contact.email,
        "phone": contact.phone,
        "address": contact.address,
        "city": contact.city,
        "payment_terms_days": contact.payment_terms_days,
        "notes": contact.notes,
    }
    if contact.iban and scope.may_read_field("contact.iban", contact.organization_id):
        fields["iban"] = contact.iban
    return fields


def _billing_fields(scope: Scope, document: Invoice | Quote, prices: bool) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "number": document.number,
        "status": document.get_status_display(),
        "contact": document.contact.name,
        "issue_date": document.issue_date.isoformat(),
        "notes": document.notes,
    }
    lines = []
    for line in document.lines.all():
        entry: dict[str, Any] = {"description": line.description, "quantity": str(line.quantity)}
        if prices:
            entry.update(unit_price=_money(line.unit_price), vat_rate=str(line.vat_rate))
        lines.append(entry)
    fields["lines"] = lines
    if prices:
        fields.update(
            subtotal=_money(document.subtotal),
            vat_total=_money(document.vat_total),
            withholding_total=_money(document.withholding_total),
            total=_money(document.total),
        )
    return fields


def _fields(scope: Scope, kind: str, record: Any) -> dict[str, Any]:
    if kind == Kind.CONTACT:
        return _contact_fields(scope, record)
    if kind == Kind.INVOICE:
        fields = _billing_fields(scope, record, prices=True)
        fields.update(
            due_date=record.due_date.isoformat(),
            paid_at=record.paid_at.isoformat() if record.paid_at else None,
        )
        return fields
    if kind == Kind.QUOTE:
        prices = scope.may_read_field("quote.prices", record.organization_id)
        fields = _billing_fields(scope, record, prices=prices)
        fields["valid_until"] = record.valid_until.isoformat() if record.valid_until else None
        return fields
    if kind == Kind.EXPENSE:
        return {
            "concept": record.concept,
            "date": record.date.isoformat(),
            "supplier": record.supplier.name if record.supplier else None,
            "category": record.category,
            "base": _money(record.base),
            "vat_rate": str(record.vat_rate),
            "vat_amount": _money(record.vat_amount),
            "total": _money(record.total),
        }
    return {"title": record.title, "area": record.area, "text": record.text}


def _link(kind: str, record: Any) -> str:
    if kind == Kind.EXPENSE:
        return reverse("invoicing:expense_list") + f"#gasto-{record.pk}"
    if kind == Kind.DOCUMENT:
        return reverse("invoicing:document_download", args=[record.pk])
    return reverse(f"invoicing:{kind}_detail", args=[record.pk])


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
    fields = _fields(scope, kind, record)
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
        "provenance": _provenance(kind, _link(kind, record), record.updated_at),
    }
    if subject:
        item["memories"] = _masked(memories.get(subject, []))
    _record(
        access=access,
        scope=scope,
        conversation_id=conversation_id,
        turn=turn,
        via="consultar",
        shown=_shown(item, record.organization_id),
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


def _compact(iban: str) -> str:
    return "".join(iban.split()).upper()


def cuenta_bancaria(
    *,
    access: AiAccess,
    contact_id: int,
    role: str = ORCHESTRATOR,
    conversation_id: str | None = None,
    turn: int = 0,
) -> dict[str, Any]:
    """A contact's bank account: the record's IBAN first, then the others memory holds.

    The contact's own field is the account (DESIGN §8: records beat memory). A remembered
    account that differs from it follows, confirmed ones before unverified proposals, each
    with its standing, so a proposal never takes the record's place in an answer.
    """
    scope = scope_for(access, role)
    if Kind.CONTACT not in scope.role.kinds:
        return {"error": NOT_FOUND}
    try:
        contact: Contact = access_record(scope.access, Contact, contact_id)
    except Http404:
        return {"error": NOT_FOUND}
    if not scope.may_read_field("contact.iban", contact.organization_id):
        return {"error": NO_IBAN_ACCESS}
    with as_assistant(scope.access):
        remembered = memories_remembered_value(
            access=scope.access, contact_id=contact.pk, attribute=IBAN_ATTRIBUTE
        )
    record = _compact(contact.iban) if contact.iban else None
    others: list[dict[str, Any]] = []
    for memory in remembered:
        iban = _compact(memory.value)
        if iban == record or any(other["iban"] == iban for other in others):
            continue
        others.append(
            {
                "iban": iban,
                "estado": SIN_VERIFICAR if memory.unverified else CONFIRMADA,
                "recuerdo": memory.pk,
                "fuente": {"tipo": "memoria", "enlace": f"/memoria/#recuerdo-{memory.pk}"},
            }
        )
    link = _link(Kind.CONTACT, contact)
    shown = [
        Shown(
            kind=Kind.CONTACT,
            item_id=contact.pk,
            version=contact.updated_at.isoformat(),
            organization_id=contact.organization_id,
            fields=("iban",),
        )
    ]
    shown += [
        Shown(
            kind=Kind.MEMORY,
            item_id=memory.pk,
            version=memory.updated_at.isoformat(),
            organization_id=memory.organization_id,
        )
        for memory in remembered
        if any(other["recuerdo"] == memory.pk for other in others)
    ]
    _record(
        access=access,
        scope=scope,
        conversation_id=conversation_id,
        turn=turn,
        via="cuenta_bancaria",
        shown=shown,
    )
    return {
        "contacto": contact.name,
        "iban_ficha": record,
        "fuente": {"tipo": "ficha del contacto", "enlace": link},
        "otras_cuentas": others,
    }
