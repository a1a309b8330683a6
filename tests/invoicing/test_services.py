"""Invoicing services: totals to the cent, numbering, validation, refusals that leave no trace."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from sumalos.accounts.models import User
from sumalos.accounts.services import membership_add
from sumalos.invoicing import services
from sumalos.invoicing.models import (
    Contact,
    DocumentSeries,
    Expense,
    Invoice,
    InvoiceLine,
    Quote,
    UploadedDocument,
)
from sumalos.invoicing.services import LineInput

D = Decimal
DAY = datetime.date(2026, 3, 10)
VALID_CIF = "B12345674"


def _customer(world, **fields) -> Contact:
    data: dict[str, Any] = {"kind": "customer", "name": "Talleres García S.L.", "tax_id": VALID_CIF}
    data.update(fields)
    return services.contact_create(
        access=world.access(world.owner), organization_id=world.org.pk, **data
    )


def _draft(world, contact: Contact, *, on=DAY, lines=None, **kwargs) -> Invoice:
    return services.invoice_draft_create(
        access=world.access(world.owner),
        contact=contact,
        issue_date=on,
        lines=lines or [LineInput("Cambio de caldera", D(1), D("1200.00"))],
        **kwargs,
    )


# --- contacts -----------------------------------------------------------------------------


def test_contact_create_normalises_tax_id_and_iban(world):
    contact = _customer(world, tax_id=" 12345678-z ", iban="es91 2100 0418 4502 0005 1332")

    contact.refresh_from_db()
    assert contact.tax_id == "12345678Z"
    assert contact.iban == "ES9121000418450200051332"
    assert contact.payment_terms_days == 30


@pytest.mark.parametrize("tax_id", ["X1234567L", "A58818501"])
def test_contact_accepts_nie_and_cif(world, tax_id):
    assert _customer(world, tax_id=tax_id).tax_id == tax_id


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tax_id", "12345678A", "«12345678A» no es un NIF, NIE o CIF válido"),
        ("tax_id", "B1234567X", "«B1234567X» no es un NIF, NIE o CIF válido"),
        ("iban", "ES91 2100 0418 4502 0005 1333", "no es un IBAN válido"),
        ("name", "   ", "El contacto necesita un nombre."),
    ],
)
def test_contact_with_bad_input_is_refused_and_not_saved(world, field, value, message):
    with pytest.raises(ValidationError) as error:
        _customer(world, **{field: value})

    assert message in error.value.messages[0]
    assert Contact.objects.count() == 0


def test_a_second_contact_with_the_same_tax_id_is_refused(world):
    _customer(world)

    with pytest.raises(ValidationError) as error:
        _customer(world, name="Otro nombre", tax_id="b-1234567-4")

    assert error.value.messages == ["Ya hay un contacto con ese NIF en la organización."]
    assert Contact.objects.filter(organization=world.org).count() == 1


def test_contact_update_changes_only_the_given_fields(world):
    contact = _customer(world, city="Valencia", payment_terms_days=45)

    services.contact_update(
        access=world.access(world.admin), contact=contact, city="Gandía", name="Talleres García"
    )

    contact.refresh_from_db()
    assert (contact.name, contact.city, contact.payment_terms_days, contact.tax_id) == (
        "Talleres García",
        "Gandía",
        45,
        VALID_CIF,
    )


@pytest.mark.parametrize("who", ["reader", "bookkeeper", "outsider"])
def test_contact_create_outside_write_areas_is_refused(world, who):
    user = getattr(world, who)

    with pytest.raises(PermissionDenied):
        services.contact_create(
            access=world.access(user), organization_id=world.org.pk, kind="customer", name="X"
        )

    assert Contact.objects.count() == 0


def test_iban_may_not_be_set_by_who_may_not_read_it(world):
    clerk = User.objects.create_user(email="clerk@uno.test", password="x")
    membership_add(organization=world.org, user=clerk, write_areas=["contacts"])

    with pytest.raises(PermissionDenied) as error:
        services.contact_create(
            access=world.access(clerk),
            organization_id=world.org.pk,
            kind="customer",
            name="Hostal Miramar",
            iban="ES9121000418450200051332",
        )

    assert str(error.value) == "No tienes permiso para ver ni cambiar cuentas bancarias."
    assert Contact.objects.count() == 0


# --- invoices -----------------------------------------------------------------------------


def test_totals_round_each_line_half_up_to_the_cent(world):
    contact = _customer(world)

    invoice = _draft(
        world,
        contact,
        lines=[
            LineInput("Reparación de fuga en baño", D("1.5"), D("33.33"), D(21), D(15)),
            LineInput("Material de fontanería", D(2), D("19.99"), D(10), D(15)),
        ],
    )

    invoice.refresh_from_db()
    # 49.995 -> 50.00 (VAT 10.50, withholding 7.50); 39.98 (VAT 3.998 -> 4.00, w. 5.997 -> 6.00)
    assert invoice.subtotal == D("89.98")
    assert invoice.vat_total == D("14.50")
    assert invoice.withholding_total == D("13.50")
    assert invoice.total == D("90.98")
    assert invoice.status == Invoice.Status.DRAFT
    assert invoice.number == ""


def test_rates_default_to_those_in_force_on_the_documents_date(world):
    contact = _customer(world)

    old = _draft(world, contact, on=datetime.date(2012, 8, 31), apply_withholding=True)
    new = _draft(world, contact, on=datetime.date(2015, 3, 1), apply_withholding=True)
    today = _draft(world, contact, on=DAY)

    assert [(x.vat_rate, x.withholding_rate) for x in old.lines.all()] == [(D(18), D(15))]
    assert [(x.vat_rate, x.withholding_rate) for x in new.lines.all()] == [(D(21), D(19))]
    assert [(x.vat_rate, x.withholding_rate) for x in today.lines.all()] == [(D(21), D(0))]
    today.refresh_from_db()
    assert (today.subtotal, today.vat_total, today.total) == (D("1200"), D("252"), D("1452"))


def test_due_date_follows_the_contacts_terms_unless_overridden(world):
    contact = _customer(world, payment_terms_days=45)

    by_terms = _draft(world, contact)
    overridden = _draft(world, contact, payment_terms_days=10)

    assert by_terms.due_date == datetime.date(2026, 4, 24)
    assert overridden.due_date == datetime.date(2026, 3, 20)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (LineInput("Cambio de caldera", D(-1), D(100)), "La cantidad debe ser mayor que cero."),
        (LineInput("Cambio de caldera", D(0), D(100)), "La cantidad debe ser mayor que cero."),
        (LineInput("Cambio de caldera", D(1), D(-5)), "El precio unitario no puede ser negativo."),
        (LineInput("  ", D(1), D(5)), "Cada línea necesita un concepto."),
        (LineInput("Caldera", D(1), D(5), D(121)), "El IVA debe estar entre 0 y 100."),
    ],
)
def test_a_bad_line_refuses_the_whole_draft(world, line, message):
    contact = _customer(world)
    good = LineInput("Desplazamiento", D(1), D(30))

    with pytest.raises(ValidationError) as error:
        _draft(world, contact, lines=[good, line])

    assert error.value.messages == [message]
    assert Invoice.objects.count() == 0
    assert InvoiceLine.objects.count() == 0


def test_invoice_for_a_supplier_is_refused(world):
    supplier = _customer(world, kind="supplier", name="Ferretería Ruiz", tax_id="")

    with pytest.raises(ValidationError) as error:
        _draft(world, supplier)

    assert error.value.messages == ["Ferretería Ruiz no es un cliente."]
    assert Invoice.objects.count() == 0


@pytest.mark.parametrize("who", ["reader", "bookkeeper", "outsider"])
def test_invoice_draft_outside_write_areas_is_refused(world, who):
    contact = _customer(world)

    with pytest.raises(PermissionDenied):
        services.invoice_draft_create(
            access=world.access(getattr(world, who)),
            contact=contact,
            issue_date=DAY,
            lines=[LineInput("Cambio de caldera", D(1), D(100))],
        )

    assert Invoice.objects.count() == 0


def test_line_add_update_remove_recompute_totals(world):
    invoice = _draft(world, _customer(world))
    access = world.access(world.owner)

    line = services.document_line_add(
        access=access, document=invoice, line=LineInput("Desplazamiento", D(1), D("35.50"))
    )
    invoice.refresh_from_db()
    assert (invoice.subtotal, invoice.total) == (D("1235.50"), D("1494.96"))
    assert line.position == 1

    services.document_line_update(
        access=access, line=line, data=LineInput("Desplazamiento", D(2), D("35.50"), D(10))
    )
    invoice.refresh_from_db()
    assert (invoice.subtotal, invoice.vat_total, invoice.total) == (
        D("1271.00"),
        D("259.10"),
        D("1530.10"),
    )

    services.document_line_remove(access=access, line=line)
    invoice.refresh_from_db()
    assert (invoice.subtotal, invoice.total) == (D("1200.00"), D("1452.00"))
    assert invoice.lines.count() == 1


def test_issue_numbers_per_organization_kind_and_year(world):
    contact = _customer(world)
    access = world.access(world.owner)
    drafts = [_draft(world, contact, on=datetime.date(2026, 1, d)) for d in (5, 6, 7)]
    late_2025 = _draft(world, contact, on=datetime.date(2025, 12, 30))
    quote = services.quote_draft_create(
        access=access,
        contact=contact,
        issue_date=DAY,
        lines=[LineInput("Instalación de termo", D(1), D(450))],
    )
    outsider_contact = services.contact_create(
        access=world.access(world.outsider, world.other_org),
        organization_id=world.other_org.pk,
        kind="customer",
        name="Cliente de Dos",
    )
    theirs = services.invoice_draft_create(
        access=world.access(world.outsider, world.other_org),
        contact=outsider_contact,
        issue_date=DAY,
        lines=[LineInput("Otro trabajo", D(1), D(10))],
    )

    numbers = [services.invoice_issue(access=access, invoice=d).number for d in drafts]
    numbers.append(services.invoice_issue(access=access, invoice=late_2025).number)
    numbers.append(services.quote_issue(access=access, quote=quote).number)
    numbers.append(
        services.invoice_issue(
            access=world.access(world.outsider, world.other_org), invoice=theirs
        ).number
    )

    assert numbers == [
        "F2026-0001",
        "F2026-0002",
        "F2026-0003",
        "F2025-0001",
        "P2026-0001",
        "F2026-0001",
    ]
    assert (
        DocumentSeries.objects.get(organization=world.org, kind="invoice", year=2026).last_number
        == 3
    )


def test_issued_invoice_is_immutable(world):
    access = world.access(world.owner)
    invoice = services.invoice_issue(access=access, invoice=_draft(world, _customer(world)))
    line = invoice.lines.get()

    with pytest.raises(ValidationError) as error:
        services.document_line_add(
            access=access, document=invoice, line=LineInput("Extra", D(1), D(1))
        )
    assert error.value.messages == ["La factura F2026-0001 ya está emitida y no se modifica."]
    with pytest.raises(ValidationError):
        services.document_line_remove(access=access, line=line)
    with pytest.raises(ValidationError):
        services.invoice_issue(access=access, invoice=invoice)

    invoice.refresh_from_db()
    assert (invoice.number, invoice.total, invoice.lines.count()) == ("F2026-0001", D("1452"), 1)
    assert DocumentSeries.objects.get(organization=world.org, year=2026).last_number == 1


def test_issue_without_lines_is_refused_and_takes_no_number(world):
    access = world.access(world.owner)
    invoice = _draft(world, _customer(world))
    services.document_line_remove(access=access, line=invoice.lines.get())

    with pytest.raises(ValidationError) as error:
        services.invoice_issue(access=access, invoice=invoice)

    assert error.value.messages == ["La factura no tiene líneas: añade al menos una."]
    invoice.refresh_from_db()
    assert (invoice.status, invoice.number) == ("draft", "")
    assert DocumentSeries.objects.count() == 0


def test_reader_cannot_issue(world):
    invoice = _draft(world, _customer(world))

    with pytest.raises(PermissionDenied):
        services.invoice_issue(access=world.access(world.reader), invoice=invoice)

    invoice.refresh_from_db()
    assert (invoice.status, invoice.number) == ("draft", "")


def test_mark_paid_only_after_issue(world):
    access = world.access(world.owner)
    invoice = _draft(world, _customer(world))

    with pytest.raises(ValidationError):
        services.invoice_mark_paid(access=access, invoice=invoice, paid_at=DAY)
    services.invoice_issue(access=access, invoice=invoice)
    paid = services.invoice_mark_paid(access=access, invoice=invoice, paid_at=DAY)

    assert paid.paid_at == DAY


def test_quote_valid_until_and_totals(world):
    quote = services.quote_draft_create(
        access=world.access(world.admin),
        contact=_customer(world),
        issue_date=DAY,
        lines=[LineInput("Sustitución de bajantes", D(3), D("85.40"), D(10))],
        valid_days=15,
    )

    quote.refresh_from_db()
    assert quote.valid_until == datetime.date(2026, 3, 25)
    assert (quote.subtotal, quote.vat_total, quote.total) == (D("256.20"), D("25.62"), D("281.82"))
    assert Quote.objects.count() == 1


# --- expenses -----------------------------------------------------------------------------


def test_expense_takes_the_general_vat_of_its_date(world):
    supplier = _customer(world, kind="supplier", name="Ferretería Ruiz", tax_id="")

    expense = services.expense_create(
        access=world.access(world.bookkeeper),
        organization_id=world.org.pk,
        date=DAY,
        concept="Tubería multicapa",
        base=D("123.45"),
        supplier=supplier,
    )

    assert (expense.vat_rate, expense.vat_amount, expense.total) == (
        D("21.00"),
        D("25.92"),
        D("149.37"),
    )


def test_expense_refusals_leave_nothing(world):
    with pytest.raises(ValidationError) as error:
        services.expense_create(
            access=world.access(world.bookkeeper),
            organization_id=world.org.pk,
            date=DAY,
            concept="Gasoil",
            base=D("-1"),
        )
    assert error.value.messages == ["La base imponible no puede ser negativa."]
    with pytest.raises(PermissionDenied):
        services.expense_create(
            access=world.access(world.reader),
            organization_id=world.org.pk,
            date=DAY,
            concept="Gasoil",
            base=D(50),
        )
    with pytest.raises(PermissionDenied) as denied:
        services.expense_create(
            access=world.access(world.owner),
            organization_id=world.other_org.pk,
            date=DAY,
            concept="Gasoil",
            base=D(50),
        )
    assert str(denied.value) == "No tienes acceso a esa organización."
    assert Expense.objects.count() == 0


# --- uploaded documents -------------------------------------------------------------------


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def test_text_upload_keeps_its_text(world, media):
    upload = SimpleUploadedFile("nota.txt", "Presupuesto aceptado por teléfono.".encode())

    document = services.document_upload(
        access=world.access(world.bookkeeper),
        organization_id=world.org.pk,
        title="Nota",
        area="expenses",
        file=upload,
    )

    document.refresh_from_db()
    assert (document.content_type, document.size, document.text) == (
        "text/plain",
        35,
        "Presupuesto aceptado por teléfono.",
    )
    assert document.file.read() == "Presupuesto aceptado por teléfono.".encode()


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("factura.pdf", b"no soy un pdf", "El archivo no parece un application/pdf de verdad."),
        (
            "programa.exe",
            b"MZ",
            "Tipo de archivo no admitido. Se admiten: CSV, JPEG, JPG, PDF, PNG, TXT.",
        ),
        ("vacio.txt", b"", "El archivo está vacío."),
        ("grande.txt", b"a" * (5 * 1024 * 1024 + 1), "El archivo pasa del límite de 5 MB."),
    ],
)
def test_bad_uploads_are_refused(world, media, name, content, message):
    with pytest.raises(ValidationError) as error:
        services.document_upload(
            access=world.access(world.owner),
            organization_id=world.org.pk,
            title="Archivo",
            area="general",
            file=SimpleUploadedFile(name, content),
        )

    assert error.value.messages == [message]
    assert UploadedDocument.objects.count() == 0
    assert list(media.iterdir()) == []


def test_upload_to_an_area_not_writable_is_refused(world, media):
    with pytest.raises(PermissionDenied):
        services.document_upload(
            access=world.access(world.bookkeeper),
            organization_id=world.org.pk,
            title="Contrato",
            area="invoices",
            text="Contrato de mantenimiento",
        )

    assert UploadedDocument.objects.count() == 0
