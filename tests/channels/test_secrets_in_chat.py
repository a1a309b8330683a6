"""Secrets said in ordinary words in the web chat are never learnt and never recalled.

Tried as a person would: typed on the chat page, learnt by a real worker, then asked back.
"""

from __future__ import annotations

import pytest

from channels_app.models import OutboxEntry, WebChat
from memory.models import Memory
from tests.support import queue_drain, wait_for
from tests.world import World

SECRETS = [
    ("el código es 482913", "482913"),
    ("mi clave es Girasol-77", "Girasol-77"),
    ("para entrar al banco uso pgarcia / Perro.2024", "Perro.2024"),
    ("la tarjeta de la empresa es 4111.1111.1111.1111", "4111.1111.1111.1111"),
]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_secrets_typed_in_the_chat_are_not_learnt_and_not_said_back(
    client, world_tx: World, worker
):
    worker()
    client.force_login(world_tx.owner)
    assert client.post("/suma/nueva/").status_code == 302
    chat = WebChat.objects.get(owner_user=world_tx.owner)
    page = f"/suma/{chat.public_id}/"
    for text, _ in SECRETS:
        assert client.post(f"{page}mensaje/", {"text": text}).status_code == 302
    queue_drain()
    wait_for(
        lambda: (
            OutboxEntry.objects.count() >= len(SECRETS)
            and not OutboxEntry.objects.exclude(status="done").exists()
        )
    )

    # Nothing was learnt from them,
    assert list(Memory.objects.values_list("text", flat=True)) == []
    # and asked back, Suma's answers never carry them; only the person's own lines do.
    for question in ("¿cuál es mi clave?", "¿qué código te dije?", "¿cuál es la tarjeta?"):
        assert client.post(f"{page}mensaje/", {"text": question}).status_code == 302
    chat.refresh_from_db()
    answers = " ".join(
        part.get("text", "")
        for message in chat.transcript
        if message["role"] == "assistant"
        for part in message.get("parts", [message])
    )
    assert answers
    for _, secret in SECRETS:
        assert secret not in answers
