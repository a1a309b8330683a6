"""The demo world, loaded once per module inside a transaction, and a login per demo person."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import transaction
from django.test import Client

from fixtures import demo
from sumalos.accounts.models import User


@pytest.fixture(scope="module")
def demo_world(django_db_setup, django_db_blocker) -> Iterator[None]:
    """Load the demo once for the module, inside a transaction rolled back at its end."""
    with django_db_blocker.unblock(), transaction.atomic():
        demo.build_demo(password="demo-de-prueba")
        yield
        transaction.set_rollback(True)


@pytest.fixture
def as_user(demo_world, db):
    def login(name: str) -> Client:
        client = Client()
        client.force_login(User.objects.get(email=f"{name}@{demo.DOMAIN}"))
        return client

    return login
