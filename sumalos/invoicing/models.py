"""The invoicing domain the assistant works on: contacts, invoices, quotes, expenses, files.

Every table carries its organization; each belongs to one area (contacts, invoices —quotes
included—, expenses; an uploaded file carries its own). Writes go through ``services/``;
invoices and quotes differ only by their ``DocumentType`` (``document_types.py``).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models

from sumalos.accounts.models import Area, Organization

CENT = Decimal("0.01")
DEFAULT_PAYMENT_TERMS_DAYS = 30


def money(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


class Contact(models.Model):
    AREA = Area.CONTACTS

    class Kind(models.TextChoices):
        CUSTOMER = "customer", "Cliente"
        SUPPLIER = "supplier", "Proveedor"

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="contacts"
    )
    kind = models.CharField("tipo", max_length=10, choices=Kind.choices)
    name = models.CharField("nombre", max_length=200)
    tax_id = models.CharField("NIF/CIF/NIE", max_length=20, blank=True)
    iban = models.CharField("IBAN", max_length=34, blank=True)
    email = models.EmailField("correo", blank=True)
    phone = models.CharField("teléfono", max_length=20, blank=True)
    address = models.CharField("dirección", max_length=300, blank=True)
    city = models.CharField("población", max_length=100, blank=True)
    payment_terms_days = models.PositiveSmallIntegerField(
        "plazo de pago (días)", default=DEFAULT_PAYMENT_TERMS_DAYS
    )
    notes = models.TextField("notas", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "contacts"
        ordering = ["name"]
        verbose_name = "contacto"
        indexes = [models.Index(fields=["organization", "kind", "name"])]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "tax_id"],
                condition=~models.Q(tax_id=""),
                name="contact_tax_id_unique_per_org",
                violation_error_message="Ya hay un contacto con ese NIF en la organización.",
            )
        ]

    def __str__(self) -> str:
        return self.name


class DocumentSeries(models.Model):
    """A numbered series per organization, kind and year; numbers are taken under a row lock."""

    class Kind(models.TextChoices):
        INVOICE = "invoice", "Factura"
        QUOTE = "quote", "Presupuesto"

    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="series")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    year = models.PositiveSmallIntegerField()
    last_number = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "document_series"
        constraints = [
            models.UniqueConstraint(fields=["organization", "kind", "year"], name="series_unique")
        ]

    def __str__(self) -> str:
        return f"{self.organization} {self.kind} {self.year}"


class BillingDocument(models.Model):
    """What invoices and quotes share: a contact, lines, totals and a draft → issued life."""

    AREA = Area.INVOICES

    class Status(models.TextChoices):
        DRAFT = "draft", "Borrador"
        ISSUED = "issued", "Emitida"

    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    contact = models.ForeignKey(Contact, on_delete=models.PROTECT, related_name="+")
    status = models.CharField("estado", max_length=10, choices=Status.choices, default=Status.DRAFT)
    number = models.CharField("número", max_length=20, blank=True)
    issue_date = models.DateField("fecha")
    notes = models.TextField("notas", blank=True)
    subtotal = models.DecimalField(
        "base imponible", max_digits=12, decimal_places=2, default=Decimal(0)
    )
    vat_total = models.DecimalField("IVA", max_digits=12, decimal_places=2, default=Decimal(0))
    withholding_total = models.DecimalField(
        "retención", max_digits=12, decimal_places=2, default=Decimal(0)
    )
    total = models.DecimalField("total", max_digits=12, decimal_places=2, default=Decimal(0))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.number or f"Borrador {self.pk}"

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT


class Invoice(BillingDocument):
    due_date = models.DateField("vencimiento")
    paid_at = models.DateField("cobrada el", null=True, blank=True)

    class Meta:
        db_table = "invoices"
        ordering = ["-issue_date", "-id"]
        verbose_name = "factura"
        indexes = [models.Index(fields=["organization", "issue_date"])]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "number"],
                condition=~models.Q(number=""),
                name="invoice_number_unique_per_org",
            )
        ]


class Quote(BillingDocument):
    valid_until = models.DateField("válido hasta", null=True, blank=True)

    class Meta:
        db_table = "quotes"
        ordering = ["-issue_date", "-id"]
        verbose_name = "presupuesto"
        indexes = [models.Index(fields=["organization", "issue_date"])]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "number"],
                condition=~models.Q(number=""),
                name="quote_number_unique_per_org",
            )
        ]


class BillingLine(models.Model):
    description = models.CharField("concepto", max_length=300)
    quantity = models.DecimalField(
        "cantidad",
        max_digits=12,
        decimal_places=3,
        validators=[MinValueValidator(Decimal("0.001"))],
    )
    unit_price = models.DecimalField(
        "precio unitario",
        max_digits=12,
        decimal_places=2,
        validators=[MinValueValidator(Decimal(0))],
    )
    vat_rate = models.DecimalField("IVA %", max_digits=5, decimal_places=2)
    withholding_rate = models.DecimalField(
        "retención %", max_digits=5, decimal_places=2, default=Decimal(0)
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        abstract = True
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.description

    @property
    def base(self) -> Decimal:
        return money(self.quantity * self.unit_price)

    @property
    def vat_amount(self) -> Decimal:
        return money(self.base * self.vat_rate / 100)

    @property
    def withholding_amount(self) -> Decimal:
        return money(self.base * self.withholding_rate / 100)


class InvoiceLine(BillingLine):
    invoice = models.ForeignKey(Invoice, on_delete=models.CASCADE, related_name="lines")

    class Meta(BillingLine.Meta):
        db_table = "invoice_lines"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(quantity__gt=0), name="invoice_line_quantity_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(unit_price__gte=0), name="invoice_line_price_not_negative"
            ),
        ]


class QuoteLine(BillingLine):
    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="lines")

    class Meta(BillingLine.Meta):
        db_table = "quote_lines"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(quantity__gt=0), name="quote_line_quantity_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(unit_price__gte=0), name="quote_line_price_not_negative"
            ),
        ]


class Expense(models.Model):
    AREA = Area.EXPENSES

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="expenses"
    )
    supplier = models.ForeignKey(
        Contact, on_delete=models.PROTECT, null=True, blank=True, related_name="expenses"
    )
    date = models.DateField("fecha")
    concept = models.CharField("concepto", max_length=300)
    category = models.CharField("categoría", max_length=60, blank=True)
    base = models.DecimalField(
        "base imponible",
        max_digits=12,
        decimal_places=2,
        validators=[MinValueValidator(Decimal(0))],
    )
    vat_rate = models.DecimalField("IVA %", max_digits=5, decimal_places=2)
    vat_amount = models.DecimalField("IVA", max_digits=12, decimal_places=2)
    total = models.DecimalField("total", max_digits=12, decimal_places=2)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "expenses"
        ordering = ["-date", "-id"]
        verbose_name = "gasto"
        indexes = [models.Index(fields=["organization", "date"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(base__gte=0), name="expense_base_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.date.isoformat()} {self.concept}"


class UploadedDocument(models.Model):
    """A file of the organization; it is a shared row readable by whoever may read its area."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="documents"
    )
    area = models.CharField("área", max_length=20, choices=Area.choices, default=Area.GENERAL)
    title = models.CharField("título", max_length=200)
    file = models.FileField("archivo", upload_to="documents/%Y/%m/", blank=True)
    content_type = models.CharField(max_length=100, blank=True)
    size = models.PositiveIntegerField(default=0)
    text = models.TextField("texto", blank=True)
    contact = models.ForeignKey(
        Contact, on_delete=models.SET_NULL, null=True, blank=True, related_name="documents"
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "uploaded_documents"
        ordering = ["-created_at", "-id"]
        verbose_name = "documento"
        indexes = [models.Index(fields=["organization", "area"])]

    def __str__(self) -> str:
        return self.title
