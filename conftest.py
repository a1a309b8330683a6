"""Test setup shared by every test package: the embedded services and the fixture world."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

from sumalos.embedded import ensure_services

if TYPE_CHECKING:
    from tests.world import World


def pytest_configure(config: pytest.Config) -> None:
    ensure_services()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """Before the test database is dropped, end sessions a live server thread left open."""
    yield
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture(autouse=True)
def _empty_query_log() -> None:
    """Counted statements start from an empty log: ``CaptureQueriesContext`` slices a log that
    keeps its last 9,000 statements, so a log filled by earlier tests cuts a capture short."""
    from django.db import reset_queries

    reset_queries()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    """Tests create many users; a real password hash costs ~0.3 s each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _test_secrets_and_throttle(settings: Any) -> None:
    """A Twilio token to sign with (the settings have none), and no login throttling.

    Tests log in many times from one address; the throttling test turns django-axes back on.
    """
    settings.TWILIO_AUTH_TOKEN = "test-twilio-token"  # noqa: S105  (signs test requests only)
    settings.AXES_ENABLED = False


@pytest.fixture
def world(db: None) -> World:
    from tests.world import build_world

    return build_world()


@pytest.fixture
def world_tx(transactional_db: None) -> World:
    """The same world for tests that need real transactions (row-level security).

    Those tests flush every table afterwards, data migrations included, so the tax rates
    of the engine are reloaded here.
    """
    from sumalos.taxes.seed import seed_rates
    from tests.world import build_world

    seed_rates()
    return build_world()


@pytest.fixture
def worker(transactional_db: None) -> Iterator[Callable[..., subprocess.Popen]]:
    """Start real Celery workers (subprocesses) on this run's test database and broker prefix."""
    import kombu.pools

    from sumalos.celery import app
    from tests.support import PREFIX, start_worker

    def use_prefix(options: dict[str, str]) -> None:
        # Producers are pooled per broker URL (kombu), ignoring transport options: drop the
        # pools so the next task is published with this prefix, not an earlier test's.
        app.conf.broker_transport_options = options
        app._pool = None
        app.amqp._producer_pool = None
        kombu.pools.reset()

    use_prefix({"global_keyprefix": PREFIX})
    started: list[subprocess.Popen] = []

    def start(extra_env: dict[str, str] | None = None) -> subprocess.Popen:
        process = start_worker(extra_env)
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)
    use_prefix({})
