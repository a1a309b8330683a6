"""Every write on memories: the ladder, conflicts, sharing, proposals, versions, departures.

One service per change (STYLE §1), keyword-only and atomic. The content policy
(``memory/policy.py``) runs on every write that carries text; every change to a shared memory
lands in ``MemoryAudit``. Design: DESIGN §5, docs/memory.md.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection, transaction
from django.db.models import Q

from memory.ladder import CATEGORY_AREA, PERSONAL_CATEGORIES, Layer, decide_layer
from memory.models import Memory, MemoryAudit
from memory.policy import Verdict, check_content, find_iban
from memory.selectors import MemoryRights, memory_get
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area, Organization
from sumalos.embeddings import cosine, embed_passages
from sumalos.invoicing.models import Contact
from sumalos.rls.rule import Visibility

MAX_TEXT = 500
MAX_VALUE = 300
MAX_ATTRIBUTE = 80
MAX_SUBJECT = 120
SEMANTIC_MATCH = 0.92
SEMANTIC_CANDIDATES = 50
THIRD_PARTY_CATEGORIES = frozenset({"cliente", "proveedor"})
IBAN_ATTRIBUTE = "iban"
CONTACT_SUBJECT = re.compile(r"^contacto:(\d+)$")

REASON_NOT_MEMBER = "No perteneces a esa organización."


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


# --- Helpers -------------------------------------------------------------------------------------


def clean_text(value: str) -> str:
    """Control and format characters become spaces; whitespace collapses."""
    cleaned = "".join(
        " " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in value
    )
    return re.sub(r"\s+", " ", cleaned).strip()


def _same_value(a: str, b: str) -> bool:
    return clean_text(a).casefold() == clean_text(b).casefold()


def snapshot(memory: Memory) -> dict[str, Any]:
    """The audited state of a memory."""
    return {
        "visibility": memory.visibility,
        "area": memory.area,
        "category": memory.category,
        "subject": memory.subject,
        "attribute": memory.attribute,
        "value": memory.value,
        "text": memory.text,
        "status": memory.status,
        "unverified": memory.unverified,
        "owner_user_id": memory.owner_user_id,
        "created_by_id": memory.created_by_id,
        "sources": list(memory.sources),
    }


def _audit(
    *,
    access: AiAccess | None,
    memory: Memory,
    action: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    """Record a change when the memory is or was shared."""
    was_shared = before is not None and before["visibility"] == Visibility.SHARED
    is_shared = after is not None and after["visibility"] == Visibility.SHARED
    if not (was_shared or is_shared) or memory.organization_id is None:
        return
    MemoryAudit.objects.create(
        organization_id=memory.organization_id,
        memory_id=memory.pk,
        actor_id=access.user_id if access else None,
        actor_phone=(access.phone or "") if access and access.user_id is None else "",
        action=action,
        before=before,
        after=after,
    )


def _owner_columns(access: AiAccess) -> dict[str, Any]:
    """A user principal owns as the user (memories follow them across channels), else phone."""
    if access.user_id is not None:
        return {"owner_user_id": access.user_id, "owner_phone": None}
    return {"owner_user_id": None, "owner_phone": access.phone}


def _level_q(*, visibility: str, organization_id: int | None, owner: dict[str, Any]) -> Q:
    """Rows on the same level: same layer, organization and owner."""
    q = Q(visibility=visibility, organization_id=organization_id)
    if visibility == Visibility.SHARED:
        return q
    return q & Q(**owner)


def _lock_level(
    visibility: str, organization_id: int | None, owner: dict[str, Any], key: str
) -> None:
    """Serialise writers on one level + subject so check-then-act cannot race."""
    token = f"memory:{visibility}:{organization_id}:{owner}:{key}"
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [token])


def _validated(
    *, category: str, text: str, subject: str, attribute: str, value: str, area: str | None
) -> tuple[str, str, str, str, str]:
    if category not in Memory.Category.values:
        raise ValidationError(f"Categoría desconocida: {category}.")
    text, subject, attribute, value = (clean_text(v) for v in (text, subject, attribute, value))
    if not text:
        raise ValidationError("El recuerdo no puede estar vacío.")
    for label, field, limit in (
        ("El texto", text, MAX_TEXT),
        ("El valor", value, MAX_VALUE),
        ("El atributo", attribute, MAX_ATTRIBUTE),
        ("El asunto", subject, MAX_SUBJECT),
    ):
        if len(field) > limit:
            raise ValidationError(f"{label} es demasiado largo (máximo {limit} caracteres).")
    chosen_area = area or CATEGORY_AREA[category]
    if chosen_area not in Area.values:
        raise ValidationError(f"Área desconocida: {chosen_area}.")
    return text, subject, attribute.casefold().replace(" ", "_"), value, chosen_area


def _contact_for(*, access: AiAccess, organization_id: int | None, subject: str) -> int | None:
    """The contact a ``contacto:<id>`` subject names, within the organization and readable."""
    match = CONTACT_SUBJECT.match(subject)
    if match is None:
        return None
    if organization_id is None or not access.can_read(organization_id, Area.CONTACTS):
        raise ValidationError("Contacto desconocido.")
    contact = Contact.objects.filter(pk=int(match.group(1)), organization_id=organization_id)
    contact_id = contact.values_list("pk", flat=True).first()
    if contact_id is None:
        raise ValidationError("Contacto desconocido.")
    return contact_id


# --- Writing -------------------------------------------------------------------------------------


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
) -> WriteResult:
    """Store one fact on the layer the ladder decides, resolving conflicts on that level."""
    text, subject, attribute, value, area = _validated(
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
    contact_id = _contact_for(access=access, organization_id=organization_id, subject=subject)

    decision = check_content(text=text, value=value, subject=subject, explicit=explicit)
    if decision.refused:
        return WriteResult(memory=None, refused=True, reason=decision.reason)

    organization = (
        Organization.objects.get(pk=organization_id) if organization_id is not None else None
    )
    layer = decide_layer(
        has_organization=organization is not None,
        category=category,
        requested_visibility=requested_visibility,
        shared_mode=organization.shared_mode if organization else Organization.SharedMode.OFF,
        can_write_area=access.can_write(organization_id, area),
        explicit=explicit,
    )
    if decision.verdict is Verdict.SPECIAL:
        # A special category asked for explicitly is kept private and never proposed.
        narrowed = Visibility.PRIVATE_IN_ORG if layer.visibility == Visibility.SHARED else None
        layer = Layer(narrowed or layer.visibility)

    iban = find_iban(f"{text} {value}") if category in THIRD_PARTY_CATEGORIES else None
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
        and (layer.visibility == Visibility.SHARED or layer.propose_sharing)
    ):
        return _propose_iban(access=access, organization_id=organization.pk, fields=fields)
    return _store(access=access, layer=layer, organization_id=organization_id, fields=fields)


def _store(
    *, access: AiAccess, layer: Layer, organization_id: int | None, fields: dict[str, Any]
) -> WriteResult:
    visibility = layer.visibility
    org_id = None if visibility == Visibility.PERSONAL else organization_id
    owner = {} if visibility == Visibility.SHARED else _owner_columns(access)
    embedding = embed_passages([fields["text"]])[0]
    _lock_level(visibility, org_id, owner, fields["subject"] or fields["text"].casefold())
    same_level = Memory.objects.select_for_update().filter(
        _level_q(visibility=visibility, organization_id=org_id, owner=owner),
        status=Memory.Status.ACTIVE,
    )
    existing, merge = _find_conflict(same_level=same_level, fields=fields, embedding=embedding)
    if existing is not None and merge:
        before = snapshot(existing)
        new_sources = [s for s in fields["sources"] if s not in existing.sources]
        existing.sources = [*existing.sources, *new_sources]
        existing.confidence = max(existing.confidence, fields["confidence"])
        existing.save(update_fields=["sources", "confidence", "updated_at"])
        _audit(
            access=access,
            memory=existing,
            action=MemoryAudit.Action.MERGE,
            before=before,
            after=snapshot(existing),
        )
        return WriteResult(
            memory=existing, visibility=visibility, merged=True, reason="Ya lo sabía."
        )

    memory = Memory.objects.create(
        visibility=visibility,
        organization_id=org_id,
        proposed_visibility=Visibility.SHARED if layer.propose_sharing else None,
        embedding=embedding,
        **owner,
        **fields,
    )
    _audit(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.CREATE,
        before=None,
        after=snapshot(memory),
    )
    if existing is not None:
        _supersede(access=access, old=existing, new=memory)
    return WriteResult(
        memory=memory,
        visibility=visibility,
        proposed=layer.propose_sharing,
        superseded=existing,
        reason=_explain(visibility=visibility, proposed=layer.propose_sharing, superseded=existing),
    )


def _find_conflict(
    *, same_level: Any, fields: dict[str, Any], embedding: list[float]
) -> tuple[Memory | None, bool]:
    """The active memory this write collides with on its level, and whether it merges.

    Exact first (subject + attribute); then by meaning within the same subject (cosine ≥ 0.92),
    where a different value supersedes and never merges; without a subject, the same sentence
    merges.
    """
    subject, attribute, value, text = (
        fields["subject"],
        fields["attribute"],
        fields["value"],
        fields["text"],
    )
    if subject and attribute:
        exact = same_level.filter(subject=subject, attribute=attribute).order_by("-id").first()
        if exact is not None:
            return exact, _same_value(exact.value or exact.text, value or text)
    if subject:
        best = _semantic_match(same_level.filter(subject=subject), subject=subject, text=text)
        if best is not None:
            if value and best.value:
                return best, _same_value(best.value, value)
            same = _same_value(best.text, text)
            return best, same
        return None, False
    duplicate = same_level.filter(subject="", text__iexact=text).order_by("id").first()
    return duplicate, duplicate is not None


def _without_subject(text: str, subject: str) -> str:
    return clean_text(re.sub(re.escape(subject), " ", text, flags=re.IGNORECASE)) or text


def _semantic_match(candidates: Any, *, subject: str, text: str) -> Memory | None:
    """The candidate saying the same thing about ``subject`` (cosine ≥ 0.92), if any.

    Compared without the subject's name: with the local model two sentences about the same
    customer are ~0.92 alike whatever they say, and what tells facts apart is the rest
    (docs/memory.md, "Conflicts").
    """
    rows = list(candidates.order_by("-id")[:SEMANTIC_CANDIDATES])
    if not rows:
        return None
    new, *old = embed_passages(
        [_without_subject(t, subject) for t in (text, *(row.text for row in rows))]
    )
    scored = [(cosine(new, vector), -row.pk, row) for row, vector in zip(rows, old, strict=True)]
    score, _, best = max(scored, key=lambda item: item[:2])
    return best if score >= SEMANTIC_MATCH else None


def _supersede(*, access: AiAccess | None, old: Memory, new: Memory) -> None:
    before = snapshot(old)
    old.status = Memory.Status.SUPERSEDED
    old.superseded_by = new
    old.save(update_fields=["status", "superseded_by", "updated_at"])
    _audit(
        access=access,
        memory=old,
        action=MemoryAudit.Action.SUPERSEDE,
        before=before,
        after=snapshot(old),
    )


def _supersede_shared_values(*, access: AiAccess, memory: Memory) -> None:
    """A memory that became shared replaces the organization's earlier value of its attribute."""
    older = (
        Memory.objects.select_for_update()
        .filter(
            visibility=Visibility.SHARED,
            organization=memory.organization,
            subject=memory.subject,
            attribute=memory.attribute,
            status=Memory.Status.ACTIVE,
        )
        .exclude(pk=memory.pk)
    )
    for old in older:
        _supersede(access=access, old=old, new=memory)


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
    _lock_level(Visibility.SHARED, organization_id, {}, f"iban:{fields['subject']}")
    known = (
        Memory.objects.select_for_update()
        .filter(
            visibility=Visibility.SHARED,
            organization_id=organization_id,
            subject=fields["subject"],
            attribute=IBAN_ATTRIBUTE,
            value=fields["value"],
        )
        .exclude(status=Memory.Status.SUPERSEDED)
        .first()
    )
    if known is not None:
        before = snapshot(known)
        known.sources = [*known.sources, *(s for s in fields["sources"] if s not in known.sources)]
        known.save(update_fields=["sources", "updated_at"])
        _audit(
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
            reason="Ya conocía esa cuenta.",
        )
    memory = Memory.objects.create(
        visibility=Visibility.SHARED,
        organization_id=organization_id,
        status=Memory.Status.PROPOSED,
        proposed_visibility=Visibility.SHARED,
        embedding=embed_passages([fields["text"]])[0],
        **fields,
    )
    _audit(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.CREATE,
        before=None,
        after=snapshot(memory),
    )
    return WriteResult(
        memory=memory,
        visibility=Visibility.SHARED,
        proposed=True,
        reason=(
            "He anotado la cuenta como propuesta sin verificar; no sustituye a la que ya "
            "conocía hasta que un propietario o administrador la confirme."
        ),
    )


