"""One global ranking over everything a scope may see: exact, lexical, trigram, vector (DESIGN §7).

The legs run in one transaction as the app's role so their indexes are usable, each with the
once-declared visibility predicate (``visible_q``), the role's kinds and the date range inside
its scan, and return search-document ids and scores only. The question is read first
(``search.understanding``: identifiers, period, kinds asked for, lexicon, conversations).
Exact tax IDs and document numbers come first; the other legs are fused by a linear score
whose weights were fitted on the dev half of the labelled set (``search.fusion``; decision
0017). Text is read afterwards, under ``ai_reader``, by ``search.selectors``.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from django.contrib.postgres.search import (
    TrigramSimilarity,
    TrigramWordSimilarity,
)
from django.db import connection, transaction
from django.db.models import ExpressionWrapper, F, FloatField, Func, Q, QuerySet, Value
from django.db.models.functions import Concat, Lower, StrIndex
from pgvector import HalfVector
from pgvector.django import CosineDistance

from knowledge.lexicon import QUESTION_WORDS
from search.agents import Role, Scope
from search.dates import Period, find_period
from search.fusion import Candidate, leg_features, score
from search.models import EntityEdge, Kind, SearchChunk, SearchDocument
from search.tenant_lexemes import HASH, SATURATED
from search.understanding import (
    asks_about_conversation,
    expansions,
    find_identifiers,
    wanted_kinds,
    without_identifier_words,
    words_besides,
)
from sumalos.accounts.models import Area
from sumalos.embeddings import embed_query
from sumalos.platform.tenant_indexes import has_tenant_index, vector_scan_settings
from sumalos.platform.text import fold
from sumalos.rls.rule import visible_q

Leg = Literal["exact", "lexical", "trigram", "vector"]
LEGS: tuple[Leg, ...] = ("exact", "lexical", "trigram", "vector")
FUSED_LEGS: tuple[Leg, ...] = ("lexical", "trigram", "vector")

LEG_LIMIT = 40
# A large tenant's lexical leg scores at most this many chunks, drawn by ``_cascade``.
LEXICAL_CANDIDATES = 400
CASCADE_LEXEMES = 4
TRIGRAM_THRESHOLD = 0.4
TRIGRAM_MIN_WORD = 4
VECTOR_MIN_SIMILARITY = 0.75
IDF_CAP = 1000
NAME_SIMILARITY = 0.55

# The fused candidates: items in a leg's top ten or in two legs (what the old RRF floor of 1/70
# kept), plus the items an edge brings in (a named contact's records, a trade's contacts).
FLOOR_RANK = 10


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
    # Kinds the words ask for ("factura" → invoice); empty when they do not say.
    kinds: frozenset[str] = frozenset()
    # "lo que hablamos", "me dijiste": only then may past messages answer.
    conversation: bool = False
    # Words the domain lexicon adds ("furgo" → "furgoneta"), searched by the lexical leg.
    expansions: tuple[str, ...] = ()
    # The question's embedding when the caller already has it (else the vector leg embeds).
    embedding: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Ranking:
    query: ParsedQuery
    legs: dict[Leg, list[tuple[int, float]]]
    # Exact matches first, then the fused ranking above its floor; search-document ids.
    ranked: list[tuple[int, float]] = field(default_factory=list)
    # The fused candidates with their features (for fitting the fusion weights).
    candidates: list[Candidate] = field(default_factory=list)


def parse_query(question: str, *, today: datetime.date) -> ParsedQuery:
    """Split a question into identifiers, a period and the words left to search for, and read
    what kind of item it asks for."""
    identifiers, rest = find_identifiers(fold(question))
    found = find_period(rest, today=today)
    text = without_identifier_words(found.rest) if identifiers else found.rest
    kinds = wanted_kinds(found.rest)
    conversation = asks_about_conversation(question)
    if conversation:
        kinds = kinds | {Kind.MESSAGE}
    return ParsedQuery(
        question=question,
        text=" ".join(text.split()),
        identifiers=identifiers,
        period=found.period,
        kinds=kinds,
        conversation=conversation,
        expansions=tuple(expansions(text)),
    )


def narrowed(scope: Scope, query: ParsedQuery) -> Scope:
    """Past messages rank only for questions about a conversation: otherwise the legs do not
    look at them. Only ever removes a kind from the scope."""
    if query.conversation or Kind.MESSAGE not in scope.role.kinds:
        return scope
    role = Role(
        scope.role.name, scope.role.kinds - {Kind.MESSAGE}, scope.role.areas, scope.role.fields
    )
    return replace(scope, role=role)


def _chunks(scope: Scope, period: Period | None) -> QuerySet[SearchChunk]:
    chunks = SearchChunk.objects.filter(visible_q(scope.access), kind__in=sorted(scope.role.kinds))
    if period is not None:
        # Undated items (contacts, files, memories) are not excluded by a period.
        chunks = chunks.filter(Q(date__range=period) | Q(date__isnull=True))
    return chunks


def _by_document(rows: Iterable[tuple[int, float]]) -> list[tuple[int, float]]:
    """Keep each document's best chunk, in rank order."""
    seen: dict[int, float] = {}
    for document_id, value in rows:
        seen.setdefault(document_id, value)
    return list(seen.items())


