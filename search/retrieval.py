"""One global ranking over everything a scope may see: exact, lexical, trigram, vector (DESIGN §7).

The legs run in one transaction as the app's role so their indexes are usable, each with the
once-declared visibility predicate (``visible_q``), the role's kinds and the date range inside
its scan, and return search-document ids and scores only. Exact tax IDs and document numbers
come first; the other legs are fused by reciprocal rank fusion (``knowledge.retrieval.fuse``,
shared with the knowledge search) and cut at its relevance floor. Text is read afterwards,
under ``ai_reader``, by ``search.selectors``.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from django.contrib.postgres.search import (
    SearchQuery,
    SearchRank,
    TrigramSimilarity,
    TrigramWordSimilarity,
)
from django.db import connection, transaction
from django.db.models import ExpressionWrapper, F, FloatField, Func, Q, QuerySet, Value
from django.db.models.functions import Concat, Lower, StrIndex
from pgvector import HalfVector
from pgvector.django import CosineDistance

from knowledge.lexicon import QUESTION_WORDS
from knowledge.retrieval import fuse
from search.agents import Scope
from search.dates import Period, find_period
from search.indexing import normalize_identifier
from search.models import EntityEdge, Kind, SearchChunk, SearchDocument
from sumalos.embeddings import embed_query
from sumalos.platform.tenant_indexes import vector_scan
from sumalos.rls.rule import visible_q

Leg = Literal["exact", "lexical", "trigram", "vector"]
LEGS: tuple[Leg, ...] = ("exact", "lexical", "trigram", "vector")
FUSED_LEGS: tuple[Leg, ...] = ("lexical", "trigram", "vector")

LEG_LIMIT = 40
TRIGRAM_THRESHOLD = 0.4
TRIGRAM_MIN_WORD = 4
VECTOR_MIN_SIMILARITY = 0.75
HNSW_EF_SEARCH = 100
IDF_CAP = 1000
NAME_SIMILARITY = 0.55

# A Spanish tax ID (DNI, NIE, CIF) or a document number such as F2026-0012 / P2026-3.
_TAX_ID = re.compile(r"\b([0-9]{8}[a-z]|[xyz][0-9]{7}[a-z]|[a-hj-np-sv-w][0-9]{7}[0-9a-j])\b")
_NUMBER = re.compile(r"\b([fp])\s?-?(20[0-9]{2})\s?[-/]\s?([0-9]{1,4})\b")
# Words that ask for items other than the contact itself.
OTHER_KINDS = ("factur", "presupuest", "gasto", "ticket", "document", "mensaj", "cobr", "pag")
_FILLER = frozenset({"factura", "facturas", "presupuesto", "presupuestos", "nif", "cif", "numero"})


# A contact's name as people say it: lower case, no accents, no legal form ("s.l.").
_LEGAL_FORM = r"\s+(s\.l\.u?|s\.a\.|s\.c\.|c\.b\.)$"


def _short_name() -> Func:
    folded = Lower(Func(F("key"), function="unaccent"))
    return Func(folded, Value(_LEGAL_FORM), Value(""), function="regexp_replace")


@dataclass(frozen=True)
class ParsedQuery:
    question: str
    text: str
    identifiers: list[str]
    period: Period | None


@dataclass(frozen=True)
class Ranking:
    query: ParsedQuery
    legs: dict[Leg, list[tuple[int, float]]]
    # Exact matches first, then the fused ranking above its floor; search-document ids.
    ranked: list[tuple[int, float]] = field(default_factory=list)


def parse_query(question: str, *, today: datetime.date) -> ParsedQuery:
    """Split a question into identifiers, a period and the words left to search for."""
    found = find_period(question, today=today)
    text = found.rest
    identifiers: list[str] = []
    for match in _NUMBER.finditer(text):
        letter, year, sequence = match.groups()
        identifiers.append(f"{letter}{year}{int(sequence):04d}".upper())
    text = _NUMBER.sub(" ", text)
    # "b-04464665", "b 0446 4665": join a tax ID's letter and digits before matching it.
    text = re.sub(r"\b([a-z0-9])[-\s.](?=[0-9])", r"\1", text)
    for match in _TAX_ID.finditer(text):
        identifiers.append(normalize_identifier(match.group(1)))
    if identifiers:
        text = _TAX_ID.sub(" ", text)
        text = " ".join(word for word in text.split() if word not in _FILLER)
    return ParsedQuery(
        question=question, text=" ".join(text.split()), identifiers=identifiers, period=found.period
    )


def _chunks(scope: Scope, period: Period | None) -> QuerySet[SearchChunk]:
    chunks = SearchChunk.objects.filter(visible_q(scope.access), kind__in=sorted(scope.role.kinds))
    if period is not None:
        # Undated items (contacts, files, memories) are not excluded by a period.
        chunks = chunks.filter(Q(date__range=period) | Q(date__isnull=True))
    return chunks


def _by_document(rows: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
    """Keep each document's best chunk, in rank order."""
    seen: dict[int, float] = {}
    for document_id, score in rows:
        seen.setdefault(document_id, score)
    return list(seen.items())


