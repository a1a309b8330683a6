"""The access of a WhatsApp number, built from the database as it is now (DESIGN §2).

It lives beside the phone links and authorisations it reads; the core defines ``AiAccess`` and
knows nothing of phones.
"""

from __future__ import annotations

from collections.abc import Iterable

from channels_app.models import PhoneAuthorization, PhoneLink
from sumalos.accounts.access import AiAccess, OrgPermissions, Principal, permissions_of
from sumalos.accounts.models import Area, Membership

# The one organization a number's messages are about, for a statement that cannot afford
# building the access first (the webhook's insert, decision 0029): the organization when
# exactly one authorised the number and its linked, active user is still a member there,
# else NULL. The same answer as ``organization_for(access_for_phone(phone))``
# (channels_app/services/whatsapp.py); tests/channels/test_access.py proves they agree.
PHONE_ORGANIZATION_SQL = """
    SELECT CASE WHEN count(DISTINCT a.organization_id) = 1 THEN min(a.organization_id) END
      FROM phone_links l
      JOIN users u ON u.id = l.user_id AND u.is_active
      JOIN phone_authorizations a ON a.link_id = l.id
      JOIN memberships m ON m.user_id = l.user_id AND m.organization_id = a.organization_id
     WHERE l.phone = %s
"""


def access_for_phone(phone: str, *, organization_ids: Iterable[int] | None = None) -> AiAccess:
    """Build the access of a WhatsApp number from the database as it is now.

    The organizations are those that authorised the number; in each, the permissions are the
    authorisation intersected with the linked user's own current membership, so a number is
    never wider than its person, and a person who left loses the organization at once. An
    unlinked number owns only its own personal memory.
    """
    link = PhoneLink.objects.filter(phone=phone, user__is_active=True).first()
    if link is None:
        return AiAccess(principal=Principal(kind="phone", phone=phone))
    memberships = {m.organization_id: m for m in Membership.objects.filter(user_id=link.user_id)}
    authorizations = PhoneAuthorization.objects.filter(link=link)
    if organization_ids is not None:
        authorizations = authorizations.filter(organization_id__in=list(organization_ids))
    permissions: dict[int, OrgPermissions] = {}
    for authorization in authorizations:
        membership = memberships.get(authorization.organization_id)
        if membership is None:
            continue
        own = permissions_of(membership)
        permissions[authorization.organization_id] = OrgPermissions(
            role=own.role,
            read=own.read & (frozenset(authorization.read_areas) | {Area.GENERAL.value}),
            write=own.write & frozenset(authorization.write_areas),
        )
    return AiAccess(
        principal=Principal(kind="phone", user_id=link.user_id, phone=phone),
        permissions=permissions,
    )