def _named_contacts_query(
    scope: Scope, query: ParsedQuery
) -> QuerySet[Any, tuple[int, int, str]] | None:
    if not query.text or Kind.CONTACT not in scope.role.kinds:
        return None
    spaced = Concat(Value(" "), "name", Value(" "))
    return (
        SearchDocument.objects.filter(visible_q(scope.access), kind=Kind.CONTACT)
        .annotate(name=_short_name())
        .annotate(similarity=TrigramSimilarity("name", query.text))
        .annotate(contained=StrIndex(Value(f" {query.text} "), spaced))
        .filter(Q(contained__gt=0) | Q(similarity__gte=NAME_SIMILARITY))
        .order_by("-contained", "-similarity", "id")
        .values_list("pk", "source_id", "key")[:3]
    )


def named_contacts(*, scope: Scope, query: ParsedQuery) -> list[tuple[int, int, str]]:
    """Contacts the question names, exactly or nearly: (search-document id, contact id, name)."""
    found = _named_contacts_query(scope, query)
    return [] if found is None else list(found)


def asks_for_the_contact(query: ParsedQuery, names: Sequence[str]) -> bool:
    """About the contact itself ("Talleres García", "el teléfono de Talleres García"), not
    about its records ("la caldera de Talleres García", "facturas de … en septiembre")."""
    if query.period is not None or query.kinds - {Kind.CONTACT}:
        return False
    return not words_besides(query.text, names)


def exact_leg(
    *, scope: Scope, query: ParsedQuery, named: list[tuple[int, int, str]] | None = None
) -> list[tuple[int, float]]:
    """Tax IDs and document numbers; a contact named by a question about the contact itself.

    ``named``: ``named_contacts`` of this question, when the caller has read them already.
    """
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
    if named is None:
        named = named_contacts(scope=scope, query=query)
    if named and asks_for_the_contact(query, [name for _, _, name in named]):
        found += [pk for pk, _, _ in named if pk not in found]
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


@dataclass(frozen=True)
class _Statement:
    """One statement of a batch; ``rows``: whether it returns rows (a ``SET`` does not)."""

    sql: str
    params: list[Any]
    rows: bool = True


