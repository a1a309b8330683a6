"""The visibility rule, enforced twice, agrees with itself and with DESIGN §3.

Random worlds (organizations, memberships with random areas, principals of every kind, rows of
every visibility) are checked three ways: the Django filter compiled from the rule, the
row-level security policy compiled from the same rule (read as ``ai_reader``), and the oracle
below, written straight from the design's words and sharing no code with the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.models import Memory
from sumalos.accounts.access import AiAccess, OrgPermissions, Principal, access_for_user
from sumalos.accounts.models import Membership, Organization, User
from sumalos.rls.assistant import as_assistant
from sumalos.rls.rule import visible_q

AREAS = ["general", "contacts", "invoices", "expenses"]
RECORD_AREAS = ["contacts", "invoices", "expenses"]
PHONES = ["+34600000001", "+34600000002", "+34600000003"]
N_ORGS = 3
N_USERS = 3


@dataclass(frozen=True)
class Row:
    visibility: str
    org: int | None  # index into the organizations
    owner_user: int | None  # index into the users
    owner_phone: str | None
    area: str


def _owner() -> st.SearchStrategy[tuple[int | None, str | None]]:
    return st.one_of(
        st.tuples(st.integers(0, N_USERS - 1), st.none()),
        st.tuples(st.none(), st.sampled_from(PHONES)),
        st.tuples(st.integers(0, N_USERS - 1), st.sampled_from(PHONES)),
    )


@st.composite
def rows(draw: st.DrawFn) -> Row:
    visibility = draw(st.sampled_from(["personal", "private_in_org", "shared"]))
    area = draw(st.sampled_from(AREAS))
    if visibility == "shared":
        return Row(visibility, draw(st.integers(0, N_ORGS - 1)), None, None, area)
    user, phone = draw(_owner())
    org = None if visibility == "personal" else draw(st.integers(0, N_ORGS - 1))
    return Row(visibility, org, user, phone, area)


@st.composite
def memberships(draw: st.DrawFn) -> dict[int, tuple[str, frozenset[str], frozenset[str]]]:
    """For each organization the principal belongs to: role, read areas, write areas."""
    result = {}
    for org in draw(st.sets(st.integers(0, N_ORGS - 1))):
        role = draw(st.sampled_from(["owner", "admin", "member", "member", "member"]))
        write = frozenset(draw(st.sets(st.sampled_from(RECORD_AREAS))))
        read = frozenset(draw(st.sets(st.sampled_from(RECORD_AREAS)))) | write
        result[org] = (role, read, write)
    return result


@st.composite
def worlds(draw: st.DrawFn) -> tuple[str, int | None, str | None, dict, frozenset[int], list[Row]]:
    kind = draw(st.sampled_from(["user", "phone", "user+phone", "none"]))
    user = draw(st.integers(0, N_USERS - 1)) if kind in ("user", "user+phone") else None
    phone = draw(st.sampled_from(PHONES)) if kind in ("phone", "user+phone") else None
    member_of = draw(memberships()) if kind != "none" else {}
    requested = (
        frozenset(draw(st.sets(st.sampled_from(sorted(member_of))))) if member_of else frozenset()
    )
    return kind, user, phone, member_of, requested, draw(st.lists(rows(), max_size=14))


def oracle(row: Row, user: int | None, phone: str | None, readable: dict[int, set[str]]) -> bool:
    """DESIGN §3, word for word."""
    owns = (user is not None and row.owner_user == user) or (
        phone is not None and row.owner_phone == phone
    )
    in_request = row.org is not None and row.org in readable
    if row.visibility == "personal":
        return owns
    if row.visibility == "private_in_org":
        return in_request and owns
    return in_request and (row.area == "general" or row.area in readable[row.org])  # type: ignore[index]


@pytest.fixture
def pool(transactional_db: None) -> tuple[list[Organization], list[User]]:
    users = [
        User.objects.create_user(email=f"u{i}@pool.test", password=None) for i in range(N_USERS)
    ]
    orgs = [Organization.objects.create(name=f"Org {i}") for i in range(N_ORGS)]
    return orgs, users


@settings(
    max_examples=2000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(world=worlds())
def test_app_filter_and_row_level_security_agree_with_the_design(pool, world):
    orgs, users = pool
    kind, user, phone, member_of, requested, world_rows = world
    # Given the principal's memberships, stored for a user and carried by a phone.
    Membership.objects.all().delete()
    if user is not None:
        Membership.objects.bulk_create(
            Membership(
                organization=orgs[org],
                user=users[user],
                role=role,
                read_areas=sorted(read),
                write_areas=sorted(write),
            )
            for org, (role, read, write) in member_of.items()
        )
    request_orgs = [orgs[org].pk for org in sorted(requested)]
    if kind == "user":
        assert user is not None
        access = access_for_user(users[user], organization_ids=request_orgs)
    else:
        # A phone carries the organizations that authorised it (never wider: see channels).
        access = AiAccess(
            principal=(
                Principal(kind="anonymous")
                if kind == "none"
                else Principal(
                    kind="phone", phone=phone, user_id=None if user is None else users[user].pk
                )
            ),
            permissions={
                orgs[org].pk: OrgPermissions(
                    role=member_of[org][0],
                    read=frozenset(AREAS)
                    if member_of[org][0] != "member"
                    else member_of[org][1] | {"general"},
                    write=member_of[org][2],
                )
                for org in sorted(requested)
            },
        )
    # And rows of every visibility.
    Memory.objects.all().delete()
    stored = Memory.objects.bulk_create(
        Memory(
            visibility=row.visibility,
            organization=None if row.org is None else orgs[row.org],
            owner_user=None if row.owner_user is None else users[row.owner_user],
            owner_phone=row.owner_phone,
            area=row.area,
            category="empresa",
            text=f"fila {i}",
        )
        for i, row in enumerate(world_rows)
    )
    readable = {
        org: (set(AREAS) if member_of[org][0] != "member" else set(member_of[org][1]))
        for org in requested
    }
    expected = {
        memory.pk
        for memory, row in zip(stored, world_rows, strict=True)
        if oracle(row, user if kind != "none" else None, phone, readable)
    }

    # When both enforcements read the table.
    through_app = set(Memory.objects.filter(visible_q(access)).values_list("pk", flat=True))
    with as_assistant(access):
        through_rls = set(Memory.objects.values_list("pk", flat=True))

    # Then both return exactly the oracle's rows.
    assert through_app == expected
    assert through_rls == expected
