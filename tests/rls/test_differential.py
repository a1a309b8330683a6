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
from sumalos.accounts.models import Organization, User
from sumalos.rls.assistant import as_assistant
from sumalos.rls.rule import visible_q
from tests.rls.worlds import (
    AREAS,
    N_ORGS,
    N_USERS,
    PHONES,
    Asker,
    access_store,
    askers,
    pool_create,
)


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


def oracle(row: Row, asker: Asker) -> bool:
    """DESIGN §3, word for word."""
    user, phone, readable = asker.owner_user, asker.phone, asker.readable()
    owns = (user is not None and row.owner_user == user) or (
        phone is not None and row.owner_phone == phone
    )
    areas = readable.get(row.org) if row.org is not None else None
    in_request = areas is not None
    if row.visibility == "personal":
        return owns
    if row.visibility == "private_in_org":
        return in_request and owns
    return areas is not None and (row.area == "general" or row.area in areas)


@pytest.fixture
def pool(transactional_db: None) -> tuple[list[Organization], list[User]]:
    return pool_create()


@settings(
    max_examples=2000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(asker=askers(), world_rows=st.lists(rows(), max_size=14))
def test_app_filter_and_row_level_security_agree_with_the_design(pool, asker, world_rows):
    orgs, users = pool
    # Given the principal's memberships, stored for a user and carried by a phone.
    access = access_store(asker, orgs, users)
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
    expected = {
        memory.pk for memory, row in zip(stored, world_rows, strict=True) if oracle(row, asker)
    }

    # When both enforcements read the table.
    through_app = set(Memory.objects.filter(visible_q(access)).values_list("pk", flat=True))
    with as_assistant(access):
        through_rls = set(Memory.objects.values_list("pk", flat=True))

    # Then both return exactly the oracle's rows.
    assert through_app == expected
    assert through_rls == expected
