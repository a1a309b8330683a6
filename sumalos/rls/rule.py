"""The visibility rule, declared once (DESIGN §3).

``VISIBILITY_RULE`` is a small expression tree. ``to_q`` compiles it into the Django filter the
app applies; ``to_sql`` compiles it into the USING expression of the row-level security policy
of every table that carries the four columns (``sumalos.rls.sql.protect_table_sql``).
``tests/rls/test_differential.py`` proves both agree with a plain-Python oracle of DESIGN §3
on thousands of random worlds.

A row is visible when:
- personal       -> the principal owns it;
- private_in_org -> its organization is in the request and the principal owns it;
- shared         -> its organization is in the request and (area is general or readable there).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Q

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area


class Visibility:
    PERSONAL = "personal"
    PRIVATE_IN_ORG = "private_in_org"
    SHARED = "shared"
    CHOICES = [
        ("personal", "Personal"),
        ("private_in_org", "Privada en la organización"),
        ("shared", "Compartida"),
    ]


# The four columns every row written through Suma carries (the owner is a user or a phone).
POLICY_COLUMNS = ("visibility", "organization_id", "owner_user_id", "owner_phone", "area")


class Node:
    def to_q(self, access: AiAccess) -> Q:
        raise NotImplementedError

    def to_sql(self, columns: Mapping[str, str]) -> str:
        """Compile to SQL; ``columns`` maps each policy column to a column name or a literal."""
        raise NotImplementedError


_NOTHING = Q(pk__in=[])


@dataclass(frozen=True)
class Equals(Node):
    column: str
    value: str

    def to_q(self, access: AiAccess) -> Q:
        return Q(**{self.column: self.value})

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return f"{columns[self.column]} = '{self.value}'"


@dataclass(frozen=True)
class OwnedByPrincipal(Node):
    """The row's owner is the principal's user or the principal's phone."""

    def to_q(self, access: AiAccess) -> Q:
        # Never compare with None: in Django that would become IS NULL and match ownerless rows.
        q = _NOTHING
        if access.user_id is not None:
            q |= Q(owner_user_id=access.user_id)
        if access.phone:
            q |= Q(owner_phone=access.phone)
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return (
            f"({columns['owner_user_id']} = (SELECT ai_user_id())"
            f" OR {columns['owner_phone']} = (SELECT ai_phone()))"
        )


@dataclass(frozen=True)
class OrganizationInRequest(Node):
    def to_q(self, access: AiAccess) -> Q:
        return (
            Q(organization_id__in=access.organization_ids) if access.organization_ids else _NOTHING
        )

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return f"{columns['organization_id']} = ANY ((SELECT ai_organization_ids())::bigint[])"


@dataclass(frozen=True)
class AreaReadable(Node):
    """The principal may read the row's area in the row's organization."""

    def to_q(self, access: AiAccess) -> Q:
        q = _NOTHING
        for org_id, perms in access.permissions.items():
            q |= Q(organization_id=org_id, area__in=sorted(perms.read))
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        pair = f"({columns['organization_id']}::text || ':' || {columns['area']})"
        return f"{pair} = ANY ((SELECT ai_readable_areas())::text[])"


@dataclass(frozen=True)
class AllOf(Node):
    parts: tuple[Node, ...]

    def to_q(self, access: AiAccess) -> Q:
        q = Q()
        for part in self.parts:
            q &= part.to_q(access)
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return "(" + " AND ".join(part.to_sql(columns) for part in self.parts) + ")"


@dataclass(frozen=True)
class AnyOf(Node):
    parts: tuple[Node, ...]

    def to_q(self, access: AiAccess) -> Q:
        q = _NOTHING
        for part in self.parts:
            q |= part.to_q(access)
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return "(" + " OR ".join(part.to_sql(columns) for part in self.parts) + ")"


VISIBILITY_RULE = AnyOf(
    (
        AllOf((Equals("visibility", Visibility.PERSONAL), OwnedByPrincipal())),
        AllOf(
            (
                Equals("visibility", Visibility.PRIVATE_IN_ORG),
                OrganizationInRequest(),
                OwnedByPrincipal(),
            )
        ),
        AllOf(
            (
                Equals("visibility", Visibility.SHARED),
                OrganizationInRequest(),
                AnyOf((Equals("area", Area.GENERAL.value), AreaReadable())),
            )
        ),
    )
)


def visible_q(access: AiAccess) -> Q:
    """The Django filter of the visibility rule for this access."""
    return VISIBILITY_RULE.to_q(access)


def visible_sql(**overrides: str) -> str:
    """The SQL expression of the rule for a policy.

    By default it reads the table's own four columns. Organization records that carry only an
    organization (contacts, invoices, ...) pass literals instead: ``visibility="'shared'"``,
    ``area="'invoices'"``, owners ``NULL``. NULL comparisons make the expression NULL, which a
    policy treats as false, exactly like the Django filter that never matches them.
    """
    columns = {column: column for column in POLICY_COLUMNS}
    unknown = set(overrides) - set(columns)
    if unknown:
        raise ValueError(f"not policy columns: {sorted(unknown)}")
    columns.update(overrides)
    return VISIBILITY_RULE.to_sql(columns)
