"""Draft pages show the deterministic tax-rate warnings; issued ones do not."""

import datetime
from decimal import Decimal

import pytest

from sumalos.invoicing.models import Contact
from sumalos.invoicing.services import LineInput, invoice_draft_create, invoice_issue

pytestmark = pytest.mark.django_db

WARNING = (
    "El 9 % no es un tipo de IVA vigente en España en esta fecha: "
    "los vigentes son 21 %, 10 % y 4 %."
)


def test_a_draft_with_a_wrong_vat_rate_shows_the_warning_and_can_still_be_issued(client, world):
    access = world.access(world.owner)
    contact = Contact.objects.create(organization=world.org, kind="customer", name="Hostal Miramar")
    invoice = invoice_draft_create(
        access=access,
        contact=contact,
        issue_date=datetime.date(2026, 11, 2),
        lines=[LineInput("Reparación", Decimal(1), Decimal(100), vat_rate=Decimal(9))],
    )
    client.force_login(world.owner)

    page = client.get(f"/facturas/{invoice.pk}/").content.decode()
    edit = client.get(f"/facturas/{invoice.pk}/editar/").content.decode()

    assert page.count(WARNING) == 1
    assert edit.count(WARNING) == 1

    invoice_issue(access=access, invoice=invoice)
    assert WARNING not in client.get(f"/facturas/{invoice.pk}/").content.decode()
