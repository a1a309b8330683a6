"""What every invoicing page shares: the area gate, the 403 page, form errors and pagination.

Each page is for the active organization only and checks its area first (403 with a Spanish
message); records come through ``access_record`` (404 for anything not visible).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render

from sumalos.accounts.access import AiAccess
from sumalos.accounts.middleware import AuthedRequest, request_access
from sumalos.accounts.models import Area

P = ParamSpec("P")
PAGE_SIZE = 50
AreaView = Callable[Concatenate[AuthedRequest, AiAccess, int, P], HttpResponseBase]


def denied(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "invoicing/denied.html", {"message": message}, status=403)


def area_view(
    area: str, *, write: bool = False
) -> Callable[[AreaView[P]], Callable[..., HttpResponseBase]]:
    """Let the view run only when the active membership may read (or write) ``area``.

    The view receives the request's access and the active organization's id.
    """

    def decorate(view: AreaView[P]) -> Callable[..., HttpResponseBase]:
        @login_required
        @wraps(view)
        def wrapped(request: AuthedRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponseBase:
            try:
                access = request_access(request)
            except PermissionDenied as error:
                return denied(request, str(error))
            assert request.membership is not None  # set together with the access
            organization_id = request.membership.organization_id
            allowed = access.can_write if write else access.can_read
            if not allowed(organization_id, area):
                verb = "modificar" if write else "ver"
                label = Area(area).label.lower()
                return denied(request, f"Tu papel en esta organización no permite {verb} {label}.")
            try:
                return view(request, access, organization_id, *args, **kwargs)
            except PermissionDenied as error:
                return denied(request, str(error) or "No tienes permiso para hacer esto.")

        return wrapped

    return decorate


def apply_errors(form: Form, error: ValidationError) -> None:
    """Show a service's Spanish errors on the form, above its fields."""
    for message in error.messages:
        form.add_error(None, message)


def page_of(request: HttpRequest, rows: Any) -> Any:
    return Paginator(rows, PAGE_SIZE).get_page(request.GET.get("pagina"))
