"""Staff admin for users (email login), organizations and their memberships."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.admin.options import InlineModelAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import UserChangeForm, UserCreationForm
from django.http import HttpRequest

from sumalos.accounts.models import Membership, Organization, User


class EmailUserCreationForm(UserCreationForm):
    class Meta:
        model = User
        fields = ("email", "full_name")


class EmailUserChangeForm(UserChangeForm):
    class Meta:
        model = User
        fields = ("email", "full_name", "is_active", "is_staff", "is_superuser")


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("user",)
    fields = ("user", "role", "read_areas", "write_areas")


class UserMembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ("organization", "role", "read_areas", "write_areas")


@admin.register(User)
class UserAdmin(BaseUserAdmin):
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

    def get_inlines(self, request: HttpRequest, obj: User | None) -> list[type[InlineModelAdmin]]:
        # Memberships are added once the user exists.
        return [] if obj is None else [UserMembershipInline]


@admin.register(Organization)
class OrganizationAdmin(admin.ModelAdmin):
    list_display = ("name", "tax_id", "shared_mode", "created_at")
    list_filter = ("shared_mode",)
    search_fields = ("name", "tax_id")
    inlines = (MembershipInline,)


class MembershipAdminForm(forms.ModelForm):
    class Meta:
        model = Membership
        fields = ("organization", "user", "role", "read_areas", "write_areas")


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    form = MembershipAdminForm
    list_display = ("user", "organization", "role")
    list_filter = ("role", "organization")
    search_fields = ("user__email", "organization__name")
    autocomplete_fields = ("user", "organization")
