"""Pages of contacts: list, detail (with their invoices and expenses when readable), forms."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area
from sumalos.invoicing import selectors, services
from sumalos.invoicing.forms import ContactForm
from sumalos.invoicing.models import Contact
from sumalos.invoicing.views.common import apply_errors, area_view, page_of


@area_view(Area.CONTACTS)
def contact_list(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    search = request.GET.get("q", "")
    kind = request.GET.get("tipo", "")
    contacts = selectors.contact_list(
        access=access,
        organization_id=organization_id,
        search=search,
        kind=kind if kind in Contact.Kind.values else "",
    )
    return render(
        request,
        "invoicing/contact_list.html",
        {
            "page": page_of(request, contacts),
            "search": search,
            "kind": kind,
            "kinds": Contact.Kind.choices,
            "can_write": access.can_write(organization_id, Area.CONTACTS),
        },
    )


@area_view(Area.CONTACTS)
def contact_detail(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int
) -> HttpResponse:
    contact = selectors.access_record(access, Contact, pk)
    context: dict[str, Any] = {
        "contact": contact,
        "iban": selectors.contact_iban(access=access, contact=contact),
        "can_write": access.can_write(organization_id, Area.CONTACTS),
    }
    if access.can_read(organization_id, Area.INVOICES):
        context["invoices"] = selectors.invoice_list(
            access=access, organization_id=organization_id, contact_id=contact.pk
        )[:10]
        context["outstanding"] = selectors.outstanding_for_contact(access=access, contact=contact)
    if access.can_read(organization_id, Area.EXPENSES):
        context["expenses"] = selectors.expense_list(
            access=access, organization_id=organization_id
        ).filter(supplier=contact)[:10]
    return render(request, "invoicing/contact_detail.html", context)


@area_view(Area.CONTACTS, write=True)
def contact_create(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    show_iban = services.may_see_iban(access, organization_id)
    form = ContactForm(request.POST or None, show_iban=show_iban)
    if request.method == "POST" and form.is_valid():
        try:
            contact = services.contact_create(
                access=access, organization_id=organization_id, **form.cleaned_data
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, f"Contacto «{contact.name}» creado.")
            return redirect("invoicing:contact_detail", pk=contact.pk)
    status = 400 if form.is_bound else 200
    return render(
        request, "invoicing/contact_form.html", {"form": form, "contact": None}, status=status
    )


@area_view(Area.CONTACTS, write=True)
def contact_edit(
    request: HttpRequest, access: AiAccess, organization_id: int, pk: int
) -> HttpResponse:
    contact = selectors.access_record(access, Contact, pk, write=True)
    show_iban = services.may_see_iban(access, organization_id)
    initial = {name: getattr(contact, name) for name in ContactForm.base_fields}
    form = ContactForm(request.POST or None, initial=initial, show_iban=show_iban)
    if request.method == "POST" and form.is_valid():
        try:
            services.contact_update(access=access, contact=contact, **form.cleaned_data)
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Contacto guardado.")
            return redirect("invoicing:contact_detail", pk=contact.pk)
    status = 400 if form.is_bound else 200
    return render(
        request, "invoicing/contact_form.html", {"form": form, "contact": contact}, status=status
    )
