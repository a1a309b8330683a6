"""Queues by job: every task has a queue, every queue has its own worker in ``make run``."""

from __future__ import annotations

import pytest
from django.conf import settings

from sumalos import embeddings
from sumalos.celery import app
from sumalos.embeddings import embed_passages, prefetch_passages
from sumalos.platform.management.commands.run_all import WORKERS

pytestmark = pytest.mark.django_db


def test_every_task_of_the_project_is_routed_to_a_queue_by_job():
    app.loader.import_default_modules()
    ours = sorted(name for name in app.tasks if not name.startswith("celery."))

    routed = {name: settings.CELERY_TASK_ROUTES[name]["queue"] for name in ours}

    assert routed == {
        "assistant.compact_conversation": "maintenance",
        "search.tasks.maintain_tenant_indexes": "maintenance",
        "channels.drain_outbox": "learning",
        "channels.prune_memories": "maintenance",
        "channels.recover_replies": "replies",
        "channels.whatsapp_reply": "replies",
        "search.tasks.drain_search_outbox": "indexing",
    }


def test_make_run_starts_one_worker_per_queue():
    assert [queue for queue, _ in WORKERS] == list(settings.CELERY_QUEUES_BY_JOB)
    assert dict(WORKERS) == {"replies": 2, "learning": 2, "indexing": 1, "maintenance": 1}


def test_a_batch_embedded_ahead_gives_the_vectors_one_by_one_embedding_gives():
    texts = ["Talleres Ruiz paga a 60 días", "¿Cuánto facturé en mayo?"]
    one_by_one = [embed_passages([text])[0] for text in texts]

    embeddings._passages.clear()
    prefetch_passages(texts)
    assert list(embeddings._passages) == texts
    assert [embed_passages([text])[0] for text in texts] == one_by_one
