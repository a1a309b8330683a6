"""Random principals for the differential tests of the rules in ``sumalos/rls/rule.py``.

A world's principal is a user, a phone, a user with a phone, or nobody; it belongs to some of a
small pool of organizations with random roles and areas, and asks for some of them. The
helpers store the memberships, build the ``AiAccess`` the app would build, and give the
oracle the areas DESIGN §2 says each requested organization lets the principal read.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from sumalos.accounts.access import AiAccess, OrgPermissions, Principal, access_for_user
from sumalos.accounts.models import Membership, Organization, User

AREAS = ["general", "contacts", "invoices", "expenses"]
RECORD_AREAS = ["contacts", "invoices", "expenses"]
PHONES = ["+34600000001", "+34600000002", "+34600000003"]
N_ORGS = 3
N_USERS = 3

# For each organization the principal belongs to: role, read areas, write areas.
Memberships = dict[int, tuple[str, frozenset[str], frozenset[str]]]


@dataclass(frozen=True)
class Asker:
    kind: str  # user | phone | user+phone | none
    user: int | None  # index into the users
    phone: str | None
    member_of: Memberships  # keyed by index into the organizations
    requested: frozenset[int]

    @property
    def owner_user(self) -> int | None:
        """The user whose rows the principal owns (nobody owns nothing)."""
        return self.user if self.kind != "none" else None

    def readable(self) -> dict[int, set[str]]:
        """Per requested organization, the areas the principal may read besides general."""
        return {
            org: set(AREAS) if self.member_of[org][0] != "member" else set(self.member_of[org][1])
            for org in self.requested
        }


@st.composite
def memberships(draw: st.DrawFn) -> Memberships:
    result = {}
    for org in draw(st.sets(st.integers(0, N_ORGS - 1))):
        role = draw(st.sampled_from(["owner", "admin", "member", "member", "member"]))
        write = frozenset(draw(st.sets(st.sampled_from(RECORD_AREAS))))
        read = frozenset(draw(st.sets(st.sampled_from(RECORD_AREAS)))) | write
        result[org] = (role, read, write)
    return result


@st.composite
def askers(draw: st.DrawFn) -> Asker:
    kind = draw(st.sampled_from(["user", "phone", "user+phone", "none"]))
    user = draw(st.integers(0, N_USERS - 1)) if kind in ("user", "user+phone") else None
    phone = draw(st.sampled_from(PHONES)) if kind in ("phone", "user+phone") else None
    member_of = draw(memberships()) if kind != "none" else {}
    requested = (
        frozenset(draw(st.sets(st.sampled_from(sorted(member_of))))) if member_of else frozenset()
    )
    return Asker(kind, user, phone, member_of, requested)


def pool_create() -> tuple[list[Organization], list[User]]:
    users = [
        User.objects.create_user(email=f"u{i}@pool.test", password=None) for i in range(N_USERS)
    ]
    orgs = [Organization.objects.create(name=f"Org {i}") for i in range(N_ORGS)]
    return orgs, users


def access_store(asker: Asker, orgs: list[Organization], users: list[User]) -> AiAccess:
    """Store the asker's memberships (a user's) and build the access the app would build."""
    Membership.objects.all().delete()
    if asker.user is not None:
        Membership.objects.bulk_create(
            Membership(
                organization=orgs[org],
                user=users[asker.user],
                role=role,
                read_areas=sorted(read),
                write_areas=sorted(write),
            )
            for org, (role, read, write) in asker.member_of.items()
        )
    if asker.kind == "user":
        assert asker.user is not None
        return access_for_user(
            users[asker.user], organization_ids=[orgs[org].pk for org in sorted(asker.requested)]
        )
    # A phone carries the organizations that authorised it (never wider: see channels).
    return AiAccess(
        principal=(
            Principal(kind="anonymous")
            if asker.kind == "none"
            else Principal(
                kind="phone",
                phone=asker.phone,
                user_id=None if asker.user is None else users[asker.user].pk,
            )
        ),
        permissions={
            orgs[org].pk: OrgPermissions(
                role=asker.member_of[org][0],
                read=frozenset(AREAS)
                if asker.member_of[org][0] != "member"
                else asker.member_of[org][1] | {"general"},
                write=asker.member_of[org][2],
            )
            for org in sorted(asker.requested)
        },
    )
