"""End to end with a real Celery worker (subprocess), Redis and Postgres (issue 5, "Done when").

The worker is pointed at this run's test database (``SUMALOS_TEST_DATABASE``) and a broker key
prefix of its own (``SUMALOS_BROKER_PREFIX``), so parallel runs never share queues.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import connection

from channels_app.models import OutboxEntry, PhoneLink, WhatsappMessage
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.linking import whatsapp_link_code_create
from channels_app.tasks import drain_outbox
from memory.models import Memory
from sumalos.celery import app
from tests.channels.test_webhook import _message, _post
from tests.world import World

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
PREFIX = f"sumalos-test-{os.getpid()}:"


def _start_worker() -> subprocess.Popen:
    env = {
        **os.environ,
        "SUMALOS_TEST_DATABASE": connection.settings_dict["NAME"],
        "SUMALOS_BROKER_PREFIX": PREFIX,
    }
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "sumalos",
            "worker",
            "--pool=solo",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-l",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _drain() -> None:
    """Queue one drain on this run's broker prefix."""
    with app.connection_for_write(transport_options={"global_keyprefix": PREFIX}) as conn:
        drain_outbox.apply_async(connection=conn)


def _wait(condition: Callable[[], bool], timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("timed out waiting for the worker")


@pytest.fixture
def worker(transactional_db: None) -> Iterator[Callable[[], subprocess.Popen]]:
    app.conf.broker_transport_options = {"global_keyprefix": PREFIX}
    started: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        process = _start_worker()
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)


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

    _drain()

    _wait(lambda: Memory.objects.filter(attribute="plazo_pago", value="60 días").exists())


def test_a_signed_whatsapp_message_is_answered_and_learned(world_tx: World, worker):
    phone = "+34655000111"
    worker()

    assert _post(_message("SM" + "1" * 32, phone, "Me llamo Pablo")).status_code == 200
    _wait(lambda: WhatsappMessage.objects.filter(direction="outbound", phone=phone).exists())
    _drain()

    _wait(lambda: Memory.objects.filter(owner_phone=phone, attribute="nombre").exists())
    assert Memory.objects.get(owner_phone=phone).value == "Pablo"


def test_linking_end_to_end(world_tx: World, worker):
    phone = "+34655000222"
    code = whatsapp_link_code_create(
        access=world_tx.access(world_tx.reader), organization_id=world_tx.org.pk
    )
    worker()

    _post(_message("SM" + "2" * 32, phone, f"VINCULAR {code}"))

    _wait(lambda: WhatsappMessage.objects.filter(direction="outbound", phone=phone).exists())
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
    first = worker()
    _drain()
    _wait(lambda: OutboxEntry.objects.filter(status="done").count() >= 3)

    os.kill(first.pid, signal.SIGKILL)
    first.wait(timeout=30)
    done_at_kill = OutboxEntry.objects.filter(status="done").count()
    assert done_at_kill < total
    # Time passes: the dead worker's leases expire.
    OutboxEntry.objects.filter(status="processing").update(locked_until="2000-01-01T00:00:00Z")
    worker()
    _drain()
    _wait(lambda: OutboxEntry.objects.filter(status="done").count() == total)

    assert Memory.objects.filter(attribute="plazo_pago").count() == total
    assert sorted(Memory.objects.values_list("value", flat=True)) == sorted(
        f"{n + 10} días" for n in range(total)
    )
    assert all(len(sources) == 1 for sources in Memory.objects.values_list("sources", flat=True))
