"""One outbox: leases, retries with exponential backoff, a dead letter (docs/decisions/0022).

An outbox is a table that triggers fill in the writer's transaction (the channels' learning
queue, the search index queue). Every outbox has the same ledger columns: ``status``
(``pending`` → ``processing`` → ``done`` or ``dead``), ``attempts``, ``available_at``,
``claimed_until``, ``last_error``, ``outcome`` and ``finished_at``; what identifies the work
is the table's own key columns (``message_id``; ``table_name, row_id``).

- **Claim** a batch with ``FOR UPDATE SKIP LOCKED``: it becomes ``processing`` with a lease
  (``claimed_until``) and ``attempts + 1``. A worker that dies mid-batch leaves rows that are
  claimed again when the lease expires. Where several workers drain one outbox
  (``Outbox.one_worker_per_key``, the learning outbox: two processes, decision 0034), a key
  another worker holds under a live lease is not claimed: a row queued for it meanwhile (an
  edit) waits until that worker is done, so one message is never learnt by two at once.
- **Process** each key in its own transaction, which also finishes its rows while holding their
  row locks: a crash rolls the work back with the bookkeeping. Several claimed rows for one
  key are handled once; pending rows for that key enqueued before the newest claimed one are
  closed with it (the handler read the source after they were written).
- **Or a batch in one transaction** (``Outbox.batched``, the learning outbox, decision 0028):
  the batch's keys share one transaction, each in its own savepoint, so a key that raises is
  rolled back and failed alone while the others commit together, closed by two statements
  for the whole batch. A crash rolls the whole batch back; its rows come back with
  ``attempts`` > 1 and are then processed one key per transaction, so a message that kills
  its worker reaches the dead letter without the others.
- **Fail** alone: a row whose handler raises goes back to ``pending`` after ``2^attempts``
  seconds (capped), and to ``dead`` after ``max_attempts``; the rest of the batch goes on.
- **Dead letters** are listed and retried by ``manage.py outbox_dead``.

The module knows no app: each app registers its ``Outbox`` (``register``) and hands the drain
its handler. The SQL names tables and columns from those registrations (constants in code),
never from input; values always travel as parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection, transaction

MAX_ATTEMPTS = 5
LEASE_SECONDS = 60
BATCH_SIZE = 50
BACKOFF_CAP_SECONDS = 15 * 60

Key = tuple[Any, ...]


@dataclass(frozen=True)
class Outbox:
    """An outbox table: its name in ``outbox_dead``, its table and its key columns."""

    name: str
    table: str
    keys: tuple[str, ...]
    # Done rows are deleted (search: nothing to audit) or kept as a ledger (channels).
    delete_done: bool = False
    max_attempts: int = MAX_ATTEMPTS
    lease_seconds: int = LEASE_SECONDS
    # A first claim's keys share one transaction (savepoint per key): fewer commits, one lock.
    batched: bool = False
    # Several workers drain it: never claim a key that another holds (module docstring).
    one_worker_per_key: bool = False


@dataclass(frozen=True)
class Claimed:
    id: int
    key: Key
    attempts: int


@dataclass
class DrainReport:
    claimed: int = 0
    done: int = 0
    retried: int = 0
    dead: int = 0
    gone: int = 0

    def count(self, result: str) -> None:
        if result in ("done", "superseded"):
            self.done += 1
        elif result == "retried":
            self.retried += 1
        elif result == "dead":
            self.dead += 1
        else:
            self.gone += 1


# A handler takes the key columns as keyword arguments and returns the word stored as the
# row's outcome (``learn``, ``indexed``…). It raises to fail.
Handler = Callable[..., str]
Prepare = Callable[[Sequence[Key]], None]

_REGISTRY: dict[str, Outbox] = {}


def register(outbox: Outbox) -> Outbox:
    _REGISTRY[outbox.name] = outbox
    return outbox


def registered() -> dict[str, Outbox]:
    return dict(_REGISTRY)


def claim(outbox: Outbox, *, limit: int = BATCH_SIZE) -> list[Claimed]:
    """Claim up to ``limit`` ready rows, in id order.

    Readiness is judged at the statement's time, not the transaction's: a row enqueued earlier
    in the caller's transaction (a database default of ``statement_timestamp()``) is ready.
    """
    keys = ", ".join(f"claimed.{column}" for column in outbox.keys)
    held_elsewhere = ""
    if outbox.one_worker_per_key:
        same_key = " AND ".join(f"busy.{column} = ready.{column}" for column in outbox.keys)
        held_elsewhere = f"""AND NOT EXISTS (
                    SELECT 1 FROM {outbox.table} AS busy
                     WHERE busy.status = 'processing' AND busy.id <> ready.id
                       AND busy.claimed_until >= statement_timestamp() AND {same_key})"""
    # The ready rows are chosen once, in a materialized CTE. As `WHERE id IN (SELECT … LIMIT
    # … FOR UPDATE SKIP LOCKED)` the planner may pick a nested loop that runs the subquery
    # again for each outer row; each run skips the rows the statement has just claimed and
    # returns the next ones, so a claim of 4 took 8 (decision 0056).
    sql = f"""
        WITH chosen AS MATERIALIZED (
             SELECT id FROM {outbox.table} AS ready
              WHERE available_at <= statement_timestamp()
                AND (status = 'pending'
                     OR (status = 'processing' AND claimed_until < statement_timestamp()))
                {held_elsewhere}
              ORDER BY id
              LIMIT %s
              FOR UPDATE SKIP LOCKED)
        UPDATE {outbox.table} AS claimed SET status = 'processing', attempts = attempts + 1,
               claimed_until = now() + make_interval(secs => %s)
          FROM chosen
         WHERE claimed.id = chosen.id
        RETURNING claimed.id, claimed.attempts, {keys}
    """
    with transaction.atomic(), connection.cursor() as cursor:
        if outbox.one_worker_per_key:
            # Claims take turns (each is one short statement): a claim sees the keys of the
            # one before it as held, which two claims running side by side would not.
            cursor.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                [f"outbox-claim:{outbox.table}"],
            )
        cursor.execute(sql, [limit, outbox.lease_seconds])
        rows = cursor.fetchall()
    claimed = [Claimed(id=row[0], attempts=row[1], key=tuple(row[2:])) for row in rows]
    return sorted(claimed, key=lambda row: row.id)


def _key_where(outbox: Outbox) -> str:
    return " AND ".join(f"{column} = %s" for column in outbox.keys)


def _finish(outbox: Outbox, ids: list[int], key: Key, outcome: str) -> None:
    """Close ``ids`` and the pending rows of ``key`` enqueued before the newest of them."""
    with connection.cursor() as cursor:
        if outbox.delete_done:
            cursor.execute(
                f"DELETE FROM {outbox.table} WHERE id = ANY(%s)"
                f" OR (status = 'pending' AND id < %s AND {_key_where(outbox)})",
                [ids, max(ids), *key],
            )
        else:
            cursor.execute(
                f"UPDATE {outbox.table} SET status = 'done', outcome = %s, finished_at = now(),"
                "       claimed_until = NULL"
                " WHERE id = ANY(%s)",
                [outcome, ids],
            )
            cursor.execute(
                f"UPDATE {outbox.table} SET status = 'done', outcome = 'superseded',"
                "       finished_at = now()"
                f" WHERE status = 'pending' AND id < %s AND {_key_where(outbox)}",
                [max(ids), *key],
            )


@cache
def _key_types(table: str, keys: tuple[str, ...]) -> tuple[str, ...]:
    """The SQL types of an outbox's key columns (arrays of them need a cast)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute"
            " WHERE attrelid = %s::regclass AND attname = ANY(%s)",
            [table, list(keys)],
        )
        found = dict(cursor.fetchall())
    return tuple(found[key] for key in keys)


