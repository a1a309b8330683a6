"""The demo world: deterministic, complete (every organization, role and record kind), idempotent
and quick to load."""

from __future__ import annotations

import time
from decimal import Decimal

from django.core.management import call_command
from django.db import transaction
from stdnum.es import nif

from fixtures import demo
from sumalos.accounts.models import Membership, Organization, User
from sumalos.invoicing.models import Contact, Expense, Invoice, UploadedDocument
from sumalos.invoicing.services import normalize_iban
from sumalos.platform.management.commands import load_demo


def test_load_demo_builds_the_world_once_and_prints_the_logins(db, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(load_demo, "PASSWORD_FILE", tmp_path / "demo_password")

    started = time.monotonic()
    call_command("load_demo")
    elapsed = time.monotonic() - started
    call_command("load_demo")

    out = capsys.readouterr().out
    password = (tmp_path / "demo_password").read_text().strip()
    assert elapsed < 20
    assert f"Contraseña (solo para demo, la misma para todos): {password}" in out
    assert "El mundo de demostración ya estaba cargado." in out
    assert "pablo@demo.sumalos.es" in out
    assert Organization.objects.filter(name=demo.MARTIN).count() == 1
    assert User.objects.get(email="carmen@demo.sumalos.es").check_password(password)


def test_a_lost_password_file_realigns_the_demo_users(db, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(load_demo, "PASSWORD_FILE", tmp_path / "demo_password")
    demo.build_demo(password="la-antigua")

    call_command("load_demo")

    password = (tmp_path / "demo_password").read_text().strip()
    assert password != "la-antigua"
    assert User.objects.get(email="nora@demo.sumalos.es").check_password(password)


def test_demo_content_is_the_documented_world(db):
    counts = demo.build_demo(password="demo-de-prueba")

    martin = Organization.objects.get(name=demo.MARTIN)
    roles = {
        (m.user.email.split("@")[0], m.organization.name): (
            m.role,
            sorted(m.readable_areas()),
            sorted(m.writable_areas()),
        )
        for m in Membership.objects.select_related("user", "organization")
    }
    assert roles[("andres", demo.MARTIN)] == ("member", ["contacts", "general", "invoices"], [])
    assert roles[("carmen", demo.MARTIN)] == ("member", ["expenses", "general"], ["expenses"])
    assert roles[("pablo", demo.COSTA)] == ("member", ["general", "invoices"], [])
    assert roles[("lucia", demo.MARTIN)][0] == "admin"
    assert roles[("nora", demo.NORA)][0] == "owner"
    assert len(roles) == 7

    talleres = Contact.objects.get(organization=martin, name="Talleres García S.L.")
    assert (talleres.kind, talleres.payment_terms_days) == ("customer", 30)
    assert {
        c.kind for c in Contact.objects.filter(name__in=["Ferretería Ruiz", "Gestoría Ibáñez"])
    } == {"supplier"}
    contacts = Contact.objects.filter(organization=martin)
    assert counts == {
        "contacts": 48,
        "invoices": 172,
        "quotes": 12,
        "expenses": 60,
        "documents": 15,
    }
    assert contacts.count() == 48
    assert all(nif.is_valid(c.tax_id) for c in contacts)
    assert all(normalize_iban(c.iban) == c.iban for c in contacts if c.iban)
    invoices = Invoice.objects.filter(organization=martin)
    assert invoices.count() == 172
    issued = invoices.filter(status="issued").order_by("issue_date", "id")
    assert issued.count() == 165
    assert invoices.filter(status="draft").count() == 7
    first_2025 = issued.filter(issue_date__year=2025).first()
    assert first_2025 is not None and first_2025.number == "F2025-0001"
    assert all(i.total == i.subtotal + i.vat_total - i.withholding_total for i in invoices)
    assert Expense.objects.filter(organization=martin).count() == 60
    assert UploadedDocument.objects.filter(organization=martin).count() == 15
    assert invoices.filter(lines__description="Cambio de caldera de gas").exists()


class _Rollback(Exception):
    pass


def _build_and_read() -> list[tuple[str, str, Decimal]]:
    demo.build_demo(password="x")
    return list(
        Invoice.objects.order_by("organization__name", "issue_date", "id").values_list(
            "organization__name", "number", "total"
        )
    )


def test_demo_is_deterministic(db):
    try:
        with transaction.atomic():
            first = _build_and_read()
            raise _Rollback
    except _Rollback:
        pass
    assert not Organization.objects.exists()

    second = _build_and_read()

    assert first == second
    assert len(first) == 172 + 4 + 2
