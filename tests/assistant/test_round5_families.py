"""Families of questions met on assistant set D (dev half) and set C: drafts said without the
euro sign or without a price, what is owed from a period, earnings said as "sacar", documents
asked for as "dónde está", contact facts written in documents, tax rules asked for their
figure, a rate named by its number, and a concept nobody invoices."""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from typing import Any

import anthropic
import httpx2
import pytest
from django.core.management import call_command

from assistant.handlers import TOOLS
from assistant.intents import decide
from assistant.prompt import PromptParts
from assistant.providers import AnthropicProvider
from assistant.slots import find_amount
from assistant.tools import ToolContext
from sumalos.invoicing.models import Contact, Invoice
from sumalos.invoicing.services import LineInput, invoice_draft_create, invoice_issue
from tests.assistant.support import offline_turn
from tests.search.conftest import build_records
from tests.world import World

TODAY = datetime.date(2026, 11, 29)


def _ask(world: World, user, text: str):
    return offline_turn(world, user, text, today=TODAY)


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("hazme una factura a talleres garcia por 500 de mano de obra mas iva", "draft_invoice"),
        ("hazme una factura a ana beltran por la pintura del salon", "draft_invoice"),
        ("prepara un presupuesto para el hostal miramar", "draft_invoice"),
        ("hazme una factura rectificativa para talleres garcia", "tax_question"),
        ("cuanto sacamos en agosto del 2025", "total_invoiced"),
        ("q vence en diciembre? facturas emitidas sin cobrar", "due_date"),
        ("que facturas vencen este mes", "due_date"),
        ("que vendimos en octubre", "total_invoiced"),
        ("cuanto iva hemos sacado este trimestre", "tax_total"),
        ("donde esta el presupuesto de talleres garcia", "search_document"),
        ("donde estan las llaves del cuarto de contadores de las palmeras", "search_document"),
        ("donde esta la inmobiliaria mediterraneo", None),
        ("tenemos algo de la tarifa de ferreteria ruiz? q descuento nos hacen", "search_document"),
        ("la factura del gasoil de la furgo, que iva deberia llevar", "tax_question"),
        ("un señor me pide arreglar la cisterna de su piso, le aplico el 21?", "tax_question"),
        ("que es el tipo del 4 y a que se aplica", "tax_question"),
        ("me llega una factura con un 5,2 de mas, eso que es", "tax_question"),
        ("hay sectores donde el ticket llega a 3000 euros?", "tax_question"),
        ("puse 21 y era 10 en una factura de un particular, que hago", "tax_question"),
        ("le cobro el 21 de noviembre", None),
        ("cual es el movil de ana beltran", "contact_data"),
        ("el iban de talleres garcia", "iban"),
        ("como le escribo a la gestoria ibañez", "contact_data"),
        ("condiciones de pago de la farmacia nuñez", "contact_term"),
        ("el cliente me devuelve la caldera, que factura hago", "tax_question"),
    ],
)
def test_word_rules_of_round_5(question, intent):
    assert decide(question, numbered=False, dated=False) == intent


def test_what_iva_an_invoice_named_by_number_carries_is_not_the_rule():
    assert decide("que iva lleva la f2026-0003", numbered=True, dated=False) == "lookup_invoice"


@pytest.mark.parametrize(
    ("question", "price"),
    [
        ("hazme una factura a talleres garcia por 500 de mano de obra mas iva", "500"),
        ("factura al gimnasio, 300 + iva por revision", "300"),
        ("factura a la farmacia por 2 horas de oficial", None),
        ("hazme una factura a ana beltran por la pintura del salon", None),
    ],
)
def test_a_price_said_without_the_euro_sign(question, price):
    found = find_amount(question)

    assert (str(found.unit_price) if found else None) == price


