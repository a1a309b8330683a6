"""The Django admin: users by email, tax rates refusing overlaps, invoicing read-only with lines."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.test import Client

from sumalos.accounts.models import User
from sumalos.invoicing import services
from sumalos.invoicing.services import LineInput
from sumalos.taxes.models import TaxRate


@pytest.fixture
def staff(db) -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser(email="staff@sumalos.test", password="x"))
    return client


def test_overlapping_rate_is_refused_with_the_constraint_message(staff):
    before = TaxRate.objects.count()

    response = staff.post(
        "/admin/taxes/taxrate/add/",
        {
            "key": "iva.tipo.general",
            "rate": "22",
            "valid_from": "2026-01-01",
            "source_title": "Invento",
            "source_url": "https://example.com/",
        },
    )

    assert response.status_code == 200
    assert "Ya existe un tipo para esta clave en un periodo que se solapa con este." in (
        response.content.decode()
    )
    assert TaxRate.objects.count() == before


def test_tax_rates_filter_by_key(staff):
    response = staff.get("/admin/taxes/taxrate/", {"key": "irpf.retencion.profesional"})

    assert response.status_code == 200
    assert response.context["cl"].result_count == 4


def test_staff_adds_a_user_by_email(staff):
    response = staff.post(
        "/admin/accounts/user/add/",
        {
            "email": "nueva@sumalos.test",
            "full_name": "Nueva Persona",
            "password1": "una-clave-larga-1",
            "password2": "una-clave-larga-1",
            "usable_password": "true",
        },
    )

    assert response.status_code == 302, response.context["adminform"].form.errors
    assert User.objects.get(email="nueva@sumalos.test").check_password("una-clave-larga-1")


def test_invoice_admin_shows_lines_and_allows_no_change(staff, world):
    access = world.access(world.owner)
    contact = services.contact_create(
        access=access, organization_id=world.org.pk, kind="customer", name="Hostal Miramar"
    )
    invoice = services.invoice_draft_create(
        access=access,
        contact=contact,
        issue_date=datetime.date(2026, 5, 4),
        lines=[LineInput("Reparación de fuga en baño", Decimal(1), Decimal("180.00"))],
    )

    page = staff.get(f"/admin/invoicing/invoice/{invoice.pk}/change/")
    refused = staff.post(f"/admin/invoicing/invoice/{invoice.pk}/change/", {"notes": "cambiada"})

    assert page.status_code == 200
    assert "Reparación de fuga en baño" in page.content.decode()
    assert refused.status_code == 403
    invoice.refresh_from_db()
    assert invoice.notes == ""
    assert staff.get("/admin/invoicing/invoice/add/").status_code == 403
