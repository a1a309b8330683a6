from django.http import HttpRequest

from sumalos.accounts.models import Membership


def tenancy(request: HttpRequest) -> dict[str, object]:
    """The active membership and the organizations the user can switch to."""
    # No user yet when an error page is rendered for a request refused before authentication.
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {
        "membership": getattr(request, "membership", None),
        "my_memberships": Membership.objects.filter(user=user)
        .select_related("organization")
        .order_by("organization__name"),
    }
