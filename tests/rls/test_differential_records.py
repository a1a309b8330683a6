"""The records' rule, enforced twice, agrees with itself and with DESIGN §3.

Contacts, invoices, quotes, expenses, files and the lines of invoices and quotes are read in
random worlds three ways: the app's selectors (``visible``, whose filter is compiled from
``RECORD_RULE``), the row-level security policies compiled from the same declaration (read as
``ai_reader``), and an oracle written from the design's words. A record carries only its
organization and its area, so the pool holds every combination once per organization and the
randomness is in who asks: principals of every kind, memberships with random roles and areas,
and the organizations of the request (docs/decisions/0010).
"""

from __future__ import annotations

import datetime
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest
from django.db.models import Model, QuerySet, Value
from hypothesis import HealthCheck, given, settings

from sumalos.accounts.models import Organization, User
from sumalos.invoicing.models import (
    Contact,
    Expense,
    Invoice,
    InvoiceLine,
    Quote,
    QuoteLine,
    UploadedDocument,
)
from sumalos.invoicing.selectors import visible
from sumalos.rls.assistant import as_assistant
from sumalos.rls.rule import record_q
from tests.rls.worlds import AREAS, Asker, access_store, askers, pool_create

DAY = datetime.date(2026, 3, 2)
RECORD_MODELS: list[type[Model]] = [
    Contact,
    Invoice,
    InvoiceLine,
    Quote,
    QuoteLine,
    Expense,
    UploadedDocument,
]

# (model, pk) -> (organization index, area): the oracle's whole knowledge of a record.
Pool = dict[tuple[type[Model], int], tuple[int, str]]


def records_create(orgs: list[Organization]) -> Pool:
    """Every kind of record in every organization, and a file of every area."""
    pool: Pool = {}
    for index, org in enumerate(orgs):
        customer = Contact.objects.create(organization=org, kind="customer", name=f"C{index}")
        supplier = Contact.objects.create(organization=org, kind="supplier", name=f"P{index}")
        invoice = Invoice.objects.create(
            organization=org, contact=customer, issue_date=DAY, due_date=DAY
        )
        quote = Quote.objects.create(organization=org, contact=customer, issue_date=DAY)
        line = {
            "description": "Revisión",
            "quantity": Decimal(1),
            "unit_price": Decimal(100),
            "vat_rate": Decimal(21),
        }
        invoice_line = InvoiceLine.objects.create(invoice=invoice, **line)
        quote_line = QuoteLine.objects.create(quote=quote, **line)
        expense = Expense.objects.create(
            organization=org,
            supplier=supplier,
            date=DAY,
            concept="Material",
            base=Decimal(100),
            vat_rate=Decimal(21),
            vat_amount=Decimal(21),
            total=Decimal(121),
        )
        for contact in (customer, supplier):
            pool[(Contact, contact.pk)] = (index, "contacts")
        billing: list[Model] = [invoice, invoice_line, quote, quote_line]
        for record in billing:
            pool[(type(record), record.pk)] = (index, "invoices")
        pool[(Expense, expense.pk)] = (index, "expenses")
        for area in AREAS:
            document = UploadedDocument.objects.create(
                organization=org, area=area, title=f"Archivo {area}"
            )
            pool[(UploadedDocument, document.pk)] = (index, area)
    return pool


def oracle(org: int, area: str, asker: Asker) -> bool:
    """DESIGN §3 for a shared row without owner: organization requested, area readable."""
    readable = asker.readable()
    return org in readable and (area == "general" or area in readable[org])


def _read(querysets: dict[type[Model], QuerySet[Any]]) -> dict[type[Model], set[int]]:
    """The pks of every queryset, in one round trip (a UNION ALL tagged by table)."""
    tagged = [
        queryset.order_by().annotate(table=Value(index)).values_list("table", "pk")
        for index, queryset in enumerate(querysets.values())
    ]
    models = list(querysets)
    found: dict[type[Model], set[int]] = {model: set() for model in models}
    for index, pk in tagged[0].union(*tagged[1:], all=True):
        found[models[index]].add(pk)
    return found


@pytest.fixture
def pool(transactional_db: None) -> tuple[list[Organization], list[User], Pool]:
    orgs, users = pool_create()
    return orgs, users, records_create(orgs)


@settings(
    max_examples=2000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(asker=askers())
def test_record_selectors_and_row_level_security_agree_with_the_design(pool, asker):
    orgs, users, records = pool
    # Given the principal's memberships, stored for a user and carried by a phone.
    access = access_store(asker, orgs, users)
    expected: dict[type[Model], set[int]] = {model: set() for model in RECORD_MODELS}
    for (model, pk), (org, area) in records.items():
        if oracle(org, area, asker):
            expected[model].add(pk)

    # When the app's selectors and the restricted role read every record table.
    through_app = _read({model: visible(access, model) for model in RECORD_MODELS})
    with as_assistant(access):
        through_rls = _read({model: model._default_manager.all() for model in RECORD_MODELS})

    # Then both return exactly the oracle's rows, table by table.
    assert through_app == expected
    assert through_rls == expected


def test_the_pool_holds_every_record_kind_in_every_organization(pool):
    # Given the pool, then every table has rows in every organization (no empty comparison).
    _orgs, _users, records = pool
    per_org = {
        "Contact": 2,
        "Invoice": 1,
        "InvoiceLine": 1,
        "Quote": 1,
        "QuoteLine": 1,
        "Expense": 1,
        "UploadedDocument": 4,
    }
    kinds = Counter((model.__name__, org) for (model, _pk), (org, _area) in records.items())
    assert kinds == Counter({(name, org): n for name, n in per_org.items() for org in range(3)})
    file_areas = [area for (model, _pk), (_o, area) in records.items() if model is UploadedDocument]
    assert sorted(file_areas) == sorted(AREAS * 3)


def test_a_record_of_the_general_area_is_visible_in_every_requested_organization(pool):
    # Given a member of organization 0 who reads no area, asking for organization 0.
    orgs, users, _records = pool
    asker = Asker("user", 0, None, {0: ("member", frozenset(), frozenset())}, frozenset({0}))
    access = access_store(asker, orgs, users)

    # When the records' rule is compiled for a table whose fixed area were general.
    general = set(Contact.objects.filter(record_q(access, area="general")).values_list("pk"))
    contacts = set(Contact.objects.filter(record_q(access, area="contacts")).values_list("pk"))

    # Then it holds every contact of organization 0 and nothing else; contacts stay hidden.
    assert general == set(Contact.objects.filter(organization=orgs[0]).values_list("pk"))
    assert len(general) == 2
    assert contacts == set()
