"""Offline turns through the real tools: drafting with the remembered payment term, figures,
tax facts, and a prompt prefix that stays byte-identical while memory does not change."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from assistant.formatting import long_date
from assistant.prompt import PromptParts, stable_prefix
from assistant.services import assistant_reply
from memory.prompt import memory_prompt_blocks
from memory.services import memory_write
from sumalos.ai.models import AiUsage
from sumalos.invoicing.models import Contact, Invoice

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def garcia(world_tx):
    return Contact.objects.create(
        organization=world_tx.org,
        kind="customer",
        name="Talleres García S.L.",
        payment_terms_days=30,
    )


def _remember_60_days(world, contact):
    return memory_write(
        access=world.access(world.owner),
        category="cliente",
        subject=f"contacto:{contact.pk}",
        attribute="plazo_pago",
        value="60 días",
        text="Talleres García paga a 60 días.",
        organization_id=world.org.pk,
    )


def _turn(world, user, message):
    return assistant_reply(
        access=world.access(user), conversation_id="web:1", message=message, history=[], turn=1
    )


def test_a_draft_falls_due_on_the_remembered_term(world_tx, garcia):
    _remember_60_days(world_tx, garcia)

    turn = _turn(
        world_tx, world_tx.owner, "factura a Talleres Garsia el cambio de frenos, 240 euros"
    )

    invoice = Invoice.objects.get()
    assert invoice.status == "draft"
    assert invoice.contact == garcia
    assert invoice.due_date - invoice.issue_date == datetime.timedelta(days=60)
    assert (invoice.subtotal, invoice.vat_total, invoice.total) == (
        Decimal("240.00"),
        Decimal("50.40"),
        Decimal("290.40"),
    )
    assert [line.description for line in invoice.lines.all()] == ["Cambio de frenos"]
    assert turn.drafts[0]["plazo_dias"] == 60
    assert turn.drafts[0]["plazo_fuente"] == "memoria: «Talleres García paga a 60 días.»"
    assert f"Vence el {long_date(invoice.due_date)} (60 días;" in turn.reply.text
    assert turn.reply.text.startswith(
        "He preparado el borrador de la factura para Talleres García S.L.: "
        "base 240,00 €, IVA 50,40 €, total 290,40 €."
    )


def test_without_a_memory_the_contact_field_decides(world_tx, garcia):
    turn = _turn(world_tx, world_tx.owner, "factura a Talleres García la revisión anual, 90 euros")

    invoice = Invoice.objects.get()
    assert invoice.due_date - invoice.issue_date == datetime.timedelta(days=30)
    assert turn.drafts[0]["plazo_fuente"] == "ficha del contacto"


def test_a_member_without_the_invoices_area_gets_a_refusal_and_no_draft(world_tx, garcia):
    turn = _turn(
        world_tx, world_tx.reader, "factura a Talleres García el cambio de frenos, 240 euros"
    )

    assert Invoice.objects.count() == 0
    assert turn.drafts == []
    assert turn.reply.text.startswith("No he podido preparar el borrador: ")


def test_a_person_who_cannot_read_contacts_does_not_find_the_customer(world_tx, garcia):
    turn = _turn(world_tx, world_tx.bookkeeper, "¿qué me debe Talleres García?")

    assert turn.reply.text == "No tienes permiso para ver las facturas de esta organización."


def test_tax_questions_quote_the_fact_in_force(world_tx):
    from django.core.management import call_command

    call_command("load_knowledge", verbosity=0)

    turn = _turn(world_tx, world_tx.owner, "¿cuál es el tipo general de IVA?")

    assert turn.reply.tool_calls[0].name == "saber"
    assert turn.reply.text.splitlines()[0] == (
        "IVA, tipo general: 21 % (vigente desde el 1 de septiembre de 2012)."
    )
    assert "iva.tipo" not in turn.reply.text


def test_trivial_turns_skip_retrieval_and_record_no_model_cost(world_tx):
    turn = _turn(world_tx, world_tx.owner, "gracias")

    assert turn.reply.text == "¡De nada! Aquí estoy para lo que necesites."
    assert turn.reply.tool_calls == []
    assert turn.profile_ids == ()
    assert AiUsage.objects.count() == 0


def test_the_cached_prefix_is_byte_identical_while_memory_is_unchanged(world_tx, garcia):
    _remember_60_days(world_tx, garcia)
    access = world_tx.access(world_tx.owner)

    def prefix(message: str) -> str:
        blocks = memory_prompt_blocks(access=access, message=message)
        return stable_prefix(
            PromptParts(profile=blocks.profile, related=blocks.related, message=message)
        )

    first, second = prefix("hola"), prefix("factura a Talleres García")
    memory_write(
        access=access,
        category="empresa",
        text="Cerramos en agosto.",
        organization_id=world_tx.org.pk,
    )
    third = prefix("hola")

    assert first == second
    assert third != first


def test_a_statement_is_acknowledged_and_a_question_is_answered_from_memory(world_tx, garcia):
    statement = _turn(world_tx, world_tx.owner, "Talleres García ahora paga a 60 días, no a 30")
    _remember_60_days(world_tx, garcia)

    question = _turn(world_tx, world_tx.owner, "¿a cuántos días paga Talleres García?")

    assert statement.reply.text == (
        "Entendido. Si es algo que conviene recordar, lo aprenderé en unos segundos."
    )
    assert question.reply.text == (
        "Según su ficha, Talleres García S.L. paga a 30 días; según lo que recuerdo "
        "(«Talleres García paga a 60 días.»), a 60 días. Los borradores usan lo recordado; "
        "corrige la ficha o el recuerdo si uno está mal.\n"
        f"Fuente: [ficha del contacto](/contactos/{garcia.pk}/)"
    )


def test_the_memories_in_the_prompt_are_recorded_in_the_shown_to_ledger(world_tx, garcia):
    from search.models import ShownItem

    remembered = _remember_60_days(world_tx, garcia).memory

    assistant_reply(
        access=world_tx.access(world_tx.reader),
        conversation_id="web:7",
        message="¿a cuántos días paga Talleres García?",
        history=[],
        turn=3,
    )

    shown = ShownItem.objects.get(conversation_id="web:7")
    assert (shown.person_user_id, shown.turn, shown.via, shown.item_kind, shown.item_id) == (
        world_tx.reader.pk,
        3,
        "prompt",
        "memory",
        remembered.pk,
    )


def test_an_open_question_searches_everything_the_person_may_see(world_tx, garcia):
    from django.core.management import call_command

    call_command("reindex_all", verbosity=0)

    turn = _turn(world_tx, world_tx.owner, "¿qué sabemos de Talleres Garsia?")

    assert [call.name for call in turn.reply.tool_calls] == ["buscar"]
    lines = turn.reply.text.splitlines()
    assert lines[0] == "Esto es lo que he encontrado:"
    assert lines[1].startswith(f"- [Talleres García S.L.](/contactos/{garcia.pk}/)")
