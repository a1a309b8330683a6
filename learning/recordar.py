"""``recordar``: an explicit "recuerda que…" saves in the same turn (DESIGN §6).

It skips the background gate but not the ladder or the content policy: ``memory_write`` runs
with ``explicit=True``, and the scope the person asked for ("solo para mí") reaches every
fact. A temporary conversation reads memory and writes nothing.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from learning.providers import get_provider
from learning.services import (
    fact_write,
    known_attributes,
    message_requested_visibility,
    organization_name,
    readable_contacts,
)
from memory.policy import Verdict, check_content
from memory.scope import (
    fact_visibility,
    marked_visibility,
    narrowest,
    note_category,
    strip_markers,
)
from memory.services import WriteResult, memory_write
from sumalos.accounts.access import AiAccess
from sumalos.ai.models import AiUsage
from sumalos.ai.usage import usage_record
from sumalos.rls.rule import Visibility

REASON_TEMPORARY = "En una conversación temporal no guardo nada."


@transaction.atomic
def recordar(
    *,
    access: AiAccess,
    text: str,
    organization_id: int | None,
    temporary: bool = False,
    source_message_id: int | None = None,
    requested_visibility: str | None = None,
) -> list[WriteResult]:
    """Save what the person asked to remember; one result per fact."""
    if temporary:
        raise PermissionDenied(REASON_TEMPORARY)
    # The message is judged whole first: a fact taken from it, or what is left once its markers
    # are gone ("guarda esto y compártelo con todos los clientes…"), may no longer read as the
    # instruction or the secret it was.
    whole = check_content(text=text, explicit=True)
    if whole.refused:
        return [WriteResult(memory=None, refused=True, reason=whole.reason)]
    provider = get_provider()
    gate = provider.gate(message=text, previous=None)
    usage_record(purpose=AiUsage.Purpose.GATE, usages=gate.usage, message_id=source_message_id)
    contacts = readable_contacts(access=access, organization_id=organization_id)
    known = known_attributes(
        access=access, organization_id=organization_id, contacts=contacts, text=text
    )
    extraction = provider.extract(
        message=text,
        previous=None,
        known=known,
        contacts=contacts,
        organization=organization_name(organization_id),
    )
    usage_record(
        purpose=AiUsage.Purpose.EXTRACTION, usages=extraction.usage, message_id=source_message_id
    )
    # What the tool was asked for, narrowed by the person's own words and the gate's scope.
    requested = narrowest(
        requested_visibility, message_requested_visibility(text=text, gate=gate.value)
    )
    # The policy reads the whole message: a fact taken from beside a password or a health
    # detail must not carry it past the policy (the whole text is refused or kept private).
    whole = check_content(text=text, value="", subject="", explicit=True)
    shared_in_words = marked_visibility(text) == Visibility.SHARED
    if extraction.value and whole.verdict is Verdict.ALLOW:
        return [
            fact_write(
                access=access,
                organization_id=organization_id,
                fact=fact,
                explicit=True,
                source_message_id=source_message_id,
                requested_visibility=fact_visibility(
                    text, f"{fact.text} {fact.value}", asked=requested
                ),
                shared_in_words=shared_in_words,
                guessed_personal=gate.value.scope == "personal",
            )
            for fact in extraction.value
        ]
    category = note_category(text, gate.value.category, nothing="preferencia")
    return [
        memory_write(
            access=access,
            category=category,
            text=strip_markers(text) or text,
            explicit=True,
            shared_in_words=shared_in_words,
            requested_visibility=requested,
            source_message_id=str(source_message_id) if source_message_id else None,
            organization_id=organization_id,
        )
    ]
