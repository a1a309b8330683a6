"""The index follows its sources through the outbox triggers (search/services.py, DESIGN §7)."""

from __future__ import annotations

import pytest
from django.db import connection

from channels_app.models import AiMessage, WebChat
from channels_app.services.chats import web_chat_append, web_chat_create
from search.models import EntityEdge, OutboxRow, SearchChunk, SearchDocument
from search.services import outbox_drain, source_index, split_sections
from sumalos.invoicing import services
from sumalos.invoicing.models import Expense, UploadedDocument
from tests.search.conftest import TALLERES_IBAN, TALLERES_NIF

pytestmark = pytest.mark.django_db(transaction=True)


def _document(kind, source_id):
    return SearchDocument.objects.get(kind=kind, source_id=source_id)


def test_a_contact_is_indexed_as_a_shared_row_of_the_contacts_area(records, world_tx):
    document = _document("contact", records.talleres.pk)

    assert (
        document.visibility,
        document.organization_id,
        document.area,
        document.owner_user_id,
        document.key,
        document.tax_id,
        document.link,
    ) == (
        "shared",
        world_tx.org.pk,
        "contacts",
        None,
        "Talleres García S.L.",
        TALLERES_NIF,
        f"/contactos/{records.talleres.pk}/",
    )
    assert [c.content for c in document.chunks.all()] == [
        f"Cliente: Talleres García S.L.. NIF {TALLERES_NIF}. Paterna. paga a 30 días. "
        "Pagan a 30 días por transferencia.."
    ]


def test_a_hidden_field_never_enters_the_index(records):
    texts = list(SearchChunk.objects.values_list("content", flat=True))
    titles = list(SearchDocument.objects.values_list("summary", flat=True))

    assert [t for t in texts + titles if TALLERES_IBAN in t or "640" in t] == []


def test_edges_are_asserted_at_ingest(records):
    edges = set(
        EntityEdge.objects.filter(target_id=records.talleres.pk).values_list(
            "source__kind", "source__source_id", "relation"
        )
    )

    assert edges == {
        ("invoice", records.boiler_invoice.pk, "for_contact"),
        ("invoice", records.tap_invoice.pk, "for_contact"),
        ("quote", records.quote.pk, "for_contact"),
        ("document", records.visit_notes.pk, "about"),
    }
    assert list(
        EntityEdge.objects.filter(target_id=records.ruiz.pk).values_list("relation", flat=True)
    ) == ["from_supplier"]


def test_an_update_reaches_the_index_in_one_drain(records, world_tx):
    services.contact_update(
        access=world_tx.access(world_tx.owner), contact=records.talleres, name="Talleres Gómez"
    )
    pending = list(OutboxRow.objects.values_list("table_name", "row_id"))

    drained = outbox_drain()

    assert pending == [("contacts", records.talleres.pk)]
    assert drained == 1
    assert _document("contact", records.talleres.pk).key == "Talleres Gómez"
    assert OutboxRow.objects.count() == 0


def test_a_changed_area_is_rechecked_on_the_document_its_chunks_and_edges(records):
    UploadedDocument.objects.filter(pk=records.visit_notes.pk).update(area="expenses")

    outbox_drain()

    document = _document("document", records.visit_notes.pk)
    assert document.area == "expenses"
    assert set(document.chunks.values_list("area", flat=True)) == {"expenses"}
    assert set(document.edges_out.values_list("area", flat=True)) == {"expenses"}


def test_a_deleted_record_leaves_the_index_in_one_drain(records):
    Expense.objects.filter(pk=records.expense.pk).delete()

    outbox_drain()

    assert not SearchDocument.objects.filter(kind="expense", source_id=records.expense.pk).exists()
    assert not EntityEdge.objects.filter(relation="from_supplier").exists()


def test_a_line_change_reindexes_its_invoice(records):
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE invoice_lines SET description = 'Cambio de caldera de condensación'"
            " WHERE invoice_id = %s",
            [records.boiler_invoice.pk],
        )

    outbox_drain()

    chunk = _document("invoice", records.boiler_invoice.pk).chunks.get()
    assert "Conceptos: Cambio de caldera de condensación." in chunk.content


def test_an_unchanged_row_is_not_rebuilt(records):
    before = _document("contact", records.talleres.pk).chunks.get().pk

    source_index(table="contacts", row_id=records.talleres.pk)

    assert _document("contact", records.talleres.pk).chunks.get().pk == before


def test_a_message_is_a_private_row_of_its_person_and_mentions_contacts(records, world_tx):
    message = AiMessage.objects.create(
        conversation_id="web:1",
        channel="web",
        external_id="web:1:1",
        visibility="private_in_org",
        organization=world_tx.org,
        owner_user=world_tx.reader,
        area="general",
        role="user",
        text="Mañana vuelvo a Talleres García a mirar los termos.",
    )

    document = source_index(table="ai_messages", row_id=message.pk)

    assert document is not None
    assert (document.visibility, document.owner_user_id, document.organization_id) == (
        "private_in_org",
        world_tx.reader.pk,
        world_tx.org.pk,
    )
    assert list(document.edges_out.values_list("relation", "target_id")) == [
        ("mentions", records.talleres.pk)
    ]

    message_id = message.pk
    message.delete()
    assert source_index(table="ai_messages", row_id=message_id) is None

    assert not SearchDocument.objects.filter(kind="message", source_id=message_id).exists()


@pytest.mark.django_db
def test_web_messages_reach_the_index_and_leave_it_within_one_drain(world):
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(access=access, chat_id=chat.pk, role="user", text="La caldera de Miramar")
    message = AiMessage.objects.get(conversation_id=chat.conversation_id)

    outbox_drain()

    document = SearchDocument.objects.get(kind="message", source_id=message.pk)
    assert (document.visibility, document.owner_user_id) == (message.visibility, world.owner.pk)

    WebChat.objects.filter(pk=chat.pk).delete()
    outbox_drain()

    assert not SearchDocument.objects.filter(kind="message", source_id=message.pk).exists()


def test_chunks_keep_the_heading_of_their_section():
    text = (
        "Condiciones del taller.\n## Precios\nHora de oficial: 38 €.\n"
        "RECARGOS\nDomingos y festivos, 50 %.\nFIN"
    )

    assert split_sections(text) == [
        ("", "Condiciones del taller."),
        ("Precios", "Hora de oficial: 38 €."),
        ("RECARGOS", "Domingos y festivos, 50 %."),
        ("", "FIN"),
    ]
    assert split_sections("Gasto (factura recibida): teflón, 3 de marzo.") == [
        ("", "Gasto (factura recibida): teflón, 3 de marzo.")
    ]


def test_a_chunk_is_searched_with_its_title_and_section(world_tx):
    document = services.document_upload(
        access=world_tx.access(world_tx.owner),
        organization_id=world_tx.org.pk,
        title="Manual del taller",
        area="general",
        text="Horario:\nDe 8 a 15.\n\nUrgencias:\nRecargo del 50 % en domingo.",
    )
    outbox_drain()

    rows = list(
        SearchChunk.objects.filter(document__kind="document", document__source_id=document.pk)
        .order_by("position")
        .values_list("search_text", "content")
    )
    assert rows == [
        ("manual del taller · horario de 8 a 15.", "De 8 a 15."),
        (
            "manual del taller · urgencias recargo del 50 % en domingo.",
            "Recargo del 50 % en domingo.",
        ),
    ]
