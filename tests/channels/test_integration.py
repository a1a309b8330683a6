"""End to end with a real Celery worker (subprocess), Redis and Postgres.

The worker is pointed at this run's test database (``SUMALOS_TEST_DATABASE``) and a broker key
prefix of its own (``SUMALOS_BROKER_PREFIX``), so parallel runs never share queues.
"""

from __future__ import annotations

import os
import signal

import pytest

from channels_app.models import OutboxEntry, PhoneLink, WhatsappMessage
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.linking import whatsapp_link_code_create
from memory.models import Memory
from tests.support import (  # noqa: F401  (worker is a fixture)
    PREFIX,
    queue_drain,
    wait_for,
    whatsapp_params,
    whatsapp_post,
)
from tests.world import World

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_web_message_becomes_a_learned_memory(world_tx: World, worker):
    access = world_tx.access(world_tx.owner)
    chat = web_chat_create(access=access, organization_id=world_tx.org.pk)
    web_chat_append(
        access=access,
        chat_id=chat.pk,
        role="user",
        text="Talleres García ahora paga a 60 días, no a 30",
    )
    worker()

    queue_drain()

    wait_for(lambda: Memory.objects.filter(attribute="plazo_pago").exists())
    learned = Memory.objects.get(attribute="plazo_pago")
    assert (
        learned.category,
        learned.subject,
        learned.value,
        learned.visibility,
        learned.organization_id,
        learned.created_by_id,
    ) == ("cliente", "Talleres García", "60 días", "shared", world_tx.org.pk, world_tx.owner.pk)


def test_a_signed_whatsapp_message_is_answered_and_learned(world_tx: World, worker):
    phone = "+34655000111"
    worker()

    assert (
        whatsapp_post(whatsapp_params("SM" + "1" * 32, phone, "Me llamo Pablo")).status_code == 200
    )
    wait_for(lambda: WhatsappMessage.objects.filter(direction="outbound", phone=phone).exists())
    queue_drain()

    wait_for(lambda: Memory.objects.filter(owner_phone=phone, attribute="nombre").exists())
    assert Memory.objects.get(owner_phone=phone).value == "Pablo"


def test_linking_end_to_end(world_tx: World, worker):
    phone = "+34655000222"
    code = whatsapp_link_code_create(
        access=world_tx.access(world_tx.reader), organization_id=world_tx.org.pk
    )
    worker()

    whatsapp_post(whatsapp_params("SM" + "2" * 32, phone, f"VINCULAR {code}"))

    wait_for(lambda: WhatsappMessage.objects.filter(direction="outbound", phone=phone).exists())
    assert PhoneLink.objects.get(phone=phone).user == world_tx.reader
    assert WhatsappMessage.objects.get(direction="outbound").body.startswith("Listo:")


def test_a_worker_killed_mid_drain_loses_nothing_and_duplicates_nothing(world_tx: World, worker):
    access = world_tx.access(world_tx.owner)
    chat = web_chat_create(access=access, organization_id=world_tx.org.pk)
    total = 30
    for n in range(total):
        web_chat_append(
            access=access,
            chat_id=chat.pk,
            role="user",
            text=f"Talleres Norte{n} ahora paga a {n + 10} días, no a 30",
        )
    # Batches of five, each one transaction: the kill lands after some batches committed.
    first = worker({"SUMALOS_LEARNING_BATCH_SIZE": "5"})
    queue_drain()
    wait_for(lambda: OutboxEntry.objects.filter(status="done").count() >= 5)

    os.kill(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    done_at_kill = OutboxEntry.objects.filter(status="done").count()
    # Only whole batches are done: the one in flight was rolled back with its bookkeeping.
    assert done_at_kill < total
    assert done_at_kill % 5 == 0
    # Time passes: the dead worker's leases expire.
    OutboxEntry.objects.filter(status="processing").update(claimed_until="2000-01-01T00:00:00Z")
    worker()
    queue_drain()
    wait_for(lambda: OutboxEntry.objects.filter(status="done").count() == total)

    assert Memory.objects.filter(attribute="plazo_pago").count() == total
    assert sorted(Memory.objects.values_list("value", flat=True)) == sorted(
        f"{n + 10} días" for n in range(total)
    )
    assert all(len(sources) == 1 for sources in Memory.objects.values_list("sources", flat=True))
