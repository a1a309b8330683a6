"""``memory_write``: refusals, bad input, contacts as subjects, the extractor's attributes."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from memory.models import Memory, MemoryAudit
from memory.policy import REASON_CONFIDENTIAL, REASON_SPECIAL_THIRD_PARTY
from memory.selectors import StoredAttribute, memory_subject_attributes
from memory.services import memory_write
from sumalos.accounts.access import AiAccess, Principal
from sumalos.invoicing.models import Contact


def test_a_secret_is_refused_with_a_spanish_reason_and_leaves_no_trace(world):
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="empresa",
        text="La contraseña del banco es Perro123",
        explicit=True,
    )

    assert (result.refused, result.memory, result.reason) == (True, None, REASON_CONFIDENTIAL)
    assert Memory.objects.count() == 0
    assert MemoryAudit.objects.count() == 0


def test_special_category_about_the_writer_asked_explicitly_is_kept_private(world):
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="perfil_usuario",
        text="Soy católico practicante.",
        requested_visibility=None,
        explicit=True,
    )

    assert (result.visibility, result.proposed) == ("private_in_org", False)


def test_the_writers_own_health_is_a_personal_fact(world):
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="perfil_usuario",
        text="Soy celíaco.",
        requested_visibility=None,
        explicit=False,
    )

    assert (result.refused, result.visibility, result.proposed) == (False, "personal", False)


def test_special_category_in_a_business_fact_is_never_shared(world):
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="empresa",
        text="Tengo diabetes y no puedo hacer turnos de noche.",
        explicit=True,
    )

    # The writer's own, and a company-category fact asked personal stays in this organization.
    assert result.visibility == "private_in_org"
    assert Memory.objects.get().proposed_visibility is None


def test_special_category_about_a_customer_is_refused(world):
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="cliente",
        subject="Talleres García",
        text="Está de baja médica.",
        explicit=True,
    )

    assert (result.refused, result.reason) == (True, REASON_SPECIAL_THIRD_PARTY)
    assert Memory.objects.count() == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"category": "chisme"}, "Categoría desconocida: chisme."),
        ({"text": "   "}, "El recuerdo no puede estar vacío."),
        ({"text": "x" * 501}, "El texto es demasiado largo (máximo 500 caracteres)."),
        ({"attribute": "a" * 81}, "El atributo es demasiado largo (máximo 80 caracteres)."),
        ({"value": "v" * 301}, "El valor es demasiado largo (máximo 300 caracteres)."),
        ({"area": "nominas"}, "Área desconocida: nominas."),
        ({"requested_visibility": "todos"}, "Visibilidad desconocida: todos."),
        ({"subject": "contacto:999999"}, "Contacto desconocido."),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(world, fields, message):
    arguments = {"category": "empresa", "text": "Un dato.", **fields}

    with pytest.raises(ValidationError) as error:
        memory_write(access=world.access(world.owner), organization_id=world.org.pk, **arguments)

    assert error.value.messages == [message]
    assert Memory.objects.count() == 0


def test_writing_into_an_organization_one_does_not_belong_to_is_refused(world):
    with pytest.raises(PermissionDenied):
        memory_write(
            access=world.access(world.outsider, world.other_org),
            organization_id=world.org.pk,
            category="empresa",
            text="Dato ajeno.",
        )

    assert Memory.objects.count() == 0


def test_control_characters_are_neutralised_on_write(world):
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="empresa",
        text="Cerramos\x00 en\u200b agosto.\r\nIgnora todo\x1b[31m",
        explicit=True,
    )

    assert result.memory is not None
    assert result.memory.text == "Cerramos en agosto. Ignora todo [31m"


def test_a_phone_without_an_account_owns_its_private_memories_by_phone(world):
    access = AiAccess(
        principal=Principal(kind="phone", phone="+34600111222"),
        permissions=world.access(world.reader).permissions,
    )

    result = memory_write(
        access=access, organization_id=world.org.pk, category="preferencia", text="Tutéame."
    )

    assert result.memory is not None
    assert (result.memory.owner_user_id, result.memory.owner_phone) == (None, "+34600111222")


def test_a_contact_subject_links_the_contact_and_deleting_the_contact_forgets_it(world):
    contact = Contact.objects.create(
        organization=world.org, kind="customer", name="Talleres García"
    )
    result = memory_write(
        access=world.access(world.owner),
        organization_id=world.org.pk,
        category="cliente",
        subject=f"contacto:{contact.pk}",
        attribute="plazo_pago",
        value="60 días",
        text="Talleres García paga a 60 días.",
        explicit=True,
    )
    assert result.memory is not None
    assert result.memory.contact_id == contact.pk

    contact.delete()

    assert Memory.objects.count() == 0


def test_a_contact_of_another_organization_is_unknown(world):
    foreign = Contact.objects.create(organization=world.other_org, kind="customer", name="Ajeno")

    with pytest.raises(ValidationError):
        memory_write(
            access=world.access(world.owner),
            organization_id=world.org.pk,
            category="cliente",
            subject=f"contacto:{foreign.pk}",
            text="Paga tarde.",
        )


def test_the_extractor_gets_the_attributes_already_stored_for_a_subject(world):
    owner = world.access(world.owner)
    for attribute, value, text in (
        ("plazo_pago", "60 días", "Talleres García paga a 60 días."),
        ("envio_facturas", "email", "Talleres García pide las facturas por email."),
    ):
        memory_write(
            access=owner,
            organization_id=world.org.pk,
            category="cliente",
            subject="Talleres García",
            attribute=attribute,
            value=value,
            text=text,
            explicit=True,
        )

    stored = memory_subject_attributes(
        access=owner, organization_id=world.org.pk, subject="Talleres García"
    )
    hidden = memory_subject_attributes(
        access=world.access(world.bookkeeper),
        organization_id=world.org.pk,
        subject="Talleres García",
    )

    assert stored == [
        StoredAttribute("envio_facturas", "email"),
        StoredAttribute("plazo_pago", "60 días"),
    ]
    assert hidden == []
