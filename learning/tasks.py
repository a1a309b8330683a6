"""Celery tasks of the learning flow: thin, idempotent, taking ids (STYLE §4).

The task names are the ones the beat rows and queued messages carry, kept from when the flow
lived in the channels app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.conf import settings

from channels_app.models import AiMessage
from channels_app.services.outbox import DrainReport, outbox_drain
from learning.offline.gate import nothing_to_learn
from learning.services import BatchReads, LearnOutcome, message_learn
from sumalos.celery import app
from sumalos.embeddings import prefetch_passages, remember_passages
from sumalos.platform.tasks import task

# The queue of ``channels.whatsapp_reply`` (settings.CELERY_TASK_ROUTES).
REPLIES_QUEUE = "replies"


# Where a batch's messages may already have a vector, by text: the search index registers its
# own (search/apps.py), so a message it indexed first is not embedded again (decision 0029).
VectorSource = Callable[[list[int]], dict[str, list[float]]]
_vector_sources: list[VectorSource] = []


def vector_source_register(source: VectorSource) -> None:
    if source not in _vector_sources:
        _vector_sources.append(source)


def embed_batch(message_ids: Sequence[int]) -> None:
    """Embed the texts of a claimed batch in one call: the gate then finds them cached.

    Texts the gate answers by their words alone (``nothing_to_learn``) are not embedded, nor
    those whose vector a registered source already holds.
    """
    texts = AiMessage.objects.filter(pk__in=list(message_ids), role="user").values_list(
        "text", flat=True
    )
    wanted = [text for text in texts if not nothing_to_learn(text)]
    if wanted:
        for source in _vector_sources:
            remember_passages(source(list(message_ids)))
    prefetch_passages(wanted)


def replies_waiting() -> int:
    """Reply tasks waiting in the broker's ``replies`` queue (not those being composed)."""
    with app.connection_for_read() as connection:
        return int(connection.default_channel.queue_declare(queue=REPLIES_QUEUE).message_count)


def learning_drain(*, max_batches: int = 20, yield_to_replies: bool = False) -> DrainReport:
    """Learn from every message waiting in the outbox, batch by batch: a batch's texts are
    embedded in one call before any is learnt, then learnt in one transaction (decision 0028)
    that reads the batch's messages, previous turns and writers once (decision 0029).

    ``yield_to_replies``: after the first batch, stop while replies wait, so that the drain's
    queries leave PostgreSQL, where nice levels do not reach, to the webhook and the replies;
    the next drain (beat, 5 s) carries on.
    """
    reads = BatchReads(message_ids=())

    def prepare(message_ids: Sequence[int]) -> None:
        nonlocal reads
        reads = BatchReads(message_ids=list(message_ids))
        embed_batch(message_ids)

    def learn(*, message_id: int) -> LearnOutcome:
        return message_learn(message_id=message_id, reads=reads)

    return outbox_drain(
        handler=learn,
        prepare=prepare,
        limit=settings.LEARNING_BATCH_SIZE,
        max_batches=max_batches,
        keep_going=(lambda: replies_waiting() == 0) if yield_to_replies else None,
    )


@task(name="channels.drain_outbox", ignore_result=True)
def drain_outbox() -> dict[str, int]:
    """Beat, every 5 seconds: learn from every message waiting in the outbox; replies first."""
    report = learning_drain(yield_to_replies=True)
    return {"claimed": report.claimed, "done": report.done, "dead": report.dead}
