"""The shown-to ledger: every item that reaches the model, per person and turn (DESIGN §7).

Rows are references (kind, id, layer, when), never copies of text. ``ledger_lines`` resolves
each reference through the visibility rule when the ledger is read: the viewer gets the text
only if they could read the item themselves, and a deleted source reads as deleted, for the
person and their managers alike. ``personal_export`` answers "what Suma showed me and what it
knows about me" for the person asking, and only for them. Decision: docs/decisions/0006.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Model

from channels_app.models import AiMessage
from memory.models import Memory
from memory.selectors import memories_visible
from search.models import Kind, SearchDocument, ShownItem
from search.selectors import shown_to_person
from sumalos.accounts.access import AiAccess
from sumalos.invoicing.models import Contact, Expense, Invoice, Quote, UploadedDocument
from sumalos.rls.rule import OwnedByPrincipal, visible_q

# The table behind each kind of item, to tell a deleted source from one the viewer cannot read.
SOURCE_MODELS: dict[str, type[Model]] = {
    Kind.CONTACT: Contact,
    Kind.INVOICE: Invoice,
    Kind.QUOTE: Quote,
    Kind.EXPENSE: Expense,
    Kind.DOCUMENT: UploadedDocument,
    Kind.MEMORY: Memory,
    Kind.MESSAGE: AiMessage,
}
# Items that carry their own layer (the visibility column); the rest have a fixed one.
LAYERED_KINDS = {Kind.MEMORY: Memory, Kind.MESSAGE: AiMessage}
HIDDEN = "no visible"
DELETED = "eliminado"


@dataclass(frozen=True)
class Shown:
    kind: str
    item_id: int
    version: str
    organization_id: int | None
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class LedgerLine:
    """One ledger row as this viewer may see it: the reference, and the text if readable."""

    row: ShownItem
    state: str  # "visible", "hidden" or "deleted"
    text: str

    @property
    def label(self) -> str:
        """The text for the viewer, or what stands in for it."""
        if self.state == "visible":
            return self.text
        return DELETED if self.state == "deleted" else HIDDEN


def _layers(items: list[Shown]) -> dict[tuple[str, int], str]:
    """The layer of each item now, as it is recorded (the reference keeps no text)."""
    layers: dict[tuple[str, int], str] = {}
    for kind, model in LAYERED_KINDS.items():
        ids = [item.item_id for item in items if item.kind == kind]
        # The ids come from reads under the rule; this only reads their visibility column.
        for pk, visibility in model._default_manager.filter(pk__in=ids).values_list(
            "pk", "visibility"
        ):
            layers[(kind, pk)] = visibility
    return layers


def _fixed_layer(kind: str) -> str:
    return ShownItem.Layer.EXTERNAL if kind == Kind.EXTERNAL else ShownItem.Layer.RECORD


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
    """Append what the person was shown in one turn; one reference per item, never updated."""
    layers = _layers(items)
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
            layer=layers.get((item.kind, item.item_id), _fixed_layer(item.kind)),
            version=item.version[:40],
            fields=list(item.fields),
        )
        for item in items
        if item.kind not in LAYERED_KINDS or (item.kind, item.item_id) in layers
    )


def _existing(kind: str, ids: set[int]) -> set[int]:
    """Which sources still exist; existence only, never their content."""
    if kind == Kind.EXTERNAL:
        return set(
            SearchDocument.objects.filter(kind=kind, source_id__in=ids).values_list(
                "source_id", flat=True
            )
        )
    model = SOURCE_MODELS.get(kind)
    if model is None:
        return set()
    return set(model._default_manager.filter(pk__in=ids).values_list("pk", flat=True))


def _readable(access: AiAccess, kind: str, ids: set[int]) -> dict[int, str]:
    """The text of the items this viewer may read themselves, under the visibility rule."""
    if kind == Kind.MEMORY:
        return dict(memories_visible(access=access).filter(pk__in=ids).values_list("pk", "text"))
    if kind == Kind.MESSAGE:
        return dict(
            AiMessage.objects.filter(visible_q(access), pk__in=ids).values_list("pk", "text")
        )
    # Records and external references: the index carries the four columns of the source.
    return dict(
        SearchDocument.objects.filter(visible_q(access), kind=kind, source_id__in=ids).values_list(
            "source_id", "key"
        )
    )


def ledger_lines(*, access: AiAccess, rows: Iterable[ShownItem]) -> list[LedgerLine]:
    """Resolve ledger references for this viewer: text only where the rule lets them read it."""
    rows = list(rows)
    wanted: dict[str, set[int]] = defaultdict(set)
    for row in rows:
        wanted[row.item_kind].add(row.item_id)
    existing = {kind: _existing(kind, ids) for kind, ids in wanted.items()}
    readable = {kind: _readable(access, kind, ids) for kind, ids in wanted.items()}
    lines = []
    for row in rows:
        if row.item_id not in existing[row.item_kind]:
            lines.append(LedgerLine(row, "deleted", ""))
        elif row.item_id in readable[row.item_kind]:
            lines.append(LedgerLine(row, "visible", readable[row.item_kind][row.item_id]))
        else:
            lines.append(LedgerLine(row, "hidden", ""))
    return lines


def personal_export(*, access: AiAccess) -> dict[str, Any]:
    """The person's own ledger and the memories they own, as JSON-ready data."""
    shown = [
        {
            "conversation_id": line.row.conversation_id,
            "turn": line.row.turn,
            "via": line.row.via,
            "agent_role": line.row.agent_role,
            "kind": line.row.item_kind,
            "id": line.row.item_id,
            "layer": line.row.layer,
            "text": line.label,
            "version": line.row.version,
            "fields": line.row.fields,
            "shown_at": line.row.shown_at.isoformat(),
        }
        for line in ledger_lines(access=access, rows=shown_to_person(access=access))
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
