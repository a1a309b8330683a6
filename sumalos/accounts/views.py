from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from sumalos.accounts.middleware import SESSION_KEY, AuthedRequest, request_access
from sumalos.accounts.models import Membership
from sumalos.accounts.services import organization_set_shared_mode


@login_required
@require_POST
def organization_switch(request: AuthedRequest) -> HttpResponse:
    """Make another of the user's organizations the active one."""
    try:
        organization_id = int(request.POST.get("organization", ""))
    except ValueError:
        organization_id = 0
    if not Membership.objects.filter(user=request.user, organization_id=organization_id).exists():
        messages.error(request, "No perteneces a esa organización.")
        return render(request, "home.html", status=403)
    request.session[SESSION_KEY] = organization_id
    return redirect("home")


@login_required
@require_POST
def organization_shared_mode(request: AuthedRequest) -> HttpResponse:
    """Owners and admins choose how Suma shares what it learns in their organization."""
    access = request_access(request)
    membership = request.membership
    assert membership is not None  # set together with the access
    try:
        organization_set_shared_mode(
            access=access,
            organization=membership.organization,
            shared_mode=request.POST.get("shared_mode", ""),
        )
    except PermissionDenied as error:
        messages.error(request, str(error))
        return render(request, "home.html", status=403)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return render(request, "home.html", status=400)
    messages.success(request, "Guardado.")
    return redirect("home")