@pytest.mark.parametrize(
    ("question", "price"),
    [
        ("hazle una factura a talleres garcia, 200 de mano de obra", "200"),
        ("hazle una factura a avenida del puerto 88 por el desatasco", None),
        ("hazle factura a talleres del 22 de noviembre, 150", "150"),
        ("hazle una factura a talleres por 3 horas a 40 mas iva", "40"),
    ],
)
def test_in_an_order_to_draft_a_lone_number_is_the_price(question, price):
    found = find_amount(question, lone=True, name="Comunidad de Propietarios Avenida del Puerto 88")

    assert (str(found.unit_price) if found else None) == price


@pytest.fixture
def garcia(world_tx: World) -> Contact:
    return Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Talleres García S.L."
    )


def _issued(world: World, contact: Contact, day: datetime.date, price: str) -> Invoice:
    access = world.access(world.owner)
    draft = invoice_draft_create(
        access=access,
        contact=contact,
        issue_date=day,
        lines=[LineInput("Revisión de caldera", Decimal(1), Decimal(price))],
    )
    return invoice_issue(access=access, invoice=draft)


def test_a_draft_without_a_price_is_made_and_the_price_asked_for(world_tx, garcia):
    turn = _ask(world_tx, world_tx.owner, "hazme una factura a talleres garcia por la pintura")

    draft = Invoice.objects.get(pk=turn.drafts[0]["id"])
    assert draft.status == "draft"
    assert draft.total == Decimal("0.00")
    assert turn.reply.text.splitlines()[:2] == [
        "He preparado el borrador de la factura para Talleres García S.L. («Pintura»), todavía "
        "sin importe: dime cuánto es o pon el precio en el borrador.",
        "Vence el 29 de diciembre de 2026 (30 días; ficha del contacto).",
    ]


def test_a_price_without_the_euro_sign_is_the_price(world_tx, garcia):
    turn = _ask(
        world_tx,
        world_tx.owner,
        "hazme una factura a talleres garcia por 500 de mano de obra mas iva",
    )

    assert turn.reply.text.splitlines()[0] == (
        "He preparado el borrador de la factura para Talleres García S.L.: base 500,00 €, "
        "IVA 105,00 €, total 605,00 €."
    )


def test_what_is_owed_from_a_period_is_what_was_issued_then(world_tx, garcia):
    old = _issued(world_tx, garcia, datetime.date(2025, 6, 2), "100.00")
    new = _issued(world_tx, garcia, datetime.date(2026, 3, 2), "200.00")

    text = _ask(world_tx, world_tx.owner, "q facturas nos deben de este año q ya esten vencidas")

    assert text.reply.text.splitlines()[0] == (
        "Hay 1 factura emitida en 2026 vencida y sin cobrar: 242,00 € en total."
    )
    assert new.number in text.reply.text
    assert old.number not in text.reply.text


def test_the_latest_invoice_says_whose_it_is(world_tx, garcia):
    _issued(world_tx, garcia, datetime.date(2026, 3, 2), "100.00")
    latest = _issued(world_tx, garcia, datetime.date(2026, 6, 2), "200.00")

    text = _ask(world_tx, world_tx.owner, "cual fue la ultima factura q emitimos").reply.text

    assert text == (
        f"La última factura es la [{latest.number}](/facturas/{latest.pk}/), a Talleres "
        "García S.L., del 2 de junio de 2026: 242,00 €."
    )


def test_a_concept_nobody_invoices_is_said_and_the_total_is_unfiltered(world_tx, garcia):
    _issued(world_tx, garcia, datetime.date(2026, 3, 2), "200.00")

    text = _ask(world_tx, world_tx.owner, "¿cuánto facturamos en aerotermia este año?")

    assert text.reply.text.splitlines()[0] == (
        "No encuentro «aerotermia» en tus facturas. Sin ese filtro, facturado en 2026: "
        "242,00 € (IVA incluido: base imponible 200,00 €, IVA repercutido 42,00 €; "
        "1 factura emitida)."
    )


def test_a_contact_fact_written_in_a_document_is_quoted_from_it(world_tx):
    build_records(world_tx)

    text = _ask(world_tx, world_tx.owner, "que descuento nos hace Ferreteria Ruiz en tornilleria?")

    assert text.reply.text.startswith("Según el documento [Tarifa de Ferretería Ruiz](")
    assert text.reply.text.endswith("): Descuento del 12 % en tornillería pagando al contado.")


