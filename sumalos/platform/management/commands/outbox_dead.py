"""``manage.py outbox_dead [--retry OUTBOX:ID ...|--all]``: list dead letters, retry them.

A row is dead after ``MAX_ATTEMPTS`` failures (``sumalos/platform/outbox.py``); once the cause
is fixed, a retry puts it back to pending with its attempts reset, due at once.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from sumalos.platform.outbox import dead_retry, dead_rows, registered


def _when(moment: datetime | None) -> str:
    return f"{moment:%Y-%m-%d %H:%M}" if moment else "-"


class Command(BaseCommand):
    help = "Lista las entradas descartadas de las bandejas de salida y las reintenta."

    def add_arguments(self, parser: CommandParser) -> None:
        group = parser.add_mutually_exclusive_group()
        group.add_argument(
            "--retry",
            action="append",
            default=[],
            metavar="OUTBOX:ID",
            help="reintenta esta entrada (p. ej. channels:12); se puede repetir",
        )
        group.add_argument("--all", action="store_true", help="reintenta todas las descartadas")

    def handle(self, *args: Any, **options: Any) -> None:
        outboxes = registered()
        if options["all"]:
            for name, outbox in sorted(outboxes.items()):
                count = dead_retry(outbox)
                self.stdout.write(f"{name}: {count} reintentadas")
            return
        if options["retry"]:
            wanted: dict[str, list[int]] = {}
            for label in options["retry"]:
                name, _, raw_id = label.partition(":")
                if name not in outboxes or not raw_id.isdigit():
                    known = ", ".join(sorted(outboxes))
                    raise CommandError(f"«{label}» no es BANDEJA:ID (bandejas: {known}).")
                wanted.setdefault(name, []).append(int(raw_id))
            for name, ids in sorted(wanted.items()):
                count = dead_retry(outboxes[name], ids)
                self.stdout.write(f"{name}: {count} reintentadas")
            return
        rows = dead_rows(outboxes[name] for name in sorted(outboxes))
        if not rows:
            self.stdout.write("No hay entradas descartadas.")
            return
        for row in rows:
            key = ",".join(str(part) for part in row.key)
            self.stdout.write(
                f"{row.label}\t{key}\t{row.attempts} intentos\t{_when(row.finished_at)}"
                f"\t{row.last_error}"
            )
