"""Read replicas: the assistant's read-only reads go to the replica, the rest to the primary.

With ``DATABASE_REPLICA_URL`` set, ``DATABASES["replica"]`` is a streaming replica of the
primary. Only reads made inside ``as_assistant`` (the restricted ``ai_reader`` role, under
row-level security: the replica replays the same roles and policies) are routed there, and
``as_assistant`` opens its scoped transaction on both connections, so raw SQL on the primary
stays under the same role (docs/deployment.md, docs/decisions/0023).

Read-your-writes: the first write of a unit of work (a request, a task) pins it to the primary,
so a person's own turn never reads the replica after writing something it may lag behind on.
The middleware and Celery's ``task_prerun`` start each unit unpinned.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.utils.connection import ConnectionDoesNotExist

REPLICA = "replica"

_assistant_reads: ContextVar[bool] = ContextVar("assistant_reads", default=False)
_pinned: ContextVar[bool] = ContextVar("pinned_to_primary", default=False)


def replica_configured() -> bool:
    """``DATABASES["replica"]`` exists, or a replica connection was made at run time (tests)."""
    if REPLICA in connections.settings:
        return True
    try:
        connections[REPLICA]
    except ConnectionDoesNotExist:
        return False
    return True


def replica_for_reads() -> str | None:
    """The replica's alias if this unit of work may read it now, else None."""
    if _pinned.get() or not replica_configured():
        return None
    return REPLICA


def pin_to_primary() -> None:
    _pinned.set(True)


def unpin() -> None:
    """A new unit of work (request, task) starts reading the replica again."""
    _pinned.set(False)


def pinned() -> bool:
    return _pinned.get()


@contextmanager
def assistant_reads() -> Iterator[None]:
    """Route the ORM's reads to the replica for the block (``as_assistant`` opens it)."""
    token = _assistant_reads.set(True)
    try:
        yield
    finally:
        _assistant_reads.reset(token)


class ReplicaRouter:
    """Installed always; without a replica every method defers to the default."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        if _assistant_reads.get():
            return replica_for_reads()
        return None

    def db_for_write(self, model: type[Any], **hints: Any) -> str | None:
        pin_to_primary()
        return None

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        return True  # one database, two copies

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return db != REPLICA


class UnpinMiddleware:
    """Each request starts unpinned; its first write pins it to the primary."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        unpin()
        return self.get_response(request)