def _batch(statements: Sequence[_Statement]) -> list[list[tuple[Any, ...]]]:
    """Send ``statements`` in one round trip, in order; the rows of each that returns rows.

    Client-side binding makes this one simple query: an error in any statement fails the
    batch (and the transaction), as separate statements would.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            "; ".join(statement.sql for statement in statements),
            [param for statement in statements for param in statement.params],
        )
        results: list[list[tuple[Any, ...]]] = []
        for index, statement in enumerate(statements):
            if index:
                cursor.nextset()
            if statement.rows:
                results.append(list(cursor.fetchall()))
    return results


def _lexical_text(query: ParsedQuery) -> str:
    return " ".join([query.text, *query.expansions])


def _quoted(lexeme: str) -> str:
    return "'" + lexeme.replace("'", "''") + "'"


# The lexemes are stems already: cast, never ``to_tsquery`` again, which would stem a stem
# ("gasole", the stem of "gasóleo", would become "gasol" and match nothing).
_TSQUERY = "%s::tsquery"


@dataclass(frozen=True)
class _Tenant:
    """One part of a scope the text legs read on its own: an organization, or one's own rows.

    ``where`` is the scope's filter (``visible_q``, kinds, period) compiled for
    ``search_chunks``, wrapped so that no index can serve it (``COALESCE``), and the tenant's
    own condition as literals beside it: an organization's id, which lets the planner prove a
    per-tenant partial index applies, or the owner columns of one's personal rows. So the
    only ways in are the tenant's own GIN index (``indexed``: an organization large enough to
    have one, ``sumalos.platform.tenant_indexes``) or the btree on the tenant's column, and
    for the latter the text is matched row by row (``ts_match_vq``, which no GIN index
    serves): a common word never costs the postings of the whole table.
    """

    where: str
    params: tuple[Any, ...]
    indexed: bool
    # An organization's id, and the areas of it whose shared rows the scope may read.
    organization_id: int | None = None
    areas: tuple[str, ...] = ()

    def matches(self, tsquery_sql: str) -> str:
        if self.indexed:
            return f"search_vector @@ {tsquery_sql}"
        return f"ts_match_vq(search_vector, {tsquery_sql})"


def _compiled(queryset: QuerySet[SearchChunk]) -> tuple[str, list[Any]]:
    query = queryset.query
    sql, params = query.where.as_sql(query.get_compiler(connection=connection), connection)
    return sql, list(params)


def _tenants(scope: Scope, period: Period | None) -> list[_Tenant]:
    where, params = _compiled(_chunks(scope, period))
    opaque = f"COALESCE(({where}), false)"
    tenants = [
        _Tenant(
            f"search_chunks.organization_id = {int(organization_id)} AND {opaque}",
            tuple(params),
            has_tenant_index("search_chunks_text", organization_id),
            organization_id,
            tuple(sorted({Area.GENERAL.value, *scope.access.permissions[organization_id].read})),
        )
        for organization_id in scope.access.organization_ids
    ]
    owners: list[str] = []
    owner_params: list[Any] = []
    if scope.access.user_id is not None:
        owners.append("search_chunks.owner_user_id = %s")
        owner_params.append(scope.access.user_id)
    if scope.access.phone:
        owners.append("search_chunks.owner_phone = %s")
        owner_params.append(scope.access.phone)
    if owners:
        tenants.append(
            _Tenant(
                f"search_chunks.organization_id IS NULL AND ({' OR '.join(owners)}) AND {opaque}",
                (*owner_params, *params),
                False,
            )
        )
    return tenants


def _text_statements(sql: str, params: list[Any]) -> list[_Statement]:
    """A text leg's statement with plain index scans and sequential scans off.

    A tenant's GIN index is reached by a bitmap scan only. Given a ``LIMIT`` or ``EXISTS``,
    the planner may prefer walking the tenant's rows in ``organization_id`` order, or the
    whole table, testing each and expecting an early hit: that costs the whole tenant (or
    table) whenever the word is rarer than it guessed (a typo, a rare name, a word the tenant
    lacks). Off for this statement only, in the same round trip: ``RESET`` follows it (the
    vector leg needs index scans).
    """
    return [
        _Statement("SET LOCAL enable_indexscan = off", [], rows=False),
        _Statement("SET LOCAL enable_seqscan = off", [], rows=False),
        _Statement(sql, params),
        _Statement("RESET enable_indexscan", [], rows=False),
        _Statement("RESET enable_seqscan", [], rows=False),
    ]


def _text_rows(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """Run a text leg's statement (``_text_statements``) in one round trip."""
    return _batch(_text_statements(sql, params))[0]


def _stored_counts(scope: Scope, tenants: list[_Tenant], lexemes_sql: str) -> tuple[str, list[Any]]:
    """The stored count (``search.tenant_lexemes``) of each lexeme of ``lexemes_sql`` among
    the shared chunks the scope may read in its organizations with a text index: a subquery
    on ``lexeme``, and its parameters. Only the caller's organizations, their readable areas
    and the role's kinds are read."""
    kinds = sorted(scope.role.kinds)
    conditions: list[str] = []
    params: list[Any] = []
    for tenant in tenants:
        if tenant.indexed and tenant.organization_id is not None:
            conditions.append(
                f"(organization_id = {int(tenant.organization_id)} "
                "AND area = ANY(%s) AND kind = ANY(%s))"
            )
            params += [list(tenant.areas), kinds]
    if not conditions:
        return "", []
    sql = (
        "(SELECT coalesce(sum(chunks), 0) FROM search_tenant_lexemes "
        f"WHERE lexeme_hash = {HASH.format(lexemes_sql)} AND ({' OR '.join(conditions)}))"
    )
    return sql, params


