"""Writing a memory: the ladder, the content policy, conflicts on the chosen level, IBANs.

The content policy (``memory/policy.py``) runs on every write that carries text. Design:
docs/memory.md, "Writing".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from memory.ladder import Layer, decide_layer
from memory.learned import reads_as_instruction, reads_as_private
from memory.models import Memory, MemoryAudit
from memory.policy import (
    Verdict,
    check_content,
    find_iban,
    is_reported_wish,
    names_a_destination,
)
from memory.scope import marked_visibility, strip_markers, written_category
from memory.scope import requested_visibility as scope_requested
from memory.services.audit import audit_change, snapshot
from memory.services.base import (
    IBAN_ATTRIBUTE,
    lock_level,
    owner_columns,
    policy_text,
    validated,
)
from memory.services.conflicts import find_conflict, level_q
from memory.services.versions import supersede
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area, Organization
from sumalos.embeddings import embed_passages
from sumalos.invoicing.models import Contact
from sumalos.platform.text import fold
from sumalos.rls.rule import Visibility

CONTACT_SUBJECT = re.compile(r"^contacto:(\d+)$")

REASON_NOT_MEMBER = "No perteneces a esa organización."
REASON_SHARED_OFF = "La memoria compartida está desactivada: no se propone nada."
REASON_DESTINATION = (
    "Como indica una dirección a la que enviar datos, queda como nota privada tuya y no se "
    "comparte ni se propone."
)
REASON_INSTRUCTION = (
    "Como parece una instrucción para Suma o un encargo para otras personas, queda como nota "
    "privada tuya y no se comparte ni se propone."
)
REASON_ORDER_NO_CONTACTS = (
    "No puedo proponer esto sobre un contacto: parece una instrucción para Suma o una dirección "
    "a la que enviar datos, y no tienes acceso a los contactos."
)
REASON_IBAN_NO_CONTACTS = (
    "No puedo anotar datos bancarios de clientes o proveedores: no tienes acceso a los contactos."
)


@dataclass(frozen=True)
class WriteResult:
    """What ``memory_write`` did, in terms the caller can tell the person."""

    memory: Memory | None
    visibility: str | None = None
    proposed: bool = False  # private + proposal to share, or an unverified shared proposal
    merged: bool = False
    superseded: Memory | None = None
    refused: bool = False
    reason: str = ""


def _contact_for(
    *, access: AiAccess, organization_id: int | None, subject: str
) -> tuple[int, str] | None:
    """The id and name of the contact a ``contacto:<id>`` subject names, within the
    organization and readable."""
    match = CONTACT_SUBJECT.match(subject)
    if match is None:
        return None
    if organization_id is None or not access.can_read(organization_id, Area.CONTACTS):
        raise ValidationError("Contacto desconocido.")
    contact = Contact.objects.filter(pk=int(match.group(1)), organization_id=organization_id)
    found = contact.values_list("pk", "name").first()
    if found is None:
        raise ValidationError("Contacto desconocido.")
    return found


@transaction.atomic
def memory_write(
    *,
    access: AiAccess,
    category: str,
    text: str,
    subject: str = "",
    attribute: str = "",
    value: str = "",
    area: str | None = None,
    requested_visibility: str | None = None,
    explicit: bool = False,
    source_message_id: str | None = None,
    organization_id: int | None = None,
    confidence: float = 1.0,
    shared_in_words: bool = False,
) -> WriteResult:
    """Store one fact on the layer the ladder decides, resolving conflicts on that level.

    ``shared_in_words``: the message the fact was taken from asked, in words the rules read, to
    be shared; the fact's own sentence has lost those words, not the wish.
    """
    # Whatever category the caller named, somebody else's fact is not the writer's profile.
    category = written_category(text, category, shared_in_words=shared_in_words)
    written = policy_text(text)
    text, subject, attribute, value, area = validated(
        category=category, text=text, subject=subject, attribute=attribute, value=value, area=area
    )
    if requested_visibility not in (None, *(choice for choice, _ in Visibility.CHOICES)):
        raise ValidationError(f"Visibilidad desconocida: {requested_visibility}.")
    if not 0.0 <= confidence <= 1.0:
        raise ValidationError("La confianza debe estar entre 0 y 1.")
    if organization_id is not None and organization_id not in access.organization_ids:
        raise PermissionDenied(REASON_NOT_MEMBER)
    if access.user_id is None and not access.phone:
        raise PermissionDenied("Nadie a quien atribuir el recuerdo.")
    contact = _contact_for(access=access, organization_id=organization_id, subject=subject)
    contact_id = contact[0] if contact else None

    decision = check_content(text=written, value=value, subject=subject, explicit=explicit)
    if decision.refused:
        return WriteResult(memory=None, refused=True, reason=decision.reason)
    # Bank details in any spelling, whatever the category: only from people who may read the
    # contacts, and never active on the organization's level (an unverified proposal).
    iban = find_iban(f"{text} {value}")
    if iban and organization_id is not None and not access.can_read(organization_id, Area.CONTACTS):
        return WriteResult(memory=None, refused=True, reason=REASON_IBAN_NO_CONTACTS)

    organization = (
        Organization.objects.get(pk=organization_id) if organization_id is not None else None
    )
    # Markers and own-life facts in the text narrow what the caller asked, never widen.
    requested = scope_requested(text, asked=requested_visibility)
    layer = decide_layer(
        has_organization=organization is not None,
        category=category,
        requested_visibility=requested,
        shared_mode=organization.shared_mode if organization else Organization.SharedMode.OFF,
        can_write_area=access.can_write(organization_id, area),
        is_manager=access.is_manager(organization_id),
    )
    if decision.verdict is Verdict.SPECIAL and organization is not None:
        # A special category asked for explicitly is kept private (not carried to other
        # organizations as personal) and never proposed.
        layer = Layer(Visibility.PRIVATE_IN_ORG)

    # Whose fact it is: the linked contact's name, or the name the fact was told about.
    owner_name = contact[1] if contact else subject
    destination = names_a_destination(f"{text} {value}", owner_name=owner_name) and (
        layer.visibility == Visibility.SHARED or layer.propose_sharing
    )
    if destination:
        # An address to send data to is how a planted memory pays off: the writer's own only.
        layer = Layer(Visibility.PRIVATE_IN_ORG)

    fields: dict[str, Any] = {
        "category": category,
        "text": text,
        "subject": subject,
        "contact_id": contact_id,
        "attribute": IBAN_ATTRIBUTE if iban else attribute,
        "value": iban or value,
        "area": area,
        "confidence": confidence,
        "sources": [source_message_id] if source_message_id else [],
        "created_by_id": access.user_id,
        "unverified": bool(iban),
    }
    if (
        iban
        and organization is not None
        and not destination
        and requested not in (Visibility.PERSONAL, Visibility.PRIVATE_IN_ORG)
        and organization.shared_mode != Organization.SharedMode.OFF
        and not reads_as_instruction(text)
    ):
        # Whatever the category says: a bank account is the organization's business, and
        # on its level it is only ever an unverified proposal.
        return _propose_iban(access=access, organization_id=organization.pk, fields=fields)
    result = _store(
        access=access,
        layer=layer,
        organization_id=organization_id,
        fields=fields,
        # The text itself asks for nothing (no marker, no own-life fact, no request): the
        # learned private marker may narrow, whatever the caller asked (decision 0053), unless
        # the message it came from asked in words to be shared.
        unmarked=scope_requested(text) is None and not shared_in_words,
        shared_in_words=shared_in_words,
    )
    if destination and not result.merged:
        return replace(result, reason=f"{result.reason} {REASON_DESTINATION}")
    return result


_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")


def _told_beside_the_wish(sentence: str) -> str:
    """What one sentence tells beside its wish to share, for the instruction backstop.

    The fact alone when the wish rides after it ("lo de Talleres que te dije, lo de los 60
    días, que lo sepan todos", policy round 31); the sentence whole when it opens with the wish
    ("compártelas con todo el equipo sin esperar" is read as the order it may be); nothing when
    it only shares, in words the markers are stripped by or in a few others ("q lo sepan todos").
    """
    bare = sentence.strip(" .!?¡¿,;:")
    told = strip_markers(sentence).strip(" .!?¡¿,;:")
    only_a_wish = (
        fold(told) == fold(bare)
        and len(told.split()) <= 5
        and marked_visibility(told) == Visibility.SHARED
    )
    if not told or only_a_wish:
        return ""
    rides_after = fold(bare).startswith(fold(told)) and len(told.split()) >= 4
    return told if rides_after else sentence


def _reads_as_order(text: str, embedding: list[float], *, asked_to_share: bool = False) -> bool:
    """The learned backstop (decision 0048) on what ``text`` tells. A heading that asks to
    share is itself worded as a request ("Ruego que esté disponible para todo el personal: …")
    and must not make the fact after it read as an order; an order that shares ("publícalos
    para todos sin pasar por Olga") is read whole."""
    heading, colon, told = text.partition(":")
    shared_heading = (
        bool(colon and told.strip()) and marked_visibility(heading) == Visibility.SHARED
    )
    read = told.strip() if shared_heading else text
    # A sentence that only asks to share ("… Para que la vea toda la empresa.") says where the
    # note goes, not an order (decision 0052): the backstop reads the text without it, and
    # without a wish that rides after the fact. An order that shares in its own words
    # ("compártelas con todo el equipo sin esperar") is read whole.
    # The message asked in words to share, and the fact kept lost those words: taken apart.
    wish_apart = shared_heading or (asked_to_share and marked_visibility(text) is None)
    if marked_visibility(read) == Visibility.SHARED:
        whole = " ".join(read.split())
        read = " ".join(filter(None, map(_told_beside_the_wish, _SENTENCES.split(read))))
        wish_apart = wish_apart or read != whole
    # A customer's wish told ("el Gimnasio pidió que las facturas vayan a nombre de…") is
    # worded like an order; the rules have read it for orders and addresses already.
    if is_reported_wish(read):
        return False
    # A fact whose wish to share was taken apart from it must read as an order more surely
    # (decision 0058).
    return reads_as_instruction(
        read, vector=embedding if read == text else None, wish_apart=wish_apart
    )


def _store(
    *,
    access: AiAccess,
    layer: Layer,
    organization_id: int | None,
    fields: dict[str, Any],
    unmarked: bool = False,
    shared_in_words: bool = False,
) -> WriteResult:
    visibility = layer.visibility
    org_id = None if visibility == Visibility.PERSONAL else organization_id
    owner = {} if visibility == Visibility.SHARED else owner_columns(access)
    lock_level(visibility, org_id, owner, fields["subject"] or fields["text"].casefold())
    same_level = Memory.objects.select_for_update().filter(
        level_q(visibility=visibility, organization_id=org_id, owner=owner),
        status=Memory.Status.ACTIVE,
    )
    existing, merge = find_conflict(same_level=same_level, fields=fields)
    if existing is not None and merge:
        before = snapshot(existing)
        new_sources = [s for s in fields["sources"] if s not in existing.sources]
        existing.sources = [*existing.sources, *new_sources]
        existing.confidence = max(existing.confidence, fields["confidence"])
        existing.save(update_fields=["sources", "confidence", "updated_at"])
        audit_change(
            access=access,
            memory=existing,
            action=MemoryAudit.Action.MERGE,
            before=before,
            after=snapshot(existing),
        )
        return WriteResult(
            memory=existing, visibility=visibility, merged=True, reason="Ya lo sabía."
        )

    # Embedded only now: a merge keeps the existing row's vector, so a fact told again costs
    # no encoder run.
    embedding = embed_passages([fields["text"]])[0]
    widening = visibility == Visibility.SHARED or layer.propose_sharing
    # What the rules let through but reads like an order to Suma or an errand for others
    # (decision 0048), or like a wish to keep it to oneself in words no rule reads (decision
    # 0053): the learned backstops only ever narrow, to the writer's own note. The same fact
    # already known on this level merged above, adding nothing new to it.
    order = widening and _reads_as_order(fields["text"], embedding, asked_to_share=shared_in_words)
    if order or (widening and unmarked and reads_as_private(fields["text"], vector=embedding)):
        narrowed = _store(
            access=access,
            layer=Layer(Visibility.PRIVATE_IN_ORG),
            organization_id=organization_id,
            fields=fields,
        )
        if not order or narrowed.merged:
            return narrowed
        return replace(narrowed, reason=f"{narrowed.reason} {REASON_INSTRUCTION}")
    memory = Memory.objects.create(
        visibility=visibility,
        organization_id=org_id,
        proposed_visibility=Visibility.SHARED if layer.propose_sharing else None,
        embedding=embedding,
        **owner,
        **fields,
    )
    audit_change(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.CREATE,
        before=None,
        after=snapshot(memory),
    )
    if existing is not None:
        supersede(access=access, old=existing, new=memory)
    return WriteResult(
        memory=memory,
        visibility=visibility,
        proposed=layer.propose_sharing,
        superseded=existing,
        reason=_explain(visibility=visibility, proposed=layer.propose_sharing, superseded=existing),
    )


def _explain(*, visibility: str, proposed: bool, superseded: Memory | None) -> str:
    where = {
        Visibility.PERSONAL: "Lo recordaré solo para ti.",
        Visibility.PRIVATE_IN_ORG: "Lo recordaré solo para ti en esta organización.",
        Visibility.SHARED: "Lo recordaré para la organización.",
    }[visibility]
    if proposed:
        where += " He propuesto compartirlo; alguien con permiso tiene que confirmarlo."
    if superseded is not None:
        where += f" Sustituye a lo que sabía: «{superseded.text}»."
    return where


def _propose_iban(*, access: AiAccess, organization_id: int, fields: dict[str, Any]) -> WriteResult:
    """A new IBAN for a customer or supplier: a shared, unverified proposal (DESIGN §5).

    It does not replace the account already known; only an owner or admin confirms it.
    """
    return _propose_shared(
        access=access,
        organization_id=organization_id,
        fields=fields,
        known_reason="Ya conocía esa cuenta.",
        reason=(
            "He anotado la cuenta como propuesta sin verificar; no sustituye a la que ya "
            "conocía hasta que un propietario o administrador la confirme."
        ),
    )


def _propose_shared(
    *,
    access: AiAccess,
    organization_id: int,
    fields: dict[str, Any],
    known_reason: str,
    reason: str,
) -> WriteResult:
    """A shared, unverified proposal; said again, it gains the source instead of a twin."""
    lock_level(Visibility.SHARED, organization_id, {}, f"proposal:{fields['subject']}")
    same = Memory.objects.select_for_update().filter(
        visibility=Visibility.SHARED,
        organization_id=organization_id,
        subject=fields["subject"],
        attribute=fields["attribute"],
        value=fields["value"],
    )
    if not fields["attribute"]:
        same = same.filter(text=fields["text"])  # notes: one per sentence
    known = same.exclude(status=Memory.Status.SUPERSEDED).first()
    if known is not None:
        before = snapshot(known)
        known.sources = [*known.sources, *(s for s in fields["sources"] if s not in known.sources)]
        known.save(update_fields=["sources", "updated_at"])
        audit_change(
            access=access,
            memory=known,
            action=MemoryAudit.Action.MERGE,
            before=before,
            after=snapshot(known),
        )
        return WriteResult(
            memory=known,
            visibility=Visibility.SHARED,
            merged=True,
            proposed=known.status == Memory.Status.PROPOSED,
            reason=known_reason,
        )
    memory = Memory.objects.create(
        visibility=Visibility.SHARED,
        organization_id=organization_id,
        status=Memory.Status.PROPOSED,
        proposed_visibility=Visibility.SHARED,
        embedding=embed_passages([fields["text"]])[0],
        **fields,
    )
    audit_change(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.CREATE,
        before=None,
        after=snapshot(memory),
    )
    return WriteResult(memory=memory, visibility=Visibility.SHARED, proposed=True, reason=reason)


@transaction.atomic
def memory_contact_proposal_create(
    *,
    access: AiAccess,
    organization_id: int,
    contact_id: int,
    category: str,
    text: str,
    attribute: str = "",
    value: str = "",
    source_message_id: str | None = None,
    confidence: float = 1.0,
) -> WriteResult:
    """A fact about a contact from someone who may not read the contacts: an unverified
    proposal on the contacts area, linked, for those who may read them (decision 0035).

    The writer never reads it (the contacts area decides who does) and is never told whether
    it was made, so what she sees does not depend on contacts she may not read. It replaces
    nothing until an owner or administrator confirms it.
    """
    if organization_id not in access.organization_ids:
        raise PermissionDenied(REASON_NOT_MEMBER)
    if access.can_read(organization_id, Area.CONTACTS):
        raise ValidationError("Quien puede leer los contactos escribe el recuerdo enlazado.")
    shared_mode = Organization.objects.filter(pk=organization_id).values_list(
        "shared_mode", flat=True
    )
    if shared_mode.first() == Organization.SharedMode.OFF:
        # With shared memory off nothing is proposed to share (decision 0009); her copy stays hers.
        return WriteResult(memory=None, refused=True, reason=REASON_SHARED_OFF)
    subject = f"contacto:{contact_id}"
    written = policy_text(text)
    text, subject, attribute, value, area = validated(
        category=category,
        text=text,
        subject=subject,
        attribute=attribute,
        value=value,
        area=Area.CONTACTS,
    )
    if not Contact.objects.filter(pk=contact_id, organization_id=organization_id).exists():
        raise ValidationError("Contacto desconocido.")
    decision = check_content(text=written, value=value, subject=subject, explicit=False)
    if decision.refused or decision.verdict is Verdict.SPECIAL:
        return WriteResult(memory=None, refused=True, reason=decision.reason)
    # Bank details, addresses to send data to and what reads like an order to Suma (decision
    # 0048) never reach the organization's level from someone who may not read the contacts.
    if find_iban(f"{text} {value}"):
        return WriteResult(memory=None, refused=True, reason=REASON_IBAN_NO_CONTACTS)
    if names_a_destination(f"{text} {value}") or reads_as_instruction(text):
        return WriteResult(memory=None, refused=True, reason=REASON_ORDER_NO_CONTACTS)
    fields: dict[str, Any] = {
        "category": category,
        "text": text,
        "subject": subject,
        "contact_id": contact_id,
        "attribute": attribute,
        "value": value,
        "area": area,
        "confidence": confidence,
        "sources": [source_message_id] if source_message_id else [],
        "created_by_id": access.user_id,
        "unverified": True,
    }
    return _propose_shared(
        access=access,
        organization_id=organization_id,
        fields=fields,
        known_reason="Ya estaba propuesto.",
        reason="Propuesto a quien puede leer los contactos.",
    )
