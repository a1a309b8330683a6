"""Pages of expenses: the month's list with totals, and the form that records one."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from sumalos.accounts.access import AiAccess
from sumalos.accounts.middleware import AuthedRequest
from sumalos.accounts.models import Area
from sumalos.invoicing import selectors, services
from sumalos.invoicing.forms import ExpenseForm, MonthFilterForm
from sumalos.invoicing.views.common import apply_errors, area_view, page_of


@area_view(Area.EXPENSES)
def expense_list(request: HttpRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    filters = MonthFilterForm(request.GET)
    month = filters.month()
    expenses = selectors.expense_list(access=access, organization_id=organization_id, month=month)
    return render(
        request,
        "invoicing/expense_list.html",
        {
            "page": page_of(request, expenses),
            "month": month.strftime("%Y-%m") if month else "",
            "totals": expenses.aggregate(base=Sum("base"), total=Sum("total")),
            "can_write": access.can_write(organization_id, Area.EXPENSES),
        },
    )


@area_view(Area.EXPENSES, write=True)
def expense_create(request: AuthedRequest, access: AiAccess, organization_id: int) -> HttpResponse:
    suppliers = selectors.supplier_choices(access=access, organization_id=organization_id)
    form = ExpenseForm(request.POST or None, suppliers=suppliers)
    if request.method == "POST" and form.is_valid():
        try:
            services.expense_create(
                access=access,
                organization_id=organization_id,
                created_by=request.user,
                **form.cleaned_data,
            )
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Gasto anotado.")
            return redirect("invoicing:expense_list")
    return render(
        request, "invoicing/expense_form.html", {"form": form}, status=400 if form.is_bound else 200
    )
