"""Run a block as the assistant: the restricted role plus the access as local settings.

Scoped to the outermost transaction on purpose: ``SET LOCAL`` outside a transaction does
nothing, and inside a nested ``atomic()`` it survives the savepoint and leaks into the outer
transaction, so a caller already inside a transaction is refused (docs/decisions/0001).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager

from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from sumalos.accounts.access import AiAccess
from sumalos.embedded import READER_ROLE
from sumalos.platform.dbrouter import (
    REPLICA,
    assistant_reads,
    replica_configured,
    replica_for_reads,
)


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
def as_assistant(access: AiAccess, *, local: Sequence[str] = ()) -> Iterator[None]:
    """Open the outermost transaction as ``ai_reader`` carrying ``access``; roll back nothing.

    ``local``: ``SET LOCAL`` statements for this transaction (planner settings), sent in the
    same round trip as the role and the access.
    """
    replica_open = replica_configured() and connections[REPLICA].in_atomic_block
    if connection.in_atomic_block or replica_open:
        raise AssistantScopeError(
            "as_assistant() must open the outermost transaction; it was called inside one"
        )
    replica = replica_for_reads()
    with ExitStack() as scopes:
        # With a replica, the ORM's reads go there (sumalos/platform/dbrouter.py) and raw SQL
        # stays on the primary: both connections carry the same role and access.
        for alias in (DEFAULT_DB_ALIAS, replica) if replica else (DEFAULT_DB_ALIAS,):
            scopes.enter_context(transaction.atomic(using=alias))
            _restrict(connections[alias], access, local)
        if replica:
            scopes.enter_context(assistant_reads())
        yield


def _restrict(scoped: BaseDatabaseWrapper, access: AiAccess, local: Sequence[str] = ()) -> None:
    """The access, the role, the scan setting and ``local`` in one round trip (statements run
    in order: a failing one fails the batch, and the transaction with it)."""
    settings = access_settings(access)
    for statement in local:
        if not statement.startswith("SET LOCAL ") or ";" in statement:
            raise ValueError(f"not one SET LOCAL statement: {statement!r}")
    with scoped.cursor() as cursor:
        cursor.execute(
            "; ".join(
                [
                    "SELECT " + ", ".join("set_config(%s, %s, true)" for _ in settings),
                    f"SET LOCAL ROLE {READER_ROLE}",
                    # Filtered HNSW scans return short result sets without iterative scans.
                    "SET LOCAL hnsw.iterative_scan = relaxed_order",
                    *local,
                ]
            ),
            [part for item in settings.items() for part in item],
        )
