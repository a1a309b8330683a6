"""The visibility rule and the records' rule, each declared once (DESIGN §3).

``VISIBILITY_RULE`` and ``RECORD_RULE`` are small expression trees. ``to_q`` compiles one into
the Django filter the app applies; ``to_sql`` into the USING expression of a row-level
security policy: of every table that carries the four columns (``visible_sql``), and of every
organization record (``record_sql``; the app's side is ``record_q``). The differential tests
in ``tests/rls/`` prove both compilations agree with a plain-Python oracle of DESIGN §3 on
thousands of random worlds (docs/decisions/0003, 0010).

A row is visible when:
- personal       -> the principal owns it;
- private_in_org -> its organization is in the request and the principal owns it;
- shared         -> its organization is in the request and (area is general or readable there).
An organization record (contact, invoice, quote, expense, file) is a shared row without owner.
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


@dataclass(frozen=True)
class Literal:
    """A policy column a table does not store: every row holds this value (None is NULL)."""

    value: str | None


# Where each policy column is found: a field path for Django and a column for SQL, or a literal.
Column = str | Literal
TABLE_COLUMNS: Mapping[str, Column] = {column: column for column in POLICY_COLUMNS}

_NOTHING = Q(pk__in=[])
# An empty Q() vanishes inside an OR; this one is true for every row and survives it.
_EVERYTHING = ~Q(pk__in=[])


class Node:
    def to_q(self, access: AiAccess, columns: Mapping[str, Column] = TABLE_COLUMNS) -> Q:
        """Compile to a Django filter; ``columns`` maps each policy column to a field or literal."""
        raise NotImplementedError

    def to_sql(self, columns: Mapping[str, str]) -> str:
        """Compile to SQL; ``columns`` maps each policy column to a column name or a literal."""
        raise NotImplementedError


@dataclass(frozen=True)
class Equals(Node):
    column: str
    value: str

    def to_q(self, access: AiAccess, columns: Mapping[str, Column] = TABLE_COLUMNS) -> Q:
        column = columns[self.column]
        if isinstance(column, Literal):
            return _EVERYTHING if column.value == self.value else _NOTHING
        return Q(**{column: self.value})

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return f"{columns[self.column]} = '{self.value}'"


@dataclass(frozen=True)
class OwnedByPrincipal(Node):
    """The row's owner is the principal's user or the principal's phone."""

    def to_q(self, access: AiAccess, columns: Mapping[str, Column] = TABLE_COLUMNS) -> Q:
        # Never compare with None: in Django that would become IS NULL and match ownerless rows.
        q = _NOTHING
        user, phone = columns["owner_user_id"], columns["owner_phone"]
        if access.user_id is not None and not isinstance(user, Literal):
            q |= Q(**{user: access.user_id})
        if access.phone and not isinstance(phone, Literal):
            q |= Q(**{phone: access.phone})
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return (
            f"({columns['owner_user_id']} = (SELECT ai_user_id())"
            f" OR {columns['owner_phone']} = (SELECT ai_phone()))"
        )


@dataclass(frozen=True)
class OrganizationInRequest(Node):
    def to_q(self, access: AiAccess, columns: Mapping[str, Column] = TABLE_COLUMNS) -> Q:
        organization = columns["organization_id"]
        assert not isinstance(organization, Literal), "the organization is always a column"
        if not access.organization_ids:
            return _NOTHING
        return Q(**{f"{organization}__in": access.organization_ids})

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return f"{columns['organization_id']} = ANY ((SELECT ai_organization_ids())::bigint[])"


@dataclass(frozen=True)
class AreaReadable(Node):
    """The principal may read the row's area in the row's organization."""

    def to_q(self, access: AiAccess, columns: Mapping[str, Column] = TABLE_COLUMNS) -> Q:
        organization, area = columns["organization_id"], columns["area"]
        assert not isinstance(organization, Literal), "the organization is always a column"
        q = _NOTHING
        if isinstance(area, Literal):
            orgs = [org for org, perms in access.permissions.items() if area.value in perms.read]
            return Q(**{f"{organization}__in": sorted(orgs)}) if orgs else _NOTHING
        for org_id, perms in access.permissions.items():
            q |= Q(**{organization: org_id, f"{area}__in": sorted(perms.read)})
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        pair = f"({columns['organization_id']}::text || ':' || {columns['area']})"
        return f"{pair} = ANY ((SELECT ai_readable_areas())::text[])"


@dataclass(frozen=True)
class AllOf(Node):
    parts: tuple[Node, ...]

    def to_q(self, access: AiAccess, columns: Mapping[str, Column] = TABLE_COLUMNS) -> Q:
        q = Q()
        for part in self.parts:
            q &= part.to_q(access, columns)
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return "(" + " AND ".join(part.to_sql(columns) for part in self.parts) + ")"


@dataclass(frozen=True)
class AnyOf(Node):
    parts: tuple[Node, ...]

    def to_q(self, access: AiAccess, columns: Mapping[str, Column] = TABLE_COLUMNS) -> Q:
        q = _NOTHING
        for part in self.parts:
            q |= part.to_q(access, columns)
        return q

    def to_sql(self, columns: Mapping[str, str]) -> str:
        return "(" + " OR ".join(part.to_sql(columns) for part in self.parts) + ")"


# An organization record (contact, invoice, quote, expense, file) is a shared row without an
# owner: visible when its organization is in the request and its area is general or readable.
RECORD_RULE = AllOf(
    (
        OrganizationInRequest(),
        AnyOf((Equals("area", Area.GENERAL.value), AreaReadable())),
    )
)

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
        # A shared row obeys the records' rule (flattened, so the SQL reads as one AND).
        AllOf((Equals("visibility", Visibility.SHARED), *RECORD_RULE.parts)),
    )
)


def visible_q(access: AiAccess) -> Q:
    """The Django filter of the visibility rule for this access."""
    return VISIBILITY_RULE.to_q(access)


def visible_sql() -> str:
    """The SQL expression of the rule for the policy of a table with the four columns."""
    return VISIBILITY_RULE.to_sql({column: column for column in POLICY_COLUMNS})


def _record_columns(area: str | None, via: str) -> dict[str, Column]:
    return {
        "organization_id": f"{via}organization_id",
        "area": f"{via}area" if area is None else Literal(area),
    }


def record_q(access: AiAccess, *, area: str | None = None, via: str = "") -> Q:
    """The Django filter of the records' rule for this access.

    ``area`` is the fixed area of the model's rows (None: each row carries its own, as files
    do); ``via`` reaches the record through a relation (``"invoice__"`` for invoice lines).
    """
    return RECORD_RULE.to_q(access, _record_columns(area, via))


def record_sql(*, area: str | None = None) -> str:
    """The SQL expression of the records' rule for a policy, with the same ``area`` as above."""
    columns = {
        "organization_id": "organization_id",
        "area": "area" if area is None else f"'{area}'",
    }
    return RECORD_RULE.to_sql(columns)
