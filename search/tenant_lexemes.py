"""Per-tenant lexeme counts: which words a large organization's readers see everywhere.

The lexical leg weighs each lexeme by its rarity among the chunks the scope may see, counted
up to ``IDF_CAP`` (``search.retrieval``). In a large organization a common word reaches the
cap in every query, and counting it cost up to ``IDF_CAP`` heap rows per word and tenant. This
table (``TenantLexeme``) holds, for each organization with its own text index, how many
*shared* chunks of each area and kind hold each lexeme (from ``STORED_FROM`` up). The leg sums
the counts of the areas and kinds the caller may read there (general and the readable ones,
the role's kinds): those rows are visible to the caller, so the sum is a lower bound of what a
live count would find and tells nothing about rows the caller may not see. Where it reaches
``SATURATED`` the word's weight is the floor and no row is read; otherwise the leg counts live
as before (decision 0030).

Refreshed by the hourly maintenance task after the tenant indexes. A count may be an hour old:
a word counts as saturated while the tenant held ``SATURATED`` visible chunks with it at the
last refresh, twice the cap, so it stays exact unless more than half of them went since.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction

from sumalos.platform.tenant_indexes import tenant_indexes

# Counts below this are not stored: a word that rare is counted live, cheaply.
STORED_FROM = 100
# The lexical leg's cap (search.retrieval.IDF_CAP) times two.
SATURATED = 2_000
HASH = "hashtextextended({}, 0)"


def refresh_tenant_lexemes(organization_ids: Iterable[int] | None = None) -> list[int]:
    """Count again the lexemes of organizations with a valid text index; forget the others.

    ``organization_ids``: only these (when they have an index). Returns the organizations
    counted. One transaction per organization: readers see its old or its new counts.
    """
    indexed = sorted(org for org, valid in tenant_indexes("search_chunks_text").items() if valid)
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM search_tenant_lexemes WHERE NOT (organization_id = ANY(%s))", [indexed]
        )
    wanted = indexed if organization_ids is None else sorted(set(indexed) & set(organization_ids))
    for org in wanted:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("DELETE FROM search_tenant_lexemes WHERE organization_id = %s", [org])
            cursor.execute(
                "INSERT INTO search_tenant_lexemes "
                "(organization_id, area, kind, lexeme_hash, chunks) "
                f"SELECT organization_id, area, kind, {HASH.format('lexeme')}, count(*) "
                "FROM search_chunks, unnest(tsvector_to_array(search_vector)) AS lexeme "
                "WHERE organization_id = %s AND visibility = 'shared' "
                "GROUP BY organization_id, area, kind, lexeme HAVING count(*) >= %s",
                [org, STORED_FROM],
            )
    return wanted
