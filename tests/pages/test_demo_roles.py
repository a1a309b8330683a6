"""Pages for each demo role, after loading the demo world: each person sees what their membership
allows, the rest is 403 (an area) or 404 (a record), and refused writes leave nothing behind."""

from __future__ import annotations

from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from fixtures import demo
from sumalos.accounts.models import Organization
from sumalos.invoicing.models import Contact, Expense, Invoice, Quote, UploadedDocument

SECTIONS = {
    "Contactos": "/contactos/",
    "Facturas": "/facturas/",
    "Presupuestos": "/presupuestos/",
    "Gastos": "/gastos/",
    "Documentos": "/documentos/",
}


def _martin() -> Organization:
    return Organization.objects.get(name=demo.MARTIN)


def _nav(client: Client) -> set[str]:
    html = client.get("/").content.decode()
    return {label for label, url in SECTIONS.items() if f'href="{url}"' in html}


def _statuses(client: Client) -> dict[str, int]:
    return {label: client.get(url).status_code for label, url in SECTIONS.items()}


def test_pablo_sees_every_area_of_fontaneria_martin(as_user):
    pablo = as_user("pablo")
    talleres = Contact.objects.get(name="Talleres García S.L.")
    invoice = Invoice.objects.filter(organization=_martin(), status="issued").first()
    assert invoice is not None

    assert _nav(pablo) == set(SECTIONS)
    assert _statuses(pablo) == dict.fromkeys(SECTIONS, 200)
    detail = pablo.get(f"/contactos/{talleres.pk}/").content.decode()
    assert "<dt>IBAN</dt>" in detail
    assert talleres.iban in detail
    page = pablo.get(f"/facturas/{invoice.pk}/")
    assert page.status_code == 200
    assert invoice.number in page.content.decode()
    assert pablo.get("/facturas/nueva/").status_code == 200


def test_andres_reads_contacts_and_invoices_and_writes_nothing(as_user):
    andres = as_user("andres")
    before = (Contact.objects.count(), Invoice.objects.count())
    talleres = Contact.objects.get(name="Talleres García S.L.")

    assert _nav(andres) == {"Contactos", "Facturas", "Presupuestos", "Documentos"}
    assert _statuses(andres) == {
        "Contactos": 200,
        "Facturas": 200,
        "Presupuestos": 200,
        "Gastos": 403,
        "Documentos": 200,
    }
    assert andres.get("/facturas/nueva/").status_code == 403
    refused = andres.post("/contactos/nuevo/", {"kind": "customer", "name": "Nuevo"})
    assert refused.status_code == 403
    assert "no permite modificar contactos" in refused.content.decode()
    assert andres.post(f"/contactos/{talleres.pk}/editar/", {"name": "Otro"}).status_code == 403
    assert "Nuevo contacto" not in andres.get("/contactos/").content.decode()
    assert (Contact.objects.count(), Invoice.objects.count()) == before
    talleres.refresh_from_db()
    assert talleres.name == "Talleres García S.L."


def test_carmen_sees_expenses_and_general_only(as_user):
    carmen = as_user("carmen")
    supplier = Contact.objects.get(name="Ferretería Ruiz")
    before = Expense.objects.filter(organization=_martin()).count()

    assert _nav(carmen) == {"Gastos", "Documentos"}
    assert _statuses(carmen) == {
        "Contactos": 403,
        "Facturas": 403,
        "Presupuestos": 403,
        "Gastos": 200,
        "Documentos": 200,
    }
    listed = carmen.get("/documentos/").context["page"].paginator.count
    assert (
        listed
        == UploadedDocument.objects.filter(
            organization=_martin(), area__in=["general", "expenses"]
        ).count()
    )
    assert carmen.get(f"/contactos/{supplier.pk}/").status_code == 403
    created = carmen.post(
        "/gastos/nuevo/",
        {
            "date": "2026-11-20",
            "concept": "Teflón y silicona",
            "base": "12,40",
            "supplier": supplier.pk,
        },
    )
    assert created.status_code == 302
    expense = Expense.objects.get(concept="Teflón y silicona")
    assert (expense.vat_rate, expense.vat_amount, expense.total) == (
        Decimal("21.00"),
        Decimal("2.60"),
        Decimal("15.00"),
    )
    assert Expense.objects.filter(organization=_martin()).count() == before + 1


def test_nora_sees_none_of_fontaneria_martins_records(as_user):
    nora = as_user("nora")
    martin = _martin()
    invoice = Invoice.objects.filter(organization=martin).first()
    contact = Contact.objects.filter(organization=martin).first()
    document = UploadedDocument.objects.filter(organization=martin, area="general").first()
    assert invoice and contact and document

    assert nora.get(f"/facturas/{invoice.pk}/").status_code == 404
    assert nora.get(f"/facturas/{invoice.pk}/editar/").status_code == 404
    assert nora.get(f"/contactos/{contact.pk}/").status_code == 404
    assert nora.get(f"/documentos/{document.pk}/descargar/").status_code == 404
    listed = {c.name for c in nora.get("/contactos/").context["page"]}
    assert listed == set(
        Contact.objects.filter(organization__name=demo.NORA).values_list("name", flat=True)
    )
    switch = nora.post("/organizacion/", {"organization": martin.pk})
    assert switch.status_code == 403
    assert nora.get(f"/facturas/{invoice.pk}/").status_code == 404


