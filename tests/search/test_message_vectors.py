"""A message is embedded once: the search index stores the vector of its text alone, the one
the memory gate computes, and the learning drain reuses it (decision 0029)."""

from __future__ import annotations

import numpy as np
import pytest

from channels_app.models import AiMessage
from channels_app.services.chats import web_chat_append, web_chat_create
from learning.offline import gate
from learning.tasks import embed_batch
from search.models import SearchChunk
from search.services import message_vectors, source_index
from sumalos import embeddings
from tests.world import World

pytestmark = pytest.mark.django_db

TEXT = "Talleres Norte ahora paga a 45 días, no a 30"


def _message(world: World, text: str = TEXT) -> int:
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
    return AiMessage.objects.get(text=text).pk


def test_the_stored_chunk_holds_the_gates_vector_at_half_precision(world: World):
    message_id = _message(world)

    source_index(table="ai_messages", row_id=message_id)

    [chunk] = SearchChunk.objects.filter(document__source_id=message_id, kind="message")
    fresh = np.asarray(embeddings.embed_passages([TEXT])[0], dtype=np.float16)
    assert np.array_equal(np.asarray(chunk.embedding, dtype=np.float16), fresh)
    assert message_vectors([message_id]) == {TEXT: fresh.astype(np.float64).tolist()}


def test_the_drain_reuses_an_indexed_messages_vector_without_the_model(world, monkeypatch):
    message_id = _message(world)
    source_index(table="ai_messages", row_id=message_id)
    gate.model()  # trained with the model, once per process
    expected = gate.features([TEXT])
    embeddings._passages.clear()

    def no_model() -> None:
        raise AssertionError("the model ran")

    monkeypatch.setattr(embeddings, "_model", no_model)
    embed_batch([message_id])

    assert np.array_equal(gate.features([TEXT]), expected)


def test_a_message_not_yet_indexed_has_no_stored_vector(world: World):
    message_id = _message(world)

    assert message_vectors([message_id]) == {}
