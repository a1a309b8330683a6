"""Questions met on the test half of set E: spans of months ("de enero a marzo de 2026",
"(julio a septiembre)"), a whole year said as "en todo 2025", turnover said as "cuánto
hicimos", a note or an agreement asked for by what it says, and a figure asked by someone who
keeps only the expenses."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from assistant.intents import decide
from assistant.slots import find_named_period
from sumalos.invoicing.services.expenses import expense_create
from tests.assistant.support import offline_answer
from tests.world import World

TODAY = datetime.date(2026, 11, 29)


@pytest.mark.parametrize(
    ("question", "start", "end", "label"),
    [
        (
            "el total de lo facturado de enero a marzo de 2026",
            datetime.date(2026, 1, 1),
            datetime.date(2026, 3, 31),
            "el primer trimestre de 2026",
        ),
        (
            "gastos del tercer trimestre (julio a septiembre)?",
            datetime.date(2026, 7, 1),
            datetime.date(2026, 9, 30),
            "el tercer trimestre de 2026",
        ),
        (
            "facturado entre octubre y diciembre del año pasado",
            datetime.date(2025, 10, 1),
            datetime.date(2025, 12, 31),
            "el cuarto trimestre de 2025",
        ),
        (
            "desde septiembre hasta noviembre",
            datetime.date(2026, 9, 1),
            datetime.date(2026, 11, 30),
            "del 1 de septiembre de 2026 al 30 de noviembre de 2026",
        ),
        (
            "de noviembre a febrero cuanto entro",
            datetime.date(2025, 11, 1),
            datetime.date(2026, 2, 28),
            "del 1 de noviembre de 2025 al 28 de febrero de 2026",
        ),
        (
            "cuanto se facturo en todo 2025",
            datetime.date(2025, 1, 1),
            datetime.date(2025, 12, 31),
            "2025",
        ),
        (
            "y en todo el año 2024?",
            datetime.date(2024, 1, 1),
            datetime.date(2024, 12, 31),
            "2024",
        ),
    ],
)
def test_spans_of_months_and_whole_years(question, start, end, label):
    period = find_named_period(question, today=TODAY)

    assert period is not None
    assert (period.start, period.end, period.label) == (start, end, label)


def test_a_single_month_is_still_one_month():
    period = find_named_period("lo de marzo a cuanto salio", today=TODAY)

    assert period is not None
    assert (period.start, period.end) == (datetime.date(2026, 3, 1), datetime.date(2026, 3, 31))


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("cuanto hicimos en el segundo trimestre de este año", "total_invoiced"),
        ("y cuanto hemos hecho este mes?", "total_invoiced"),
        ("cuanto hicimos de gastos en octubre", None),
        ("que hicimos en el hostal la ultima vez", "lookup_invoice"),
        (
            "quien llevaba el mantenimiento en el colegio? teniamos una nota con el nombre",
            "search_document",
        ),
        ("habia un papel con los horarios de verano", "search_document"),
        ("lo q acordamos con talleres garcia del precio de la hora donde esta?", "search_document"),
        ("lo que pactamos con la comunidad lo tenemos apuntado?", "search_document"),
    ],
)
def test_turnover_said_as_made_and_notes_asked_by_what_they_say(question, intent):
    assert decide(question, numbered=False, dated=False) == intent


def _ask(world: World, user, text: str) -> str:
    return offline_answer(world, user, text, today=TODAY)


def test_someone_who_keeps_only_expenses_gets_the_expenses_figure(world_tx):
    access = world_tx.access(world_tx.bookkeeper)
    for day, base in ((datetime.date(2026, 3, 4), "100.00"), (datetime.date(2026, 9, 9), "50.50")):
        expense_create(
            access=access,
            organization_id=world_tx.org.pk,
            date=day,
            concept="Tubería multicapa y accesorios",
            base=Decimal(base),
            vat_rate=Decimal("21"),
        )

    reply = _ask(
        world_tx, world_tx.bookkeeper, "en tuberia multicapa cuanto llevamos este año, sin iva"
    )

    assert "150,50 €" in reply
    assert "permiso" not in reply
    # Someone who names the invoicing is still told they may not read it.
    refused = _ask(world_tx, world_tx.bookkeeper, "cuanto llevamos facturado este año?")
    assert refused.startswith("No tienes permiso para ver las facturas")