# --- Changing one memory -----------------------------------------------------------------------


def _require(allowed: bool, message: str) -> None:
    if not allowed:
        raise PermissionDenied(message)


def _locked(access: AiAccess, memory_id: int) -> tuple[Memory, MemoryRights]:
    memory, rights = memory_get(access=access, memory_id=memory_id)
    memory = Memory.objects.select_for_update().get(pk=memory.pk)
    return memory, rights


@transaction.atomic
def memory_share(*, access: AiAccess, memory_id: int) -> Memory:
    """Share a private memory with the organization; the row is handed over (no owner).

    Used for "compartir" by its author and for confirming a proposal to share. Needs the right
    to write the area and an organization that shares; a personal category never is shared.
    """
    memory, rights = _locked(access, memory_id)
    if memory.category in PERSONAL_CATEGORIES:
        raise ValidationError("Lo que es tuyo (perfil y preferencias) no se comparte.")
    _require(rights.can_share, "No puedes compartir este recuerdo.")
    before = snapshot(memory)
    memory.visibility = Visibility.SHARED
    memory.owner_user = None
    memory.owner_phone = None
    memory.proposed_visibility = None
    memory.save(
        update_fields=[
            "visibility",
            "owner_user",
            "owner_phone",
            "proposed_visibility",
            "updated_at",
        ]
    )
    _audit(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.SHARE,
        before=before,
        after=snapshot(memory),
    )
    if memory.subject and memory.attribute:
        _supersede_shared_values(access=access, memory=memory)
    return memory


