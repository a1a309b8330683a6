"""How the assistant's read tools render what they read, and what they append to the ledger.

Every item carries provenance (source, link, updated_at); remembered texts are masked; a
record's protected fields are present only when the scope may read them (``search.tools``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.urls import reverse

from memory.policy import mask_secrets
from search.agents import Scope
from search.ledger import Shown, shown_record
from search.models import Kind
from search.selectors import FoundItem, kind_label
from sumalos.accounts.access import AiAccess
from sumalos.invoicing.models import Contact, Invoice, Quote

NOT_FOUND = "No existe o no tienes acceso."


def provenance(kind: str, link: str, updated_at: datetime.datetime) -> dict[str, str]:
    return {"source": kind_label(kind), "link": link, "updated_at": updated_at.isoformat()}


def found_item_dict(found: FoundItem, score: float | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {
        "kind": found.kind,
        "id": found.source_id,
        "key": found.key,
        "title": mask_secrets(found.title),
        "summary": mask_secrets(found.summary),
        "provenance": provenance(found.kind, found.link, found.updated_at),
    }
    if found.date is not None:
        item["date"] = found.date.isoformat()
    if score is not None:
        item["score"] = round(score, 4)
    return item


def ledger_append(
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


def masked_memories(memories: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Remembered texts as the model may see them: a secret stored before the policy is masked."""
    return [{**memory, "text": mask_secrets(memory["text"])} for memory in memories]


def shown_of(item: dict[str, Any], organization_id: int | None) -> list[Shown]:
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


def money(value: object) -> str:
    return f"{value:.2f}"


def contact_fields(scope: Scope, contact: Contact) -> dict[str, Any]:
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


def billing_fields(scope: Scope, document: Invoice | Quote, prices: bool) -> dict[str, Any]:
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
            entry.update(unit_price=money(line.unit_price), vat_rate=str(line.vat_rate))
        lines.append(entry)
    fields["lines"] = lines
    if prices:
        fields.update(
            subtotal=money(document.subtotal),
            vat_total=money(document.vat_total),
            withholding_total=money(document.withholding_total),
            total=money(document.total),
        )
    return fields


def record_fields(scope: Scope, kind: str, record: Any) -> dict[str, Any]:
    if kind == Kind.CONTACT:
        return contact_fields(scope, record)
    if kind == Kind.INVOICE:
        fields = billing_fields(scope, record, prices=True)
        fields.update(
            due_date=record.due_date.isoformat(),
            paid_at=record.paid_at.isoformat() if record.paid_at else None,
        )
        return fields
    if kind == Kind.QUOTE:
        prices = scope.may_read_field("quote.prices", record.organization_id)
        fields = billing_fields(scope, record, prices=prices)
        fields["valid_until"] = record.valid_until.isoformat() if record.valid_until else None
        return fields
    if kind == Kind.EXPENSE:
        return {
            "concept": record.concept,
            "date": record.date.isoformat(),
            "supplier": record.supplier.name if record.supplier else None,
            "category": record.category,
            "base": money(record.base),
            "vat_rate": str(record.vat_rate),
            "vat_amount": money(record.vat_amount),
            "total": money(record.total),
        }
    return {"title": record.title, "area": record.area, "text": record.text}


def record_link(kind: str, record: Any) -> str:
    if kind == Kind.EXPENSE:
        return reverse("invoicing:expense_list") + f"#gasto-{record.pk}"
    if kind == Kind.DOCUMENT:
        return reverse("invoicing:document_download", args=[record.pk])
    return reverse(f"invoicing:{kind}_detail", args=[record.pk])
