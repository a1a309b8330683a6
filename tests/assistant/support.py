"""One offline turn of Suma for the tests: a temporary web turn, no history."""

from __future__ import annotations

import datetime

from assistant.offline import OfflineProvider
from assistant.services import AssistantTurn, assistant_reply
from sumalos.accounts.models import User
from tests.world import World


def offline_turn(world: World, user: User, text: str, *, today: datetime.date) -> AssistantTurn:
    return assistant_reply(
        access=world.access(user),
        conversation_id="web:tests",
        message=text,
        history=[],
        turn=1,
        temporary=True,
        provider=OfflineProvider(),
        today=today,
    )


def offline_answer(world: World, user: User, text: str, *, today: datetime.date) -> str:
    return offline_turn(world, user, text, today=today).reply.text