def named_contacts(*, scope: Scope, query: ParsedQuery) -> list[tuple[int, int]]:
    """Contacts the question names, exactly or nearly: (search-document id, contact id)."""
    if not query.text or Kind.CONTACT not in scope.role.kinds:
        return []
    spaced = Concat(Value(" "), "name", Value(" "))
    return list(
        SearchDocument.objects.filter(visible_q(scope.access), kind=Kind.CONTACT)
        .annotate(name=_short_name())
        .annotate(similarity=TrigramSimilarity("name", query.text))
        .annotate(contained=StrIndex(Value(f" {query.text} "), spaced))
        .filter(Q(contained__gt=0) | Q(similarity__gte=NAME_SIMILARITY))
        .order_by("-contained", "-similarity", "id")
        .values_list("pk", "source_id")[:3]
    )


def _asks_for_the_contact(query: ParsedQuery) -> bool:
    """A question that is about the contact itself, not about its invoices or expenses."""
    return query.period is None and not any(
        word.startswith(OTHER_KINDS) for word in query.text.split()
    )


def exact_leg(*, scope: Scope, query: ParsedQuery) -> list[tuple[int, float]]:
    """Tax IDs and document numbers; a contact named by a question about the contact itself."""
    found: list[int] = []
    if query.identifiers:
        found += (
            SearchDocument.objects.filter(
                visible_q(scope.access),
                Q(tax_id__in=query.identifiers) | Q(number__in=query.identifiers),
                kind__in=sorted(scope.role.kinds),
            )
            .order_by("kind", "id")
            .values_list("pk", flat=True)[:LEG_LIMIT]
        )
    if _asks_for_the_contact(query):
        found += [pk for pk, _ in named_contacts(scope=scope, query=query) if pk not in found]
    return [(pk, 1.0) for pk in found]


def linked_to(*, scope: Scope, contact_ids: list[int]) -> set[int]:
    """Items joined to these contacts by an edge asserted at ingest (the graph hop)."""
    if not contact_ids:
        return set()
    return set(
        EntityEdge.objects.filter(
            visible_q(scope.access),
            target_kind=Kind.CONTACT,
            target_id__in=contact_ids,
            source__kind__in=sorted(scope.role.kinds),
        ).values_list("source_id", flat=True)
    )


def _lexemes(text: str) -> list[str]:
    words = [w for w in re.findall(r"[a-z0-9]+", text) if w not in QUESTION_WORDS]
    if not words:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('es_unaccent', %s)))",
            [" ".join(words)],
        )
        return sorted(row[0] for row in cursor.fetchall())


def _lexeme_query(lexeme: str) -> SearchQuery:
    return SearchQuery(
        "'" + lexeme.replace("'", "''") + "'", search_type="raw", config="es_unaccent"
    )


def _idf(scope: Scope, period: Period | None, lexeme: str) -> float:
    """Rarity of a lexeme among the chunks this scope may see (counted up to a cap)."""
    matching = _chunks(scope, period).filter(search_vector=_lexeme_query(lexeme))
    n = len(matching.values_list("pk", flat=True)[:IDF_CAP])
    return math.log(1 + IDF_CAP / (n + 1))


def lexical_leg(*, scope: Scope, query: ParsedQuery) -> list[tuple[int, float]]:
    """Full-text matches; each lexeme weighted by its rarity, so "factura" counts for little."""
    lexemes = _lexemes(query.text)
    if not lexemes:
        return []
    tsquery = SearchQuery(
        " | ".join("'" + lexeme.replace("'", "''") + "'" for lexeme in lexemes),
        search_type="raw",
        config="es_unaccent",
    )
    score: Any = Value(0.0)
    for lexeme in lexemes:
        weight = _idf(scope, query.period, lexeme)
        score = score + Value(weight) * SearchRank(F("search_vector"), _lexeme_query(lexeme))
    rows = (
        _chunks(scope, query.period)
        .filter(search_vector=tsquery)
        .annotate(score=ExpressionWrapper(score, output_field=FloatField()))
        .order_by("-score", "document_id")
        .values_list("document_id", "score")[: LEG_LIMIT * 2]
    )
    return _by_document(rows)[:LEG_LIMIT]