def _weights_statements(scope: Scope, query: ParsedQuery) -> list[_Statement]:
    """The question's lexemes and how many chunks the scope may see hold each, in one
    statement (none when the question has no word or the scope no tenant).

    Per lexeme and tenant, the matching chunks up to ``IDF_CAP``. A lexeme the stored counts
    already show in ``SATURATED`` chunks the scope may read is not counted again: its weight
    is the floor (``search.tenant_lexemes``, decision 0030). With a period the stored counts
    (all dates) say nothing, and every lexeme is counted. The lexemes themselves come from the
    same statement, so the weights need no round trip of their own.
    """
    words = [w for w in re.findall(r"[a-z0-9]+", _lexical_text(query)) if w not in QUESTION_WORDS]
    tenants = _tenants(scope, query.period) if words else []
    if not tenants:
        return []
    stored, stored_params = (
        ("", []) if query.period is not None else _stored_counts(scope, tenants, "lexeme")
    )
    ctes = [
        "lexemes AS (SELECT DISTINCT unnest(tsvector_to_array("
        "to_tsvector('es_unaccent', %s))) AS lexeme)"
    ]
    params: list[Any] = [" ".join(words)]
    parts = ["SELECT lexeme, 0::bigint FROM lexemes"]
    guard = ""
    if stored:
        ctes.append(f"saturated AS (SELECT lexeme FROM lexemes WHERE {stored} >= {SATURATED})")
        params += stored_params
        parts.append(f"SELECT lexeme, {IDF_CAP}::bigint FROM saturated")
        # The count below is not run for a saturated lexeme.
        guard = " WHERE lexeme NOT IN (SELECT lexeme FROM saturated)"
    # The lexemes hold only [a-z0-9]: quote_literal quotes them as _quoted does.
    tsquery = "quote_literal(lexeme)::tsquery"
    for tenant in tenants:
        parts.append(
            "SELECT lexeme, (SELECT count(*) FROM (SELECT 1 FROM search_chunks WHERE "
            f"{tenant.where} AND {tenant.matches(tsquery)} LIMIT {IDF_CAP}) AS found) "
            f"FROM lexemes{guard}"
        )
        params += tenant.params
    return _text_statements("WITH " + ", ".join(ctes) + " " + " UNION ALL ".join(parts), params)


def _weights(rows: list[tuple[Any, ...]]) -> dict[str, float]:
    """Each lexeme's weight from the weights statement's rows (its counts, summed)."""
    counts: dict[str, int] = {}
    for lexeme, count in rows:
        counts[lexeme] = counts.get(lexeme, 0) + int(count)
    return {
        lexeme: math.log(1 + IDF_CAP / (min(count, IDF_CAP) + 1))
        for lexeme, count in sorted(counts.items())
    }


def _idf_weights(scope: Scope, query: ParsedQuery) -> dict[str, float]:
    """Rarity of each lexeme of the question among the chunks the scope may see, counted up
    to a cap (``_weights_statements``); the keys are the question's lexemes."""
    statements = _weights_statements(scope, query)
    return _weights(_batch(statements)[0]) if statements else {}


