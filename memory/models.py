"""Memories: personal, private-in-organization and shared facts in one table (DESIGN §5).

Who may read a row is decided by the four policy columns and the once-declared rule in
``sumalos/rls/rule.py``, applied by the app and again by row-level security. Superseded rows
stay in the table as versions; ``MemoryAudit`` records every change to a shared memory.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from pgvector.django import HalfVectorField

from sumalos.accounts.models import Organization
from sumalos.invoicing.models import Contact
from sumalos.rls.models import PolicyColumns
from sumalos.rls.rule import Visibility

EMBEDDING_DIMENSIONS = 384  # multilingual-e5-small


class Memory(PolicyColumns):
    class Category(models.TextChoices):
        PERFIL_USUARIO = "perfil_usuario", "Perfil del usuario"
        PREFERENCIA = "preferencia", "Preferencia"
        EMPRESA = "empresa", "Empresa"
        CLIENTE = "cliente", "Cliente"
        PROVEEDOR = "proveedor", "Proveedor"
        EVENTO = "evento", "Evento"

    class Status(models.TextChoices):
        ACTIVE = "active", "Activa"
        PROPOSED = "proposed", "Propuesta"
        SUPERSEDED = "superseded", "Sustituida"

    category = models.CharField(max_length=20, choices=Category.choices)
    subject = models.CharField(max_length=120, blank=True)
    # Set when the subject is ``contacto:<id>``; deleting the contact deletes its memories
    # (the database constraint cascades too, see migration 0003).
    contact = models.ForeignKey(
        Contact, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    attribute = models.CharField(max_length=120, blank=True)
    value = models.TextField(blank=True)
    text = models.TextField()
    confidence = models.FloatField(default=1.0)
    pinned = models.BooleanField(default=False)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    proposed_visibility = models.CharField(
        max_length=20, choices=Visibility.CHOICES, null=True, blank=True
    )
    unverified = models.BooleanField(default=False)
    sources = ArrayField(models.CharField(max_length=64), default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    embedding = HalfVectorField(dimensions=EMBEDDING_DIMENSIONS, null=True, blank=True)
    # The row that replaced this one when it was superseded (a version that can be restored).
    superseded_by = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        db_table = "memories"
        indexes = [
            # Every policy column leads an index (DESIGN §3, performance note).
            models.Index(
                fields=["organization", "visibility", "area"], name="memories_org_vis_area"
            ),
            models.Index(fields=["owner_user", "visibility"], name="memories_owner_user_vis"),
            models.Index(fields=["owner_phone", "visibility"], name="memories_owner_phone_vis"),
            # The conflict lookup: same level, subject and attribute among active rows.
            models.Index(
                fields=["organization", "subject", "attribute"],
                condition=models.Q(status="active"),
                name="memories_active_subject_attr",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                name="memory_layer_shape",
                condition=(
                    models.Q(visibility=Visibility.PERSONAL, organization__isnull=True)
                    & (models.Q(owner_user__isnull=False) | models.Q(owner_phone__isnull=False))
                )
                | (
                    models.Q(visibility=Visibility.PRIVATE_IN_ORG, organization__isnull=False)
                    & (models.Q(owner_user__isnull=False) | models.Q(owner_phone__isnull=False))
                )
                | models.Q(
                    visibility=Visibility.SHARED,
                    organization__isnull=False,
                    owner_user__isnull=True,
                    owner_phone__isnull=True,
                ),
            ),
        ]

    def __str__(self) -> str:
        return self.text


class MemoryAudit(models.Model):
    """One change to a shared memory: who, when, what it was before and after (DESIGN §5).

    ``memory_id`` is a plain column, not a foreign key: the log outlives the memory it
    describes. The assistant never reads this table (``sumalos/rls/policies.py``).
    """

    class Action(models.TextChoices):
        CREATE = "create", "Creada"
        MERGE = "merge", "Fuente añadida"
        SUPERSEDE = "supersede", "Sustituida"
        SHARE = "share", "Compartida"
        UNSHARE = "unshare", "Solo para mí"
        EDIT = "edit", "Editada"
        DELETE = "delete", "Borrada"
        CONFIRM = "confirm", "Confirmada"
        REJECT = "reject", "Rechazada"
        RESTORE = "restore", "Restaurada"
        AUTHOR_LEFT = "author_left", "Su autor dejó la organización"

    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    memory_id = models.BigIntegerField()
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_phone = models.CharField(max_length=20, blank=True)
    action = models.CharField(max_length=12, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "memory_audit"
        indexes = [
            models.Index(fields=["organization", "-at"], name="memory_audit_org_at"),
            models.Index(fields=["memory_id"], name="memory_audit_memory"),
        ]

    def __str__(self) -> str:
        return f"{self.action} {self.memory_id}"
