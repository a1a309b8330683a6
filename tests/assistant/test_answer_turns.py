"""Full offline turns: the web chat through the test client, and WhatsApp through the webhook.

Figures come from the invoicing selectors and are written exactly; a person without the area
gets a refusal and no figure; an unlinked WhatsApp number is told how to link.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.conf import settings

from assistant.whatsapp import unlinked_reply
from channels_app.models import WebChat, WhatsappMessage
from sumalos.invoicing.models import Contact, Invoice
from sumalos.invoicing.services import (
    LineInput,
    invoice_draft_create,
    invoice_issue,
    invoice_mark_paid,
)
from tests.channels.conftest import (  # noqa: F401  (fixtures used by name)
    UNLINKED_PHONE,
    eager_tasks,
    phones_tx,
)
from tests.support import whatsapp_params, whatsapp_post
from tests.world import World

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def october(world_tx: World) -> tuple[Invoice, Invoice]:
    """Two invoices issued to Talleres García in October 2026; the first is paid."""
    access = world_tx.access(world_tx.owner)
    garcia = Contact.objects.create(
        organization=world_tx.org,
        kind="customer",
        name="Talleres García S.L.",
        payment_terms_days=30,
    )
    issued = []
    for day, price in ((5, "400.00"), (20, "600.00")):
        draft = invoice_draft_create(
            access=access,
            contact=garcia,
            issue_date=datetime.date(2026, 10, day),
            lines=[LineInput("Revisión de caldera", Decimal(1), Decimal(price))],
        )
        issued.append(invoice_issue(access=access, invoice=draft))
    invoice_mark_paid(access=access, invoice=issued[0], paid_at=datetime.date(2026, 11, 2))
    return issued[0], issued[1]


def _ask(client, world: World, user, text: str) -> str:
    client.force_login(user)
    client.post("/suma/nueva/")
    chat = WebChat.objects.filter(owner_user=user).latest("id")
    client.post(f"/suma/{chat.public_id}/mensaje/", {"text": text})
    chat.refresh_from_db()
    return str(chat.transcript[-1]["parts"][0]["text"])


def test_the_month_total_is_exact_and_its_source_is_a_link_on_the_page(client, world_tx, october):
    paid, unpaid = october

    answer = _ask(client, world_tx, world_tx.owner, "¿cuánto facturamos en octubre de 2026?")

    head = (
        "Facturado en octubre de 2026: 1.210,00 € (IVA incluido: base imponible 1.000,00 €, "
        "IVA repercutido 210,00 €; 2 facturas emitidas)."
    )
    assert answer == (
        f"{head}\n"
        f"- [{paid.number}](/facturas/{paid.pk}/), Talleres García S.L., del 5 de octubre de "
        "2026: 484,00 €, cobrada el 2 de noviembre de 2026\n"
        f"- [{unpaid.number}](/facturas/{unpaid.pk}/), Talleres García S.L., del 20 de octubre "
        "de 2026: 726,00 €, venció el 19 de noviembre de 2026\n"
        "Fuente: [facturas emitidas](/facturas/)"
    )
    page = client.get("/suma/", follow=True).content.decode()
    assert 'Fuente: <a href="/facturas/">facturas emitidas</a></p>' in page
    assert "[facturas emitidas]" not in page
    # The source is cited once: the answer's own link, not again in a list under it.
    assert page.count("facturas emitidas</a>") == 1


def test_pending_invoices_are_listed_not_the_payment_term(client, world_tx, october):
    paid, unpaid = october

    answer = _ask(
        client, world_tx, world_tx.owner, "¿qué facturas tiene pendientes Talleres García?"
    )

    assert answer == (
        "Talleres García S.L. tiene 1 factura pendiente de cobro, 726,00 € en total:\n"
        f"- [{unpaid.number}](/facturas/{unpaid.pk}/), del 20 de octubre de 2026: 726,00 €, "
        "venció el 19 de noviembre de 2026"
    )
    assert paid.number not in answer
    assert "30 días" not in answer


def test_a_person_without_the_invoices_area_gets_a_refusal_and_no_figure(client, world_tx, october):
    answer = _ask(client, world_tx, world_tx.bookkeeper, "¿cuánto facturamos en octubre de 2026?")

    assert answer == "No tienes permiso para ver las facturas de esta organización."


def test_a_person_without_the_expenses_area_gets_a_refusal(client, world_tx, october):
    answer = _ask(client, world_tx, world_tx.reader, "¿cuánto hemos gastado en gasóleo en 2026?")

    assert answer == "No tienes permiso para ver los gastos de esta organización."


@pytest.mark.usefixtures("eager_tasks", "phones_tx")
def test_an_unlinked_number_is_told_how_to_link_it():
    response = whatsapp_post(
        whatsapp_params("SM" + "u" * 32, UNLINKED_PHONE, "¿cuánto facturamos en octubre?")
    )

    assert response.status_code == 200
    reply = WhatsappMessage.objects.get(direction="outbound", phone=UNLINKED_PHONE)
    assert reply.body == unlinked_reply()
    assert reply.body == (
        "Hola, soy Suma, la asistente de Sumalos. Este número todavía no está vinculado a "
        "ninguna cuenta, así que no puedo ver tus datos. Para vincularlo: entra en "
        f"{settings.PUBLIC_BASE_URL.rstrip('/')}/suma/, pulsa «Vincular WhatsApp» y envía aquí "
        "el mensaje que te aparece: VINCULAR seguido del código de 6 caracteres (vale 10 minutos)."
    )
