"""Learning from one stored message: rebuild the access, gate, extract, ``memory_write``.

Runs in the worker after the reply has gone (DESIGN §6). The writer's access is rebuilt from
the database as it is now: a person who left the organization between writing and learning
learns nothing. Every AI call lands in the usage ledger; what was learnt becomes a notice.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.postgres.search import TrigramSimilarity
from django.db import transaction

from channels_app.access import access_for_phone
from channels_app.models import AiMessage, Channel, LearnedNotice
from learning.base import ExtractedFact, GateDecision, KnownAttribute
from learning.providers import get_provider
from memory.scope import (
    asks_to_keep,
    narrowest,
    note_category,
    strip_markers,
)
from memory.scope import requested_visibility as scope_requested
from memory.selectors import memory_subject_attributes
from memory.services import MAX_TEXT, WriteResult, memory_write
from sumalos.accounts.access import AiAccess, access_for_user
from sumalos.accounts.models import Area, User
from sumalos.ai.models import AiUsage
from sumalos.ai.usage import Usage, usage_record
from sumalos.embeddings import MODEL_NAME
from sumalos.invoicing.models import Contact
from sumalos.invoicing.selectors import contact_find
from sumalos.rls.rule import Visibility

# "Talleres Garsia" still finds "Talleres García S.L."; below this a name links to nothing.
THIRD_PARTY = frozenset({"cliente", "proveedor"})


@dataclass(frozen=True)
class LearnOutcome:
    outcome: str  # no_message | not_a_person | no_access | refuse | ignore | learn | ...
    learnt: int = 0


def access_for_message(message: AiMessage) -> AiAccess | None:
    """The writer's access now, narrowed to the message's organization; None if lost."""
    org_ids = [message.organization_id] if message.organization_id is not None else []
    if message.channel == Channel.WHATSAPP and message.owner_phone:
        access = access_for_phone(message.owner_phone, organization_ids=org_ids)
    elif message.owner_user_id is not None:
        user = User.objects.filter(pk=message.owner_user_id, is_active=True).first()
        if user is None:
            return None
        access = access_for_user(user, organization_ids=org_ids)
    else:
        return None
    if message.organization_id is not None and message.organization_id not in access.permissions:
        return None
    return access


def message_requested_visibility(*, text: str, gate: GateDecision) -> str | None:
    """The visibility a message asks for: its markers and own-life facts, then the gate's scope.

    Each fact is written as a new sentence without the person's words ("solo para mí"), so the
    scope is read from the message itself and handed to every write; it only narrows.
    """
    from_gate = Visibility.PERSONAL if gate.scope == "personal" else None
    return narrowest(scope_requested(text), from_gate)


def _subject(
    *, access: AiAccess, organization_id: int | None, fact: ExtractedFact
) -> tuple[str, Contact | None]:
    if fact.category not in THIRD_PARTY or not fact.subject_name:
        return "", None
    contact = contact_find(
        access=access,
        organization_id=organization_id,
        name=fact.subject_name,
        tax_id=fact.subject_tax_id,
    )
    if contact is not None:
        return f"contacto:{contact.pk}", contact
    return fact.subject_name, None


def _known_attributes(
    *, access: AiAccess, organization_id: int | None, text: str
) -> list[KnownAttribute]:
    """Attributes already stored about the contacts the message names (DESIGN §5)."""
    if organization_id is None or not access.can_read(organization_id, Area.CONTACTS):
        return []
    known: list[KnownAttribute] = []
    mentioned = (
        Contact.objects.filter(organization_id=organization_id)
        .annotate(similarity=TrigramSimilarity("name", text))
        .filter(similarity__gte=0.15)
        .order_by("-similarity")[:3]
    )
    for contact in mentioned:
        subject = f"contacto:{contact.pk}"
        for stored in memory_subject_attributes(
            access=access, organization_id=organization_id, subject=subject
        ):
            known.append(KnownAttribute(subject, stored.attribute, stored.value))
    return known


def fact_write(
    *,
    access: AiAccess,
    organization_id: int | None,
    fact: ExtractedFact,
    explicit: bool,
    source_message_id: int | None,
    confidence: float = 1.0,
    requested_visibility: str | None = None,
) -> WriteResult:
    """Write one fact through ``memory_write``, linked to its contact when there is one."""
    subject, contact = _subject(access=access, organization_id=organization_id, fact=fact)
    text = fact.text
    if contact is not None and fact.subject_name and fact.subject_name in text:
        text = text.replace(fact.subject_name, contact.name)
    result = memory_write(
        access=access,
        category=fact.category,
        text=text,
        subject=subject,
        attribute=fact.attribute,
        value=fact.value,
        explicit=explicit,
        requested_visibility=requested_visibility,
        source_message_id=str(source_message_id) if source_message_id else None,
        organization_id=organization_id,
        confidence=confidence,
    )
    # memory_write embeds the sentence once: recorded here, at cost 0 (local model).
    usage_record(
        purpose=AiUsage.Purpose.EMBEDDING,
        usages=[Usage("offline", MODEL_NAME)],
        message_id=source_message_id,
    )
    return result


def facts_save(
    *,
    access: AiAccess,
    message: AiMessage,
    facts: list[ExtractedFact],
    explicit: bool,
    confidence: float = 1.0,
    requested_visibility: str | None = None,
) -> list[WriteResult]:
    """Write each fact of a message and record a notice for what was learnt."""
    results = []
    for fact in facts:
        result = fact_write(
            access=access,
            organization_id=message.organization_id,
            fact=fact,
            explicit=explicit,
            source_message_id=message.pk,
            confidence=confidence,
            requested_visibility=requested_visibility,
        )
        results.append(result)
        if result.memory is not None and not result.merged and not result.refused:
            LearnedNotice.objects.create(
                conversation_id=message.conversation_id,
                channel=message.channel,
                owner_user_id=access.user_id,
                owner_phone=access.phone if access.user_id is None else None,
                source_message=message,
                memory=result.memory,
                superseded_memory=result.superseded,
                text=result.memory.text,
                value=result.memory.value,
                visibility=result.visibility or "",
                proposed=result.proposed,
            )
    return results


def _noted(*, message: str, gate: GateDecision) -> list[ExtractedFact]:
    """A message that says where to keep it, or tells of one's own life, is noted as written.

    "Apúntalo solo para mí…" asks for it to be kept, and "Mi hija empieza la universidad…"
    stays with the person: when no pattern finds a fact in such a message, the message without
    its marker is the fact, under the gate's category. Anything else unextracted is not learnt.
    """
    text = strip_markers(message)
    if not text or len(message) > MAX_TEXT or not asks_to_keep(message):
        return []
    return [ExtractedFact(note_category(message, gate.category), "", "", text)]


@transaction.atomic
def message_learn(*, message_id: int) -> LearnOutcome:
    """Learn what one message teaches, if anything; safe to run twice (merges, no twins)."""
    message = AiMessage.objects.filter(pk=message_id).first()
    if message is None:
        return LearnOutcome("no_message")
    if message.role != "user" or not message.text.strip():
        return LearnOutcome("not_a_person")
    access = access_for_message(message)
    if access is None:
        return LearnOutcome("no_access")
    previous = (
        AiMessage.objects.filter(
            conversation_id=message.conversation_id, role="assistant", id__lt=message.pk
        )
        .order_by("-id")
        .values_list("text", flat=True)
        .first()
    )
    provider = get_provider()
    gate = provider.gate(message=message.text, previous=previous)
    usage_record(purpose=AiUsage.Purpose.GATE, usages=gate.usage, message_id=message.pk)
    outcome = gate.value.outcome
    if outcome == "refuse" or (outcome == "ignore" and not asks_to_keep(message.text)):
        return LearnOutcome(outcome)
    known = _known_attributes(
        access=access, organization_id=message.organization_id, text=message.text
    )
    extraction = provider.extract(message=message.text, previous=previous, known=known)
    usage_record(purpose=AiUsage.Purpose.EXTRACTION, usages=extraction.usage, message_id=message.pk)
    facts = extraction.value or _noted(message=message.text, gate=gate.value)
    results = facts_save(
        access=access,
        message=message,
        facts=facts,
        explicit=False,
        confidence=gate.value.p_remember,
        requested_visibility=message_requested_visibility(text=message.text, gate=gate.value),
    )
    learnt = sum(1 for r in results if r.memory is not None and not r.merged and not r.refused)
    return LearnOutcome(outcome, learnt)
