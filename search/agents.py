"""Agent roles: what each sub-agent may reach, always intersected with the caller (DESIGN §7).

An agent has no identity of its own. ``scope_for`` takes the caller's ``AiAccess`` and narrows
it by the role's capability (kinds of item, readable areas, protected fields); nothing here can
add an organization, an area, an owner or a write. ``tests/search/test_agents.py`` proves it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from search.models import Kind
from sumalos.accounts.access import AiAccess, OrgPermissions
from sumalos.accounts.models import Area
from sumalos.invoicing.services import may_see_iban

ALL_KINDS = frozenset(Kind.values)
ALL_AREAS = frozenset(Area.values)

# Field-level permissions: a protected field exists in a result only when this holds for the
# record's organization (and the agent's role includes the field). Absent, never redacted.
FIELD_RULES: dict[str, Callable[[AiAccess, int], bool]] = {
    "contact.iban": may_see_iban,
    "quote.prices": lambda access, org_id: access.can_read(org_id, Area.INVOICES),
}
ALL_FIELDS = frozenset(FIELD_RULES)


@dataclass(frozen=True)
class Role:
    name: str
    kinds: frozenset[str]
    areas: frozenset[str]
    fields: frozenset[str]


ORCHESTRATOR = "orquestador"
ROLES: dict[str, Role] = {
    ORCHESTRATOR: Role(ORCHESTRATOR, ALL_KINDS, ALL_AREAS, ALL_FIELDS),
    # Customers and what they are billed.
    "cuentas": Role(
        "cuentas",
        frozenset({Kind.CONTACT, Kind.INVOICE, Kind.QUOTE, Kind.DOCUMENT, Kind.MEMORY}),
        frozenset({Area.GENERAL, Area.CONTACTS, Area.INVOICES}),
        frozenset({"quote.prices"}),
    ),
    # Taxes and spending: expenses, supporting documents; knowledge is read through ``saber``.
    "fiscal": Role(
        "fiscal",
        frozenset({Kind.EXPENSE, Kind.DOCUMENT, Kind.MEMORY, Kind.EXTERNAL}),
        frozenset({Area.GENERAL, Area.EXPENSES}),
        frozenset(),
    ),
}


@dataclass(frozen=True)
class Scope:
    """The caller's access narrowed by one agent role: what that agent may see, no more."""

    access: AiAccess
    role: Role

    def may_read_field(self, name: str, organization_id: int) -> bool:
        return name in self.role.fields and FIELD_RULES[name](self.access, organization_id)


def scope_for(access: AiAccess, role_name: str = ORCHESTRATOR) -> Scope:
    """The scope of ``role_name`` acting for the caller: the intersection of both."""
    role = ROLES[role_name]
    narrowed = AiAccess(
        principal=access.principal,
        permissions={
            org_id: OrgPermissions(role=perms.role, read=perms.read & role.areas, write=frozenset())
            for org_id, perms in access.permissions.items()
        },
    )
    return Scope(access=narrowed, role=role)
