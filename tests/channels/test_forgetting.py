"""Forgetting through the memory layer's services: a deleted chat and the nightly pruning leave
an audit entry for every shared memory they change or delete (DESIGN §6, "Forgetting")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from channels_app.models import AiMessage, LearnedNotice
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.forgetting import memories_prune_nightly, web_chat_delete
from channels_app.services.outbox import outbox_drain
from learning.services import message_learn
from memory.models import Memory, MemoryAudit
from sumalos.invoicing.models import Contact
from tests.world import World

pytestmark = pytest.mark.django_db


def test_deleting_a_chat_keeps_a_shared_memory_without_its_source_and_audits_it(world: World):
    Contact.objects.create(organization=world.org, kind="customer", name="Talleres García S.L.")
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(
        access=access, chat_id=chat.pk, role="user", text="Talleres García paga a 60 días"
    )
    source = str(AiMessage.objects.get().pk)
    outbox_drain(handler=message_learn)
    memory = Memory.objects.get(attribute="plazo_pago")
    assert (memory.visibility, memory.sources) == ("shared", [source])

    deleted = web_chat_delete(access=access, chat_id=chat.pk)

    memory.refresh_from_db()
    audit = MemoryAudit.objects.get(memory_id=memory.pk, action="edit")
    assert (deleted, memory.sources, memory.value) == (0, [], "60 días")
    assert audit.before is not None and audit.after is not None
    assert (audit.actor_id, audit.before["sources"], audit.after["sources"]) == (
        world.owner.pk,
        [source],
        [],
    )
    assert LearnedNotice.objects.count() == 0


def test_the_nightly_pruning_audits_the_proposals_it_deletes(world: World):
    proposal = Memory.objects.create(
        organization=world.org,
        visibility="shared",
        category="proveedor",
        text="Cuenta de Hierros Norte: ES91 2100 0418 4502 0005 1332.",
        status="proposed",
        unverified=True,
        created_by=world.reader,
    )
    recent = Memory.objects.create(
        organization=world.org,
        visibility="shared",
        category="proveedor",
        text="Cuenta de Hierros Sur: ES79 2100 0813 6101 2345 6789.",
        status="proposed",
        unverified=True,
    )
    Memory.objects.filter(pk=proposal.pk).update(created_at=timezone.now() - timedelta(days=61))

    counts = memories_prune_nightly()

    assert counts == {"versions": 0, "proposals": 1, "withdrawn": 0}
    assert list(Memory.objects.values_list("pk", flat=True)) == [recent.pk]
    audit = MemoryAudit.objects.get(memory_id=proposal.pk)
    assert (audit.action, audit.actor_id, audit.after) == ("delete", None, None)
