"""Test setup shared by every test package: the embedded services and the fixture world."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from sumalos.embedded import ensure_services

if TYPE_CHECKING:
    from tests.world import World


def pytest_configure(config: pytest.Config) -> None:
    ensure_services()


@pytest.fixture
def world(db: None) -> World:
    from tests.world import build_world

    return build_world()


@pytest.fixture
def world_tx(transactional_db: None) -> World:
    """The same world for tests that need real transactions (row-level security).

    Those tests flush every table afterwards, data migrations included, so the tax rates
    of the engine are reloaded here.
    """
    from sumalos.taxes.seed import seed_rates
    from tests.world import build_world

    seed_rates()
    return build_world()
