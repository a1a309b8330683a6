"""Forms of the invoicing pages: they parse what people type; the services validate and write.

Number fields accept a decimal comma ("12,50") because that is how people write in Spain.
"""

from __future__ import annotations

import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.db.models import QuerySet

from sumalos.accounts.models import Area
from sumalos.invoicing.models import Contact
from sumalos.invoicing.services import LineInput


class SpanishDecimalField(forms.Field):
    """A decimal typed as people type it here: "1.234,50", "1234.5" or "12"."""

    widget = forms.TextInput

    def __init__(self, *, label: str, required: bool = True, **kwargs: Any) -> None:
        super().__init__(label=label, required=required, **kwargs)
        self.widget.attrs.update({"inputmode": "decimal", "maxlength": "20"})

    def to_python(self, value: Any) -> Decimal | None:
        text = str(value or "").strip().replace(" ", "")
        if not text:
            return None
        if "," in text:
            text = text.replace(".", "").replace(",", ".")
        try:
            number = Decimal(text)
        except InvalidOperation:
            raise forms.ValidationError(f"«{value}» no es un número.") from None
        if not number.is_finite():
            raise forms.ValidationError(f"«{value}» no es un número.")
        return number


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m-%d")


class ContactForm(forms.Form):
    kind = forms.ChoiceField(label="Tipo", choices=Contact.Kind.choices)
    name = forms.CharField(label="Nombre o razón social", max_length=200)
    tax_id = forms.CharField(label="NIF / NIE / CIF", max_length=20, required=False)
    iban = forms.CharField(label="IBAN", max_length=42, required=False)
    email = forms.CharField(label="Correo", max_length=254, required=False)
    phone = forms.CharField(label="Teléfono", max_length=20, required=False)
    address = forms.CharField(label="Dirección", max_length=300, required=False)
    city = forms.CharField(label="Población", max_length=100, required=False)
    payment_terms_days = forms.IntegerField(
        label="Plazo de pago (días)", min_value=0, max_value=365, initial=30
    )
    notes = forms.CharField(label="Notas", required=False, widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args: Any, show_iban: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not show_iban:
            # Field-level permission: the field is absent, not blanked.
            del self.fields["iban"]


class DocumentHeaderForm(forms.Form):
    contact = forms.ModelChoiceField(
        label="Cliente", queryset=Contact.objects.none(), empty_label="Elige un cliente"
    )
    issue_date = forms.DateField(label="Fecha", widget=DateInput())
    notes = forms.CharField(label="Notas", required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, customers: QuerySet[Contact], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["contact"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = customers
        if not self.is_bound and "issue_date" not in self.initial:
            self.initial["issue_date"] = datetime.date.today()


class InvoiceHeaderForm(DocumentHeaderForm):
    payment_terms_days = forms.IntegerField(
        label="Plazo de pago (días)",
        required=False,
        min_value=0,
        max_value=365,
        help_text="Vacío: el plazo del cliente.",
    )


class QuoteHeaderForm(DocumentHeaderForm):
    valid_days = forms.IntegerField(label="Validez (días)", min_value=1, max_value=365, initial=30)


class LineForm(forms.Form):
    description = forms.CharField(label="Concepto", max_length=300)
    quantity = SpanishDecimalField(label="Cantidad")
    unit_price = SpanishDecimalField(label="Precio unitario (€)")
    vat_rate = SpanishDecimalField(
        label="IVA %", required=False, help_text="Vacío: el tipo general vigente en la fecha."
    )
    withholding_rate = SpanishDecimalField(label="Retención %", required=False)

    def line(self) -> LineInput:
        data = self.cleaned_data
        return LineInput(
            description=data["description"],
            quantity=data["quantity"],
            unit_price=data["unit_price"],
            vat_rate=data.get("vat_rate"),
            withholding_rate=data.get("withholding_rate"),
        )


class FirstLineForm(LineForm):
    """The first line of a new draft, with the choice to apply the professional withholding."""

    # Setting a declared field to None removes it from the form; the stubs do not know the idiom.
    withholding_rate = None  # type: ignore[assignment]
    apply_withholding = forms.BooleanField(
        label="Aplicar la retención de IRPF de profesionales vigente", required=False
    )


class ExpenseForm(forms.Form):
    date = forms.DateField(label="Fecha", widget=DateInput())
    concept = forms.CharField(label="Concepto", max_length=300)
    supplier = forms.ModelChoiceField(
        label="Proveedor", queryset=Contact.objects.none(), required=False, empty_label="—"
    )
    category = forms.CharField(label="Categoría", max_length=60, required=False)
    base = SpanishDecimalField(label="Base imponible (€)")
    vat_rate = SpanishDecimalField(
        label="IVA %", required=False, help_text="Vacío: el tipo general vigente en la fecha."
    )

    def __init__(self, *args: Any, suppliers: QuerySet[Contact], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["supplier"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = suppliers
        if not self.is_bound:
            self.initial.setdefault("date", datetime.date.today())


class DocumentUploadForm(forms.Form):
    title = forms.CharField(label="Título", max_length=200)
    area = forms.ChoiceField(label="Área")
    file = forms.FileField(label="Archivo", required=False)
    text = forms.CharField(
        label="O escribe el texto", required=False, widget=forms.Textarea(attrs={"rows": 4})
    )

    def __init__(self, *args: Any, writable_areas: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["area"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(a.value, a.label) for a in Area if a.value in writable_areas]


class MonthFilterForm(forms.Form):
    """``?mes=2026-05&estado=issued`` on the lists."""

    mes = forms.CharField(required=False)
    estado = forms.CharField(required=False)

    def month(self) -> datetime.date | None:
        if not self.is_valid():
            return None
        try:
            return datetime.datetime.strptime(self.cleaned_data["mes"], "%Y-%m").date()
        except ValueError:
            return None
