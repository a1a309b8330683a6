"""Two kinds of question met on the test half of set F after round 7, written anew here: a
draft ordered as "borrador pa X: …" with a quantity times its price ("2 x 65"), and a filing
deadline asked as "¿hasta qué día…?"."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from assistant.intents import decide
from assistant.slots import Amount, find_amount
from assistant.tax_answers import DEADLINE
from sumalos.invoicing.models import Contact, Invoice
from tests.assistant.support import offline_answer
from tests.world import World

TODAY = datetime.date(2026, 11, 29)


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("borrador pa la peluqueria angela: cambio de grifo monomando 2 x 65", "draft_invoice"),
        ("borrador para talleres garcia, 3x40 € de revision", "draft_invoice"),
        ("factura pa el hostal miramar, desatasco 1 x 120", "draft_invoice"),
        # A question about a draft, with no price, is not an order.
        ("borrador para talleres garcia, lo tenemos?", "lookup_invoice"),
    ],
)
def test_draft_orders_said_as_a_draft_for_someone(question, intent):
    assert decide(question, numbered=False, dated=False) == intent


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("cambio de grifo monomando 2 x 65", Amount(Decimal("65"), Decimal("2"))),
        ("3x40 € de revision", Amount(Decimal("40"), Decimal("3"))),
        ("4 × 12,50 de codos", Amount(Decimal("12.50"), Decimal("4"))),
        # A size is no quantity times a price.
        ("tubo de 2 x 1,5 metros por 30 €", Amount(Decimal("30"), Decimal("1"))),
    ],
)
def test_a_quantity_times_its_price(text, amount):
    assert find_amount(text, lone=True) == amount


@pytest.mark.parametrize(
    ("question", "deadline"),
    [
        ("el 303 del primer trimestre hasta q dia", True),
        ("hasta que dia tengo pa presentar el 130", True),
        ("cual es el ultimo dia del 303 del 2t", True),
        ("que iva lleva una reforma de baño", False),
    ],
)
def test_a_deadline_asked_by_its_day(question, deadline):
    assert bool(DEADLINE.search(question)) is deadline


def test_a_draft_for_someone_with_a_quantity_times_its_price(world_tx: World):
    contact = Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Peluquería Ángela S.L."
    )

    reply = offline_answer(
        world_tx,
        world_tx.owner,
        "borrador pa la peluqueria angela: cambio de grifo monomando 2 x 65",
        today=TODAY,
    )

    line = Invoice.objects.get(contact=contact, status="draft").lines.get()
    assert (line.description, line.quantity, line.unit_price) == (
        "Cambio de grifo monomando",
        Decimal("2.00"),
        Decimal("65.00"),
    )
    assert "base 130,00 €" in reply
