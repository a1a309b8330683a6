from django.http import HttpRequest

from sumalos.accounts.models import Membership


def tenancy(request: HttpRequest) -> dict[str, object]:
    """The active membership and the organizations the user can switch to."""
    if not request.user.is_authenticated:
        return {}
    return {
        "membership": getattr(request, "membership", None),
        "my_memberships": Membership.objects.filter(user=request.user)
        .select_related("organization")
        .order_by("organization__name"),
    }
