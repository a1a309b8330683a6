"""Attach the active organization and the caller's access to each request.

The active organization lives in the session and is only ever one the user belongs to; the
switcher view is the one place that changes it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from sumalos.accounts.access import AiAccess, access_for_user
from sumalos.accounts.models import Membership, User

SESSION_KEY = "active_organization_id"


class OrganizationRequest(HttpRequest):
    """A request as this middleware leaves it: the active membership and its access, or None."""

    membership: Membership | None
    access: AiAccess | None


class AuthedRequest(OrganizationRequest):
    """A request of a view behind ``login_required``, whose user is a real one."""

    user: User


class ActiveOrganizationMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: OrganizationRequest) -> HttpResponse:
        request.membership = None
        request.access = None
        if request.user.is_authenticated:
            memberships = Membership.objects.filter(user=request.user).select_related(
                "organization"
            )
            wanted = request.session.get(SESSION_KEY)
            membership = next((m for m in memberships if m.organization_id == wanted), None)
            if membership is None:
                membership = min(memberships, key=lambda m: m.organization.name, default=None)
            if membership is not None:
                request.session[SESSION_KEY] = membership.organization_id
                request.membership = membership
                request.access = access_for_user(
                    request.user, organization_ids=[membership.organization_id]
                )
        return self.get_response(request)


def request_access(request: HttpRequest) -> AiAccess:
    """The access of this request; views behind ``login_required`` always have one or a 403."""
    from django.core.exceptions import PermissionDenied

    access: AiAccess | None = getattr(request, "access", None)
    if access is None:
        raise PermissionDenied("No perteneces a ninguna organización.")
    return access
