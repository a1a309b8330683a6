"""Reads of the knowledge for the assistant: ``saber`` and the facts in force on a date.

Ranking runs as the owner and yields ids (``knowledge.retrieval``); every text and value the
model sees is read here under ``as_assistant(access)``, so row-level security hides drafts and
versions whatever the ranking returned (DESIGN §3-4).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.utils import timezone

from knowledge.retrieval import LEGS, Leg, rank_chunks
from sumalos.accounts.access import AiAccess
from sumalos.rls.assistant import as_assistant

TOP_ENTRIES = 5
MAX_FACT_KEYS = 3
# Words of a fact key's own name (label or key) a question must use to be asking for that fact.
FACT_NAME_WORDS = 2


@dataclass(frozen=True)
class SourceRef:
    title: str
    url: str


@dataclass(frozen=True)
class Passage:
    entry: str
    title: str
    heading: str
    text: str
    sources: list[SourceRef]
    valid_from: datetime.date | None
    valid_to: datetime.date | None


@dataclass(frozen=True)
class FactValue:
    key: str
    label: str
    value: str
    unit: str
    valid_from: datetime.date | None
    valid_to: datetime.date | None
    owner: str
    source: SourceRef | None


@dataclass(frozen=True)
class Knowledge:
    """What ``saber`` returns: passages in rank order and the facts the question asks for."""

    on: datetime.date
    passages: list[Passage]
    facts: list[FactValue]

    @property
    def entries(self) -> list[str]:
        return [passage.entry for passage in self.passages]


def _fetch(sql: str, params: Sequence[Any] | dict[str, Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def _read_passages(chunk_ids: list[int]) -> list[tuple[int, Passage]]:
    """Read chunks and their sources; the caller is ``ai_reader``, so drafts come back empty."""
    rows = _fetch(
        """
        SELECT c.id, e.id, e.slug, e.title, c.heading, c.content, c.valid_from, c.valid_to
        FROM knowledge_chunks c JOIN knowledge_entries e ON e.id = c.entry_id
        WHERE c.id = ANY(%s)
        """,
        [chunk_ids],
    )
    entry_ids = [row[1] for row in rows]
    sources: dict[int, list[SourceRef]] = {}
    for entry_id, title, url in _fetch(
        "SELECT entry_id, title, url FROM knowledge_sources WHERE entry_id = ANY(%s) "
        "ORDER BY position, id",
        [entry_ids],
    ):
        sources.setdefault(entry_id, []).append(SourceRef(title, url))
    by_id = {
        row[0]: (
            row[1],
            Passage(
                entry=row[2],
                title=row[3],
                heading=row[4],
                text=row[5],
                sources=sources.get(row[1], []),
                valid_from=row[6],
                valid_to=row[7],
            ),
        )
        for row in rows
    }
    return [by_id[chunk_id] for chunk_id in chunk_ids if chunk_id in by_id]


def _choose_fact_keys(question_lexemes: list[str], entry_rank: dict[int, int]) -> list[str]:
    """Keys whose words the question uses most; ties go to the better-ranked entry.

    A word of the key's own name (label or key) counts twice, a word of its terms or values
    once: "iva general" names ``iva.tipo.general``, while "iva" is only a term of the 303
    deadlines; "hasta el 30 de enero" points at the deadline whose value says so.

    Only keys explained by one of the retrieved entries are considered, so a fact comes with
    an article that backs it.
    """
    rows = _fetch(
        """
        SELECT k.key, k.entry_id, k.position,
               (SELECT count(DISTINCT l)
                FROM unnest(tsvector_to_array(to_tsvector('es_unaccent',
                       k.label || ' ' || translate(k.key, '._', '  ')))) AS l
                WHERE l = ANY(%(q)s::text[]))
               + (SELECT count(DISTINCT l)
                  FROM unnest(tsvector_to_array(to_tsvector('es_unaccent',
                         k.label || ' ' || translate(k.key, '._', '  ') || ' '
                         || replace(k.terms, ',', ' ') || ' '
                         || (SELECT coalesce(string_agg(v.value, ' '), '')
                             FROM knowledge_fact_values v WHERE v.key = k.key)))) AS l
                  WHERE l = ANY(%(q)s::text[])) AS hits
        FROM knowledge_fact_keys k
        WHERE k.entry_id = ANY(%(entries)s)
        """,
        {"q": question_lexemes, "entries": list(entry_rank)},
    )
    scored = [(hits, entry_rank[entry_id], position, key) for key, entry_id, position, hits in rows]
    best = max((hits for hits, *_ in scored), default=0)
    if best == 0:
        return []
    chosen = sorted((rank, position, key) for hits, rank, position, key in scored if hits == best)
    return _general_first([key for _, _, key in chosen])[:MAX_FACT_KEYS]


def _general_first(keys: list[str]) -> list[str]:
    """Among tied sibling keys (``iva.tipo.*``), put the ``general`` one first.

    A question that names no variant ("cuánto IVA cobraba un informático") asks for the
    general case: the reduced or super-reduced rate applies only to what the question would
    have to name. Families keep their place; only the order inside a family changes.
    """
    family = [key.rpartition(".")[0] for key in keys]
    out: list[str] = []
    for key, prefix in zip(keys, family, strict=True):
        if key in out:
            continue
        general = f"{prefix}.general"
        if prefix and general in keys and general not in out:
            out.append(general)
        if key not in out:
            out.append(key)
    return out


def _read_facts(keys: list[str], on: datetime.date) -> list[FactValue]:
    labels = dict(_fetch("SELECT key, label FROM knowledge_fact_keys WHERE key = ANY(%s)", [keys]))
    rows = _fetch(
        """
        SELECT f.key, f.value, f.unit, f.valid_from, f.valid_to, f.owner,
               COALESCE(f.source_title, s.title), COALESCE(f.source_url, s.url)
        FROM knowledge_fact_values f
        LEFT JOIN LATERAL (SELECT title, url FROM knowledge_sources
                           WHERE entry_id = f.entry_id ORDER BY position, id LIMIT 1) s ON true
        WHERE f.key = ANY(%(keys)s)
          AND (f.valid_from IS NULL OR f.valid_from <= %(on)s)
          AND (f.valid_to IS NULL OR f.valid_to >= %(on)s)
        """,
        {"keys": keys, "on": on},
    )
    facts = {
        row[0]: FactValue(
            key=row[0],
            label=labels.get(row[0], row[0]),
            value=row[1],
            unit=row[2],
            valid_from=row[3],
            valid_to=row[4],
            owner=row[5],
            source=SourceRef(row[6], row[7]) if row[6] else None,
        )
        for row in rows
    }
    return [facts[key] for key in keys if key in facts]


def saber(
    *,
    query: str,
    access: AiAccess,
    date: datetime.date | None = None,
    legs: Sequence[Leg] = LEGS,
) -> Knowledge:
    """Passages with their sources and the typed facts in force on ``date`` (today if None)."""
    on = date or timezone.localdate()
    ranking = rank_chunks(question=query, on=on, legs=legs)
    best_chunk: dict[int, int] = {}
    for chunk_id, _ in ranking.chunks:
        best_chunk.setdefault(ranking.entry_of[chunk_id], chunk_id)
    with as_assistant(access):
        visible = _read_passages(list(best_chunk.values()))[:TOP_ENTRIES]
        entry_rank = {entry_id: rank for rank, (entry_id, _) in enumerate(visible)}
        lexemes = list(
            _fetch("SELECT tsvector_to_array(to_tsvector('es_unaccent', %s))", [ranking.text])[0][0]
        )
        facts = _read_facts(_choose_fact_keys(lexemes, entry_rank), on)
        if facts:
            visible = _fact_entry_first(visible, facts[0].key, lexemes)
    return Knowledge(on=on, passages=[passage for _, passage in visible], facts=facts)


def _fact_entry_first(
    visible: list[tuple[int, Passage]], key: str, question_lexemes: list[str]
) -> list[tuple[int, Passage]]:
    """Put first the passage of the entry that explains the answered fact, if the question names it.

    When the question uses at least ``FACT_NAME_WORDS`` words of the key's own name ("iva
    general", "retención profesional", "plazo … cuarto trimestre"), it asks for that fact, and
    the entry that owns the key explains and sources it, so it leads (a VAT deadline question
    shows the 303, not the 390 that mentions the same months). A fact matched only through a
    loose term ("factura") reorders nothing. The other passages keep their order.
    """
    rows = _fetch(
        """
        SELECT k.entry_id,
               (SELECT count(DISTINCT l)
                FROM unnest(tsvector_to_array(to_tsvector('es_unaccent',
                       k.label || ' ' || translate(k.key, '._', '  ')))) AS l
                WHERE l = ANY(%(q)s::text[]))
        FROM knowledge_fact_keys k WHERE k.key = %(key)s
        """,
        {"q": question_lexemes, "key": key},
    )
    if not rows or rows[0][1] < FACT_NAME_WORDS:
        return visible
    owner = rows[0][0]
    return [item for item in visible if item[0] == owner] + [
        item for item in visible if item[0] != owner
    ]


def rates_in_force(*, access: AiAccess, on: datetime.date) -> list[FactValue]:
    """Every percentage fact in force on ``on`` (VAT, withholdings, surcharges), by key.

    The assistant checks remembered tax claims against these: a memory that names a rate no
    tax has on that date never reaches an answer as if it were the rule (DESIGN §8).
    """
    with as_assistant(access):
        keys = [
            row[0]
            for row in _fetch(
                """
                SELECT DISTINCT key FROM knowledge_fact_values
                WHERE unit = '%%'
                  AND (valid_from IS NULL OR valid_from <= %(on)s)
                  AND (valid_to IS NULL OR valid_to >= %(on)s)
                ORDER BY key
                """,
                {"on": on},
            )
        ]
        return _read_facts(keys, on)
