"""Writes of the context layer: (re)index a source row, drain the outbox (DESIGN §7).

``source_index`` is idempotent: the row is rebuilt from the database as it is now, and an
unchanged row (same text, same policy columns) costs one hash comparison. A row whose area,
visibility or owner changed gets new columns on the document, its chunks and its edges in the
same transaction, so the index never shows it under its old rule.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable

import numpy as np
from django.db import connection, transaction

from search.indexing import BUILDERS, Item
from search.models import EntityEdge, Kind, OutboxRow, SearchChunk, SearchDocument
from sumalos.embeddings import embed_passages
from sumalos.platform import outbox as platform_outbox
from sumalos.platform.outbox import Outbox
from sumalos.platform.text import fold

CHUNK_CHARS = 700
DRAIN_BATCH = 200


def split_text(text: str) -> list[str]:
    """Paragraph groups of at most ``CHUNK_CHARS`` characters (a long paragraph by sentences)."""
    pieces: list[str] = []
    for paragraph in re.split(r"\n\s*\n|\n", text):
        paragraph = paragraph.strip()
        while len(paragraph) > CHUNK_CHARS:
            cut = paragraph.rfind(". ", 0, CHUNK_CHARS)
            cut = cut + 1 if cut > CHUNK_CHARS // 2 else CHUNK_CHARS
            pieces.append(paragraph[:cut].strip())
            paragraph = paragraph[cut:].strip()
        if paragraph:
            pieces.append(paragraph)
    chunks: list[str] = []
    for piece in pieces:
        if chunks and len(chunks[-1]) + len(piece) + 1 <= CHUNK_CHARS:
            chunks[-1] = f"{chunks[-1]}\n{piece}"
        else:
            chunks.append(piece)
    return chunks or [""]


# A heading line: markdown ("## Precios"), a short line ending in a colon ("Precios:") or a
# short line in capitals ("PRECIOS Y RECARGOS").
_HEADING = re.compile(
    r"^(?:#{1,6}\s+(?P<markdown>.+?)|(?P<colon>[^.:\n]{2,60}):"
    r"|(?P<capitals>[A-ZÁÉÍÓÚÑÜ][A-ZÁÉÍÓÚÑÜ0-9 ,\-]{2,59}))\s*$"
)


def split_sections(text: str) -> list[tuple[str, str]]:
    """Chunks of ``text`` (``split_text``) with the heading of the section each comes from
    ("" before any heading), so a chunk keeps the context its heading gives it."""
    sections: list[tuple[str, list[str]]] = [("", [])]
    for line in text.splitlines():
        found = _HEADING.match(line.strip())
        if found:
            title = next(group for group in found.groups() if group)
            sections.append((title.strip(), []))
        else:
            sections[-1][1].append(line)
    chunks: list[tuple[str, str]] = []
    for heading, lines in sections:
        body = "\n".join(lines).strip()
        if body:
            chunks += [(heading, chunk) for chunk in split_text(body)]
        elif heading:
            # A heading with nothing under it is text of its own ("LLÁMAME").
            chunks.append(("", heading))
    return chunks or [("", "")]


def chunk_context(title: str, section: str) -> str:
    """What every chunk of an item is read with: the item's title and its section heading."""
    return f"{title} · {section}" if section else title


def _policy(item: Item) -> dict[str, object]:
    return {
        "visibility": item.visibility,
        "organization_id": item.organization_id,
        "owner_user_id": item.owner_user_id,
        "owner_phone": item.owner_phone,
        "area": item.area,
    }


# Bumped when the way an item is cut into chunks changes, so ``reindex_all`` rebuilds every item
# (2: chunks carry their section heading; 3: a message's vector is its text's alone).
CHUNKING_VERSION = 3


