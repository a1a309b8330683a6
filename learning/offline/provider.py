"""The offline provider: no network, deterministic; the demo and the tests run on it."""

from __future__ import annotations

from learning.base import ExtractedFact, GateDecision, KnownAttribute, ProviderResult
from learning.offline.extract import extract_facts
from learning.offline.gate import decide
from sumalos.ai.usage import Usage

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
