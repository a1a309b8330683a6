"""Correcting and deleting one memory."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from memory.models import Memory, MemoryAudit
from memory.policy import Verdict, check_content, find_iban
from memory.services.audit import audit_change, snapshot
from memory.services.base import locked, require, validated
from memory.services.versions import version_ids
from sumalos.accounts.access import AiAccess
from sumalos.embeddings import embed_passages
from sumalos.rls.rule import Visibility


@transaction.atomic
def memory_edit(*, access: AiAccess, memory_id: int, text: str, value: str | None = None) -> Memory:
    """Correct a memory's sentence (and value); the content policy applies as to any write."""
    memory, rights = locked(access, memory_id)
    require(rights.can_edit, "No puedes editar este recuerdo.")
    text, _, _, new_value, _ = validated(
        category=memory.category,
        text=text,
        subject="",
        attribute="",
        value=memory.value if value is None else value,
        area=memory.area,
    )
    decision = check_content(text=text, value=new_value, subject=memory.subject, explicit=True)
    if decision.refused:
        raise ValidationError(decision.reason)
    if decision.verdict is Verdict.SPECIAL and memory.visibility == Visibility.SHARED:
        raise ValidationError("Eso solo puede guardarse en privado.")
    new_iban = find_iban(f"{text} {new_value}")
    if memory.visibility == Visibility.SHARED and new_iban and new_iban != memory.value:
        # An edit must not slip a new account past the proposal it would otherwise be.
        raise ValidationError(
            "Una cuenta bancaria nueva no se edita: anótala y quedará como propuesta sin verificar."
        )
    before = snapshot(memory)
    memory.text = text
    memory.value = new_value
    memory.embedding = embed_passages([text])[0]
    memory.save(update_fields=["text", "value", "embedding", "updated_at"])
    audit_change(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.EDIT,
        before=before,
        after=snapshot(memory),
    )
    return memory


@transaction.atomic
def memory_delete(*, access: AiAccess, memory_id: int) -> None:
    """Forget a memory (and the versions it replaced)."""
    memory, rights = locked(access, memory_id)
    require(rights.can_delete, "No puedes borrar este recuerdo.")
    audit_change(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.DELETE,
        before=snapshot(memory),
        after=None,
    )
    Memory.objects.filter(pk__in=version_ids(memory)).delete()
    memory.delete()
