"""Hybrid ranking of knowledge chunks: lexical, trigram and vector legs fused by RRF (DESIGN §3-4).

Each leg runs as the app's own role, so its index is usable, with the validity filter and the
published-entry predicate inside the scan, and returns chunk ids and scores only. The text is
read afterwards under ``ai_reader`` (``knowledge.selectors``), so a hidden chunk never
reaches the model even if a leg returned it.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from django.db import connection, transaction

from knowledge.lexicon import correct, expand
from sumalos.embeddings import embed_query

Leg = Literal["lexical", "trigram", "vector"]
LEGS: tuple[Leg, ...] = ("lexical", "trigram", "vector")

LEG_LIMIT = 40
RRF_K = 60
# A chunk must be found by one leg within its first 10 places, or by several legs.
RELEVANCE_FLOOR = 1 / (RRF_K + 10)
VECTOR_MIN_SIMILARITY = 0.78
TRIGRAM_THRESHOLD = 0.7
TRIGRAM_MIN_WORD = 4
# ts_rank normalisation 32 (rank / (rank + 1)): each lexeme's contribution saturates, so a
# chunk that repeats one common word ("factura") no longer outweighs one matching rarer words.
LEXICAL_NORMALIZATION = 32

# The app-side predicate of every scan: the chunk's entry is published and in force on the date.
_SCAN_FILTER = """
    (c.valid_from IS NULL OR c.valid_from <= %(on)s)
    AND (c.valid_to IS NULL OR c.valid_to >= %(on)s)
    AND EXISTS (SELECT 1 FROM knowledge_entries e
                WHERE e.id = c.entry_id AND e.status = 'published')
"""


@dataclass(frozen=True)
class Corpus:
    """Word and lexeme frequencies of the searchable chunks (typo fixing and IDF weights)."""

    chunks: int
    words: Mapping[str, int]
    lexemes: Mapping[str, int]


@dataclass(frozen=True)
class Ranking:
    """Chunk ids in rank order per leg, and the fused order of chunks and of entries."""

    text: str
    legs: dict[Leg, list[tuple[int, float]]]
    chunks: list[tuple[int, float]] = field(default_factory=list)
    entry_of: dict[int, int] = field(default_factory=dict)


def _fingerprint() -> tuple[int, int]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*), COALESCE(max(id), 0) FROM knowledge_chunks")
        count, last = cursor.fetchone()
    return int(count), int(last)


@lru_cache(maxsize=2)
def _corpus(fingerprint: tuple[int, int]) -> Corpus:
    published = (
        "FROM knowledge_chunks c JOIN knowledge_entries e "
        "ON e.id = c.entry_id AND e.status = 'published'"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT word, ndoc FROM ts_stat($$SELECT to_tsvector('simple', c.search_text) "
            f"{published}$$)"
        )
        words = dict(cursor.fetchall())
        cursor.execute(f"SELECT word, ndoc FROM ts_stat($$SELECT c.search_vector {published}$$)")
        lexemes = dict(cursor.fetchall())
    return Corpus(chunks=fingerprint[0], words=words, lexemes=lexemes)


def corpus() -> Corpus:
    """The current corpus statistics, recomputed only when the chunks changed."""
    return _corpus(_fingerprint())


def _idf(corpus: Corpus, lexeme: str) -> float:
    n = corpus.lexemes.get(lexeme, 0)
    return math.log(1 + (corpus.chunks - n + 0.5) / (n + 0.5))


@dataclass(frozen=True)
class Query:
    """The question as the legs use it: corrected words, their lexemes, and the unknown words."""

    text: str
    lexemes: list[str]
    unknown: list[str]


def prepare_query(question: str, corpus: Corpus) -> Query:
    """Expand the question, then correct each word whose lexeme the corpus does not have.

    Stop words (no lexeme) are left alone; a word whose stem the corpus knows is never
    "corrected" into another word.
    """
    expanded = expand(question)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT w, tsvector_to_array(to_tsvector('es_unaccent', w)) "
            "FROM unnest(%s::text[]) WITH ORDINALITY AS t(w, n) ORDER BY n",
            [expanded],
        )
        analysed = cursor.fetchall()
        corrected: list[str] = []
        unknown: list[str] = []
        for word, lexemes in analysed:
            if lexemes and not any(lexeme in corpus.lexemes for lexeme in lexemes):
                unknown.append(word)
                word = correct(word, corpus.words)
            corrected.append(word)
        text = " ".join(corrected)
        cursor.execute("SELECT tsvector_to_array(to_tsvector('es_unaccent', %s))", [text])
        lexemes = [lexeme for lexeme in cursor.fetchone()[0] if lexeme in corpus.lexemes]
    return Query(text=text, lexemes=lexemes, unknown=unknown)


def lexical_leg(*, query: Query, on: datetime.date, corpus: Corpus) -> list[tuple[int, float]]:
    """Full-text matches, each query lexeme weighted by its rarity (IDF) and field weight."""
    lexemes = query.lexemes
    if not lexemes:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT c.id,
                   (SELECT sum(w.idf * ts_rank(c.search_vector,
                                               quote_literal(w.lexeme)::tsquery, %(norm)s))
                    FROM unnest(%(lexemes)s::text[], %(idfs)s::float8[]) AS w(lexeme, idf)
                   ) AS score
            FROM knowledge_chunks c
            WHERE c.search_vector @@ %(query)s::tsquery AND {_SCAN_FILTER}
            ORDER BY score DESC, c.id
            LIMIT %(limit)s
            """,
            {
                "lexemes": lexemes,
                "idfs": [_idf(corpus, lexeme) for lexeme in lexemes],
                "query": " | ".join(f"'{lexeme}'" for lexeme in lexemes),
                "norm": LEXICAL_NORMALIZATION,
                "on": on,
                "limit": LEG_LIMIT,
            },
        )
        return [(chunk_id, float(score)) for chunk_id, score in cursor.fetchall()]