def _finish_many(outbox: Outbox, finished: Sequence[tuple[list[int], Key, str]]) -> None:
    """``_finish`` for several keys at once: two statements whatever their number.

    ``finished`` holds, per key, its held ids and the handler's outcome. Every id belongs to
    one key only (the drain groups a batch's rows by key), so the superseded pending rows of
    one key are never another key's claimed rows.
    """
    if not finished:
        return
    ids = [row_id for held, _, _ in finished for row_id in held]
    outcomes = [outcome for held, _, outcome in finished for _ in held]
    newest = [max(held) for held, _, _ in finished]
    columns = [[key[i] for _, key, _ in finished] for i in range(len(outbox.keys))]
    names = ", ".join(outbox.keys)
    same_key = " AND ".join(f"t.{column} = v.{column}" for column in outbox.keys)
    arrays = ", ".join(f"%s::{kind}[]" for kind in _key_types(outbox.table, outbox.keys))
    with connection.cursor() as cursor:
        if outbox.delete_done:
            cursor.execute(f"DELETE FROM {outbox.table} WHERE id = ANY(%s)", [ids])
        else:
            cursor.execute(
                f"UPDATE {outbox.table} AS t SET status = 'done', outcome = v.outcome,"
                "       finished_at = now(), claimed_until = NULL"
                "  FROM unnest(%s::bigint[], %s::text[]) AS v(id, outcome)"
                " WHERE t.id = v.id",
                [ids, outcomes],
            )
        superseded = (
            f"DELETE FROM {outbox.table} AS t"
            if outbox.delete_done
            else f"UPDATE {outbox.table} AS t SET status = 'done', outcome = 'superseded',"
            "       finished_at = now()"
        )
        cursor.execute(
            f"{superseded} {'USING' if outbox.delete_done else 'FROM'}"
            f" unnest(%s::bigint[], {arrays}) AS v(newest, {names})"
            f" WHERE t.status = 'pending' AND t.id < v.newest AND {same_key}",
            [newest, *columns],
        )


