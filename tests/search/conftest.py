"""A small record world on top of the shared fixture world, indexed through the outbox."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

import pytest

from search.services import outbox_drain
from sumalos.invoicing import services
from sumalos.invoicing.models import Contact, Expense, Invoice, Quote, UploadedDocument
from sumalos.invoicing.services import LineInput
from sumalos.taxes.models import TaxRate
from sumalos.taxes.seed import seed_rates
from tests.world import World

TODAY = datetime.date(2026, 11, 29)
TALLERES_NIF = "B26361758"
TALLERES_IBAN = "ES9121000418450200051332"


@dataclass
class Records:
    talleres: Contact
    ruiz: Contact
    other_contact: Contact
    boiler_invoice: Invoice
    tap_invoice: Invoice
    quote: Quote
    expense: Expense
    visit_notes: UploadedDocument
    expense_note: UploadedDocument


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def build_records(world: World) -> Records:
    # A transactional test flushes the seeded rates; the services need them.
    if not TaxRate.objects.exists():
        seed_rates()
    access = world.access(world.owner)
    org = world.org.pk
    talleres = services.contact_create(
        access=access,
        organization_id=org,
        kind="customer",
        name="Talleres García S.L.",
        tax_id=TALLERES_NIF,
        iban=TALLERES_IBAN,
        city="Paterna",
        notes="Pagan a 30 días por transferencia.",
    )
    ruiz = services.contact_create(
        access=access, organization_id=org, kind="supplier", name="Ferretería Ruiz"
    )
    boiler = services.invoice_draft_create(
        access=access,
        contact=talleres,
        issue_date=datetime.date(2026, 10, 9),
        lines=[LineInput("Cambio de caldera de gas", Decimal(1), Decimal("1800.00"))],
    )
    services.invoice_issue(access=access, invoice=boiler)
    tap = services.invoice_draft_create(
        access=access,
        contact=talleres,
        issue_date=datetime.date(2026, 9, 12),
        lines=[LineInput("Sustitución de grifo monomando", Decimal(1), Decimal("90.00"))],
    )
    services.invoice_issue(access=access, invoice=tap)
    quote = services.quote_draft_create(
        access=access,
        contact=talleres,
        issue_date=datetime.date(2026, 11, 2),
        lines=[LineInput("Instalación de plato de ducha", Decimal(1), Decimal("640.00"))],
    )
    expense = services.expense_create(
        access=access,
        organization_id=org,
        date=datetime.date(2026, 8, 3),
        concept="Tornillería, silicona y teflón",
        base=Decimal("40.00"),
        supplier=ruiz,
    )
    visit = services.document_upload(
        access=access,
        organization_id=org,
        title="Notas de visita a Talleres García",
        area="contacts",
        text="Nave de 600 m² con dos baños. Piden revisión de termos cada seis meses.",
        contact=talleres,
    )
    note = services.document_upload(
        access=access,
        organization_id=org,
        title="Tarifa de Ferretería Ruiz",
        area="expenses",
        text="Descuento del 12 % en tornillería pagando al contado.",
    )
    other = services.contact_create(
        access=world.access(world.outsider, world.other_org),
        organization_id=world.other_org.pk,
        kind="customer",
        name="Talleres García Hermanos",
        tax_id="B46000006",
    )
    outbox_drain()
    return Records(talleres, ruiz, other, boiler, tap, quote, expense, visit, note)


@pytest.fixture
def records(world_tx: World) -> Records:
    return build_records(world_tx)
