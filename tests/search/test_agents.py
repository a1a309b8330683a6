"""No agent role ever widens the caller's access (search/agents.py, DESIGN §7)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from search.agents import ALL_FIELDS, ORCHESTRATOR, ROLES, scope_for
from sumalos.accounts.access import AiAccess, OrgPermissions, Principal
from tests.search.oracle import visible

AREAS = ["general", "contacts", "invoices", "expenses"]
ORGS = [1, 2, 3]
area_sets = st.frozensets(st.sampled_from(AREAS))


@st.composite
def accesses(draw: st.DrawFn) -> AiAccess:
    orgs = draw(st.lists(st.sampled_from(ORGS), unique=True, max_size=3))
    principal = draw(
        st.sampled_from(
            [
                Principal(kind="user", user_id=7),
                Principal(kind="phone", phone="+34600000001"),
                Principal(kind="phone", user_id=7, phone="+34600000001"),
            ]
        )
    )
    return AiAccess(
        principal=principal,
        permissions={
            org: OrgPermissions(
                role=draw(st.sampled_from(["owner", "admin", "member"])),
                read=draw(area_sets) | {"general"},
                write=draw(area_sets),
            )
            for org in orgs
        },
    )


@st.composite
def rows(draw: st.DrawFn) -> dict[str, object]:
    visibility = draw(st.sampled_from(["personal", "private_in_org", "shared"]))
    return {
        "visibility": visibility,
        "organization_id": None if visibility == "personal" else draw(st.sampled_from([*ORGS, 4])),
        "owner_user_id": draw(st.sampled_from([None, 7, 8])),
        "owner_phone": draw(st.sampled_from([None, "+34600000001", "+34600000002"])),
        "area": draw(st.sampled_from(AREAS)),
    }


@settings(max_examples=400, deadline=None)
@given(access=accesses(), row=rows(), role=st.sampled_from(sorted(ROLES)))
def test_no_role_sees_a_row_or_a_field_its_caller_cannot(access, row, role):
    scope = scope_for(access, role)
    caller = scope_for(access, ORCHESTRATOR)

    assert scope.access.principal == access.principal
    assert scope.access.organization_ids == access.organization_ids
    assert not visible(scope.access, row) or visible(access, row)
    for org in [*ORGS, 4]:
        for area in AREAS:
            assert not scope.access.can_read(org, area) or access.can_read(org, area)
            assert not scope.access.can_write(org, area)
        for name in ALL_FIELDS:
            assert not scope.may_read_field(name, org) or caller.may_read_field(name, org)


@settings(max_examples=200, deadline=None)
@given(access=accesses())
def test_the_orchestrator_reads_exactly_what_its_caller_reads(access):
    scope = scope_for(access, ORCHESTRATOR)

    for org in [*ORGS, 4]:
        for area in AREAS:
            assert scope.access.can_read(org, area) == access.can_read(org, area)


def test_the_roles_reach_what_their_brief_says():
    assert sorted(ROLES["cuentas"].kinds) == ["contact", "document", "invoice", "memory", "quote"]
    assert sorted(ROLES["fiscal"].kinds) == ["document", "expense", "external", "memory"]
    assert ROLES["fiscal"].fields == frozenset()
