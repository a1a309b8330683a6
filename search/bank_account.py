"""The ``cuenta_bancaria`` tool: a contact's IBAN from the record, then what memory holds."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from memory.selectors import memories_remembered_value
from memory.services import IBAN_ATTRIBUTE
from search.agents import ORCHESTRATOR, scope_for
from search.ledger import Shown
from search.models import Kind
from search.tool_items import NOT_FOUND, ledger_append, record_link
from sumalos.accounts.access import AiAccess
from sumalos.invoicing.models import Contact
from sumalos.invoicing.selectors import access_record
from sumalos.rls.assistant import as_assistant

NO_IBAN_ACCESS = "No tienes permiso para ver las cuentas bancarias de este contacto."
SIN_VERIFICAR = "sin verificar"
CONFIRMADA = "confirmada, distinta de la ficha"


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
    link = record_link(Kind.CONTACT, contact)
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
    ledger_append(
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
