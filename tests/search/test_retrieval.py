"""One global ranking: exact identifiers first, typos, relative dates, scoped legs (DESIGN §7)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from search.agents import scope_for
from search.models import SearchDocument
from search.retrieval import parse_query, rank, vector_leg
from tests.search.conftest import TODAY

pytestmark = pytest.mark.django_db(transaction=True)


def _ranked(access, question, legs=None):
    kwargs = {"legs": legs} if legs else {}
    ranking = rank(scope=scope_for(access), question=question, today=TODAY, **kwargs)
    documents = SearchDocument.objects.in_bulk([pk for pk, _ in ranking.ranked])
    return [(documents[pk].kind, documents[pk].source_id) for pk, _ in ranking.ranked]


def test_identifiers_are_read_out_of_the_question():
    query = parse_query("la factura f2026-62 del NIF b-04464665", today=TODAY)

    assert (query.identifiers, query.text) == (["F20260062", "B04464665"], "la del")


def test_a_tax_id_puts_its_contact_first(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.owner), "b26361758")

    assert ranked[0] == ("contact", records.talleres.pk)


def test_an_invoice_number_puts_its_invoice_first(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.owner), "la factura F2026-2")

    assert ranked[0] == ("invoice", records.tap_invoice.pk)


def test_a_misspelt_name_finds_the_contact_and_never_another_organizations(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.owner), "Talleres Garsia")

    assert ranked[0] == ("contact", records.talleres.pk)
    assert ("contact", records.other_contact.pk) not in ranked


def test_the_trigram_leg_alone_finds_the_typo(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.owner), "Garsia", legs=("trigram",))

    # The contact's name first, then what names it; never the other organization's contact.
    assert ranked == [
        ("contact", records.talleres.pk),
        ("invoice", records.boiler_invoice.pk),
        ("invoice", records.tap_invoice.pk),
        ("quote", records.quote.pk),
        ("document", records.visit_notes.pk),
    ]


def test_a_relative_date_filters_dated_items(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.owner), "la factura de la caldera del mes pasado")

    assert ranked[0] == ("invoice", records.boiler_invoice.pk)
    assert ("invoice", records.tap_invoice.pk) not in ranked


def test_a_question_naming_a_contact_brings_its_items_first(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.owner), "factura de Talleres García en septiembre")

    assert ranked[0] == ("invoice", records.tap_invoice.pk)


def test_the_legs_never_return_an_area_the_person_may_not_read(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.reader), "tornillería silicona teflón ferretería")
    areas = {
        SearchDocument.objects.get(kind=kind, source_id=source_id).area
        for kind, source_id in ranked
    }

    assert ranked[0] == ("contact", records.ruiz.pk)
    assert areas == {"contacts", "invoices"}
    assert ("expense", records.expense.pk) not in ranked
    assert ("document", records.expense_note.pk) not in ranked


def test_the_vector_leg_sets_iterative_scans_in_its_own_transaction(records, world_tx):
    scope = scope_for(world_tx.access(world_tx.owner))
    query = parse_query("cambio de caldera", today=TODAY)

    with transaction.atomic():
        vector_leg(scope=scope, query=query)
        with connection.cursor() as cursor:
            cursor.execute("SHOW hnsw.iterative_scan")
            inside = cursor.fetchone()[0]
    with connection.cursor() as cursor:
        cursor.execute("SHOW hnsw.iterative_scan")
        after = cursor.fetchone()[0]

    assert (inside, after) == ("relaxed_order", "off")
