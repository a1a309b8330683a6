"""Families of questions met on the dev half of set F: draft orders said as "crea un borrador
para X" or as a quantity at a bare price ("3 horas … a 38"), what the business itself charges
and a matter kept somewhere ("¿dónde teníamos lo de la ITV?"), market prices Suma does not keep,
"lo q va de año", two figures asked at once, several drafts with what they add up to, a
supplier's condition read by whoever may not read its card, and rule figures worked out for
the question (a start year, a work van, a past rate asked with "q")."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from assistant.intents import decide
from assistant.slots import find_named_period
from assistant.tax_answers import _reduced_years, written_out
from sumalos.invoicing.models import Contact, Invoice
from sumalos.invoicing.services import LineInput, invoice_draft_create, invoice_issue
from tests.assistant.support import offline_answer
from tests.world import World

TODAY = datetime.date(2026, 11, 29)


def _ask(world: World, user, text: str) -> str:
    return offline_answer(world, user, text, today=TODAY)


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        # Draft orders: a draft named on its own, a quantity at a bare price.
        ("crea un borrador para talleres garcia, revision de caldera 90 €", "draft_invoice"),
        ("creame un borrador a la albufera por 200", "draft_invoice"),
        ("factura para el hostal miramar, 2 horas de desatasco a 40", "draft_invoice"),
        ("factura a talleres garcia 4 horas de oficial a 38,50", "draft_invoice"),
        ("tenemos algun borrador para talleres garcia", "lookup_invoice"),
        ("crea un borrador de como hacer una rectificativa", "tax_question"),
        # What the business itself charges: its price list and protocols.
        ("que recargo cobramos por una urgencia en domingo", "search_document"),
        ("a cuanto tenemos la hora de ayudante", "search_document"),
        ("cuanto cobramos por el desplazamiento en valencia", "search_document"),
        ("que recargo de equivalencia cobramos a una tienda", None),
        ("cuanto cobramos en octubre", None),
        # A matter kept somewhere.
        ("donde teniamos lo de la ITV de la furgo", "search_document"),
        ("donde tenemos lo del seguro de la nave", "search_document"),
        # Cancelling an issued invoice asks for the rule (a rectifying invoice).
        ("como anulo una factura mal hecha", "tax_question"),
        ("anulamos esa factura y hacemos otra?", "tax_question"),
        # Market prices: not kept.
        ("cual es el precio del cobre esta semana", "unknown"),
        ("a como esta el gasoil hoy", "unknown"),
        ("cuanto nos cuesta el gasoil este mes", "expense_total"),
        ("el precio de la hora de oficial", None),
        ("a cuanto esta el iva general hoy", None),
        ("como esta la factura de talleres garcia hoy", None),
    ],
)
def test_word_rules_of_round_7(question, intent):
    decided = decide(question, numbered=False, dated=False)

    # None leaves the question to the model; where the rule must not fire that is the point.
    assert decided == intent


def test_the_year_so_far_said_with_q():
    for question in (
        "gastos en herramienta en lo q va de año",
        "facturado en lo k llevamos de año",
    ):
        period = find_named_period(question, today=TODAY)

        assert period is not None
        assert period.range == (datetime.date(2026, 1, 1), TODAY)


def test_whatsapp_short_forms_are_written_out_for_tax_questions():
    assert written_out("la furgo q uso pa las obras, xq deduzco") == (
        "la furgoneta que uso para las obras, porque deduzco"
    )
    # Inside a word nothing changes.
    assert written_out("paquete de quesos") == "paquete de quesos"


def test_the_years_of_the_reduced_withholding_are_worked_out_from_the_start_year():
    assert _reduced_years(2025) == (
        "Si empezaste en 2025, puedes aplicar el 7 % en 2025, 2026 y 2027 (el año de inicio y "
        "los dos siguientes), hasta el 31 de diciembre de 2027."
    )


@pytest.fixture
def garcia(world_tx: World) -> Contact:
    return Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Talleres García S.L."
    )


def _draft(world: World, contact: Contact, day: datetime.date, price: str) -> Invoice:
    return invoice_draft_create(
        access=world.access(world.owner),
        contact=contact,
        issue_date=day,
        lines=[LineInput("Revisión de caldera", Decimal(1), Decimal(price))],
    )


def test_several_drafts_asked_about_say_what_they_add_up_to(world_tx, garcia):
    first = _draft(world_tx, garcia, datetime.date(2026, 11, 10), "100.00")
    second = _draft(world_tx, garcia, datetime.date(2026, 10, 10), "50.00")

    text = _ask(world_tx, world_tx.owner, "tenemos algun borrador para talleres garcia? de cuanto")

    assert text == (
        "Hay 2 borradores de factura para Talleres García S.L., todavía sin emitir, que suman "
        "181,50 € en total:\n"
        f"- [borrador del 10 de noviembre de 2026](/facturas/{first.pk}/), Talleres García S.L.: "
        "121,00 € (base 100,00 €)\n"
        f"- [borrador del 10 de octubre de 2026](/facturas/{second.pk}/), Talleres García S.L.: "
        "60,50 € (base 50,00 €)"
    )


def test_invoiced_and_withheld_asked_together_are_both_said(world_tx, garcia):
    invoice_issue(
        access=world_tx.access(world_tx.owner),
        invoice=_draft(world_tx, garcia, datetime.date(2026, 11, 2), "50.00"),
    )

    text = _ask(
        world_tx, world_tx.owner, "cuanto he facturado en noviembre y cuanto me han retenido"
    )

    assert text.startswith(
        "Facturado en noviembre de 2026: 60,50 € (IVA incluido: base imponible 50,00 €, IVA "
        "repercutido 10,50 €).\nRetenciones de IRPF practicadas en tus facturas en noviembre de "
        "2026: 0,00 € (sobre una base imponible de 50,00 €; 1 factura emitida)."
    )


def test_only_withheld_asked_says_no_invoiced_total(world_tx, garcia):
    invoice_issue(
        access=world_tx.access(world_tx.owner),
        invoice=_draft(world_tx, garcia, datetime.date(2026, 11, 2), "50.00"),
    )

    text = _ask(world_tx, world_tx.owner, "cuanto me han retenido en noviembre")

    assert text.startswith("Retenciones de IRPF practicadas en tus facturas en noviembre de 2026")
    assert "Facturado" not in text


def test_a_draft_order_with_a_quantity_at_a_bare_price(world_tx, garcia):
    text = _ask(
        world_tx, world_tx.owner, "factura para talleres garcia, 3 horas de mano de obra a 38"
    )

    draft = Invoice.objects.get(contact=garcia, status="draft")
    line = draft.lines.get()
    assert (line.description, line.quantity, line.unit_price) == (
        "Mano de obra",
        Decimal("3.00"),
        Decimal("38.00"),
    )
    assert "Talleres García S.L." in text
