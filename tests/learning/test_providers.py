"""The provider registry: ``settings.AI_PROVIDER`` names one implementation, nothing else."""

from __future__ import annotations

import pytest

from learning.anthropic_provider import AnthropicProvider
from learning.offline.provider import OfflineProvider
from learning.providers import PROVIDERS, _provider, get_provider


def test_the_registry_holds_the_offline_and_anthropic_providers():
    assert {"offline": OfflineProvider, "anthropic": AnthropicProvider} == PROVIDERS


def test_the_configured_provider_is_built_once_per_process(settings):
    settings.AI_PROVIDER = "offline"

    first = get_provider()

    assert type(first) is OfflineProvider
    assert get_provider() is first


def test_an_unknown_provider_is_refused():
    with pytest.raises(ValueError, match="unknown AI provider: nope"):
        _provider("nope")