def _cascade(lexemes: list[str], weights: dict[str, float]) -> list[str]:
    """The tsqueries a large tenant's candidates are drawn from, most promising first.

    Each says which of the rarest ``CASCADE_LEXEMES`` lexemes a chunk holds and which it
    lacks, ordered by the sum of their weights (a chunk's score is about that sum); a last
    one takes the chunks that hold only the commoner lexemes. Every matching chunk is in
    exactly one of them.
    """
    by_rarity = sorted(lexemes, key=lambda lexeme: (-weights[lexeme], lexeme))
    rare, common = by_rarity[:CASCADE_LEXEMES], by_rarity[CASCADE_LEXEMES:]
    subsets = [
        [lexeme for bit, lexeme in enumerate(rare) if mask >> bit & 1]
        for mask in range(1, 1 << len(rare))
    ]
    subsets.sort(key=lambda held: (-sum(weights[lexeme] for lexeme in held), -len(held), held))
    queries = [
        " & ".join(
            [_quoted(lexeme) for lexeme in held]
            + [f"!{_quoted(lexeme)}" for lexeme in rare if lexeme not in held]
        )
        for held in subsets
    ]
    if common:
        queries.append(
            "("
            + " | ".join(_quoted(lexeme) for lexeme in common)
            + ") & "
            + " & ".join(f"!{_quoted(lexeme)}" for lexeme in rare)
        )
    return queries


def lexical_leg(
    *, scope: Scope, query: ParsedQuery, weights: dict[str, float] | None = None
) -> list[tuple[int, float]]:
    """Full-text matches; each lexeme weighted by its rarity, so "factura" counts for little.

    One statement for the weights, one for the ranking: per tenant, its best chunks by
    ``Σ weight × ts_rank``. A small tenant scores every chunk that holds a lexeme; a tenant
    with its own GIN index scores at most ``LEXICAL_CANDIDATES`` chunks, drawn by
    ``_cascade`` (the chunks that hold the most and rarest lexemes first), so its cost no
    longer grows with how many chunks hold a common word (decision 0027). ``weights``: the
    question's lexemes and weights (``_idf_weights``), when the caller has read them already.
    """
    if weights is None:
        weights = _idf_weights(scope, query)
    lexemes = sorted(weights)
    if not lexemes:
        return []
    tenants = _tenants(scope, query.period)
    score_sql = "(%s::float8"
    score_params: list[Any] = [0.0]
    for lexeme in lexemes:
        score_sql = f"({score_sql} + %s::float8 * ts_rank(search_vector, {_TSQUERY}))"
        score_params += [weights[lexeme], _quoted(lexeme)]
    score_sql += ")"
    any_lexeme = " | ".join(_quoted(lexeme) for lexeme in lexemes)
    parts: list[str] = []
    params: list[Any] = []
    for tenant in tenants:
        if not tenant.indexed:
            parts.append(
                f"(SELECT document_id, {score_sql} AS score FROM search_chunks "
                f"WHERE {tenant.where} AND {tenant.matches(_TSQUERY)} "
                f"ORDER BY score DESC, document_id LIMIT {LEG_LIMIT * 2})"
            )
            params += [*score_params, *tenant.params, any_lexeme]
            continue
        cascade = _cascade(lexemes, weights)
        drawn = " UNION ALL ".join(
            f"(SELECT document_id, search_vector FROM search_chunks "
            f"WHERE {tenant.where} AND {tenant.matches(_TSQUERY)})"
            for _ in cascade
        )
        parts.append(
            f"(SELECT document_id, {score_sql} AS score FROM "
            f"(SELECT * FROM ({drawn}) AS drawn LIMIT {LEXICAL_CANDIDATES}) AS candidates "
            f"ORDER BY score DESC, document_id LIMIT {LEG_LIMIT * 2})"
        )
        params += score_params
        for tsquery in cascade:
            params += [*tenant.params, tsquery]
    rows = [
        (int(document_id), float(score))
        for document_id, score in _text_rows(" UNION ALL ".join(parts), params)
    ]
    rows.sort(key=lambda row: (-row[1], row[0]))
    return _by_document(rows[: LEG_LIMIT * 2])[:LEG_LIMIT]