@transaction.atomic
def memory_make_private(*, access: AiAccess, memory_id: int) -> Memory:
    """ "Solo para mí": a shared memory goes back to private, owned by whoever asks.

    Its author or an owner/admin may do it.
    """
    memory, rights = _locked(access, memory_id)
    _require(rights.can_make_private, "Solo su autor o un administrador puede hacerlo.")
    before = snapshot(memory)
    memory.visibility = Visibility.PRIVATE_IN_ORG
    for column, owner in _owner_columns(access).items():
        setattr(memory, column, owner)
    memory.proposed_visibility = None
    memory.save(
        update_fields=[
            "visibility",
            "owner_user",
            "owner_phone",
            "proposed_visibility",
            "updated_at",
        ]
    )
    _audit(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.UNSHARE,
        before=before,
        after=snapshot(memory),
    )
    return memory


@transaction.atomic
def memory_edit(*, access: AiAccess, memory_id: int, text: str, value: str | None = None) -> Memory:
    """Correct a memory's sentence (and value); the content policy applies as to any write."""
    memory, rights = _locked(access, memory_id)
    _require(rights.can_edit, "No puedes editar este recuerdo.")
    text, _, _, new_value, _ = _validated(
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
    before = snapshot(memory)
    memory.text = text
    memory.value = new_value
    memory.embedding = embed_passages([text])[0]
    memory.save(update_fields=["text", "value", "embedding", "updated_at"])
    _audit(
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
    memory, rights = _locked(access, memory_id)
    _require(rights.can_delete, "No puedes borrar este recuerdo.")
    _audit(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.DELETE,
        before=snapshot(memory),
        after=None,
    )
    Memory.objects.filter(pk__in=_version_ids(memory)).delete()
    memory.delete()


def _version_ids(memory: Memory) -> list[int]:
    """Ids of the superseded rows that led, directly or not, to ``memory``."""
    found: list[int] = []
    frontier = [memory.pk]
    while frontier:
        frontier = list(
            Memory.objects.filter(superseded_by_id__in=frontier, status=Memory.Status.SUPERSEDED)
            .exclude(pk__in=found)
            .values_list("pk", flat=True)
        )
        found += frontier
    return found


@transaction.atomic
def memory_proposal_confirm(*, access: AiAccess, memory_id: int) -> Memory:
    """Confirm a proposal: an unverified IBAN (owners/admins) or a proposal to share."""
    memory, rights = _locked(access, memory_id)
    if memory.status != Memory.Status.PROPOSED:
        return memory_share(access=access, memory_id=memory.pk)
    _require(rights.can_confirm, "Solo un propietario o administrador puede confirmar una cuenta.")
    before = snapshot(memory)
    memory.status = Memory.Status.ACTIVE
    memory.unverified = False
    memory.proposed_visibility = None
    memory.save(update_fields=["status", "unverified", "proposed_visibility", "updated_at"])
    _audit(
        access=access,
        memory=memory,
        action=MemoryAudit.Action.CONFIRM,
        before=before,
        after=snapshot(memory),
    )
    _supersede_shared_values(access=access, memory=memory)
    return memory


@transaction.atomic
def memory_proposal_reject(*, access: AiAccess, memory_id: int) -> None:
    """Reject a proposal: an unverified IBAN is deleted; a proposal to share stays private."""
    memory, rights = _locked(access, memory_id)
    _require(rights.can_reject, "No puedes rechazar esta propuesta.")
    if memory.status == Memory.Status.PROPOSED:
        _audit(
            access=access,
            memory=memory,
            action=MemoryAudit.Action.REJECT,
            before=snapshot(memory),
            after=None,
        )
        memory.delete()
        return
    memory.proposed_visibility = None
    memory.save(update_fields=["proposed_visibility", "updated_at"])


@transaction.atomic
def memory_restore(*, access: AiAccess, memory_id: int) -> Memory:
    """Bring a superseded version back; the memory that replaced it becomes the version."""
    version, rights = _locked(access, memory_id)
    if version.status != Memory.Status.SUPERSEDED:
        raise ValidationError("Ese recuerdo no es una versión anterior.")
    _require(rights.can_restore, "Solo un propietario o administrador puede restaurar versiones.")
    current = version.superseded_by
    while current is not None and current.status == Memory.Status.SUPERSEDED:
        current = current.superseded_by
    before = snapshot(version)
    version.status = Memory.Status.ACTIVE
    version.superseded_by = None
    version.save(update_fields=["status", "superseded_by", "updated_at"])
    _audit(
        access=access,
        memory=version,
        action=MemoryAudit.Action.RESTORE,
        before=before,
        after=snapshot(version),
    )
    if current is not None:
        _supersede(
            access=access, old=Memory.objects.select_for_update().get(pk=current.pk), new=version
        )
    return version


# --- Departures and forgetting ----------------------------------------------------------------


@transaction.atomic
def memories_forget_member(*, organization_id: int, user_id: int) -> int:
    """Someone left: delete their private memories there; what they shared stays, unattributed.

    Returns how many private memories were deleted. Called by ``membership_remove``.
    """
    deleted, _ = Memory.objects.filter(
        organization_id=organization_id,
        visibility=Visibility.PRIVATE_IN_ORG,
        owner_user_id=user_id,
    ).delete()
    shared = Memory.objects.select_for_update().filter(
        organization_id=organization_id, visibility=Visibility.SHARED, created_by_id=user_id
    )
    for memory in shared:
        before = snapshot(memory)
        memory.created_by = None
        memory.save(update_fields=["created_by", "updated_at"])
        _audit(
            access=None,
            memory=memory,
            action=MemoryAudit.Action.AUTHOR_LEFT,
            before=before,
            after=snapshot(memory),
        )
    return deleted


@transaction.atomic
def memories_forget_subject(*, organization_id: int, subject: str) -> int:
    """Delete every memory about ``subject`` in the organization (e.g. a deleted contact)."""
    rows = Memory.objects.select_for_update().filter(
        organization_id=organization_id, subject=subject
    )
    for memory in rows:
        _audit(
            access=None,
            memory=memory,
            action=MemoryAudit.Action.DELETE,
            before=snapshot(memory),
            after=None,
        )
    deleted, _ = rows.delete()
    return deleted


@transaction.atomic
def memories_forget_sources(
    *, access: AiAccess, sources: Collection[str], learnt: Mapping[int, tuple[str, str]]
) -> int:
    """A conversation was deleted: forget what only it taught; elsewhere, drop it as a source.

    ``sources`` are the conversation's message ids; ``learnt`` maps each memory learnt there to
    the text and value it was learnt with. A personal or private memory whose sources are all
    in ``sources`` and that nobody edited since is deleted; any other (shared, edited, or also
    learnt elsewhere) stays, without those sources. Returns how many memories were deleted.
    """
    gone = set(sources)
    deleted = 0
    candidates = Memory.objects.filter(sources__overlap=sorted(gone)).order_by("pk")
    for memory_id in list(candidates.values_list("pk", flat=True)):
        # Deleting a memory deletes its earlier versions too: one may already be gone.
        memory = Memory.objects.select_for_update().filter(pk=memory_id).first()
        if memory is None:
            continue
        unedited = learnt.get(memory.pk) == (memory.text, memory.value)
        if memory.visibility != Visibility.SHARED and set(memory.sources) <= gone and unedited:
            memory_delete(access=access, memory_id=memory.pk)
            deleted += 1
            continue
        before = snapshot(memory)
        memory.sources = [s for s in memory.sources if s not in gone]
        memory.save(update_fields=["sources", "updated_at"])
        _audit(
            access=access,
            memory=memory,
            action=MemoryAudit.Action.EDIT,
            before=before,
            after=snapshot(memory),
        )
    return deleted


@transaction.atomic
def memories_prune(*, versions_before: datetime, proposals_before: datetime) -> dict[str, int]:
    """Delete old superseded versions and old unconfirmed proposals; withdraw old share offers.

    A proposal is either an unverified shared IBAN (deleted) or a private memory proposed for
    sharing (the offer is withdrawn, the private memory stays). Deletions are audited like any.
    """
    counts = {"versions": 0, "proposals": 0}
    stale = {
        "versions": Q(status=Memory.Status.SUPERSEDED, updated_at__lt=versions_before),
        "proposals": Q(status=Memory.Status.PROPOSED, created_at__lt=proposals_before),
    }
    for key, condition in stale.items():
        for memory in Memory.objects.select_for_update().filter(condition).order_by("pk"):
            _audit(
                access=None,
                memory=memory,
                action=MemoryAudit.Action.DELETE,
                before=snapshot(memory),
                after=None,
            )
            memory.delete()
            counts[key] += 1
    counts["withdrawn"] = Memory.objects.filter(
        status=Memory.Status.ACTIVE,
        proposed_visibility__isnull=False,
        created_at__lt=proposals_before,
    ).update(proposed_visibility=None)
    return counts
