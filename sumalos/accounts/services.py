"""Writes on users, organizations and memberships."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import GRANTABLE_AREAS, Area, Membership, Organization, User
from sumalos.accounts.signals import membership_leaving


def _areas(areas: Iterable[str], *, allow_general: bool) -> list[str]:
    allowed = GRANTABLE_AREAS | ({Area.GENERAL.value} if allow_general else set())
    chosen = sorted(set(areas))
    unknown = [a for a in chosen if a not in allowed]
    if unknown:
        raise ValidationError(f"Área desconocida: {', '.join(unknown)}.")
    return chosen


@transaction.atomic
def organization_create(*, name: str, owner: User, tax_id: str = "") -> Organization:
    organization = Organization.objects.create(name=name, tax_id=tax_id)
    Membership.objects.create(organization=organization, user=owner, role=Membership.Role.OWNER)
    return organization


@transaction.atomic
def membership_add(
    *,
    organization: Organization,
    user: User,
    role: str = Membership.Role.MEMBER,
    read_areas: Iterable[str] = (),
    write_areas: Iterable[str] = (),
) -> Membership:
    """Add ``user`` to ``organization``; a member reads what it may write."""
    if role not in Membership.Role.values:
        raise ValidationError(f"Papel desconocido: {role}.")
    write = _areas(write_areas, allow_general=True)
    read = sorted(set(_areas(read_areas, allow_general=True)) | set(write) - {Area.GENERAL})
    return Membership.objects.create(
        organization=organization, user=user, role=role, read_areas=read, write_areas=write
    )


@transaction.atomic
def organization_set_shared_mode(
    *, access: AiAccess, organization: Organization, shared_mode: str
) -> Organization:
    """Change how memory is shared in the organization; owners and admins only."""
    if not access.is_manager(organization.pk):
        raise PermissionDenied("Solo los propietarios y administradores pueden cambiar esto.")
    if shared_mode not in Organization.SharedMode.values:
        raise ValidationError(f"Modo desconocido: {shared_mode}.")
    organization.shared_mode = shared_mode
    organization.save(update_fields=["shared_mode"])
    return organization


LAST_OWNER = "La organización necesita al menos un propietario: nombra otro antes de quitar este."


def membership_is_last_owner(membership: Membership) -> bool:
    """Whether removing (or demoting) ``membership`` would leave its organization ownerless."""
    if membership.pk is None:
        return False
    stored = Membership.objects.filter(pk=membership.pk).values_list("role", flat=True).first()
    if stored != Membership.Role.OWNER:
        return False
    return not (
        Membership.objects.filter(
            organization_id=membership.organization_id, role=Membership.Role.OWNER
        )
        .exclude(pk=membership.pk)
        .exists()
    )


@transaction.atomic
def membership_remove(*, access: AiAccess, membership: Membership) -> None:
    """Remove someone from an organization (a manager, or the person leaving).

    Their private memories there are deleted; what they shared stays, attributed to
    "un antiguo miembro" (DESIGN §5). Only an owner removes an owner, and the last owner stays.
    """
    organization_id = membership.organization_id
    leaving = access.user_id == membership.user_id
    if not (leaving or access.is_manager(organization_id)):
        raise PermissionDenied("Solo los propietarios y administradores pueden quitar miembros.")
    if membership.role == Membership.Role.OWNER:
        caller = access.permissions.get(organization_id)
        if not leaving and (caller is None or caller.role != Membership.Role.OWNER):
            raise PermissionDenied("Solo un propietario puede quitar a otro propietario.")
    _membership_delete(membership)


@transaction.atomic
def membership_remove_by_staff(*, membership: Membership) -> None:
    """Remove someone from an organization from the staff admin.

    Who may do it is the admin's permission on memberships; everything else is as for
    ``membership_remove``: private memories forgotten, shared ones keep their recorded author in
    the audit, and the last owner stays.
    """
    _membership_delete(membership)


@transaction.atomic
def user_delete_by_staff(*, user: User) -> None:
    """Delete an account from the staff admin, leaving each organization first."""
    for membership in Membership.objects.filter(user=user).order_by("pk"):
        _membership_delete(membership)
    user.delete()


def _membership_delete(membership: Membership) -> None:
    # Lock the organization's owners so two removals cannot each leave the other as "last".
    list(
        Membership.objects.select_for_update()
        .filter(organization_id=membership.organization_id, role=Membership.Role.OWNER)
        .order_by("pk")
    )
    if membership_is_last_owner(membership):
        raise ValidationError(LAST_OWNER)
    # Memory forgets the private memories (memory/apps.py); the core imports nothing above it.
    membership_leaving.send(
        sender=Membership,
        organization_id=membership.organization_id,
        user_id=membership.user_id,
    )
    Membership.objects.filter(pk=membership.pk).delete()