def _unknown_statements(scope: Scope, text: str) -> tuple[list[str], list[_Statement]]:
    """The words the typo check looks at, and its statements (none: every word unknown)."""
    words = [
        word
        for word in sorted(set(re.findall(r"[a-z0-9]+", text)))
        if len(word) >= TRIGRAM_MIN_WORD and word not in QUESTION_WORDS and not word.isdigit()
    ]
    if not words:
        return [], []
    tenants = _tenants(scope, None)
    if not tenants:
        return words, []  # nothing visible holds any word
    plain = "plainto_tsquery('es_unaccent'::regconfig, %s)"
    # A word the stored counts show in the chunks the scope may read is held: no row is read
    # for it (search.tenant_lexemes). Evaluated first; OR stops at the first true.
    stored, stored_params = _stored_counts(
        scope,
        tenants,
        "(tsvector_to_array(to_tsvector('es_unaccent'::regconfig, %s)))[1]",
    )
    parts: list[str] = []
    params: list[Any] = []
    for word in words:
        held = " OR ".join(
            ([f"{stored} > 0"] if stored else [])
            + [
                f"EXISTS (SELECT 1 FROM search_chunks WHERE {tenant.where} "
                f"AND {tenant.matches(plain)})"
                for tenant in tenants
            ]
        )
        parts.append(f"SELECT %s, {held}")
        params.append(word)
        if stored:
            params += [word, *stored_params]
        for tenant in tenants:
            params += [*tenant.params, word]
    return words, _text_statements(" UNION ALL ".join(parts), params)


def _unknown(words: list[str], rows: list[tuple[Any, ...]] | None) -> list[str]:
    """The words no tenant holds, from the typo check's rows (None: it did not run)."""
    if rows is None:
        return words
    held_by = dict(rows)
    return [word for word in words if not held_by[word]]


def _unknown_words(scope: Scope, text: str) -> list[str]:
    """Words of the question that no chunk the scope may see contains: the likely typos.

    One statement: per word, whether any tenant of the scope holds it.
    """
    words, statements = _unknown_statements(scope, text)
    return _unknown(words, _batch(statements)[0] if statements else None)


def trigram_leg(
    *, scope: Scope, query: ParsedQuery, unknown: list[str] | None = None
) -> list[tuple[int, float]]:
    """Fuzzy matches of the words nothing contains as written ("Garsia" finds "García").

    ``unknown``: ``_unknown_words`` of the question, when the caller has them already.
    """
    terms = _unknown_words(scope, query.text) if unknown is None else unknown
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


def _vector_statements(scope: Scope, query: ParsedQuery) -> list[_Statement]:
    """The vector leg's scan settings and its one statement (none for an empty question)."""
    if not query.text.strip():
        return []
    # The whole question: "horario de agosto" means summer, even if August is also a period.
    embedding = query.embedding if query.embedding is not None else embed_query(query.question)
    vector = HalfVector(list(embedding))
    chunks = _chunks(scope, query.period).annotate(distance=CosineDistance("embedding", vector))
    approximate, settings = vector_scan_settings("search_chunks", scope.access.organization_ids)
    legs = []
    for organization_id in [*scope.access.organization_ids, None]:
        if organization_id is None:
            tenant = chunks.filter(organization__isnull=True)
        else:
            tenant = chunks.filter(organization_id=organization_id)
        if organization_id in approximate:
            ordered = tenant.order_by("distance")
        else:
            # "+ 0": an order the HNSW index cannot serve, so this tenant is compared exactly.
            ordered = tenant.order_by(
                ExpressionWrapper(F("distance") + Value(0.0), output_field=FloatField())
            )
        legs.append(ordered.values_list("document_id", "distance")[: LEG_LIMIT * 2])
    # One statement for every tenant: each keeps its own order and limit. The scan settings
    # go in the same round trip, ahead of it.
    union = legs[0].union(*legs[1:], all=True) if len(legs) > 1 else legs[0]
    sql, params = union.query.sql_with_params()
    return [
        *(_Statement(setting, [], rows=False) for setting in settings),
        _Statement(sql, list(params)),
    ]


def _vector_ranking(found: list[tuple[Any, ...]], floor: float) -> list[tuple[int, float]]:
    # relaxed_order may return neighbours slightly out of order: sort what came back.
    similar = sorted(
        ((int(doc), 1 - float(distance)) for doc, distance in found),
        key=lambda p: (-p[1], p[0]),
    )
    return _by_document([pair for pair in similar if pair[1] >= floor])[:LEG_LIMIT]


