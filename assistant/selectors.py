"""Reads for the web chat's "Lo he aprendido" card and the list of what Suma learned (DESIGN §6).

A notice repeats the words of the memory it taught, so it is read only while that memory is
readable by the person asking, under the once-declared visibility rule (docs/privacy.md):
deleted, handed over or narrowed, it is gone from the card and the list. Who said it, when and
on which channel come from the notice; the words are the notice's for the person it taught,
and the memory's as it is now for anyone else (an edit may have taken words out). A notice of
what was not kept ("No lo he guardado: …") has no memory and is read by its owner only.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet

from assistant.models import LearnedNoticeDismissal
from channels_app.models import LearnedNotice
from channels_app.selectors import REFUSAL_NOTICE
from memory.models import Memory
from memory.selectors import rights_for
from sumalos.accounts.access import AiAccess
from sumalos.rls.rule import visible_q

RECENT_LIMIT = 10
PHONE_AUTHOR = "un número de WhatsApp"
CHANNEL_PHRASES = {"web": "en el chat web", "whatsapp": "por WhatsApp"}


@dataclass(frozen=True)
class LearnedItem:
    """One thing Suma learned, as a person may see it."""

    notice_id: int
    memory_id: int | None  # None: a notice of what was not kept ("No lo he guardado: …")
    text: str
    author: str  # "tú", a member's name, or PHONE_AUTHOR
    channel: str  # "en el chat web" or "por WhatsApp"
    at: datetime.datetime
    own: bool
    proposed: bool
    undone: bool
    superseded: bool
    can_undo: bool


def _readable_memories(access: AiAccess) -> QuerySet[Memory]:
    return Memory.objects.filter(visible_q(access))


def learned_notices_readable(*, access: AiAccess) -> QuerySet[LearnedNotice]:
    """Every notice whose memory this person may read now, whoever it was learned from,
    and this person's own notices of what was not kept."""
    if access.user_id is not None:
        owner = Q(owner_user_id=access.user_id)
    elif access.phone:
        owner = Q(owner_phone=access.phone, owner_user__isnull=True)
    else:
        owner = Q(pk__in=[])
    return LearnedNotice.objects.filter(
        Q(memory__in=_readable_memories(access)) | (REFUSAL_NOTICE & owner)
    )


def _dismissed(user_id: int) -> Exists:
    return Exists(LearnedNoticeDismissal.objects.filter(notice=OuterRef("pk"), user_id=user_id))


def learned_card(*, access: AiAccess, conversation_id: str) -> list[LearnedItem]:
    """The card of one conversation: what it taught this person, until they close it or undo."""
    if access.user_id is None:
        return []
    notices = (
        learned_notices_readable(access=access)
        .filter(conversation_id=conversation_id, owner_user_id=access.user_id)
        .filter(undone_at__isnull=True)
        .exclude(_dismissed(access.user_id))
        .order_by("id")
    )
    return _items(access, notices)


def learned_recent(*, access: AiAccess, limit: int = RECENT_LIMIT) -> list[LearnedItem]:
    """What Suma learned lately that this person may read, newest first, closed cards included."""
    return _items(access, learned_notices_readable(access=access).order_by("-id")[:limit])


def learned_source(*, access: AiAccess, memory: Memory) -> LearnedItem | None:
    """Who taught Suma a memory, when and where: its first notice this person may read."""
    notices = learned_notices_readable(access=access).filter(memory=memory).order_by("id")[:1]
    items = _items(access, notices)
    return items[0] if items else None


def _items(access: AiAccess, notices: QuerySet[LearnedNotice]) -> list[LearnedItem]:
    rows = list(
        notices.select_related(
            "owner_user", "memory__organization", "superseded_memory__organization"
        )
    )
    readable_versions = set(
        _readable_memories(access)
        .filter(pk__in=[n.superseded_memory_id for n in rows if n.superseded_memory_id])
        .values_list("pk", flat=True)
    )
    return [_item(access, notice, readable_versions) for notice in rows]


def _item(access: AiAccess, notice: LearnedNotice, readable_versions: set[int]) -> LearnedItem:
    memory = notice.memory
    own = access.user_id is not None and notice.owner_user_id == access.user_id
    if own:
        author = "tú"
    elif notice.owner_user is not None:
        author = notice.owner_user.get_full_name()
    else:
        author = PHONE_AUTHOR
    if memory is None:  # what was not kept: its owner's only, nothing to open or undo
        return LearnedItem(
            notice_id=notice.pk,
            memory_id=None,
            text=notice.text,
            author=author,
            channel=CHANNEL_PHRASES.get(notice.channel, notice.get_channel_display()),
            at=notice.created_at,
            own=own,
            proposed=False,
            undone=False,
            superseded=False,
            can_undo=False,
        )
    return LearnedItem(
        notice_id=notice.pk,
        memory_id=memory.pk,
        # One's own notice says what was learnt; anyone else reads the memory as it is now.
        text=notice.text if own else memory.text,
        author=author,
        channel=CHANNEL_PHRASES.get(notice.channel, notice.get_channel_display()),
        at=notice.created_at,
        own=own,
        proposed=notice.proposed,
        undone=notice.undone_at is not None,
        superseded=memory.status == Memory.Status.SUPERSEDED,
        can_undo=own and notice.undone_at is None and _may_undo(access, notice, readable_versions),
    )


def _may_undo(access: AiAccess, notice: LearnedNotice, readable_versions: set[int]) -> bool:
    """Undo deletes the memory, or brings back the one it replaced: whichever the rights allow."""
    assert notice.memory is not None
    version = notice.superseded_memory
    if version is None:
        return rights_for(access=access, memory=notice.memory).can_delete
    return version.pk in readable_versions and rights_for(access=access, memory=version).can_restore
