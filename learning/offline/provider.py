"""The offline provider: no network, deterministic; the demo and the tests run on it."""

from __future__ import annotations

from collections.abc import Sequence

from learning.base import (
    ContactName,
    ExtractedFact,
    GateDecision,
    KnownAttribute,
    ProviderResult,
)
from learning.offline.attributes import reading
from learning.offline.extract import extract_facts
from learning.offline.gate import decide
from sumalos.ai.usage import Usage

GATE_MODEL = "offline-gate-logreg-e5"
EXTRACTION_MODEL = "offline-slots-logreg-e5"


class OfflineProvider:
    name = "offline"

    def gate(self, *, message: str, previous: str | None) -> ProviderResult[GateDecision]:
        return ProviderResult(decide(message, previous), [Usage("offline", GATE_MODEL)])

    def extract(
        self,
        *,
        message: str,
        previous: str | None,
        known: list[KnownAttribute],
        contacts: Sequence[ContactName] = (),
        organization: str = "",
    ) -> ProviderResult[list[ExtractedFact]]:
        with reading(message):
            facts = extract_facts(
                message, known, contacts=contacts, previous=previous, organization=organization
            )
        return ProviderResult(facts, [Usage("offline", EXTRACTION_MODEL)])
