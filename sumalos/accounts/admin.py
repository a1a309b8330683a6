"""Staff admin for users (email login), organizations and their memberships.

Adding and removing someone, here as anywhere, go through the accounts services. A new
membership, on its own page or in an organization's or a user's inline, is made by
``membership_add`` (the areas checked, a member reads what it may write). On removal their
private memories are forgotten, the authorship of what they shared is kept in the audit, and
the last owner cannot be removed or demoted. Inlines therefore cannot delete rows; the
membership and user admins delete through ``membership_remove_by_staff`` and
``user_delete_by_staff``, and show the last-owner refusal on the confirmation page.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.options import InlineModelAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import UserChangeForm, UserCreationForm
from django.db import transaction
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest

from sumalos.accounts.models import Membership, Organization, User
from sumalos.accounts.services import (
    LAST_OWNER,
    membership_add,
    membership_is_last_owner,
    membership_remove_by_staff,
    user_delete_by_staff,
)


class MembershipAdminForm(forms.ModelForm[Membership]):
    class Meta:
        model = Membership
        fields = ("organization", "user", "role", "read_areas", "write_areas")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Moving a stored row to another person or organization would be a removal in disguise;
        # a new row (in an inline too) names both freely and is added by ``membership_add``.
        if self.instance.pk is not None:
            for name in ("organization", "user"):
                if name in self.fields:
                    self.fields[name].disabled = True

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        demoted = cleaned.get("role") not in (None, Membership.Role.OWNER)
        if demoted and membership_is_last_owner(self.instance):
            raise forms.ValidationError(LAST_OWNER)
        return cleaned


def _membership_save(membership: Membership) -> None:
    """Save an admin's membership row: a new one through ``membership_add``, as everywhere."""
    if membership.pk is not None:
        membership.save()
        return
    added = membership_add(
        organization=membership.organization,
        user=membership.user,
        role=membership.role,
        read_areas=membership.read_areas,
        write_areas=membership.write_areas,
    )
    # The admin logs and redirects with the instance it built: it becomes the stored row.
    membership.pk = added.pk
    membership.read_areas, membership.write_areas = added.read_areas, added.write_areas
    membership.created_at = added.created_at
    membership._state.adding = False


def _memberships_save(formset: BaseInlineFormSet[Any, Any, Any]) -> None:
    """An inline's memberships: each new row through the service, the changed ones saved."""
    for membership in formset.save(commit=False):
        _membership_save(membership)
    formset.save_m2m()


class _MembershipInlineSaving:
    """For the organization and user admins: their membership inlines save through the service."""

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        if formset.model is Membership:
            _memberships_save(formset)
        else:
            super().save_formset(request, form, formset, change)  # type: ignore[misc]


def _last_owner_refusals(memberships: QuerySet[Membership]) -> list[str]:
    """Why deleting these memberships together would leave an organization without an owner."""
    chosen = list(memberships.select_related("organization"))
    ids = [membership.pk for membership in chosen]
    organizations = {m.organization for m in chosen if m.role == Membership.Role.OWNER}
    return sorted(
        f"{organization}: {LAST_OWNER}"
        for organization in organizations
        if not Membership.objects.filter(organization=organization, role=Membership.Role.OWNER)
        .exclude(pk__in=ids)
        .exists()
    )


class EmailUserCreationForm(UserCreationForm[User]):
    class Meta:
        model = User
        fields = ("email", "full_name")


class EmailUserChangeForm(UserChangeForm[User]):
    class Meta:
        model = User
        fields = ("email", "full_name", "is_active", "is_staff", "is_superuser")


class MembershipInline(admin.TabularInline[Membership, Organization]):
    model = Membership
    form = MembershipAdminForm
    extra = 0
    can_delete = False
    autocomplete_fields = ("user",)
    fields = ("user", "role", "read_areas", "write_areas")


class UserMembershipInline(admin.TabularInline[Membership, User]):
    model = Membership
    form = MembershipAdminForm
    extra = 0
    can_delete = False
    fields = ("organization", "role", "read_areas", "write_areas")


@admin.register(User)
class UserAdmin(_MembershipInlineSaving, BaseUserAdmin[User]):
    form = EmailUserChangeForm
    add_form = EmailUserCreationForm
    ordering = ("email",)
    list_display = ("email", "full_name", "is_active", "is_staff", "date_joined")
    list_filter = ("is_active", "is_staff", "is_superuser")
    search_fields = ("email", "full_name")
    readonly_fields = ("date_joined", "last_login")
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Datos personales", {"fields": ("full_name",)}),
        ("Permisos", {"fields": ("is_active", "is_staff", "is_superuser", "groups")}),
        ("Fechas", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("email", "full_name", "password1", "password2")}),
    )
    filter_horizontal = ("groups",)

    def get_inlines(
        self, request: HttpRequest, obj: User | None
    ) -> list[type[InlineModelAdmin[Any, Any]]]:
        # Memberships are added once the user exists.
        return [] if obj is None else [UserMembershipInline]

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        users = [user.pk for user in objs]
        refusals = _last_owner_refusals(Membership.objects.filter(user_id__in=users))
        return deleted, counts, perms_needed, [*protected, *refusals]

    def delete_model(self, request: HttpRequest, obj: User) -> None:
        user_delete_by_staff(user=obj)

    @transaction.atomic
    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        for user in queryset.order_by("pk"):
            user_delete_by_staff(user=user)


@admin.register(Organization)
class OrganizationAdmin(_MembershipInlineSaving, admin.ModelAdmin[Organization]):
    list_display = ("name", "tax_id", "shared_mode", "created_at")
    list_filter = ("shared_mode",)
    search_fields = ("name", "tax_id")
    inlines = (MembershipInline,)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    form = MembershipAdminForm
    list_display = ("user", "organization", "role")
    list_filter = ("role", "organization")
    search_fields = ("user__email", "organization__name")
    autocomplete_fields = ("user", "organization")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        # Moving a membership to another person or organization would be a removal in disguise.
        return ("organization", "user") if obj is not None else ()

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        refusals = _last_owner_refusals(Membership.objects.filter(pk__in=[m.pk for m in objs]))
        return deleted, counts, perms_needed, [*protected, *refusals]

    def save_model(self, request: HttpRequest, obj: Membership, form: Any, change: bool) -> None:
        _membership_save(obj)

    def delete_model(self, request: HttpRequest, obj: Membership) -> None:
        membership_remove_by_staff(membership=obj)

    @transaction.atomic
    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        for membership in queryset.order_by("pk"):
            membership_remove_by_staff(membership=membership)
