"""``tax_rate_warnings``: exact Spanish warnings for rates not in force on the document's date."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from sumalos.invoicing.models import Contact, Invoice, InvoiceLine, Quote, QuoteLine
from sumalos.taxes.warnings import tax_rate_warnings

pytestmark = pytest.mark.django_db

D = datetime.date


def _invoice(world, issue_date, rates):
    contact = Contact.objects.create(organization=world.org, kind="customer", name="García")
    invoice = Invoice.objects.create(
        organization=world.org, contact=contact, issue_date=issue_date, due_date=issue_date
    )
    for vat, withholding in rates:
        InvoiceLine.objects.create(
            invoice=invoice,
            description="Servicio",
            quantity=Decimal(1),
            unit_price=Decimal(100),
            vat_rate=Decimal(vat),
            withholding_rate=Decimal(withholding),
        )
    return invoice


def test_rates_in_force_give_no_warning(world, engine_rates):
    invoice = _invoice(world, D(2026, 3, 1), [("21", "15"), ("10", "0"), ("0", "7")])

    assert tax_rate_warnings(invoice) == []


def test_an_unknown_vat_rate_and_withholding_are_warned_once_each(world, engine_rates):
    invoice = _invoice(world, D(2026, 3, 1), [("9", "12"), ("9", "15"), ("5.5", "0")])

    assert tax_rate_warnings(invoice) == [
        "El 9 % no es un tipo de IVA vigente en España en esta fecha: "
        "los vigentes son 21 %, 10 % y 4 %.",
        "El 5,5 % no es un tipo de IVA vigente en España en esta fecha: "
        "los vigentes son 21 %, 10 % y 4 %.",
        "El 12 % no es un tipo de retención de IRPF vigente en esta fecha: "
        "los vigentes son 19 %, 15 % y 7 %.",
    ]


def test_the_document_date_decides_which_rates_are_in_force(world, engine_rates):
    # On 2011-05-16 the general VAT was 18 % and the reduced 8 %: today's 21 % was not valid.
    invoice = _invoice(world, D(2011, 5, 16), [("21", "15")])

    assert tax_rate_warnings(invoice) == [
        "El 21 % no es un tipo de IVA vigente en España en esta fecha: "
        "los vigentes son 18 %, 8 % y 4 %."
    ]


def test_quotes_are_checked_too(world, engine_rates):
    contact = Contact.objects.create(organization=world.org, kind="customer", name="García")
    quote = Quote.objects.create(organization=world.org, contact=contact, issue_date=D(2015, 3, 10))
    QuoteLine.objects.create(
        quote=quote,
        description="Diseño",
        quantity=Decimal(1),
        unit_price=Decimal(100),
        vat_rate=Decimal(21),
        withholding_rate=Decimal(15),
    )

    assert tax_rate_warnings(quote) == [
        "El 15 % no es un tipo de retención de IRPF vigente en esta fecha: los vigentes son 19 %."
    ]
