"""``bench_assistant``: one offline turn end to end (assembly + tools + reply), p50/p95.

Runs on the demo world as pablo@ in Fontanería Martín (``make run`` loads it). Also reports
the prompt's token count per block. Drafts the bench creates are removed afterwards.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from assistant.compaction import tokens
from assistant.prompt import INSTRUCTIONS
from assistant.services import assistant_reply
from memory.prompt import memory_prompt_blocks
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Organization, User
from sumalos.invoicing.models import Invoice

MESSAGES = [
    "gracias",
    "¿cuál es el tipo general de IVA?",
    "¿qué retención aplicaba un profesional en marzo de 2015?",
    "¿cuánto facturé en octubre?",
    "¿qué me debe Hostal Miramar?",
    "¿qué sabemos de Talleres García?",
    "factura a Talleres García el cambio de frenos, 240 euros",
    "Hostal Miramar prefiere que le llamemos por la mañana",
]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = "Measure one offline assistant turn on the demo world (p50/p95) and prompt tokens."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rounds", type=int, default=5)
        parser.add_argument(
            "--report",
            default=str(Path(settings.BASE_DIR) / "docs" / "benchmarks" / "assistant.md"),
        )

    def handle(self, *args: Any, rounds: int, report: str, **options: Any) -> None:
        try:
            pablo = User.objects.get(email="pablo@demo.sumalos.es")
            martin = Organization.objects.get(name="Fontanería Martín")
        except (User.DoesNotExist, Organization.DoesNotExist) as error:
            raise CommandError("Load the demo world first: manage.py load_demo") from error
        access = access_for_user(pablo, organization_ids=[martin.pk])
        before = set(Invoice.objects.filter(organization=martin).values_list("pk", flat=True))
        timings: dict[str, list[float]] = {message: [] for message in MESSAGES}
        try:
            for round_number in range(rounds):
                for message in MESSAGES:
                    started = time.perf_counter()
                    assistant_reply(
                        access=access,
                        conversation_id="bench",
                        message=message,
                        history=[],
                        turn=round_number,
                    )
                    timings[message].append((time.perf_counter() - started) * 1000)
        finally:
            Invoice.objects.filter(organization=martin).exclude(pk__in=before).delete()
        blocks = memory_prompt_blocks(access=access, message=MESSAGES[6])
        everything = [t for values in timings.values() for t in values]
        lines = [
            "# Benchmark: one offline assistant turn",
            "",
            f"Demo world, pablo@ in Fontanería Martín, offline provider, {rounds} rounds of "
            f"{len(MESSAGES)} messages ({len(everything)} turns). Times in ms.",
            "",
            "| message | p50 | p95 |",
            "|---|---|---|",
            *(
                f"| {message} | {statistics.median(values):.0f} | {_percentile(values, 0.95):.0f} |"
                for message, values in timings.items()
            ),
            f"| **all turns** | **{statistics.median(everything):.0f}** | "
            f"**{_percentile(everything, 0.95):.0f}** |",
            "",
            "Prompt tokens per block (estimate: 4 characters per token), for the drafting message:",
            "",
            "| block | tokens |",
            "|---|---|",
            f"| instructions | {tokens(INSTRUCTIONS)} |",
            f"| memory profile | {tokens(blocks.profile) if blocks.profile else 0} |",
            f"| related memories | {tokens(blocks.related) if blocks.related else 0} |",
            f"| message | {tokens(MESSAGES[6])} |",
        ]
        text = "\n".join(lines) + "\n"
        Path(report).parent.mkdir(parents=True, exist_ok=True)
        Path(report).write_text(text)
        self.stdout.write(text)
