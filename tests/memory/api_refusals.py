"""A memory written through the API that the content policy refuses, as the round tests check it."""

from __future__ import annotations

from memory.models import Memory
from tests.world import World, logged_in


def assert_refused_through_the_api(world: World, text: str, reason: str) -> None:
    """The owner's write of ``text`` answers 422 with ``reason``, and nothing is stored."""
    response = logged_in(world.owner).post(
        "/api/memories/", {"category": "empresa", "text": text}, content_type="application/json"
    )

    assert response.status_code == 422
    assert (response.json()["refused"], response.json()["reason"]) == (True, reason)
    assert Memory.objects.count() == 0
