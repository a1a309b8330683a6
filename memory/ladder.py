"""The write ladder: which layer a new memory lands in (DESIGN §5).

A pure function so every rung can be tested on its own. It never widens what was asked and
never shares without the rules: personal categories never become company facts, the
organization's ``shared_mode`` is respected (``confirm``: a member's every write is a proposal;
``off``: nothing is shared), a writer who may not write the area only proposes, and owners and
admins share directly. What a person asked for comes from ``memory/scope.py``; a narrowed
write is never proposed. ``memory.services.memory_write`` applies it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sumalos.accounts.models import Area, Organization
from sumalos.rls.rule import Visibility

PERSONAL_CATEGORIES = frozenset({"perfil_usuario", "preferencia"})
# Asked personal, these stay with the person across organizations; a company, customer or
# supplier fact asked personal stays private in its organization.
PERSONAL_WHEN_ASKED = PERSONAL_CATEGORIES | {"evento"}

# A customer fact is contacts, a supplier fact expenses, what the company does general (§2).
CATEGORY_AREA = {
    "perfil_usuario": Area.GENERAL.value,
    "preferencia": Area.GENERAL.value,
    "empresa": Area.GENERAL.value,
    "evento": Area.GENERAL.value,
    "cliente": Area.CONTACTS.value,
    "proveedor": Area.EXPENSES.value,
}


@dataclass(frozen=True)
class Layer:
    visibility: str
    propose_sharing: bool = False


def decide_layer(
    *,
    has_organization: bool,
    category: str,
    requested_visibility: str | None,
    shared_mode: str,
    can_write_area: bool,
    is_manager: bool,
) -> Layer:
    """Walk the ladder of DESIGN §5, top to bottom; the first rung that applies decides."""
    if not has_organization:
        return Layer(Visibility.PERSONAL)
    if requested_visibility == Visibility.PERSONAL:
        if category in PERSONAL_WHEN_ASKED:
            return Layer(Visibility.PERSONAL)
        return Layer(Visibility.PRIVATE_IN_ORG)
    if requested_visibility == Visibility.PRIVATE_IN_ORG:
        return Layer(Visibility.PRIVATE_IN_ORG)
    if category in PERSONAL_CATEGORIES:
        return Layer(Visibility.PRIVATE_IN_ORG)
    if shared_mode == Organization.SharedMode.OFF:
        return Layer(Visibility.PRIVATE_IN_ORG)
    if not can_write_area:
        return Layer(Visibility.PRIVATE_IN_ORG, propose_sharing=True)
    if shared_mode == Organization.SharedMode.CONFIRM and not is_manager:
        return Layer(Visibility.PRIVATE_IN_ORG, propose_sharing=True)
    return Layer(Visibility.SHARED)
