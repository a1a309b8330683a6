"""Selectors and the access helper: reads follow the organization and the area, fail closed."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404

from sumalos.accounts.access import AiAccess, Principal
from sumalos.accounts.models import User
from sumalos.accounts.services import membership_add
from sumalos.invoicing import selectors, services
from sumalos.invoicing.models import Contact, Expense, Invoice, InvoiceLine, UploadedDocument
from sumalos.invoicing.services import LineInput

D = Decimal


@pytest.fixture
def records(world):
    """In Taller Uno: two customers, a supplier, three invoices, an expense, two files."""
    owner = world.access(world.owner)
    org = world.org.pk

    def contact(name: str, kind: str = "customer", iban: str = "") -> Contact:
        return services.contact_create(
            access=owner, organization_id=org, kind=kind, name=name, iban=iban
        )

    garcia = contact("Talleres García S.L.", iban="ES9121000418450200051332")
    miramar = contact("Hostal Miramar")
    ruiz = contact("Ferretería Ruiz", "supplier")

    def invoice(customer: Contact, day: datetime.date, price: str, issue: bool = True) -> Invoice:
        draft = services.invoice_draft_create(
            access=owner,
            contact=customer,
            issue_date=day,
            lines=[LineInput("Cambio de caldera", D(1), D(price))],
        )
        return services.invoice_issue(access=owner, invoice=draft) if issue else draft

    may_1 = invoice(garcia, datetime.date(2026, 5, 4), "100.00")
    may_2 = invoice(miramar, datetime.date(2026, 5, 20), "200.00")
    draft = invoice(garcia, datetime.date(2026, 5, 28), "999.00", issue=False)
    services.invoice_mark_paid(access=owner, invoice=may_2, paid_at=datetime.date(2026, 6, 1))
    expense = services.expense_create(
        access=owner,
        organization_id=org,
        date=datetime.date(2026, 5, 2),
        concept="Tubo",
        base=D(10),
    )
    general = services.document_upload(
        access=owner, organization_id=org, title="Horario", area="general", text="De 8 a 15."
    )
    private = services.document_upload(
        access=owner, organization_id=org, title="Tarifa", area="invoices", text="38 € la hora."
    )
    theirs = services.contact_create(
        access=world.access(world.outsider, world.other_org),
        organization_id=world.other_org.pk,
        kind="customer",
        name="Cliente de Dos",
    )
    return {
        "garcia": garcia,
        "miramar": miramar,
        "ruiz": ruiz,
        "may_1": may_1,
        "may_2": may_2,
        "draft": draft,
        "expense": expense,
        "general": general,
        "private": private,
        "theirs": theirs,
    }


def test_contact_list_is_scoped_to_the_organization_and_searches_without_accents(world, records):
    access = world.access(world.reader)

    everyone = selectors.contact_list(access=access, organization_id=world.org.pk)
    found = selectors.contact_list(access=access, organization_id=world.org.pk, search="garcia")
    suppliers = selectors.contact_list(access=access, organization_id=world.org.pk, kind="supplier")

    assert [c.name for c in everyone] == [
        "Ferretería Ruiz",
        "Hostal Miramar",
        "Talleres García S.L.",
    ]
    assert [c.name for c in found] == ["Talleres García S.L."]
    assert [c.name for c in suppliers] == ["Ferretería Ruiz"]


def test_lists_are_empty_without_the_area_or_the_organization(world, records):
    bookkeeper = world.access(world.bookkeeper)
    outsider = world.access(world.outsider, world.other_org)

    assert list(selectors.contact_list(access=bookkeeper, organization_id=world.org.pk)) == []
    assert list(selectors.invoice_list(access=bookkeeper, organization_id=world.org.pk)) == []
    assert list(selectors.invoice_list(access=outsider, organization_id=world.org.pk)) == []
    assert [
        e.pk for e in selectors.expense_list(access=bookkeeper, organization_id=world.org.pk)
    ] == [records["expense"].pk]


def test_invoice_list_filters_by_status_and_month(world, records):
    access = world.access(world.reader)
    may = datetime.date(2026, 5, 1)

    issued = selectors.invoice_list(
        access=access, organization_id=world.org.pk, status="issued", month=may
    )
    june = selectors.invoice_list(
        access=access, organization_id=world.org.pk, month=datetime.date(2026, 6, 1)
    )

    assert [i.number for i in issued] == ["F2026-0002", "F2026-0001"]
    assert list(june) == []


def test_documents_follow_their_own_area(world, records):
    bookkeeper = selectors.document_list(
        access=world.access(world.bookkeeper), organization_id=world.org.pk
    )
    reader = selectors.document_list(
        access=world.access(world.reader), organization_id=world.org.pk
    )

    assert [d.title for d in bookkeeper] == ["Horario"]
    assert sorted(d.title for d in reader) == ["Horario", "Tarifa"]


def test_access_record_returns_what_may_be_read(world, records):
    garcia = selectors.access_record(world.access(world.reader), Contact, records["garcia"].pk)
    line = records["may_1"].lines.get()

    assert garcia == records["garcia"]
    assert selectors.access_record(world.access(world.reader), InvoiceLine, line.pk) == line


@pytest.mark.parametrize(
    ("who", "model", "record"),
    [
        ("bookkeeper", Contact, "garcia"),  # area not readable
        ("bookkeeper", Invoice, "may_1"),
        ("reader", Expense, "expense"),
        ("bookkeeper", UploadedDocument, "private"),  # the file's own area
        ("outsider", Contact, "garcia"),  # another organization
        ("owner", Contact, "theirs"),
    ],
)
def test_access_record_answers_404_for_what_is_not_visible(world, records, who, model, record):
    access = world.access(getattr(world, who), world.other_org if who == "outsider" else None)

    with pytest.raises(Http404):
        selectors.access_record(access, model, records[record].pk)


def test_access_record_404_for_a_missing_or_malformed_id(world, records):
    access = world.access(world.owner)

    with pytest.raises(Http404):
        selectors.access_record(access, Contact, 10**9)
    with pytest.raises(Http404):
        selectors.access_record(access, Contact, "no-es-un-id")


def test_access_record_for_writing_is_403_when_only_readable(world, records):
    with pytest.raises(PermissionDenied):
        selectors.access_record(
            world.access(world.reader), Invoice, records["may_1"].pk, write=True
        )

    assert (
        selectors.access_record(world.access(world.admin), Invoice, records["may_1"].pk, write=True)
        == records["may_1"]
    )


def test_an_access_without_organizations_sees_nothing(world, records):
    nobody = AiAccess(principal=Principal(kind="user", user_id=world.owner.pk))

    with pytest.raises(Http404):
        selectors.access_record(nobody, Contact, records["garcia"].pk)
    assert selectors.visible(nobody, Invoice).count() == 0


def test_iban_is_shown_only_to_who_reads_invoices_or_expenses(world, records):
    garcia = records["garcia"]

    assert selectors.contact_iban(access=world.access(world.reader), contact=garcia) == (
        "ES9121000418450200051332"
    )
    assert selectors.contact_iban(access=world.access(world.bookkeeper), contact=garcia) == (
        "ES9121000418450200051332"
    )
    clerk = User.objects.create_user(email="clerk@uno.test", password="x")
    membership_add(organization=world.org, user=clerk, read_areas=["contacts"])
    assert selectors.contact_iban(access=world.access(clerk), contact=garcia) is None


def test_figures(world, records):
    access = world.access(world.owner)

    may = selectors.invoiced_total(access=access, organization_id=world.org.pk, year=2026, month=5)
    garcia = selectors.outstanding_for_contact(access=access, contact=records["garcia"])
    miramar = selectors.outstanding_for_contact(access=access, contact=records["miramar"])
    overdue = selectors.overdue_invoices(
        access=access, organization_id=world.org.pk, on=datetime.date(2026, 7, 1)
    )
    hidden = selectors.invoiced_total(
        access=world.access(world.bookkeeper), organization_id=world.org.pk, year=2026, month=5
    )

    assert may == D("363.00")  # 121.00 + 242.00; the draft does not count
    assert garcia == D("121.00")
    assert miramar == D("0.00")
    assert [i.number for i in overdue] == ["F2026-0001"]
    assert hidden == D("0.00")