def _hash(item: Item) -> str:
    payload = {
        **item.__dict__,
        "updated_at": None,
        "date": str(item.date),
        "chunking": CHUNKING_VERSION,
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


@transaction.atomic
def source_index(*, table: str, row_id: int) -> SearchDocument | None:
    """Bring the index in line with one source row; returns its document, or None if removed."""
    kind, build = BUILDERS[table]
    item = build(row_id)
    if item is None:
        SearchDocument.objects.filter(kind=kind, source_id=row_id).delete()
        return None
    content_hash = _hash(item)
    document = (
        SearchDocument.objects.select_for_update().filter(kind=kind, source_id=row_id).first()
    )
    if document is not None and document.content_hash == content_hash:
        return document
    values = {
        **_policy(item),
        "key": item.key[:300],
        "title": item.title[:300],
        "summary": item.summary,
        "tax_id": item.tax_id,
        "number": item.number,
        "date": item.date,
        "link": item.link,
        "source_updated_at": item.updated_at,
        "content_hash": content_hash,
    }
    document, _ = SearchDocument.objects.update_or_create(
        kind=kind, source_id=row_id, defaults=values
    )
    document.chunks.all().delete()
    document.edges_out.all().delete()
    pieces = split_sections(item.body)
    contexts = [chunk_context(item.title, section) for section, _ in pieces]
    vectors = embed_passages(
        [
            f"{context}. {text}" if item.titled_vectors else text
            for context, (_, text) in zip(contexts, pieces, strict=True)
        ]
    )
    chunks = SearchChunk.objects.bulk_create(
        SearchChunk(
            document=document,
            kind=kind,
            position=position,
            content=text,
            search_text=fold(f"{context} {text}"),
            embedding=vector,
            date=item.date,
            **_policy(item),
        )
        for position, (context, (_, text), vector) in enumerate(
            zip(contexts, pieces, vectors, strict=True)
        )
    )
    with connection.cursor() as cursor:
        cursor.executemany(
            "UPDATE search_chunks SET search_vector ="
            " setweight(to_tsvector('es_unaccent', %s), 'A')"
            " || setweight(to_tsvector('es_unaccent', content), 'D')"
            " WHERE id = %s",
            [(context, chunk.pk) for context, chunk in zip(contexts, chunks, strict=True)],
        )
    EntityEdge.objects.bulk_create(
        EntityEdge(
            source=document,
            relation=relation,
            target_kind=target_kind,
            target_id=target_id,
            **_policy(item),
        )
        for relation, target_kind, target_id in dict.fromkeys(item.edges)
    )
    return document


def message_vectors(message_ids: list[int]) -> dict[str, list[float]]:
    """The stored vectors of indexed messages that are one chunk holding the whole text, by
    text: the vector of the text alone (``titled_vectors``), what the memory gate embeds.

    Read by the owner role with no visibility filter: the learning worker passes them to the
    gate of the very message they were computed from, nobody reads them (decision 0029).
    """
    rows = SearchChunk.objects.filter(
        kind=Kind.MESSAGE, document__source_id__in=message_ids, document__kind=Kind.MESSAGE
    ).values_list("document_id", "content", "embedding")
    by_document: dict[int, list[tuple[str, list[float]]]] = {}
    for document_id, content, vector in rows:
        # Half floats read as text: rounded back to the exact halves the column holds.
        exact = np.asarray(vector, dtype=np.float16).astype(np.float64).tolist()
        by_document.setdefault(document_id, []).append((content, exact))
    return {chunks[0][0]: chunks[0][1] for chunks in by_document.values() if len(chunks) == 1}


SEARCH_OUTBOX = platform_outbox.register(
    Outbox(name="search", table="search_outbox", keys=("table_name", "row_id"), delete_done=True)
)


def _index_one(*, table_name: str, row_id: int) -> str:
    if table_name not in BUILDERS:
        return "ignored"
    source_index(table=table_name, row_id=row_id)
    return "indexed"


def outbox_drain(*, limit: int = DRAIN_BATCH, max_batches: int = 20) -> int:
    """Index what changed since the last drain; returns how many distinct rows it indexed.

    The platform outbox (``sumalos/platform/outbox.py``): rows are leased with SKIP LOCKED,
    each source row is indexed in its own transaction, so a row whose indexing fails is
    retried with backoff and dead-lettered alone while the rest of the batch goes on.
    """
    indexed: list[str] = []

    def handler(*, table_name: str, row_id: int) -> str:
        outcome = _index_one(table_name=table_name, row_id=row_id)
        indexed.append(outcome)
        return outcome

    platform_outbox.drain(SEARCH_OUTBOX, handler=handler, limit=limit, max_batches=max_batches)
    # A handler whose transaction rolled back appended too: count what committed.
    return indexed.count("indexed")


def reindex_all(*, progress: Callable[[int, int], None] | None = None) -> int:
    """Rebuild the index of every source row; returns the number of rows visited.

    Changes enqueued before the rebuild started are covered by it and dropped; later ones
    stay for the next drain. ``progress(done, total)`` is called as rows are indexed.
    """
    covered = OutboxRow.objects.order_by("-id").values_list("id", flat=True).first() or 0
    sources: list[tuple[str, str, list[int]]] = []
    for table, (kind, _) in BUILDERS.items():
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id FROM {table} ORDER BY id")
            sources.append((table, kind, [row[0] for row in cursor.fetchall()]))
    total = sum(len(ids) for _, _, ids in sources)
    visited = 0
    if progress is not None:
        progress(0, total)
    for table, kind, ids in sources:
        for row_id in ids:
            source_index(table=table, row_id=row_id)
            visited += 1
            if progress is not None:
                progress(visited, total)
        SearchDocument.objects.filter(kind=kind).exclude(source_id__in=ids).delete()
    OutboxRow.objects.filter(id__lte=covered).delete()
    return visited
