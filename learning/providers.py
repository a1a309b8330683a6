"""The registry of learning providers: ``settings.AI_PROVIDER`` names one of them.

``offline`` (no network, deterministic: the demo and the tests) or ``anthropic``. Callers never
import an implementation directly; the interface they implement is in ``learning/base.py``,
which imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.conf import settings

from learning.anthropic_provider import AnthropicProvider
from learning.base import AiProvider
from learning.offline.provider import OfflineProvider

PROVIDERS: dict[str, Callable[[], AiProvider]] = {
    "offline": OfflineProvider,
    "anthropic": AnthropicProvider,
}


@cache
def _provider(name: str) -> AiProvider:
    factory = PROVIDERS.get(name)
    if factory is None:
        raise ValueError(f"unknown AI provider: {name}")
    return factory()


def get_provider() -> AiProvider:
    """The configured provider (one per process)."""
    return _provider(settings.AI_PROVIDER)