def _hold(outbox: Outbox, ids: list[int]) -> list[int]:
    """Lock the claimed rows this worker still holds (inside the caller's transaction)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id FROM {outbox.table}"
            " WHERE id = ANY(%s) AND status = 'processing'"
            " FOR UPDATE SKIP LOCKED",
            [ids],
        )
        return [row[0] for row in cursor.fetchall()]


def process(outbox: Outbox, rows: Sequence[Claimed], handler: Handler) -> str:
    """Run ``handler`` once for the claimed ``rows`` of one key: ``done``, ``retried``,
    ``dead``, ``superseded`` or ``gone`` (another worker took them after a lease expired)."""
    ids = [row.id for row in rows]
    key = rows[0].key
    attempts = max(row.attempts for row in rows)
    try:
        with transaction.atomic():
            held = _hold(outbox, ids)
            if not held:
                return "gone"
            outcome = handler(**dict(zip(outbox.keys, key, strict=True)))
            _finish(outbox, held, key, outcome)
            return "done"
    except Exception as error:  # one failing row never stops the drain
        return _failed(outbox, ids=ids, key=key, attempts=attempts, error=error)


def process_batch(
    outbox: Outbox, groups: Sequence[Sequence[Claimed]], handler: Handler
) -> list[str]:
    """Run ``handler`` once per key of ``groups`` in one transaction, a savepoint per key.

    A key whose handler raises is rolled back to its savepoint and failed (retried or dead)
    in the same transaction; the others are finished and commit with it.
    """
    ids = [row.id for rows in groups for row in rows]
    results = []
    finished: list[tuple[list[int], Key, str]] = []
    with transaction.atomic():
        held = set(_hold(outbox, ids))
        for rows in groups:
            mine = [row.id for row in rows if row.id in held]
            if not mine:
                results.append("gone")
                continue
            key = rows[0].key
            try:
                with transaction.atomic():
                    outcome = handler(**dict(zip(outbox.keys, key, strict=True)))
                finished.append((mine, key, outcome))
                results.append("done")
            except Exception as error:  # one failing key never stops the batch
                attempts = max(row.attempts for row in rows)
                results.append(_failed(outbox, ids=mine, key=key, attempts=attempts, error=error))
        # The keys that succeeded are closed together, in the batch's transaction (still
        # holding their row locks): a crash rolls them back with their work.
        _finish_many(outbox, finished)
    return results


def _failed(outbox: Outbox, *, ids: list[int], key: Key, attempts: int, error: Exception) -> str:
    message = f"{type(error).__name__}: {error}"[:2000]
    backoff = min(2**attempts, BACKOFF_CAP_SECONDS)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id FROM {outbox.table} WHERE id = ANY(%s) AND status = 'processing'"
            " FOR UPDATE",
            [ids],
        )
        held = [row[0] for row in cursor.fetchall()]
        if not held:
            return "gone"
        # A change while this row was processing queued a newer one for the same key, which
        # will read the latest state: retrying this one would only duplicate it.
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM {outbox.table}"
            f" WHERE status = 'pending' AND id > %s AND {_key_where(outbox)})",
            [max(held), *key],
        )
        found = cursor.fetchone()
        newer = bool(found and found[0])
        if newer and outbox.delete_done:
            cursor.execute(f"DELETE FROM {outbox.table} WHERE id = ANY(%s)", [held])
            return "superseded"
        if newer:
            status, result = "done", "superseded"
        elif attempts >= outbox.max_attempts:
            status, result = "dead", "dead"
        else:
            status, result = "pending", "retried"
        cursor.execute(
            f"UPDATE {outbox.table} SET status = %s, last_error = %s, claimed_until = NULL,"
            "       outcome = CASE WHEN %s = 'done' THEN 'superseded' ELSE outcome END,"
            "       finished_at = CASE WHEN %s IN ('done', 'dead') THEN now() END,"
            "       available_at = CASE WHEN %s = 'pending'"
            "           THEN now() + make_interval(secs => %s) ELSE available_at END"
            " WHERE id = ANY(%s)",
            [status, message, status, status, status, backoff, held],
        )
    return result


def drain(
    outbox: Outbox,
    *,
    handler: Handler,
    prepare: Prepare | None = None,
    limit: int = BATCH_SIZE,
    max_batches: int = 20,
    keep_going: Callable[[], bool] | None = None,
) -> DrainReport:
    """Claim and process batches until nothing is ready (or ``max_batches``).

    ``prepare`` sees each batch's keys before any is processed: the place for work that is
    cheaper in bulk (the learning drain embeds the batch's texts in one call). ``keep_going``
    is asked before each claim after the first; False ends the drain, leaving the rest for
    the next one. The first batch always runs, so a queue that never empties (replies piling
    up behind a stopped reply worker) slows the drain down but cannot starve it.
    """
    report = DrainReport()
    for _ in range(max_batches):
        if keep_going is not None and report.claimed and not keep_going():
            break
        claimed = claim(outbox, limit=limit)
        if not claimed:
            break
        report.claimed += len(claimed)
        groups: dict[Key, list[Claimed]] = {}
        for row in claimed:
            groups.setdefault(row.key, []).append(row)
        if prepare is not None:
            prepare(list(groups))
        alone = list(groups.values())
        if outbox.batched:
            # Rows claimed before (a failure, or a lease lost with its worker) go one by one.
            first = [rows for rows in alone if max(row.attempts for row in rows) == 1]
            alone = [rows for rows in alone if max(row.attempts for row in rows) > 1]
            for result in process_batch(outbox, first, handler) if first else []:
                report.count(result)
        for rows in alone:
            report.count(process(outbox, rows, handler))
    return report


@dataclass(frozen=True)
class DeadRow:
    outbox: str
    id: int
    key: Key
    attempts: int
    last_error: str
    finished_at: Any

    @property
    def label(self) -> str:
        return f"{self.outbox}:{self.id}"


def dead_rows(outboxes: Iterable[Outbox]) -> list[DeadRow]:
    """Every dead-letter row of ``outboxes``, oldest first within each."""
    found = []
    for outbox in outboxes:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id, attempts, last_error, finished_at, {', '.join(outbox.keys)}"
                f" FROM {outbox.table} WHERE status = 'dead' ORDER BY id"
            )
            found += [
                DeadRow(outbox.name, row[0], tuple(row[4:]), row[1], row[2], row[3])
                for row in cursor.fetchall()
            ]
    return found


def dead_retry(outbox: Outbox, ids: list[int] | None = None) -> int:
    """Put dead rows back to pending, due now, with their attempts reset; ``None``: all."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {outbox.table} SET status = 'pending', attempts = 0,"
            "       available_at = now(), finished_at = NULL, claimed_until = NULL"
            " WHERE status = 'dead' AND (%s::bigint[] IS NULL OR id = ANY(%s::bigint[]))"
            # A key that already waits again (a newer change) needs no second pending row.
            f" AND NOT EXISTS (SELECT 1 FROM {outbox.table} AS waiting"
            "     WHERE waiting.status = 'pending' AND "
            + " AND ".join(f"waiting.{c} = {outbox.table}.{c}" for c in outbox.keys)
            + ")",
            [ids, ids],
        )
        count: int = cursor.rowcount
        return count
