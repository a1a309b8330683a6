"""Invoice and quote pages: one set of views told apart by their document type, over HTTP.

Each test walks a draft through the pages (create, header, lines, issue) and checks exactly what
was stored: the type's term (due date or validity), totals, numbering series and messages.
"""

from __future__ import annotations

import datetime
from decimal import Decimal as D

import pytest

from sumalos.invoicing.models import Contact, DocumentSeries, Invoice, Quote

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 3, 2)


def _customer(world, terms: int = 45) -> Contact:
    return Contact.objects.create(
        organization=world.org, kind="customer", name="Hostal Miramar", payment_terms_days=terms
    )


def _first_line(**extra: str) -> dict[str, str]:
    return {
        "linea-description": "Reparación de caldera",
        "linea-quantity": "2",
        "linea-unit_price": "100,00",
        "linea-vat_rate": "21",
        **extra,
    }


def test_an_invoice_goes_from_draft_to_issued_through_the_pages(client, world):
    # Given an owner and a customer with 45-day terms.
    customer = _customer(world)
    client.force_login(world.owner)

    # When the owner creates a draft without terms, the due date follows the customer's.
    created = client.post(
        "/facturas/nueva/",
        {"contact": customer.pk, "issue_date": "2026-03-02", "notes": "", **_first_line()},
    )
    invoice = Invoice.objects.get()
    assert created.status_code == 302
    assert created["Location"] == f"/facturas/{invoice.pk}/editar/"
    assert (invoice.due_date, invoice.subtotal, invoice.total) == (
        DAY + datetime.timedelta(days=45),
        D("200.00"),
        D("242.00"),
    )

    # And sets 10 days on the header: the edit page shows them, the due date moves.
    client.post(
        f"/facturas/{invoice.pk}/editar/",
        {
            "contact": customer.pk,
            "issue_date": "2026-03-02",
            "notes": "",
            "payment_terms_days": "10",
        },
    )
    invoice.refresh_from_db()
    assert invoice.due_date == datetime.date(2026, 3, 12)
    edit = client.get(f"/facturas/{invoice.pk}/editar/").content.decode()
    assert 'name="payment_terms_days" value="10"' in edit

    # And adds, edits and removes a line.
    client.post(
        f"/facturas/{invoice.pk}/lineas/",
        {"linea-description": "Desplazamiento", "linea-quantity": "1", "linea-unit_price": "30"},
    )
    line = invoice.lines.get(description="Desplazamiento")
    client.post(
        f"/facturas/{invoice.pk}/lineas/{line.pk}/",
        {
            "linea-description": "Desplazamiento",
            "linea-quantity": "1",
            "linea-unit_price": "30",
            "linea-vat_rate": "10",
            "linea-withholding_rate": "0",
        },
    )
    invoice.refresh_from_db()
    assert (invoice.subtotal, invoice.vat_total, invoice.total) == (
        D("230.00"),
        D("45.00"),
        D("275.00"),
    )
    client.post(f"/facturas/{invoice.pk}/lineas/{line.pk}/quitar/")
    invoice.refresh_from_db()
    assert (invoice.lines.count(), invoice.total) == (1, D("242.00"))

    # Then issuing numbers it in the invoice series and the draft pages close.
    issued = client.post(f"/facturas/{invoice.pk}/emitir/")
    invoice.refresh_from_db()
    assert (issued["Location"], invoice.number) == (f"/facturas/{invoice.pk}/", "F2026-0001")
    closed = client.get(f"/facturas/{invoice.pk}/editar/")
    assert closed["Location"] == f"/facturas/{invoice.pk}/"
    assert DocumentSeries.objects.get().kind == "invoice"


def test_a_quote_keeps_its_validity_and_its_own_series(client, world):
    # Given an owner and a customer.
    customer = _customer(world)
    client.force_login(world.owner)

    # When the owner creates a quote valid for 15 days and issues it.
    client.post(
        "/presupuestos/nuevo/",
        {
            "contact": customer.pk,
            "issue_date": "2026-03-02",
            "notes": "",
            "valid_days": "15",
            **_first_line(),
        },
    )
    quote = Quote.objects.get()
    edit = client.get(f"/presupuestos/{quote.pk}/editar/").content.decode()
    client.post(f"/presupuestos/{quote.pk}/emitir/")
    quote.refresh_from_db()

    # Then its validity runs from its date, the form shows it, and it is numbered P.
    assert (quote.valid_until, quote.total) == (datetime.date(2026, 3, 17), D("242.00"))
    assert 'name="valid_days" value="15"' in edit
    assert quote.number == "P2026-0001"
    assert Invoice.objects.count() == 0


def test_a_line_of_another_document_is_not_found_and_untouched(client, world):
    # Given two drafts of the same customer.
    customer = _customer(world)
    client.force_login(world.owner)
    for _ in range(2):
        client.post(
            "/facturas/nueva/",
            {"contact": customer.pk, "issue_date": "2026-03-02", "notes": "", **_first_line()},
        )
    first, second = Invoice.objects.order_by("pk")
    line = second.lines.get()

    # When the first draft's page is asked to remove the second draft's line.
    response = client.post(f"/facturas/{first.pk}/lineas/{line.pk}/quitar/")

    # Then it is a 404 and the line is still there.
    assert response.status_code == 404
    assert second.lines.count() == 1


def test_a_reader_cannot_open_the_draft_form(client, world):
    # Given a member who reads invoices and writes nothing.
    client.force_login(world.reader)

    # When they open the new-quote page, then it is refused in Spanish.
    response = client.get("/presupuestos/nuevo/")
    assert response.status_code == 403
    assert "no permite modificar facturas" in response.content.decode()
