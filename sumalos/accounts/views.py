from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from sumalos.accounts.middleware import SESSION_KEY
from sumalos.accounts.models import Membership, User


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@login_required
@require_POST
def organization_switch(request: HttpRequest) -> HttpResponse:
    """Make another of the user's organizations the active one."""
    try:
        organization_id = int(request.POST.get("organization", ""))
    except ValueError:
        organization_id = 0
    user = request.user
    assert isinstance(user, User)  # login_required
    if not Membership.objects.filter(user=user, organization_id=organization_id).exists():
        messages.error(request, "No perteneces a esa organización.")
        return render(request, "home.html", status=403)
    request.session[SESSION_KEY] = organization_id
    return redirect("home")
