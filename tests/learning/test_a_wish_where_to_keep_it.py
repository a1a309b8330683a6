"""A message that asks to keep what it says, as a question and with a wish about where
("¿me apuntas, solo para mí, que…?"), is kept there: it is neither a question to answer nor
nothing to store (``memory/policy.py`` ``_TELLING``, ``learning/services.py``; policy round 30).
"""

from __future__ import annotations

import pytest

from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.outbox import outbox_drain
from learning.services import message_learn
from memory.models import Memory
from memory.policy import is_nothing_to_store
from tests.world import World

ASKED_AS_A_QUESTION = "¿Me apuntas, solo para mí, que Hostal Miramar paga a 90 días?"


def test_a_question_that_asks_to_note_something_is_not_nothing_to_store():
    assert is_nothing_to_store(ASKED_AS_A_QUESTION) is False
    assert is_nothing_to_store("¿Me apuntas la factura de Hostal Miramar?") is True


@pytest.mark.django_db
def test_a_question_that_asks_to_keep_a_fact_privately_is_kept_private(world: World):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text=ASKED_AS_A_QUESTION)

    outbox_drain(handler=message_learn)

    assert list(Memory.objects.values_list("visibility", "owner_user_id", "subject")) == [
        ("private_in_org", world.owner.pk, "Hostal Miramar")
    ]
