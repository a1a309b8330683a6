"""Memories: personal, private-in-organization and shared facts in one table (DESIGN §5).

Who may read a row is decided by the four policy columns and the once-declared rule in
``sumalos/rls/rule.py``, applied by the app and again by row-level security.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models
from pgvector.django import HalfVectorField

from sumalos.accounts.models import Area, Organization
from sumalos.rls.rule import Visibility

EMBEDDING_DIMENSIONS = 384  # multilingual-e5-small


class Memory(models.Model):
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

    # The four policy columns.
    visibility = models.CharField(max_length=20, choices=Visibility.CHOICES)
    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_phone = models.CharField(max_length=20, null=True, blank=True)
    area = models.CharField(max_length=20, choices=Area.choices, default=Area.GENERAL)

    category = models.CharField(max_length=20, choices=Category.choices)
    subject = models.CharField(max_length=120, blank=True)
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

    class Meta:
        db_table = "memories"
        indexes = [
            # Every policy column leads an index (DESIGN §3, performance note).
            models.Index(
                fields=["organization", "visibility", "area"], name="memories_org_vis_area"
            ),
            models.Index(fields=["owner_user", "visibility"], name="memories_owner_user_vis"),
            models.Index(fields=["owner_phone", "visibility"], name="memories_owner_phone_vis"),
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
