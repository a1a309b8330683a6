"""The shown-to ledger: every item that reaches the model, per person and turn (DESIGN §7).

The tools record what they return; the assistant loop records its prompt blocks through the
same ``shown_record``. ``personal_export`` answers "what Suma showed me and what it knows
about me" for the person asking, and only for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from memory.selectors import memories_visible
from search.models import ShownItem
from search.selectors import shown_to_person
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import OwnedByPrincipal


@dataclass(frozen=True)
class Shown:
    kind: str
    item_id: int
    key: str
    version: str
    organization_id: int | None
    fields: tuple[str, ...] = ()


@transaction.atomic
def shown_record(
    *,
    access: AiAccess,
    conversation_id: str,
    turn: int,
    via: str,
    agent_role: str,
    items: list[Shown],
) -> list[ShownItem]:
    """Append what the person was shown in one turn; one row per item, never updated."""
    return ShownItem.objects.bulk_create(
        ShownItem(
            person_user_id=access.user_id,
            person_phone=access.phone,
            organization_id=item.organization_id,
            conversation_id=conversation_id,
            turn=turn,
            via=via,
            agent_role=agent_role,
            item_kind=item.kind,
            item_id=item.item_id,
            item_key=item.key[:300],
            version=item.version[:40],
            fields=list(item.fields),
        )
        for item in items
    )


def personal_export(*, access: AiAccess) -> dict[str, Any]:
    """The person's own ledger and the memories they own, as JSON-ready data."""
    shown = [
        {
            "conversation_id": row.conversation_id,
            "turn": row.turn,
            "via": row.via,
            "agent_role": row.agent_role,
            "kind": row.item_kind,
            "id": row.item_id,
            "key": row.item_key,
            "version": row.version,
            "fields": row.fields,
            "shown_at": row.shown_at.isoformat(),
        }
        for row in shown_to_person(access=access)
    ]
    owned = memories_visible(access=access).filter(OwnedByPrincipal().to_q(access))
    memories = [
        {
            "id": memory.pk,
            "visibility": memory.visibility,
            "organization_id": memory.organization_id,
            "category": memory.category,
            "text": memory.text,
            "status": memory.status,
            "updated_at": memory.updated_at.isoformat(),
        }
        for memory in owned.order_by("id")
    ]
    return {"shown": shown, "memories": memories}


@transaction.atomic
def shown_forget_conversation(*, access: AiAccess, conversation_id: str) -> int:
    """Delete what the person was shown in one of their conversations, which they deleted."""
    deleted, _ = shown_to_person(access=access).filter(conversation_id=conversation_id).delete()
    return deleted
