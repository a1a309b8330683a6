"""Offline answers on VAT charged and paid, IRPF withheld, tax bases, invoice numbers in any
form, and how a contact is paid (record and memory, each with its source)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from assistant.intents import classify
from memory.services import memory_write
from sumalos.invoicing.models import Contact, Invoice
from sumalos.invoicing.services import (
    LineInput,
    contact_create,
    expense_create,
    invoice_draft_create,
    invoice_issue,
)
from tests.assistant.support import offline_answer
from tests.world import World

TODAY = datetime.date(2026, 11, 29)


def _ask(world: World, user, text: str) -> str:
    return offline_answer(world, user, text, today=TODAY)


@pytest.fixture
def third_quarter(world_tx: World) -> tuple[Invoice, Invoice]:
    """Two invoices issued in the third quarter of 2026 (one with withholding) and an expense."""
    access = world_tx.access(world_tx.owner)
    garcia = Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Talleres García S.L."
    )
    issued = []
    for day, price, withholding in (
        (datetime.date(2026, 7, 10), "1000.00", True),
        (datetime.date(2026, 8, 20), "500.00", False),
    ):
        draft = invoice_draft_create(
            access=access,
            contact=garcia,
            issue_date=day,
            lines=[LineInput("Revisión de caldera", Decimal(1), Decimal(price))],
            apply_withholding=withholding,
        )
        issued.append(invoice_issue(access=access, invoice=draft))
    expense_create(
        access=access,
        organization_id=world_tx.org.pk,
        date=datetime.date(2026, 9, 5),
        concept="Tubería multicapa",
        base=Decimal("200.00"),
        vat_rate=Decimal(21),
    )
    return issued[0], issued[1]


@pytest.mark.django_db(transaction=True)
def test_vat_charged_in_a_quarter_says_its_base(world_tx, third_quarter):
    answer = _ask(world_tx, world_tx.owner, "¿cuánto IVA hemos repercutido en el tercer trimestre?")

    assert answer == (
        "IVA repercutido en el tercer trimestre de 2026: 315,00 € (base imponible 1.500,00 €; "
        "2 facturas emitidas).\nFuente: [facturas emitidas](/facturas/)"
    )


@pytest.mark.django_db(transaction=True)
def test_irpf_withheld_lists_the_invoices_behind_it(world_tx, third_quarter):
    first, second = third_quarter

    answer = _ask(world_tx, world_tx.owner, "cuanto me han retenido de irpf en el 3T")

    assert answer.splitlines()[0] == (
        "Retenciones de IRPF practicadas en tus facturas en el tercer trimestre de 2026: "
        "150,00 € (sobre una base imponible de 1.500,00 €; 2 facturas emitidas)."
    )
    assert f"[{first.number}](/facturas/{first.pk}/)" in answer
    assert f"[{second.number}](/facturas/{second.pk}/)" in answer


@pytest.mark.django_db(transaction=True)
def test_vat_paid_on_expenses_and_its_refusal(world_tx, third_quarter):
    answer = _ask(world_tx, world_tx.bookkeeper, "iva soportado del tercer trimestre")
    refused = _ask(world_tx, world_tx.reader, "cuánto IVA soportado en el tercer trimestre")

    assert answer == (
        "IVA soportado en gastos en el tercer trimestre de 2026: 42,00 € (base imponible "
        "200,00 €; 1 gasto).\nFuente: [gastos](/gastos/)"
    )
    assert refused == "No tienes permiso para ver los gastos de esta organización."


@pytest.mark.django_db(transaction=True)
def test_the_tax_base_and_the_total_with_vat_are_both_named(world_tx, third_quarter):
    base = _ask(world_tx, world_tx.owner, "base imponible facturada en el tercer trimestre")
    total = _ask(world_tx, world_tx.owner, "cuánto facturamos en el tercer trimestre")

    assert base.splitlines()[0] == (
        "Base imponible facturada en el tercer trimestre de 2026: 1.500,00 € (sin IVA; con "
        "IVA, 1.665,00 € en total; 2 facturas emitidas)."
    )
    assert total.splitlines()[0] == (
        "Facturado en el tercer trimestre de 2026: 1.665,00 € (IVA incluido: base imponible "
        "1.500,00 €, IVA repercutido 315,00 €, menos retención de IRPF 150,00 €; "
        "2 facturas emitidas)."
    )


@pytest.mark.django_db(transaction=True)
def test_the_vat_balance_of_a_quarter_is_an_estimate(world_tx, third_quarter):
    answer = _ask(world_tx, world_tx.owner, "cuánto IVA me toca pagar del tercer trimestre")

    assert answer == (
        "IVA en el tercer trimestre de 2026:\n"
        "- IVA repercutido (facturas emitidas): 315,00 €, base imponible 1.500,00 €\n"
        "- IVA soportado (gastos): 42,00 €, base imponible 200,00 €\n"
        "- Retenciones de IRPF en tus facturas: 150,00 €\n"
        "Diferencia (repercutido menos soportado): 273,00 €. Es una estimación con lo "
        "registrado en Sumalos, no la declaración.\n"
        "Fuente: [facturas emitidas](/facturas/)"
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "question", ["importe de la 2026/1", "f26-1", "factura 1 de este año", "la F2026-0001"]
)
def test_one_invoice_named_in_any_form_is_answered_as_that_invoice(
    world_tx, third_quarter, question
):
    first, _ = third_quarter

    answer = _ask(world_tx, world_tx.owner, question)

    assert answer == (
        f"La factura [F2026-0001](/facturas/{first.pk}/) de Talleres García S.L., del 10 de "
        "julio de 2026, es de 1.060,00 € (base 1.000,00 €). Está pendiente de cobro: venció "
        "el 9 de agosto de 2026."
    )


@pytest.fixture
def ruiz(world_tx: World) -> Contact:
    return contact_create(
        access=world_tx.access(world_tx.owner),
        organization_id=world_tx.org.pk,
        kind="supplier",
        name="Ferretería Ruiz",
        notes="Se les paga por transferencia.",
    )


@pytest.mark.django_db(transaction=True)
def test_the_payment_method_from_the_record_alone(world_tx, ruiz):
    answer = _ask(world_tx, world_tx.owner, "¿qué forma de pago tiene Ferretería Ruiz?")

    assert answer == (
        "Según su ficha (notas: «Se les paga por transferencia.»), se paga por transferencia.\n"
        f"Fuente: [ficha del contacto](/contactos/{ruiz.pk}/)"
    )


@pytest.mark.django_db(transaction=True)
def test_memory_and_record_disagree_on_the_payment_method_both_are_said(world_tx, ruiz):
    written = memory_write(
        access=world_tx.access(world_tx.owner),
        category="proveedor",
        text="A Ferretería Ruiz se le paga por Bizum.",
        subject=f"contacto:{ruiz.pk}",
        attribute="metodo_pago",
        value="Bizum",
        organization_id=world_tx.org.pk,
    )
    assert written.memory is not None
    day = written.memory.updated_at.date()

    answer = _ask(world_tx, world_tx.owner, "¿cómo le pagamos a Ferretería Ruiz?")

    assert answer.splitlines()[0] == (
        "Según lo que recuerdo: A Ferretería Ruiz se le paga por Bizum. Según su ficha (notas: "
        "«Se les paga por transferencia.»), se paga por transferencia. No coinciden: lo "
        f"recordado es del {day.day} de {_MONTHS[day.month - 1]} de {day.year}; corrige la "
        "ficha o el recuerdo si uno está mal."
    )


_MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto"]
_MONTHS += ["septiembre", "octubre", "noviembre", "diciembre"]


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("¿cómo le pagamos a Ferretería Ruiz?", "contact_term"),
        ("¿qué forma de pago tiene la ferretería?", "contact_term"),
        ("¿a cuántos días paga el hostal?", "contact_term"),
        ("¿quién es el encargado de Hoteles del Turia?", "contact_term"),
        ("cuanto iva hemos repercutido este trimestre", "tax_total"),
        ("cuánto me han retenido de IRPF en la factura de septiembre", "tax_total"),
        ("cuanto tengo que retener en mis facturas de diseño", "tax_question"),
        ("importe de la 2025/83", "lookup_invoice"),
        ("cuándo vence la f26-72", "due_date"),
        ("busca la factura 2025/83", "search_document"),
        (
            "haz un presupuesto para la cafetería central: cambio de caldera 1.900 € más IVA",
            "draft_invoice",
        ),
        ("gastos del tercer trimestre, base sin IVA", "expense_total"),
        ("qué le queda por pagar a Teresa Muñoz", "pending"),
    ],
)
def test_what_the_words_settle_is_decided_before_the_model(question, intent):
    decided = classify(question)

    assert (decided.name, decided.probability) == (intent, 1.0)


@pytest.mark.django_db(transaction=True)
def test_a_draft_withholds_as_the_last_invoice_to_a_business_did(world_tx):
    access = world_tx.access(world_tx.owner)
    lletra = Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Editorial Lletra S.L.", tax_id="B46000001"
    )
    Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Marc Puig Ferrando", tax_id="12345678Z"
    )
    Contact.objects.create(
        organization=world_tx.org, kind="customer", name="Llibreria Nova S.L.", tax_id="B46000002"
    )
    draft = invoice_draft_create(
        access=access,
        contact=lletra,
        issue_date=datetime.date(2026, 9, 1),
        lines=[LineInput("Maquetación", Decimal(1), Decimal("500.00"))],
        apply_withholding=True,
    )
    invoice_issue(access=access, invoice=draft)

    same = _ask(world_tx, world_tx.owner, "factura a editorial lletra por un diseño de 1000 €")
    business = _ask(world_tx, world_tx.owner, "factura a llibreria nova por un cartel de 1000 €")
    person = _ask(world_tx, world_tx.owner, "factura a marc puig por un logotipo de 1000 €")

    withheld = "base 1.000,00 €, IVA 210,00 €, retención de IRPF 150,00 €, total 1.060,00 €."
    assert same.splitlines()[0].endswith(withheld)
    assert business.splitlines()[0].endswith(withheld)
    assert person.splitlines()[0].endswith("base 1.000,00 €, IVA 210,00 €, total 1.210,00 €.")
