"""Recording AI calls in the usage ledger, with their cost (DESIGN §8)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from sumalos.ai.models import AiUsage

# US dollars per million tokens: (input, output, cache read). Offline models cost nothing.
PRICES_PER_MTOK: dict[str, tuple[Decimal, Decimal, Decimal]] = {
    "claude-haiku-4-5": (Decimal("1.00"), Decimal("5.00"), Decimal("0.10")),
    "claude-sonnet-4-5": (Decimal("3.00"), Decimal("15.00"), Decimal("0.30")),
    "claude-sonnet-4-6": (Decimal("3.00"), Decimal("15.00"), Decimal("0.30")),
    "claude-opus-4-5": (Decimal("5.00"), Decimal("25.00"), Decimal("0.50")),
}
MILLION = Decimal(1_000_000)


@dataclass(frozen=True)
class Usage:
    """One model call as the ledger records it."""

    provider: str
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0


def usage_cost(usage: Usage) -> Decimal:
    if usage.provider == "offline":
        return Decimal(0)
    prices = PRICES_PER_MTOK.get(usage.model)
    if prices is None:
        raise ValueError(f"no price for model {usage.model}; add it to PRICES_PER_MTOK")
    input_price, output_price, cache_price = prices
    return (
        usage.input_tokens * input_price
        + usage.output_tokens * output_price
        + usage.cache_read_tokens * cache_price
    ) / MILLION


def usage_record(*, purpose: str, usages: list[Usage], message_id: int | None = None) -> None:
    """Write one ledger row per call."""
    AiUsage.objects.bulk_create(
        AiUsage(
            purpose=purpose,
            provider=usage.provider,
            model=usage.model,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cache_read_tokens=usage.cache_read_tokens,
            cost=usage_cost(usage),
            message_id=message_id,
        )
        for usage in usages
    )
