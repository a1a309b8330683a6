"""Reads on memories for people and tools; every one takes the access (STYLE §2, DESIGN §5).

All of them start from ``visible_q`` (the once-declared rule). The one deliberate widening is
``offered_q``: a private memory its author proposed to share is shown, for confirmation, to
the owners and admins of its organization — that is what proposing means; a plain member never
sees another member's proposal, even in an area both may write. The assistant's prompt reads
live in ``memory/prompt.py`` and run under row-level security as well.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404

from memory.ladder import PERSONAL_CATEGORIES
from memory.models import Memory, MemoryAudit
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Organization
from sumalos.invoicing.models import Contact
from sumalos.rls.rule import Visibility, visible_q

FORMER_MEMBER = "un antiguo miembro"


class MemoryNotFound(Http404):
    """Unknown id or not visible to this access; the message never tells which."""

    def __init__(self) -> None:
        super().__init__("No existe ese recuerdo.")


@dataclass(frozen=True)
class MemoryRights:
    can_edit: bool = False
    can_delete: bool = False
    can_share: bool = False
    can_make_private: bool = False
    can_confirm: bool = False
    can_reject: bool = False
    can_restore: bool = False


def offered_q(access: AiAccess) -> Q:
    """Private memories proposed for sharing, for the owners and admins of their organization."""
    q = Q(pk__in=[])
    for org_id, perms in access.permissions.items():
        if perms.is_manager:
            q |= Q(organization_id=org_id, area__in=sorted(perms.write))
    return q & Q(
        visibility=Visibility.PRIVATE_IN_ORG,
        proposed_visibility=Visibility.SHARED,
        status=Memory.Status.ACTIVE,
    )


def memories_visible(*, access: AiAccess) -> QuerySet[Memory]:
    return Memory.objects.filter(visible_q(access))


def memories_visible_by_ids(*, access: AiAccess, ids: tuple[int, ...]) -> list[Memory]:
    """The visible memories among ``ids``, with what the shown-to ledger records."""
    return list(
        memories_visible(access=access)
        .filter(pk__in=ids)
        .only("pk", "updated_at", "organization_id")
    )


def memory_latest_for(*, access: AiAccess, subject: str, attribute: str) -> Memory | None:
    """The most recently updated active memory of ``attribute`` about ``subject``."""
    return (
        memories_visible(access=access)
        .filter(subject=subject, attribute=attribute, status=Memory.Status.ACTIVE)
        .order_by("-updated_at")
        .first()
    )


PAYMENT_TERM_ATTRIBUTE = "plazo_pago"
_DAYS = re.compile(r"(\d{1,3})\s*d[ií]as")


@dataclass(frozen=True)
class PaymentTerm:
    """Days a customer takes to pay, and the memory that says so (None: the contact's field)."""

    days: int
    memory: Memory | None = None


def payment_term_for(*, access: AiAccess, contact: Contact) -> PaymentTerm:
    """The payment term in force for a contact: the newest readable memory, then the field.

    Drafts take their due date from it and the contact page shows it, so the two cannot
    disagree (DESIGN §8: within memory the newest allowed value wins).
    """
    memory = memory_latest_for(
        access=access, subject=f"contacto:{contact.pk}", attribute=PAYMENT_TERM_ATTRIBUTE
    )
    if memory is not None:
        match = _DAYS.search(memory.value) or _DAYS.search(memory.text)
        if match:
            return PaymentTerm(days=int(match.group(1)), memory=memory)
    return PaymentTerm(days=contact.payment_terms_days)


def memories_remembered_value(*, access: AiAccess, contact_id: int, attribute: str) -> list[Memory]:
    """A contact's remembered values of ``attribute``: active ones and unverified proposals.

    Confirmed ones come first, then the newest.
    """
    return list(
        memories_visible(access=access)
        .filter(contact_id=contact_id, attribute=attribute)
        .filter(Q(status=Memory.Status.ACTIVE) | Q(status=Memory.Status.PROPOSED, unverified=True))
        .order_by("unverified", "-updated_at", "-id")
        .only("id", "value", "unverified", "updated_at", "organization_id")
    )


def _owned(access: AiAccess, memory: Memory) -> bool:
    return (access.user_id is not None and memory.owner_user_id == access.user_id) or (
        bool(access.phone) and memory.owner_phone == access.phone
    )


def rights_for(*, access: AiAccess, memory: Memory) -> MemoryRights:
    """What this access may do with a memory it can see."""
    org_id = memory.organization_id
    active = memory.status == Memory.Status.ACTIVE
    writer = access.can_write(org_id, memory.area)
    manager = access.is_manager(org_id)
    shares = (
        memory.organization is not None
        and memory.organization.shared_mode != Organization.SharedMode.OFF
    )
    shareable = (
        active
        and memory.visibility == Visibility.PRIVATE_IN_ORG
        and memory.category not in PERSONAL_CATEGORIES
        and writer
        and shares
    )
    if memory.visibility == Visibility.SHARED:
        proposal = memory.status == Memory.Status.PROPOSED
        return MemoryRights(
            can_edit=active and writer,
            can_delete=writer,
            can_make_private=active
            and (
                manager or (access.user_id is not None and memory.created_by_id == access.user_id)
            ),
            can_confirm=proposal and manager,
            can_reject=proposal and manager,
            can_restore=memory.status == Memory.Status.SUPERSEDED and manager,
        )
    proposed = memory.proposed_visibility == Visibility.SHARED
    if _owned(access, memory):
        return MemoryRights(
            can_edit=active,
            can_delete=True,
            can_share=shareable,
            can_confirm=proposed and shareable,
            can_reject=proposed,
            can_restore=memory.status == Memory.Status.SUPERSEDED,
        )
    # Someone else's private memory: only offered to managers (``offered_q``).
    return MemoryRights(
        can_share=shareable and manager,
        can_confirm=shareable and manager,
        can_reject=proposed and writer and manager,
    )


def memory_get(*, access: AiAccess, memory_id: int) -> tuple[Memory, MemoryRights]:
    """Fetch a memory this access may see (or was offered), with what it may do with it."""
    memory = (
        Memory.objects.select_related("organization", "created_by")
        .filter(visible_q(access) | offered_q(access), pk=memory_id)
        .first()
    )
    if memory is None:
        raise MemoryNotFound()
    return memory, rights_for(access=access, memory=memory)


@dataclass
class MemoryCenter:
    """What Suma remembers for one person in one organization, grouped by layer."""

    personal: list[Memory] = field(default_factory=list)
    private: list[Memory] = field(default_factory=list)
    shared: list[Memory] = field(default_factory=list)
    proposals: list[Memory] = field(default_factory=list)


def memory_center(*, access: AiAccess) -> MemoryCenter:
    rows = (
        Memory.objects.select_related("organization", "created_by")
        .filter(visible_q(access) | offered_q(access))
        .exclude(status=Memory.Status.SUPERSEDED)
        .order_by("category", "subject", "attribute", "id")
    )
    center = MemoryCenter()
    for memory in rows:
        if memory.status == Memory.Status.PROPOSED or memory.proposed_visibility:
            center.proposals.append(memory)
        elif memory.visibility == Visibility.PERSONAL:
            center.personal.append(memory)
        elif memory.visibility == Visibility.PRIVATE_IN_ORG:
            center.private.append(memory)
        else:
            center.shared.append(memory)
    return center


def memory_versions(*, access: AiAccess, memory_id: int) -> list[Memory]:
    """The superseded versions that led to a memory, newest first.

    Shared versions are for owners and admins; one's own, for oneself.
    """
    memory, _ = memory_get(access=access, memory_id=memory_id)
    if memory.visibility == Visibility.SHARED and not access.is_manager(memory.organization_id):
        raise PermissionDenied("Solo los propietarios y administradores ven las versiones.")
    versions: list[Memory] = []
    frontier = [memory.pk]
    while frontier:
        found = list(
            memories_visible(access=access)
            .filter(superseded_by_id__in=frontier, status=Memory.Status.SUPERSEDED)
            .exclude(pk__in=[v.pk for v in versions])
            .order_by("-id")
        )
        versions += found
        frontier = [v.pk for v in found]
    return versions


def memory_audit_log(
    *, access: AiAccess, organization_id: int, limit: int = 200
) -> list[MemoryAudit]:
    """The latest changes to the organization's shared memories; owners and admins only.

    An entry's texts are shown only while the viewer may read the memory now: a memory made
    private again or deleted keeps its history (who, what, when) but not its words here.
    """
    if not access.is_manager(organization_id):
        raise PermissionDenied("Solo los propietarios y administradores ven el registro.")
    entries = list(
        MemoryAudit.objects.select_related("actor")
        .filter(organization_id=organization_id)
        .order_by("-at", "-id")[:limit]
    )
    readable = set(
        memories_visible(access=access)
        .filter(pk__in={entry.memory_id for entry in entries})
        .values_list("pk", flat=True)
    )
    for entry in entries:
        if entry.memory_id not in readable:
            entry.before = _without_text(entry.before)
            entry.after = _without_text(entry.after)
    return entries


def _without_text(state: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if state is None else {**state, "text": None, "value": None}


@dataclass(frozen=True)
class StoredAttribute:
    attribute: str
    value: str


def memory_subject_attributes(
    *, access: AiAccess, organization_id: int | None, subject: str
) -> list[StoredAttribute]:
    """Attributes already stored for a subject, so the extractor reuses their names (§5)."""
    rows = (
        memories_visible(access=access)
        .filter(subject=subject, status=Memory.Status.ACTIVE)
        .filter(Q(organization_id=organization_id) | Q(organization__isnull=True))
        .exclude(attribute="")
        .order_by("attribute", "-id")
        .values_list("attribute", "value")
    )
    seen: dict[str, str] = {}
    for attribute, value in rows:
        seen.setdefault(attribute, value)
    return [StoredAttribute(attribute, value) for attribute, value in seen.items()]


def author_label(memory: Memory) -> str:
    """Who wrote a memory, as shown to people; departed authors are not named."""
    if memory.created_by is None:
        return FORMER_MEMBER
    return memory.created_by.get_full_name()