def vector_leg(
    *,
    scope: Scope,
    query: ParsedQuery,
    floor: float = VECTOR_MIN_SIMILARITY,
    found: list[tuple[Any, ...]] | None = None,
) -> list[tuple[int, float]]:
    """Nearest chunks by meaning, one scan per tenant of the scope, in one statement.

    A large tenant is read through its own HNSW index (``sumalos.platform.tenant_indexes``:
    iterative scan, ``ef_search`` by its size, set in this transaction only); a small one, and
    the principal's own rows outside any organization, exactly through the btree on the
    policy columns (decision 0021). Call it inside a transaction (``rank`` opens one).
    ``found``: the statement's rows, when the caller has run it (``rank`` does, batched).
    """
    if found is None:
        statements = _vector_statements(scope, query)
        found = _batch(statements)[0] if statements else []
    return _vector_ranking(found, floor)


def _kinds(scope: Scope, ids: Iterable[int]) -> dict[int, tuple[str, bool]]:
    """Each item's kind and whether it is dated (contacts, files and memories are not)."""
    found = SearchDocument.objects.filter(
        visible_q(scope.access), pk__in=sorted(set(ids))
    ).values_list("pk", "kind", "date")
    return {pk: (kind, date is not None) for pk, kind, date in found}


def contacts_of(*, scope: Scope, document_ids: Sequence[int]) -> dict[int, int]:
    """The contacts (search-document ids) an edge joins these items to: contact → the best
    position (1-based) among ``document_ids`` of an item joined to it."""
    if not document_ids:
        return {}
    position = {pk: i for i, pk in enumerate(document_ids, start=1)}
    edges = EntityEdge.objects.filter(
        visible_q(scope.access), target_kind=Kind.CONTACT, source_id__in=list(document_ids)
    ).values_list("source_id", "target_id")
    best: dict[int, int] = {}
    for source_id, target_id in edges:
        best[target_id] = min(best.get(target_id, len(position) + 1), position[source_id])
    contacts = SearchDocument.objects.filter(
        visible_q(scope.access),
        kind=Kind.CONTACT,
        source_id__in=sorted(best),
        kind__in=sorted(scope.role.kinds),
    ).values_list("pk", "source_id")
    return {pk: best[source_id] for pk, source_id in contacts}


def _fuse(
    *,
    scope: Scope,
    query: ParsedQuery,
    results: dict[Leg, list[tuple[int, float]]],
    named: list[tuple[int, int, str]],
) -> list[Candidate]:
    """The learned fusion (search.fusion): candidates with their features, best first."""
    features = leg_features(results, VECTOR_MIN_SIMILARITY)
    kept = {
        pk
        for leg in FUSED_LEGS
        for position, (pk, _) in enumerate(results[leg], start=1)
        if position <= FLOOR_RANK
    }
    seen: dict[int, int] = {}
    for leg in FUSED_LEGS:
        for pk, _ in results[leg]:
            seen[pk] = seen.get(pk, 0) + 1
    kept |= {pk for pk, legs in seen.items() if legs > 1}
    about_records = bool(named) and not asks_for_the_contact(query, [n for _, _, n in named])
    # The kinds read so far, and the ids asked for (an id the rule hides has no kind).
    kinds: dict[int, tuple[str, bool]] = {}
    asked: set[int] = set()
    if about_records:
        for pk in linked_to(scope=scope, contact_ids=[c for _, c, _ in named]):
            features.setdefault(pk, {})["linked"] = 1.0
            kept.add(pk)
        for pk, _, _ in named:
            if pk in features:
                features[pk]["named"] = 1.0
    elif Kind.CONTACT in query.kinds:
        base = sorted((pk for pk in kept), key=lambda pk: (-features[pk].get("rrf", 0.0), pk))
        kinds, asked = _kinds(scope, base), set(base)
        top = [pk for pk in base if pk in kinds and kinds[pk][0] != Kind.CONTACT][:FLOOR_RANK]
        for pk, position in contacts_of(scope=scope, document_ids=top).items():
            features.setdefault(pk, {})["hop"] = 1 / position
            kept.add(pk)
    if kept - asked:  # read once: the hop adds ids only when an edge leads somewhere
        kinds.update(_kinds(scope, kept - asked))
    candidates = []
    for pk in kept:
        if pk not in kinds:
            continue
        row = features[pk]
        kind, dated = kinds[pk]
        if query.kinds:
            row["kind_wanted"] = float(kind in query.kinds)
            row["kind_other"] = float(kind not in query.kinds)
        if query.period is not None:
            # The period did not cut it (undated kinds never are), but the question is about
            # something that happened then.
            row["undated"] = float(not dated)
        candidates.append(Candidate(pk, kind, row))
    candidates.sort(key=lambda c: (-score(c.features), c.document_id))
    return candidates


