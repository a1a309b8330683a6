"""The home page is a dashboard: each block with exact figures, and only for whom may see it.

Given a customer with two unpaid invoices (one overdue), one collected, a draft invoice, a draft
quote and a payment term Suma learned from the owner's chat; the page is read on 29 January 2027.
"""

from __future__ import annotations

import datetime
from decimal import Decimal as D

import pytest
from django.test import Client

from channels_app.models import LearnedNotice
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.outbox import outbox_drain
from learning.services import message_learn
from sumalos.invoicing.models import Contact, Invoice
from sumalos.invoicing.services import (
    LineInput,
    invoice_draft_create,
    invoice_issue,
    invoice_mark_paid,
    quote_draft_create,
)
from tests.pages.html import block_text
from tests.world import World

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2027, 1, 29)
LEARNT_AT = datetime.datetime(2027, 1, 25, 10, 30, tzinfo=datetime.UTC)


def _invoice(world: World, customer: Contact, day: str, amount: str, *, issue: bool) -> Invoice:
    access = world.access(world.owner)
    invoice = invoice_draft_create(
        access=access,
        contact=customer,
        issue_date=datetime.date.fromisoformat(day),
        lines=[LineInput("Mantenimiento", D("1"), D(amount), vat_rate=D("21"))],
    )
    return invoice_issue(access=access, invoice=invoice) if issue else invoice


def _books(world: World) -> World:
    garcia = Contact.objects.create(
        organization=world.org,
        kind="customer",
        name="Talleres García S.L.",
        payment_terms_days=30,
    )
    _invoice(world, garcia, "2026-12-01", "1000.00", issue=True)  # 1.210,00 €, due 31 Dec
    _invoice(world, garcia, "2027-01-10", "5134.12", issue=True)  # 6.212,29 €, due 9 Feb
    paid = _invoice(world, garcia, "2027-01-15", "200.00", issue=True)  # 242,00 €
    invoice_mark_paid(
        access=world.access(world.owner), invoice=paid, paid_at=datetime.date(2027, 1, 20)
    )
    _invoice(world, garcia, "2027-01-28", "100.00", issue=False)  # 121,00 €, draft
    quote_draft_create(
        access=world.access(world.owner),
        contact=garcia,
        issue_date=datetime.date(2027, 1, 27),
        lines=[LineInput("Revisión anual", D("1"), D("300.00"), vat_rate=D("21"))],
    )
    # The owner told Suma in the web chat; learning runs after the reply.
    access = world.access(world.owner)
    chat = web_chat_create(access=access, organization_id=world.org.pk)
    web_chat_append(
        access=access,
        chat_id=chat.pk,
        role="user",
        text="Talleres García ahora paga a 60 días, no a 30",
    )
    outbox_drain(handler=message_learn)
    LearnedNotice.objects.update(created_at=LEARNT_AT)
    return world


@pytest.fixture
def books(world: World, monkeypatch) -> World:
    monkeypatch.setattr("pages.views.localdate", lambda: TODAY)
    return _books(world)


def _home(world: World, user) -> str:
    client = Client()
    client.force_login(user)
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode()


def test_an_owner_sees_every_block_with_exact_figures(books: World):
    page = _home(books, books.owner)
    notice = LearnedNotice.objects.get()

    assert block_text(page, "pendiente") == (
        "Pendiente de cobro 7.422,29 € en 2 facturas Vencido: 1.210,00 € en 1 factura "
        "Facturas pendientes de cobro, primero las vencidas Número Cliente Vence Total "
        "F2026-0001 Talleres García S.L. 31 de diciembre de 2026 (vencida) 1.210,00 € "
        "F2027-0001 Talleres García S.L. 9 de febrero de 2027 6.212,29 €"
    )
    assert block_text(page, "facturado-mes") == (
        "Facturado este mes 6.454,29 € IVA incluido, en 2 facturas emitidas "
        "Base imponible 5.334,12 € · IVA 1.120,17 € · hasta el 29 de enero de 2027"
    )
    assert block_text(page, "borradores") == (
        "Borradores por confirmar 1 factura y 1 presupuesto "
        "Presupuesto para Talleres García S.L. · 363,00 € · 27 de enero de 2027 "
        "Factura para Talleres García S.L. · 121,00 € · 28 de enero de 2027"
    )  # the newest draft first
    assert block_text(page, "learned-list") == (
        "Lo que Suma ha aprendido Talleres García S.L. paga a 60 días. "
        "Lo dijiste tú en el chat web el 25 de enero de 2027 · Ver en la memoria · Deshacer"
    )
    assert f'action="/suma/aprendido/{notice.pk}/deshacer/"' in page
    assert 'id="shared-mode"' in page


def test_a_member_who_reads_invoices_sees_the_figures_and_the_owner_s_learning(books: World):
    page = _home(books, books.reader)

    assert block_text(page, "pendiente") is not None
    assert block_text(page, "facturado-mes") == (
        "Facturado este mes 6.454,29 € IVA incluido, en 2 facturas emitidas "
        "Base imponible 5.334,12 € · IVA 1.120,17 € · hasta el 29 de enero de 2027"
    )
    # Someone else's notice: who said it, no undo; no shared-mode selector for a member.
    assert block_text(page, "learned-list") == (
        "Lo que Suma ha aprendido Talleres García S.L. paga a 60 días. "
        "Lo dijo Olga Propietaria en el chat web el 25 de enero de 2027 · Ver en la memoria"
    )
    assert "/deshacer/" not in page
    assert 'id="shared-mode"' not in page


def test_a_member_without_the_invoices_area_sees_no_invoice_figure(books: World):
    page = _home(books, books.bookkeeper)

    assert [block_text(page, block) for block in ("pendiente", "facturado-mes", "borradores")] == [
        None,
        None,
        None,
    ]
    for figure in ("7.422,29", "1.210,00", "6.454,29", "121,00", "363,00", "F2026-0001"):
        assert figure not in page
    # The learned payment term is a customer fact (contacts area): not theirs to read either.
    assert block_text(page, "learned-list") == "Lo que Suma ha aprendido Todavía nada."
    assert "60 días" not in page


def test_the_dashboard_of_an_empty_organization_says_zero(world: World, monkeypatch):
    monkeypatch.setattr("pages.views.localdate", lambda: TODAY)

    page = _home(world, world.outsider)

    assert block_text(page, "pendiente") == "Pendiente de cobro 0,00 € en 0 facturas"
    assert block_text(page, "facturado-mes") == (
        "Facturado este mes 0,00 € IVA incluido, en 0 facturas emitidas "
        "Base imponible 0,00 € · IVA 0,00 € · hasta el 29 de enero de 2027"
    )
    assert block_text(page, "borradores") == "Borradores por confirmar 0 facturas y 0 presupuestos"


@pytest.mark.django_db(transaction=True)
def test_the_month_figure_is_the_one_suma_answers_with(world_tx: World):
    # Given the same books, when the owner asks Suma in the chat (its reads need real
    # transactions: row-level security).
    books = _books(world_tx)
    client = Client()
    client.force_login(books.owner)
    client.post("/suma/nueva/")
    chat_url = client.get("/suma/")["Location"]
    client.post(chat_url + "mensaje/", {"text": "¿cuánto facturé en enero de 2027?"})
    page = client.get(chat_url).content.decode()

    # Then the answer carries the dashboard's figure.
    assert "Facturado en enero de 2027: 6.454,29 € (IVA incluido:" in page