@pytest.fixture
def knowledge(world_tx: World) -> World:
    call_command("load_knowledge", verbosity=0)
    return world_tx


@pytest.mark.parametrize(
    ("question", "first_line"),
    [
        (
            "cuanto tiempo tengo pa hacer una rectificativa",
            "Plazo para emitir una factura rectificativa: 4 años",
        ),
        (
            "alquilo un local pa el estudio, cuanto tengo q retener al casero",
            "Retención de IRPF en alquileres de locales: 19 %",
        ),
        (
            "me llega una factura con un 5,2 de mas, eso que es",
            "Recargo de equivalencia, tipo general: 5,2 % (vigente desde el 1 de septiembre de "
            "2012).",
        ),
        (
            "hay sectores donde el ticket llega a 3000 euros?",
            "Importe máximo de la factura simplificada en servicios a domicilio y otros "
            "sectores: 3.000 €",
        ),
    ],
)
def test_a_rule_asked_for_its_figure_leads_with_the_fact(knowledge, question, first_line):
    text = _ask(knowledge, knowledge.owner, question).reply.text

    assert text.splitlines()[0].startswith(first_line)
    assert "iva.tipo" not in text


def test_a_fact_matched_only_by_loose_words_does_not_lead(knowledge):
    text = _ask(knowledge, knowledge.owner, "cuanto tiempo hay que guardar las facturas")

    assert "rectificativa: 4 años" not in text.reply.text
    assert text.reply.text.startswith("- ")


def test_every_surcharge_rate_is_said_when_the_surcharge_is_asked(knowledge):
    text = _ask(knowledge, knowledge.owner, "tipos de recargo de equivalencia todos porfa")

    assert [line.split(" (")[0] for line in text.reply.text.splitlines()[:3]] == [
        "Recargo de equivalencia, tipo general: 5,2 %",
        "Recargo de equivalencia, tipo reducido: 1,4 %",
        "Recargo de equivalencia, tipo superreducido: 0,5 %",
    ]


def test_the_rate_of_a_thing_with_no_reduced_rate_is_the_general_one(knowledge):
    text = _ask(
        knowledge, knowledge.owner, "la factura del gasoil de la furgo, que iva deberia llevar"
    ).reply.text

    assert (
        "Salvo que la ley le dé un tipo reducido, superreducido o una exención, el IVA es el "
        "general, del 21 %." in text.splitlines()
    )


def _message(content: list[dict[str, Any]], stop_reason: str) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 5},
    }


def test_the_model_asks_saber_what_a_percentage_is(knowledge):
    bodies: list[dict[str, Any]] = []
    script = [
        httpx2.Response(
            200,
            json=_message(
                [
                    {
                        "type": "tool_use",
                        "id": "toolu_1",
                        "name": "saber",
                        "input": {"pregunta": "recargo", "porcentaje": "5,2"},
                    }
                ],
                "tool_use",
            ),
        ),
        httpx2.Response(
            200,
            json=_message([{"type": "text", "text": "Es el recargo de equivalencia."}], "end_turn"),
        ),
    ]

    def transport(request: httpx2.Request) -> httpx2.Response:
        bodies.append(json.loads(request.content))
        return script.pop(0)

    client = anthropic.Anthropic(
        api_key="test-key-not-real",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(transport)),
    )
    context = ToolContext(
        access=knowledge.access(knowledge.owner),
        conversation_id="web:round5",
        turn=1,
        today=TODAY,
    )

    reply = AnthropicProvider(client=client).reply(
        parts=PromptParts(message="¿Qué es un 5,2 % de más en una factura?"),
        tools=TOOLS,
        context=context,
    )

    result = json.loads(bodies[1]["messages"][-1]["content"][0]["content"])
    assert [(f["clave"], f["valor"]) for f in result["porcentajes"]] == [
        ("recargo.equivalencia.general", "5.2")
    ]
    assert reply.text == "Es el recargo de equivalencia."
