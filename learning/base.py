"""The provider interface of the learning pipeline: gate and extraction (DESIGN §6).

Replies go through the assistant loop's own providers (``assistant/providers.py``), which
record their calls in the same usage ledger.

The implementations are registered in ``learning/providers.py``, whose ``get_provider()`` picks
the one named by ``settings.AI_PROVIDER``; this module knows none of them. ``Usage`` belongs to
the core's usage ledger (``sumalos/ai/usage.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from sumalos.ai.usage import Usage

GATE_CATEGORIES = (
    "perfil_usuario",
    "preferencia",
    "empresa",
    "cliente",
    "proveedor",
    "evento",
    "ninguno",
)
PERSONAL_SCOPE_CATEGORIES = frozenset({"perfil_usuario", "preferencia"})
REFUSED_POLICIES = frozenset({"secret", "special", "insult", "injection"})
PASS_THRESHOLD = 0.6
# On "nothing" the gate must be surer: a high probability with no category lost real facts.
PASS_THRESHOLD_NOTHING = 0.7
POLICY_THRESHOLD = 0.5


@dataclass(frozen=True)
class GateDecision:
    """One gate call: several questions answered with probabilities."""

    p_remember: float
    category: str
    p_category: float
    scope: str | None
    p_corrects: float = 0.0
    p_secret: float = 0.0
    p_insult: float = 0.0
    p_special: float = 0.0
    p_financial: float = 0.0
    p_injection: float = 0.0

    @property
    def policy(self) -> str:
        for name, p in (
            ("secret", self.p_secret),
            ("injection", self.p_injection),
            ("insult", self.p_insult),
            ("special", self.p_special),
            ("financial", self.p_financial),
        ):
            if p >= POLICY_THRESHOLD:
                return name
        return "none"

    @property
    def remember(self) -> bool:
        threshold = PASS_THRESHOLD_NOTHING if self.category == "ninguno" else PASS_THRESHOLD
        return self.p_remember >= threshold

    @property
    def outcome(self) -> str:
        """``refuse`` | ``propose_unverified`` | ``learn`` | ``ignore``."""
        policy = self.policy
        if policy in REFUSED_POLICIES:
            return "refuse"
        if policy == "financial":
            return "propose_unverified"
        return "learn" if self.remember else "ignore"


@dataclass(frozen=True)
class KnownAttribute:
    """An attribute already stored for a subject, shown to the extractor so it reuses names."""

    subject: str
    attribute: str
    value: str


@dataclass(frozen=True)
class ExtractedFact:
    """One atomic fact: subject, attribute, value and one plain sentence."""

    category: str
    attribute: str
    value: str
    text: str
    # The third party it is about, as written ("Talleres Garsia") and its tax ID if given;
    # the caller links it to a contact. Empty for facts about the writer or the company.
    subject_name: str = ""
    subject_tax_id: str = ""
    # The contact the extractor already matched among those it was shown (the caller still
    # checks it is readable), and whether the fact is a note: a sentence kept as written.
    subject_contact_id: int | None = None
    note: bool = False
    # The message sets the name apart from a similar one ("Hostal Mirasol (no el Miramar)",
    # "nada que ver con el de Valencia"): the name is exactly as written and links to no contact
    # by likeness.
    subject_set_apart: bool = False
    # From a writer who may read no contacts, a fact with no name: the clause it was read
    # from, where a contact may be named in words only the contacts tell apart ("oscar tormo
    # paga con bizum"). Only the linked proposal reads it (decision 0035); her own fact keeps
    # the subject it has.
    subject_hint: str = ""
    # The same writer's previous message, for a follow-up whose clause names no contact ("a
    # partir de ahora ahí pagamos con tarjeta" after "he pagado el gasoil en Ribera"): read by
    # the linked proposal only when the clause itself names none.
    previous_hint: str = ""


@dataclass(frozen=True)
class ContactName:
    """A contact the writer may read, shown to the extractor so it can name it."""

    id: int
    name: str
    kind: str  # customer | supplier


T = TypeVar("T")


@dataclass
class ProviderResult(Generic[T]):
    value: T
    usage: list[Usage] = field(default_factory=list)


class AiProvider(Protocol):
    name: str

    def gate(self, *, message: str, previous: str | None) -> ProviderResult[GateDecision]: ...

    def extract(
        self,
        *,
        message: str,
        previous: str | None,
        known: list[KnownAttribute],
        contacts: Sequence[ContactName] = (),
        organization: str = "",
    ) -> ProviderResult[list[ExtractedFact]]: ...


def scope_of(category: str) -> str | None:
    if category == "ninguno":
        return None
    return "personal" if category in PERSONAL_SCOPE_CATEGORIES else "organizacion"
