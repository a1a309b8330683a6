"""The home page: a dashboard of the active organization, and the shared-mode selector for its
owners and admins."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.timezone import localdate

from pages.selectors import dashboard
from sumalos.accounts.middleware import AuthedRequest
from sumalos.accounts.models import Organization


@login_required
def home(request: AuthedRequest) -> HttpResponse:
    context: dict[str, object] = {"shared_modes": Organization.SharedMode.choices}
    if request.membership is not None and request.access is not None:
        context["dashboard"] = dashboard(
            access=request.access,
            organization_id=request.membership.organization_id,
            today=localdate(),
        )
    return render(request, "home.html", context)
