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


class OfflineProvider:
    name = "offline"

    def gate(self, *, message: str, previous: str | None) -> ProviderResult[GateDecision]:
        return ProviderResult(decide(message, previous), [Usage("offline", GATE_MODEL)])

    def extract(
        self, *, message: str, previous: str | None, known: list[KnownAttribute]
    ) -> ProviderResult[list[ExtractedFact]]:
        return ProviderResult(extract_facts(message, known), [Usage("offline", EXTRACTION_MODEL)])