def trigram_leg(*, query: Query, on: datetime.date) -> list[tuple[int, float]]:
    """Fuzzy matches of the words the corpus does not know, as typed: the typo leg.

    Words are compared one by one (a whole question is never similar to a passage); a chunk
    scores the sum of its similarities to those words. A question without unknown words
    leaves this leg empty, so it adds no noise to the fusion.
    """
    terms = sorted({word for word in query.unknown if len(word) >= TRIGRAM_MIN_WORD})
    if not terms:
        return []
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL pg_trgm.word_similarity_threshold = %s", [TRIGRAM_THRESHOLD])
        cursor.execute(
            f"""
            SELECT c.id,
                   (SELECT sum(word_similarity(t.term, c.search_text))
                    FROM unnest(%(terms)s::text[]) AS t(term)
                    WHERE t.term <%% c.search_text) AS score
            FROM knowledge_chunks c
            WHERE c.search_text %%> ANY(%(terms)s::text[]) AND {_SCAN_FILTER}
            ORDER BY score DESC, c.id
            LIMIT %(limit)s
            """,
            {"terms": terms, "on": on, "limit": LEG_LIMIT},
        )
        return [(chunk_id, float(score)) for chunk_id, score in cursor.fetchall()]


def vector_leg(*, question: str, on: datetime.date) -> list[tuple[int, float]]:
    """Nearest chunks by meaning (HNSW, iterative scan so the filter does not starve it)."""
    vector = embed_query(question)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cursor.execute(
            f"""
            SELECT id, 1 - distance FROM (
                SELECT c.id, c.embedding <=> %(vector)s::halfvec AS distance
                FROM knowledge_chunks c
                WHERE {_SCAN_FILTER}
                ORDER BY distance
                LIMIT %(limit)s
            ) nearest
            WHERE 1 - distance >= %(floor)s
            ORDER BY distance, id
            """,
            {
                "vector": str(vector),
                "on": on,
                "limit": LEG_LIMIT,
                "floor": VECTOR_MIN_SIMILARITY,
            },
        )
        return [(chunk_id, float(score)) for chunk_id, score in cursor.fetchall()]


def fuse(legs: Sequence[list[tuple[int, float]]]) -> list[tuple[int, float]]:
    """Reciprocal rank fusion (k=60) of several rankings, cut at the relevance floor.

    Equal sums are common (first in one leg and second in another, or the reverse). They are
    broken by the ranks in the legs' order, so the first leg (lexical) decides, then the
    chunk id: a tie no longer depends on which entry happened to be saved first.
    """
    scores: dict[int, float] = {}
    ranks: dict[int, list[int]] = {}
    unranked = LEG_LIMIT + 1
    for position, ranking in enumerate(legs):
        for rank, (chunk_id, _) in enumerate(ranking, start=1):
            scores[chunk_id] = scores.get(chunk_id, 0.0) + 1 / (RRF_K + rank)
            ranks.setdefault(chunk_id, [unranked] * len(legs))[position] = rank
    fused = sorted(scores.items(), key=lambda item: (-item[1], ranks[item[0]], item[0]))
    return [(chunk_id, score) for chunk_id, score in fused if score >= RELEVANCE_FLOOR]


def rank_chunks(*, question: str, on: datetime.date, legs: Sequence[Leg] = LEGS) -> Ranking:
    """Run the legs in one owner transaction and fuse them; ids and scores only."""
    with transaction.atomic():
        stats = corpus()
        query = prepare_query(question, stats)
        results: dict[Leg, list[tuple[int, float]]] = {
            "lexical": lexical_leg(query=query, on=on, corpus=stats) if "lexical" in legs else [],
            "trigram": trigram_leg(query=query, on=on) if "trigram" in legs else [],
            "vector": vector_leg(question=question, on=on) if "vector" in legs else [],
        }
        # A single leg is its own ranking; the floor is for what fusion adds up.
        fused = fuse([results[leg] for leg in legs]) if len(legs) > 1 else results[legs[0]]
        ids = {chunk_id for ranking in results.values() for chunk_id, _ in ranking}
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT id, entry_id FROM knowledge_chunks WHERE id = ANY(%s)", [list(ids)]
            )
            entry_of = dict(cursor.fetchall())
    return Ranking(text=query.text, legs=results, chunks=fused, entry_of=entry_of)
