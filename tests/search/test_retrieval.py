"""One global ranking: exact identifiers first, typos, relative dates, scoped legs (DESIGN §7)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from channels_app.models import AiMessage
from search.agents import scope_for
from search.models import SearchDocument
from search.retrieval import parse_query, rank, vector_leg
from search.services import outbox_drain
from tests.search.conftest import TODAY

pytestmark = pytest.mark.django_db(transaction=True)


def _ranked(access, question, legs=None):
    kwargs = {"legs": legs} if legs else {}
    ranking = rank(scope=scope_for(access), question=question, today=TODAY, **kwargs)
    documents = SearchDocument.objects.in_bulk([pk for pk, _ in ranking.ranked])
    return [(documents[pk].kind, documents[pk].source_id) for pk, _ in ranking.ranked]


def test_identifiers_are_read_out_of_the_question():
    query = parse_query("la factura f2026-62 del NIF b-04464665", today=TODAY)

    assert (query.identifiers, query.text) == (["F20260062", "B04464665"], "")


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


def test_a_lexeme_is_matched_as_the_stem_it_is(records, world_tx):
    # "caldera" stems to "calder"; stemmed again it would be "cald" and match nothing.
    ranked = _ranked(world_tx.access(world_tx.owner), "caldera", legs=("lexical",))

    assert ranked == [("invoice", records.boiler_invoice.pk)]


def test_with_a_period_an_undated_item_is_marked_and_a_dated_one_is_not(records, world_tx):
    scope = scope_for(world_tx.access(world_tx.owner))
    ids = {
        (document.kind, document.source_id): document.pk
        for document in SearchDocument.objects.all()
    }
    visit = ids[("document", records.visit_notes.pk)]
    boiler = ids[("invoice", records.boiler_invoice.pk)]

    in_october = rank(scope=scope, question="revisión de termos y caldera en octubre", today=TODAY)
    no_period = rank(scope=scope, question="revisión de termos y caldera", today=TODAY)

    marked = {c.document_id: c.features.get("undated") for c in in_october.candidates}
    assert (marked[visit], marked[boiler]) == (1.0, 0.0)
    assert {c.document_id: c.features.get("undated") for c in no_period.candidates}[visit] == 0.0


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


def test_a_vector_leg_without_tenant_indexes_leaves_the_scan_settings_alone(records, world_tx):
    # Small tenants are compared exactly: no HNSW scan, so nothing to set (the per-tenant
    # index case, set locally and gone after the transaction, is in test_tenant_indexes.py).
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

    assert (inside, after) == ("off", "off")


def test_a_contact_named_with_other_words_anchors_its_records_not_itself(records, world_tx):
    access = world_tx.access(world_tx.owner)
    ranking = rank(
        scope=scope_for(access),
        question="la caldera que le cambiamos a Talleres García",
        today=TODAY,
    )
    ranked = _ranked(access, "la caldera que le cambiamos a Talleres García")

    assert ranking.legs["exact"] == []
    assert ranked[0] == ("invoice", records.boiler_invoice.pk)
    assert ranked.index(("contact", records.talleres.pk)) > 2


def test_a_contact_named_alone_or_with_its_data_is_the_answer(records, world_tx):
    access = world_tx.access(world_tx.owner)

    assert _ranked(access, "Talleres García")[0] == ("contact", records.talleres.pk)
    assert _ranked(access, "el teléfono de Talleres García")[0] == ("contact", records.talleres.pk)


def test_a_trade_word_finds_the_supplier_of_the_best_items(records, world_tx):
    ranked = _ranked(world_tx.access(world_tx.owner), "el proveedor de teflón")

    assert ranked[0] == ("contact", records.ruiz.pk)


def test_the_kind_the_words_ask_for_comes_first(records, world_tx):
    access = world_tx.access(world_tx.owner)

    assert _ranked(access, "presupuesto de Talleres García")[0] == ("quote", records.quote.pk)
    assert _ranked(access, "notas de Talleres García")[0] == ("document", records.visit_notes.pk)


def test_past_messages_rank_only_for_questions_about_a_conversation(records, world_tx):
    message = AiMessage.objects.create(
        conversation_id="web:1",
        channel="web",
        external_id="web:1:1",
        visibility="private_in_org",
        organization=world_tx.org,
        owner_user=world_tx.owner,
        area="general",
        role="assistant",
        text="El plato de ducha de Talleres García lleva mampara de cristal templado.",
    )
    outbox_drain()
    access = world_tx.access(world_tx.owner)
    document = SearchDocument.objects.get(kind="message", source_id=message.pk)

    plain = rank(scope=scope_for(access), question="mampara de cristal templado", today=TODAY)
    asked = rank(
        scope=scope_for(access), question="lo que hablamos de la mampara de cristal", today=TODAY
    )

    assert document.pk not in {pk for leg in plain.legs.values() for pk, _ in leg}
    assert asked.ranked[0][0] == document.pk
