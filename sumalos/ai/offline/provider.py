"""The offline provider: no network, deterministic; the demo and the tests run on it."""

from __future__ import annotations

from sumalos.ai.base import (
    ExtractedFact,
    GateDecision,
    KnownAttribute,
    ProviderResult,
    Usage,
)
from sumalos.ai.offline.extract import extract_facts
from sumalos.ai.offline.gate import decide

GATE_MODEL = "offline-gate-logreg-e5"
EXTRACTION_MODEL = "offline-patterns-es"
REPLY_MODEL = "offline-echo"


class OfflineProvider:
    name = "offline"

    def gate(self, *, message: str, previous: str | None) -> ProviderResult[GateDecision]:
        return ProviderResult(decide(message, previous), [Usage("offline", GATE_MODEL)])

    def extract(
        self, *, message: str, previous: str | None, known: list[KnownAttribute]
    ) -> ProviderResult[list[ExtractedFact]]:
        return ProviderResult(extract_facts(message, known), [Usage("offline", EXTRACTION_MODEL)])

    def reply(self, *, message: str, history: list[tuple[str, str]]) -> ProviderResult[str]:
        """Acknowledge the message; the full assistant loop answers when a model is configured."""
        quoted = message if len(message) <= 120 else f"{message[:119]}…"
        text = f"Recibido: «{quoted}». Ahora mismo respondo sin conexión al modelo de lenguaje."
        return ProviderResult(text, [Usage("offline", REPLY_MODEL)])