def test_pablo_in_reformas_costa_sees_only_invoices(as_user):
    pablo = as_user("pablo")
    costa = Organization.objects.get(name=demo.COSTA)
    martin_invoice = Invoice.objects.filter(organization=_martin()).first()
    costa_invoice = Invoice.objects.filter(organization=costa).first()
    assert martin_invoice and costa_invoice

    response = pablo.post("/organizacion/", {"organization": costa.pk})

    assert response.status_code == 302
    assert _nav(pablo) == {"Facturas", "Presupuestos", "Documentos"}
    assert _statuses(pablo) == {
        "Contactos": 403,
        "Facturas": 200,
        "Presupuestos": 200,
        "Gastos": 403,
        "Documentos": 200,
    }
    listed = [i.pk for i in pablo.get("/facturas/").context["page"]]
    assert sorted(listed) == sorted(
        Invoice.objects.filter(organization=costa).values_list("pk", flat=True)
    )
    assert pablo.get(f"/facturas/{costa_invoice.pk}/").status_code == 200
    assert pablo.get(f"/facturas/{martin_invoice.pk}/").status_code == 404
    assert pablo.get("/facturas/nueva/").status_code == 403


def test_bad_input_gets_a_spanish_error_and_writes_nothing(as_user):
    pablo = as_user("pablo")
    contacts = Contact.objects.count()

    bad_nif = pablo.post(
        "/contactos/nuevo/",
        {
            "kind": "customer",
            "name": "Fontanería Nueva",
            "tax_id": "12345678A",
            "payment_terms_days": 30,
        },
    )
    bad_iban = pablo.post(
        "/contactos/nuevo/",
        {
            "kind": "customer",
            "name": "Fontanería Nueva",
            "iban": "ES00 1234",
            "payment_terms_days": 30,
        },
    )

    assert bad_nif.status_code == 400
    assert "«12345678A» no es un NIF, NIE o CIF válido" in bad_nif.content.decode()
    assert bad_iban.status_code == 400
    assert "«ES00 1234» no es un IBAN válido" in bad_iban.content.decode()
    assert Contact.objects.count() == contacts


def test_pablo_drafts_edits_and_issues_an_invoice(as_user):
    pablo = as_user("pablo")
    talleres = Contact.objects.get(name="Talleres García S.L.")
    last = (
        Invoice.objects.filter(organization=_martin(), number__startswith="F2026-")
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    assert last is not None

    created = pablo.post(
        "/facturas/nueva/",
        {
            "contact": talleres.pk,
            "issue_date": "2026-11-28",
            "linea-description": "Cambio de caldera",
            "linea-quantity": "1",
            "linea-unit_price": "1.850,00",
        },
    )
    invoice = Invoice.objects.get(
        organization=_martin(), issue_date="2026-11-28", total=Decimal("2238.50")
    )
    assert created.status_code == 302
    assert created["Location"] == f"/facturas/{invoice.pk}/editar/"
    negative = pablo.post(
        f"/facturas/{invoice.pk}/lineas/",
        {"linea-description": "Desplazamiento", "linea-quantity": "-2", "linea-unit_price": "30"},
    )
    assert negative.status_code == 400
    assert "La cantidad debe ser mayor que cero." in negative.content.decode()
    assert invoice.lines.count() == 1
    added = pablo.post(
        f"/facturas/{invoice.pk}/lineas/",
        {"linea-description": "Desplazamiento", "linea-quantity": "1", "linea-unit_price": "30"},
    )
    assert added.status_code == 302
    issued = pablo.post(f"/facturas/{invoice.pk}/emitir/")

    invoice.refresh_from_db()
    assert issued.status_code == 302
    assert invoice.number == f"F2026-{int(last[-4:]) + 1:04d}"
    assert (invoice.subtotal, invoice.vat_total, invoice.total) == (
        Decimal("1880.00"),
        Decimal("394.80"),
        Decimal("2274.80"),
    )
    assert invoice.due_date.isoformat() == "2026-12-28"
    assert pablo.get(f"/facturas/{invoice.pk}/editar/").status_code == 302


def test_pablo_uses_quotes_and_documents_pages(as_user, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    pablo = as_user("pablo")
    quote = Quote.objects.filter(organization=_martin(), status="draft").first()
    assert quote is not None

    assert pablo.get(f"/presupuestos/{quote.pk}/").status_code == 200
    assert pablo.get(f"/presupuestos/{quote.pk}/editar/").status_code == 200
    assert pablo.get("/presupuestos/nuevo/").status_code == 200
    assert pablo.get("/facturas/?estado=issued&mes=2026-05").status_code == 200
    uploaded = pablo.post(
        "/documentos/subir/",
        {"title": "Albarán", "area": "expenses", "file": SimpleUploadedFile("a.txt", b"Albaran 7")},
    )
    document = UploadedDocument.objects.get(title="Albarán")
    download = pablo.get(f"/documentos/{document.pk}/descargar/")

    assert uploaded.status_code == 302
    assert (document.area, document.text) == ("expenses", "Albaran 7")
    assert b"".join(download.streaming_content) == b"Albaran 7"
