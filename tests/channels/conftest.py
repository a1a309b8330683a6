"""Channel fixtures: the shared world plus a linked and an unlinked WhatsApp number."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from channels_app.models import PhoneAuthorization, PhoneLink
from sumalos.accounts.models import User
from tests.world import World

LINKED_PHONE = "+34600111222"
UNLINKED_PHONE = "+34600999888"


@dataclass
class Phones:
    linked: str  # the reader's number, authorised in Taller Uno
    unlinked: str
    linked_user: User


def _link(world: World) -> Phones:
    link = PhoneLink.objects.create(phone=LINKED_PHONE, user=world.reader)
    PhoneAuthorization.objects.create(
        link=link,
        organization=world.org,
        read_areas=["general", "contacts", "invoices"],
        write_areas=[],
    )
    return Phones(linked=LINKED_PHONE, unlinked=UNLINKED_PHONE, linked_user=world.reader)


@pytest.fixture
def phones(world: World) -> Phones:
    return _link(world)


@pytest.fixture
def phones_tx(world_tx: World) -> Phones:
    return _link(world_tx)


@pytest.fixture
def eager_tasks() -> Iterator[None]:
    """Run Celery tasks inline (the integration tests use a real worker instead)."""
    from sumalos.celery import app

    # The webhook sends the reply task by name; load the apps' task modules as a worker does.
    app.loader.import_default_modules()
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False
