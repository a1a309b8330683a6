"""Evaluate extraction on labelled messages: facts found (subject and value right), misses.

``--provider offline`` (default) or ``--provider anthropic --mock FILE``: the Anthropic path
through the SDK's own mock transport (``httpx2.MockTransport``), answering each message with
the facts FILE gives for it, so request building, tool use parsing, linking and scoring all
run without a network. Scoring: ``learning/evaluation.py``.

``--kinds FILE`` (the writer's id → kind) adds facts found per kind. ``--blind`` prints no
message and no fact, only the figures and the ids of the lines with a miss: the way to run a
held-out half without reading it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from learning.anthropic_provider import AnthropicProvider
from learning.base import AiProvider
from learning.evaluation import evaluate
from learning.offline.provider import OfflineProvider

DATA = Path(__file__).resolve().parents[2] / "offline" / "data"
DEFAULT_FILE = DATA / "extraction_dev.jsonl"
_MESSAGE = "<mensaje_del_usuario>"
MOCK_KEY = "mock-transport-no-network"


def read_rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def mock_transport(answers: dict[str, list[dict[str, Any]]]) -> httpx2.MockTransport:
    """Answers each extraction request with the facts given for its message (none if absent)."""

    def handler(request: httpx2.Request) -> httpx2.Response:
        prompt = json.loads(request.content)["messages"][0]["content"]
        message = prompt.split(_MESSAGE, 1)[1].rsplit("</mensaje_del_usuario>", 1)[0]
        return httpx2.Response(
            200,
            json={
                "id": "msg_eval",
                "type": "message",
                "role": "assistant",
                "model": settings.AI_EXTRACTION_MODEL,
                "content": [
                    {
                        "type": "tool_use",
                        "id": "toolu_eval",
                        "name": "guardar_hechos",
                        "input": {"facts": answers.get(message, [])},
                    }
                ],
                "stop_reason": "tool_use",
                "stop_sequence": None,
                "usage": {"input_tokens": 0, "output_tokens": 0},
            },
        )

    return httpx2.MockTransport(handler)


def provider_for(name: str, mock: Path | None) -> AiProvider:
    if name == "offline":
        return OfflineProvider()
    if mock is None:
        raise CommandError("Con --provider anthropic hace falta --mock (no hay red).")
    answers = {row["text"]: row["facts"] for row in read_rows(mock)}
    # The mock transport answers every request; the key only satisfies the SDK's check.
    return AnthropicProvider(
        http_client=httpx2.Client(transport=mock_transport(answers)), api_key=MOCK_KEY
    )


class Command(BaseCommand):
    help = "Evalúa la extracción de hechos sobre mensajes con sus hechos esperados."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
        parser.add_argument("--provider", choices=("offline", "anthropic"), default="offline")
        parser.add_argument("--mock", type=Path, default=None)
        parser.add_argument("--json", action="store_true")
        parser.add_argument(
            "--kinds", type=Path, help="JSON id → tipo: hechos encontrados por tipo."
        )
        parser.add_argument(
            "--blind", action="store_true", help="Solo cifras e ids: no imprime ningún texto."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        provider = provider_for(options["provider"], options["mock"])
        report = evaluate(read_rows(options["file"]), provider)
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
            return
        if not options["blind"]:
            self._lines(report["results"])
        s = report["summary"]
        self.stdout.write(
            f"hechos encontrados: {s['found']}/{s['expected']} "
            f"(datos {s['facts_found']}/{s['facts_expected']}, "
            f"notas {s['notes_found']}/{s['notes_expected']}); "
            f"hechos en líneas sin nada esperado: {s['facts_on_lines_expecting_none']}"
        )
        if options["kinds"] is not None:
            self._kinds(report["results"], json.loads(options["kinds"].read_text()))
        if options["blind"]:
            missed = [item["id"] for item in report["results"] if item["misses"]]
            self.stdout.write(f"líneas con fallos: {' '.join(missed) or '(ninguna)'}")

    def _lines(self, results: list[dict[str, Any]]) -> None:
        for item in results:
            mark = "ok " if not item["misses"] else "MAL"
            got = "; ".join(
                f"{f['subject']}{'' if f['linked'] else '*'}/{f['attribute']}={f['value'][:60]}"
                for f in item["facts"]
            )
            self.stdout.write(f"{mark} {item['id']} {got or '(nada)'}")
            for miss in item["misses"]:
                self.stdout.write(
                    f"      falta {miss['subject']}/{miss['attribute']}={miss['value']}"
                    f"  «{item['text'][:80]}»"
                )

    def _kinds(self, results: list[dict[str, Any]], kinds: dict[str, str]) -> None:
        """Facts found per kind; a kind with nothing expected counts facts found by mistake."""
        table: dict[str, list[int]] = {}
        for item in results:
            row = table.setdefault(kinds.get(item["id"], "?"), [0, 0, 0])
            row[0] += item["found"]
            row[1] += item["expected"]
            row[2] += 0 if item["expected"] else len(item["facts"])
        for kind, (found, expected, unexpected) in sorted(table.items()):
            extra = f"  sin esperar: {unexpected}" if unexpected else ""
            self.stdout.write(f"  {kind:12} {found:3}/{expected}{extra}")
