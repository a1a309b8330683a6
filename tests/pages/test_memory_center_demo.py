"""The memory center for each demo role: each person sees exactly the memories the
visibility rule allows them, in the organization they are working in."""

from __future__ import annotations

import pytest

from memory.services import memory_write
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Organization, User
from sumalos.invoicing.models import Contact

PAYMENT_TERM = "Talleres García S.L. paga a 60 días."
PRIVATE_NOTE = "Me toca revisar la furgoneta el lunes."
SUPPLIER_FACT = "Ferretería Ruiz nos hace un 5 % de descuento."


@pytest.fixture
def memories(demo_world):
    martin = Organization.objects.get(name="Fontanería Martín")
    pablo = User.objects.get(email="pablo@demo.sumalos.es")
    access = access_for_user(pablo, organization_ids=[martin.pk])
    garcia = Contact.objects.get(organization=martin, name="Talleres García S.L.")
    ruiz = Contact.objects.get(organization=martin, name="Ferretería Ruiz")
    memory_write(
        access=access,
        category="cliente",
        subject=f"contacto:{garcia.pk}",
        attribute="plazo_pago",
        value="60 días",
        text=PAYMENT_TERM,
        organization_id=martin.pk,
    )
    memory_write(
        access=access,
        category="proveedor",
        subject=f"contacto:{ruiz.pk}",
        attribute="descuento",
        value="5 %",
        text=SUPPLIER_FACT,
        organization_id=martin.pk,
    )
    memory_write(
        access=access,
        category="evento",
        text=PRIVATE_NOTE,
        requested_visibility="private_in_org",
        organization_id=martin.pk,
    )


@pytest.mark.parametrize(
    ("person", "expected"),
    [
        ("pablo", {PAYMENT_TERM, SUPPLIER_FACT, PRIVATE_NOTE}),
        ("lucia", {PAYMENT_TERM, SUPPLIER_FACT}),
        ("andres", {PAYMENT_TERM}),
        ("carmen", {SUPPLIER_FACT}),
        ("nora", set()),
    ],
)
def test_each_demo_person_sees_exactly_their_memories(as_user, memories, person, expected):
    page = as_user(person).get("/memoria/")

    html = page.content.decode()
    assert page.status_code == 200
    assert {
        text for text in (PAYMENT_TERM, SUPPLIER_FACT, PRIVATE_NOTE) if text in html
    } == expected
