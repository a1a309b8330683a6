"""Users, organizations and memberships: the tenancy every access decision starts from.

Areas are the organization's permission vocabulary (DESIGN §2). ``general`` is always readable
by members; the other areas are granted per membership. Owners and admins hold every area.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.utils import timezone


class Area(models.TextChoices):
    GENERAL = "general", "General"
    CONTACTS = "contacts", "Contactos"
    INVOICES = "invoices", "Facturas"
    EXPENSES = "expenses", "Gastos"


ALL_AREAS = frozenset(Area.values)
GRANTABLE_AREAS = frozenset(ALL_AREAS - {Area.GENERAL})


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **fields: object) -> User:
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields: object) -> User:
        fields.setdefault("is_staff", True)
        fields.setdefault("is_superuser", True)
        return self.create_user(email, password, **fields)


class User(AbstractBaseUser, PermissionsMixin):
    email = models.EmailField("correo electrónico", unique=True)
    full_name = models.CharField("nombre", max_length=150, blank=True)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"

    class Meta:
        db_table = "users"
        verbose_name = "usuario"

    def __str__(self) -> str:
        return self.email

    def get_full_name(self) -> str:
        return self.full_name or self.email

    def get_short_name(self) -> str:
        return (self.full_name or self.email).split()[0]


class Organization(models.Model):
    class SharedMode(models.TextChoices):
        AUTO = "auto", "Automático"
        CONFIRM = "confirm", "Con confirmación"
        OFF = "off", "Desactivado"

    name = models.CharField("nombre", max_length=200, unique=True)
    tax_id = models.CharField("NIF/CIF", max_length=20, blank=True)
    shared_mode = models.CharField(
        "memoria compartida", max_length=10, choices=SharedMode.choices, default=SharedMode.AUTO
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "organizations"
        verbose_name = "organización"
        verbose_name_plural = "organizaciones"

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", "Propietario"
        ADMIN = "admin", "Administrador"
        MEMBER = "member", "Miembro"

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="memberships"
    )
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    read_areas = ArrayField(
        models.CharField(max_length=20, choices=Area.choices), default=list, blank=True
    )
    write_areas = ArrayField(
        models.CharField(max_length=20, choices=Area.choices), default=list, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "memberships"
        constraints = [
            models.UniqueConstraint(fields=["organization", "user"], name="membership_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} en {self.organization} ({self.role})"

    @property
    def is_manager(self) -> bool:
        return self.role in (self.Role.OWNER, self.Role.ADMIN)

    def readable_areas(self) -> frozenset[str]:
        if self.is_manager:
            return ALL_AREAS
        return frozenset(self.read_areas) | {Area.GENERAL.value} | frozenset(self.write_areas)

    def writable_areas(self) -> frozenset[str]:
        if self.is_manager:
            return ALL_AREAS
        return frozenset(self.write_areas)
