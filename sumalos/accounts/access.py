"""``AiAccess``: who is asking, built only on the server (DESIGN §2).

Neither the model nor the browser chooses any part of it. Web requests build it from the
session's user and active organization. A WhatsApp number's access is built by the channels app
(``channels_app/access.py``), which owns the phone links, from the pieces defined here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from sumalos.accounts.models import Area, Membership, User

# "anonymous" carries no identity: it owns nothing and sees only what needs no owner.
PrincipalKind = Literal["user", "phone", "anonymous"]


@dataclass(frozen=True)
class Principal:
    kind: PrincipalKind
    user_id: int | None = None
    phone: str | None = None

    def __post_init__(self) -> None:
        if self.kind == "user" and self.user_id is None:
            raise ValueError("a user principal needs a user_id")
        if self.kind == "phone" and not self.phone:
            raise ValueError("a phone principal needs a phone")
        if self.kind == "anonymous" and (self.user_id is not None or self.phone):
            raise ValueError("an anonymous principal carries no identity")


@dataclass(frozen=True)
class OrgPermissions:
    role: str
    read: frozenset[str]
    write: frozenset[str]

    @property
    def is_manager(self) -> bool:
        return self.role in (Membership.Role.OWNER, Membership.Role.ADMIN)


@dataclass(frozen=True)
class AiAccess:
    principal: Principal
    permissions: Mapping[int, OrgPermissions] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "permissions", MappingProxyType(dict(self.permissions)))

    @property
    def organization_ids(self) -> tuple[int, ...]:
        return tuple(sorted(self.permissions))

    @property
    def user_id(self) -> int | None:
        return self.principal.user_id

    @property
    def phone(self) -> str | None:
        return self.principal.phone

    def can_read(self, organization_id: int | None, area: str) -> bool:
        perms = self.permissions.get(organization_id) if organization_id is not None else None
        return perms is not None and (area == Area.GENERAL or area in perms.read)

    def can_write(self, organization_id: int | None, area: str) -> bool:
        perms = self.permissions.get(organization_id) if organization_id is not None else None
        return perms is not None and area in perms.write

    def is_manager(self, organization_id: int | None) -> bool:
        perms = self.permissions.get(organization_id) if organization_id is not None else None
        return perms is not None and perms.is_manager


def permissions_of(membership: Membership) -> OrgPermissions:
    return OrgPermissions(
        role=membership.role,
        read=membership.readable_areas(),
        write=membership.writable_areas(),
    )


def access_for_user(user: User, *, organization_ids: Iterable[int] | None = None) -> AiAccess:
    """Build the access of a logged-in user from the database as it is now.

    ``organization_ids`` narrows the request to those organizations (the active one on the
    web); organizations the user does not belong to are silently dropped, never added.
    """
    memberships = Membership.objects.filter(user=user, user__is_active=True)
    if organization_ids is not None:
        memberships = memberships.filter(organization_id__in=list(organization_ids))
    return AiAccess(
        principal=Principal(kind="user", user_id=user.pk),
        permissions={m.organization_id: permissions_of(m) for m in memberships},
    )