def _unknown_words(scope: Scope, text: str) -> list[str]:
    """Words of the question that no chunk the scope may see contains: the likely typos."""
    unknown = []
    for word in sorted(set(re.findall(r"[a-z0-9]+", text))):
        if len(word) < TRIGRAM_MIN_WORD or word in QUESTION_WORDS or word.isdigit():
            continue
        tsquery = SearchQuery(word, search_type="plain", config="es_unaccent")
        if not _chunks(scope, None).filter(search_vector=tsquery).exists():
            unknown.append(word)
    return unknown


def trigram_leg(*, scope: Scope, query: ParsedQuery) -> list[tuple[int, float]]:
    """Fuzzy matches of the words nothing contains as written ("Garsia" finds "García")."""
    terms = _unknown_words(scope, query.text)
    if not terms:
        return []
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL pg_trgm.word_similarity_threshold = %s", [TRIGRAM_THRESHOLD])
    matches = Q()
    score: Any = None
    for term in terms:
        matches |= Q(search_text__trigram_word_similar=term)
        similarity = TrigramWordSimilarity(term, "search_text")
        score = similarity if score is None else score + similarity
    rows = (
        _chunks(scope, query.period)
        .filter(matches)
        .annotate(score=score)
        .order_by("-score", "document_id")
        .values_list("document_id", "score")[: LEG_LIMIT * 2]
    )
    return _by_document(rows)[:LEG_LIMIT]


def vector_leg(
    *, scope: Scope, query: ParsedQuery, floor: float = VECTOR_MIN_SIMILARITY
) -> list[tuple[int, float]]:
    """Nearest chunks by meaning, one scan per tenant of the scope (decision 0021).

    A large tenant is read through its own HNSW index (``sumalos.platform.tenant_indexes``:
    iterative scan, ``ef_search`` by its size, set in this transaction only); a small one, and
    the principal's own rows outside any organization, exactly through the btree on the
    policy columns. Call it inside a transaction (``rank`` opens one).
    """
    if not query.text.strip():
        return []
    # The whole question: "horario de agosto" means summer, even if August is also a period.
    vector = HalfVector(embed_query(query.question))
    with connection.cursor() as cursor:
        # SET LOCAL: this transaction only, never the next user of a pooled connection.
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cursor.execute("SET LOCAL hnsw.ef_search = %s", [HNSW_EF_SEARCH])
    chunks = _chunks(scope, query.period).annotate(distance=CosineDistance("embedding", vector))
    found: list[tuple[int, float]] = []
    for organization_id in [*scope.access.organization_ids, None]:
        if organization_id is None:
            tenant = chunks.filter(organization__isnull=True)
        else:
            tenant = chunks.filter(organization_id=organization_id)
        if vector_scan("search_chunks", organization_id):
            ordered = tenant.order_by("distance")
        else:
            # "+ 0": an order the HNSW index cannot serve, so this tenant is compared exactly.
            ordered = tenant.order_by(
                ExpressionWrapper(F("distance") + Value(0.0), output_field=FloatField())
            )
        found += [
            (doc, float(distance))
            for doc, distance in ordered.values_list("document_id", "distance")[: LEG_LIMIT * 2]
        ]
    # relaxed_order may return neighbours slightly out of order: sort what came back.
    similar = sorted(((doc, 1 - distance) for doc, distance in found), key=lambda p: (-p[1], p[0]))
    return _by_document([pair for pair in similar if pair[1] >= floor])[:LEG_LIMIT]


_LEG_FUNCTIONS = {
    "exact": exact_leg,
    "lexical": lexical_leg,
    "trigram": trigram_leg,
    "vector": vector_leg,
}


def rank(
    *, scope: Scope, question: str, today: datetime.date, legs: Sequence[Leg] = LEGS
) -> Ranking:
    """Run the legs in one transaction and build the one global ranking; ids and scores only.

    Exact identifiers lead. When the question names a contact, the items an edge joins to
    that contact ("la factura de Talleres García en septiembre") move ahead of the rest,
    each group keeping its fused order.
    """
    query = parse_query(question, today=today)
    with transaction.atomic():
        results: dict[Leg, list[tuple[int, float]]] = {
            leg: (_LEG_FUNCTIONS[leg](scope=scope, query=query) if leg in legs else [])
            for leg in LEGS
        }
        linked = (
            linked_to(
                scope=scope,
                contact_ids=[c for _, c in named_contacts(scope=scope, query=query)],
            )
            if len(legs) > 1
            else set()
        )
    fused_legs = [results[leg] for leg in FUSED_LEGS if leg in legs]
    fused = fuse(fused_legs) if len(fused_legs) > 1 else (fused_legs[0] if fused_legs else [])
    exact_ids = {pk for pk, _ in results["exact"]}
    rest = [(pk, score) for pk, score in fused if pk not in exact_ids]
    rest.sort(key=lambda pair: pair[0] not in linked)
    return Ranking(query=query, legs=results, ranked=results["exact"] + rest)
