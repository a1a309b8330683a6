"""Writes to the knowledge: save an entry with its children, record versions, restore, chunk.

Every save of an entry goes through ``entry_save`` (loader, restore) or ``entry_saved`` (the
admin, after Django saved the form and its inlines): both check the publishing rules, record
a version and rebuild the chunks. DESIGN §4.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from knowledge.chunking import split_markdown
from knowledge.models import (
    ENGINE_KEY_MESSAGE,
    Chunk,
    Domain,
    Entry,
    Fact,
    FactKey,
    Source,
    Version,
)
from sumalos.accounts.models import User
from sumalos.embeddings import embed_passages
from sumalos.platform.text import fold
from sumalos.taxes.models import ENGINE_KEYS

FACT_OVERLAP_MESSAGE = (
    "Ya hay un valor para esta clave en un periodo que se solapa con este: "
    "cierra antes la vigencia del valor anterior."
)
PUBLISH_WITHOUT_SOURCE_MESSAGE = (
    "No se puede publicar una entrada sin al menos una fuente (el BOE, la Agencia Tributaria…)."
)


@dataclass(frozen=True)
class SourceData:
    title: str
    url: str


@dataclass(frozen=True)
class FactData:
    key: str
    value: str
    unit: str
    valid_from: datetime.date | None
    valid_to: datetime.date | None


@dataclass(frozen=True)
class FactKeyData:
    key: str
    label: str
    terms: str


def check_fact_key(key: str) -> None:
    """Refuse an engine-owned key as a knowledge fact."""
    if key in ENGINE_KEYS:
        raise ValidationError(ENGINE_KEY_MESSAGE.format(key=key), code="engine_key")


def check_publishable(*, status: str, source_count: int) -> None:
    if status == Entry.Status.PUBLISHED and source_count == 0:
        raise ValidationError(PUBLISH_WITHOUT_SOURCE_MESSAGE, code="no_source")


def domain_upsert(*, slug: str, name: str, description: str = "") -> Domain:
    domain, _ = Domain.objects.update_or_create(
        slug=slug, defaults={"name": name, "description": description}
    )
    return domain


def entry_snapshot(entry: Entry) -> dict[str, Any]:
    """The entry as a version stores it: every field a curator edits, children included."""
    return {
        "domain": entry.domain.slug,
        "slug": entry.slug,
        "title": entry.title,
        "status": entry.status,
        "valid_from": entry.valid_from.isoformat() if entry.valid_from else None,
        "valid_to": entry.valid_to.isoformat() if entry.valid_to else None,
        "body": entry.body,
        "sources": [{"title": s.title, "url": s.url} for s in entry.sources.all()],
        "facts": [
            {
                "key": f.key,
                "value": f.value,
                "unit": f.unit,
                "valid_from": f.valid_from.isoformat() if f.valid_from else None,
                "valid_to": f.valid_to.isoformat() if f.valid_to else None,
            }
            for f in entry.facts.order_by("key", "valid_from")
        ],
        "fact_keys": [
            {"key": k.key, "label": k.label, "terms": k.terms} for k in entry.fact_keys.all()
        ],
    }


def _chunk_validity(entry: Entry) -> tuple[datetime.date | None, datetime.date | None]:
    """The span an entry's text covers: its own validity widened to the facts it explains.

    An entry that explains a key with history (a table of past rates) answers questions about
    those past dates too, so its chunks are searchable over every period of its facts.
    """
    starts: list[datetime.date | None] = [entry.valid_from]
    ends: list[datetime.date | None] = [entry.valid_to]
    keys = list(entry.fact_keys.values_list("key", flat=True))
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT valid_from, valid_to FROM knowledge_fact_values WHERE key = ANY(%s)", [keys]
        )
        for valid_from, valid_to in cursor.fetchall():
            starts.append(valid_from)
            ends.append(valid_to)
    start = None if None in starts else min(d for d in starts if d is not None)
    end = None if None in ends else max(d for d in ends if d is not None)
    return start, end


def entry_chunks_rebuild(*, entry: Entry) -> list[Chunk]:
    """Replace the entry's chunks, embedding only the texts that changed."""
    pieces = split_markdown(entry.body)
    texts = [
        "\n".join(part for part in (entry.title, piece.heading, piece.content) if part)
        for piece in pieces
    ]
    hashes = [hashlib.sha256(text.encode()).hexdigest() for text in texts]
    known = dict(
        Chunk.objects.filter(content_hash__in=hashes).values_list("content_hash", "embedding")
    )
    missing = [text for text, digest in zip(texts, hashes, strict=True) if digest not in known]
    fresh = dict(
        zip(
            [h for h in hashes if h not in known],
            embed_passages(missing),
            strict=True,
        )
    )
    valid_from, valid_to = _chunk_validity(entry)
    entry.chunks.all().delete()
    chunks = Chunk.objects.bulk_create(
        Chunk(
            entry=entry,
            position=position,
            heading=piece.heading,
            content=piece.content,
            search_text=fold(text),
            embedding=known.get(digest, fresh.get(digest)),
            content_hash=digest,
            valid_from=valid_from,
            valid_to=valid_to,
        )
        for position, (piece, text, digest) in enumerate(zip(pieces, texts, hashes, strict=True))
    )
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE knowledge_chunks SET search_vector =
                setweight(to_tsvector('es_unaccent', %s), 'A')
                || setweight(to_tsvector('es_unaccent', heading), 'B')
                || setweight(to_tsvector('es_unaccent', content), 'D')
            WHERE entry_id = %s
            """,
            [entry.title, entry.pk],
        )
    return chunks


def _record_version(*, entry: Entry, author: User | None, note: str) -> Version:
    last = entry.versions.order_by("-number").values_list("number", flat=True).first() or 0
    return Version.objects.create(
        entry=entry, number=last + 1, snapshot=entry_snapshot(entry), author=author, note=note
    )


@transaction.atomic
def entry_saved(*, entry: Entry, author: User | None, note: str = "") -> Version:
    """After an entry and its children were written: check, record a version, re-chunk."""
    check_publishable(status=entry.status, source_count=entry.sources.count())
    for key in entry.facts.values_list("key", flat=True):
        check_fact_key(key)
    version = _record_version(entry=entry, author=author, note=note)
    entry_chunks_rebuild(entry=entry)
    return version


@transaction.atomic
def entry_save(
    *,
    domain: Domain,
    slug: str,
    title: str,
    body: str,
    status: str,
    valid_from: datetime.date | None,
    valid_to: datetime.date | None,
    sources: Sequence[SourceData],
    facts: Sequence[FactData],
    fact_keys: Sequence[FactKeyData],
    author: User | None,
    note: str = "",
) -> Entry:
    """Create or replace the entry ``slug`` with these children; record a version."""
    check_publishable(status=status, source_count=len(sources))
    for fact in facts:
        check_fact_key(fact.key)
    entry, _ = Entry.objects.update_or_create(
        slug=slug,
        defaults={
            "domain": domain,
            "title": title,
            "body": body,
            "status": status,
            "valid_from": valid_from,
            "valid_to": valid_to,
        },
    )
    entry.sources.all().delete()
    Source.objects.bulk_create(
        Source(entry=entry, title=s.title, url=s.url, position=i) for i, s in enumerate(sources)
    )
    entry.facts.all().delete()
    entry.fact_keys.all().delete()
    FactKey.objects.bulk_create(
        FactKey(entry=entry, key=k.key, label=k.label, terms=k.terms, position=i)
        for i, k in enumerate(fact_keys)
    )
    try:
        with transaction.atomic():
            Fact.objects.bulk_create(
                Fact(
                    entry=entry,
                    key=f.key,
                    value=f.value,
                    unit=f.unit,
                    valid_from=f.valid_from,
                    valid_to=f.valid_to,
                )
                for f in facts
            )
    except IntegrityError as error:
        if "knowledge_fact_no_overlap" in str(error):
            raise ValidationError(FACT_OVERLAP_MESSAGE, code="overlap") from error
        raise
    _record_version(entry=entry, author=author, note=note)
    entry_chunks_rebuild(entry=entry)
    return entry


@transaction.atomic
def entry_version_restore(*, version: Version, author: User | None) -> Entry:
    """Bring the entry back to ``version``; the restore itself is a new version."""
    snap = version.snapshot

    def date(value: str | None) -> datetime.date | None:
        return datetime.date.fromisoformat(value) if value else None

    return entry_save(
        domain=Domain.objects.get(slug=snap["domain"]),
        slug=version.entry.slug,
        title=snap["title"],
        body=snap["body"],
        status=snap["status"],
        valid_from=date(snap["valid_from"]),
        valid_to=date(snap["valid_to"]),
        sources=[SourceData(**s) for s in snap["sources"]],
        facts=[
            FactData(
                key=f["key"],
                value=f["value"],
                unit=f["unit"],
                valid_from=date(f["valid_from"]),
                valid_to=date(f["valid_to"]),
            )
            for f in snap["facts"]
        ],
        fact_keys=[FactKeyData(**k) for k in snap["fact_keys"]],
        author=author,
        note=f"Restaurada la versión {version.number}",
    )