@dataclass(frozen=True)
class _Prefetched:
    """What the legs read before they depend on one another, in one round trip."""

    named: list[tuple[int, int, str]]
    weights: dict[str, float]
    unknown: list[str] | None
    vector: list[tuple[Any, ...]] | None


def _prefetch(scope: Scope, query: ParsedQuery, legs: Sequence[Leg], named: bool) -> _Prefetched:
    """The independent first statements of the legs in one round trip (decision 0030): the
    contacts the question names, the lexical weights (with the question's lexemes), the typo
    check and the vector leg. The lexical ranking needs the weights, and follows."""
    statements: list[_Statement] = []
    slots: dict[str, int] = {}

    def add(name: str, batch: list[_Statement]) -> None:
        if batch:
            slots[name] = sum(statement.rows for statement in statements)
            statements.extend(batch)

    contacts = _named_contacts_query(scope, query) if named else None
    if contacts is not None:
        sql, params = contacts.query.sql_with_params()
        add("named", [_Statement(sql, list(params))])
    if "lexical" in legs:
        add("weights", _weights_statements(scope, query))
    words: list[str] = []
    if "trigram" in legs:
        words, typo = _unknown_statements(scope, query.text)
        add("unknown", typo)
    if "vector" in legs:
        add("vector", _vector_statements(scope, query))
    results = _batch(statements) if statements else []

    def rows(name: str) -> list[tuple[Any, ...]] | None:
        return results[slots[name]] if name in slots else None

    found_named = rows("named") or []
    return _Prefetched(
        named=[(pk, source, key) for pk, source, key in found_named],
        weights=_weights(rows("weights") or []),
        unknown=_unknown(words, rows("unknown")) if "trigram" in legs else None,
        vector=rows("vector") if "vector" in legs else None,
    )


def rank(
    *,
    scope: Scope,
    question: str,
    today: datetime.date,
    legs: Sequence[Leg] = LEGS,
    embedding: Sequence[float] | None = None,
) -> Ranking:
    """Run the legs in one transaction and build the one global ranking; ids and scores only.

    Exact identifiers lead; the rest is the learned fusion of the legs (search.fusion), which
    also weighs the kind the words ask for, the records of a contact the question names and,
    for a contact asked for by its trade, the contacts of the best items. A single leg is its
    own ranking. ``embedding``: the question's, when the caller has already computed it.
    """
    query = parse_query(question, today=today)
    if embedding is not None:
        query = replace(query, embedding=tuple(embedding))
    scope = narrowed(scope, query)
    fused_legs = [leg for leg in FUSED_LEGS if leg in legs]
    with transaction.atomic():
        # Read once, with the legs' other first statements: the exact leg and the fusion
        # both need the contacts the question names.
        first = _prefetch(scope, query, legs, named="exact" in legs or len(fused_legs) > 1)
        named = first.named
        results: dict[Leg, list[tuple[int, float]]] = {leg: [] for leg in LEGS}
        if "exact" in legs:
            results["exact"] = exact_leg(scope=scope, query=query, named=named)
        if "lexical" in legs:
            results["lexical"] = lexical_leg(scope=scope, query=query, weights=first.weights)
        if "trigram" in legs:
            results["trigram"] = trigram_leg(scope=scope, query=query, unknown=first.unknown)
        if "vector" in legs:
            results["vector"] = vector_leg(scope=scope, query=query, found=first.vector or [])
        candidates: list[Candidate] = []
        if len(fused_legs) > 1:
            candidates = _fuse(scope=scope, query=query, results=results, named=named)
            fused = [(c.document_id, score(c.features)) for c in candidates]
        else:
            fused = results[fused_legs[0]] if fused_legs else []
    exact_ids = {pk for pk, _ in results["exact"]}
    rest = [(pk, value) for pk, value in fused if pk not in exact_ids]
    return Ranking(query=query, legs=results, ranked=results["exact"] + rest, candidates=candidates)
