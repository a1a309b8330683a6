"""Run a block as the assistant: the restricted role plus the access as local settings.

Scoped to the outermost transaction on purpose: ``SET LOCAL`` outside a transaction does
nothing, and inside a nested ``atomic()`` it survives the savepoint and leaks into the outer
transaction, so a caller already inside a transaction is refused (docs/decisions/0001).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction

from sumalos.accounts.access import AiAccess
from sumalos.embedded import READER_ROLE


class AssistantScopeError(RuntimeError):
    """``as_assistant`` was asked to run inside an already open transaction."""


def access_settings(access: AiAccess) -> dict[str, str]:
    """The ``ai.*`` settings that carry this access into SQL."""
    readable = []
    writable = []
    for org_id in access.organization_ids:
        perms = access.permissions[org_id]
        readable += [f"{org_id}:{area}" for area in sorted(perms.read)]
        writable += [f"{org_id}:{area}" for area in sorted(perms.write)]
    return {
        "ai.user_id": "" if access.user_id is None else str(access.user_id),
        "ai.phone": access.phone or "",
        "ai.organization_ids": ",".join(str(org_id) for org_id in access.organization_ids),
        "ai.readable_areas": ",".join(readable),
        "ai.writable_areas": ",".join(writable),
    }


@contextmanager
def as_assistant(access: AiAccess) -> Iterator[None]:
    """Open the outermost transaction as ``ai_reader`` carrying ``access``; roll back nothing."""
    if connection.in_atomic_block:
        raise AssistantScopeError(
            "as_assistant() must open the outermost transaction; it was called inside one"
        )
    with transaction.atomic():
        settings = access_settings(access)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT " + ", ".join("set_config(%s, %s, true)" for _ in settings),
                [part for item in settings.items() for part in item],
            )
            cursor.execute(f"SET LOCAL ROLE {READER_ROLE}")
            # Filtered HNSW scans return short result sets without iterative scans (pgvector).
            cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        yield
