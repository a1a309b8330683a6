"""System knowledge: staff-curated tax rules with sources, validity and typed facts (DESIGN §4).

No table has an organization column: every row is for everyone, but the assistant reads only
published entries (row-level security, see ``sumalos/rls/policies.py``). Writes go through
``knowledge/services.py``, which records a version on every save.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.constraints import ExclusionConstraint
from django.contrib.postgres.fields import RangeOperators
from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import F, Q, Value
from pgvector.django import HalfVectorField, HnswIndex

from sumalos.embeddings import DIMENSIONS
from sumalos.taxes.models import ENGINE_KEYS, DateRange

ENGINE_KEY_MESSAGE = (
    "La clave «{key}» es un tipo del motor de impuestos (IVA, retenciones y recargo de "
    "equivalencia): se mantiene en «Tipos impositivos», no como dato del conocimiento."
)


def _valid_range_check(name: str) -> models.CheckConstraint:
    return models.CheckConstraint(
        condition=Q(valid_from__isnull=True)
        | Q(valid_to__isnull=True)
        | Q(valid_to__gte=F("valid_from")),
        name=name,
        violation_error_message="La fecha final de vigencia no puede ser anterior a la inicial.",
    )


class Domain(models.Model):
    slug = models.SlugField("identificador", max_length=60, unique=True)
    name = models.CharField("nombre", max_length=120)
    description = models.TextField("descripción", blank=True)

    class Meta:
        db_table = "knowledge_domains"
        ordering = ["slug"]
        verbose_name = "dominio"

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Borrador"
        PUBLISHED = "published", "Publicada"

    domain = models.ForeignKey(
        Domain, on_delete=models.PROTECT, related_name="entries", verbose_name="dominio"
    )
    slug = models.SlugField("identificador", max_length=80, unique=True)
    title = models.CharField("título", max_length=200)
    body = models.TextField("texto (markdown)")
    status = models.CharField("estado", max_length=10, choices=Status.choices, default=Status.DRAFT)
    valid_from = models.DateField("vigente desde", null=True, blank=True)
    valid_to = models.DateField("vigente hasta (incluido)", null=True, blank=True)
    updated_at = models.DateTimeField("modificada", auto_now=True)

    class Meta:
        db_table = "knowledge_entries"
        ordering = ["domain", "slug"]
        verbose_name = "entrada"
        indexes = [models.Index(fields=["status", "id"], name="knowledge_entry_status")]
        constraints = [_valid_range_check("knowledge_entry_valid_range")]

    def __str__(self) -> str:
        return self.title


class Source(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="sources")
    title = models.CharField("título", max_length=300)
    url = models.URLField("enlace", max_length=500)
    position = models.PositiveSmallIntegerField("orden", default=0)

    class Meta:
        db_table = "knowledge_sources"
        ordering = ["entry", "position", "id"]
        verbose_name = "fuente"

    def __str__(self) -> str:
        return self.title


class FactKey(models.Model):
    """A key the entry explains, with the words people use for it (how ``saber`` picks facts).

    Engine-owned keys are listed here too: their values live in the engine, but the entry that
    explains them and the words that ask for them belong to the knowledge.
    """

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="fact_keys")
    key = models.CharField("clave", max_length=80, unique=True)
    label = models.CharField("nombre", max_length=200)
    terms = models.TextField(
        "palabras con las que se pregunta",
        blank=True,
        help_text="Separadas por comas: sinónimos y expresiones coloquiales.",
    )
    position = models.PositiveSmallIntegerField("orden", default=0)

    class Meta:
        db_table = "knowledge_fact_keys"
        ordering = ["entry", "position", "key"]
        verbose_name = "clave de dato"
        verbose_name_plural = "claves de datos"

    def __str__(self) -> str:
        return self.key


class Fact(models.Model):
    """A typed value the knowledge owns (a deadline, a limit); never an engine rate."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="facts")
    key = models.CharField("clave", max_length=80)
    value = models.CharField("valor", max_length=200)
    unit = models.CharField("unidad", max_length=20, blank=True)
    valid_from = models.DateField("vigente desde", null=True, blank=True)
    valid_to = models.DateField("vigente hasta (incluido)", null=True, blank=True)

    class Meta:
        db_table = "knowledge_facts"
        ordering = ["key", "valid_from"]
        verbose_name = "dato"
        indexes = [models.Index(fields=["entry", "key"], name="knowledge_fact_entry")]
        constraints = [
            ExclusionConstraint(
                name="knowledge_fact_no_overlap",
                expressions=[
                    ("key", RangeOperators.EQUAL),
                    (DateRange("valid_from", F("valid_to"), Value("[]")), RangeOperators.OVERLAPS),
                ],
                violation_error_message=(
                    "Ya hay un valor para esta clave en un periodo que se solapa con este: "
                    "cierra antes la vigencia del valor anterior."
                ),
            ),
            _valid_range_check("knowledge_fact_valid_range"),
            models.CheckConstraint(
                condition=~Q(key__in=sorted(ENGINE_KEYS)),
                name="knowledge_fact_not_engine_key",
                violation_error_message=(
                    "Esa clave es un tipo del motor de impuestos: se mantiene en "
                    "«Tipos impositivos», no como dato del conocimiento."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.key} = {self.value}{self.unit and ' ' + self.unit}"


class Chunk(models.Model):
    """A retrieval unit: one section (or paragraph group) of an entry, with the entry's title."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="chunks")
    position = models.PositiveSmallIntegerField()
    heading = models.CharField(max_length=300, blank=True)
    content = models.TextField()
    # Title, heading and content, lower-cased and without accents: what trigrams compare.
    search_text = models.TextField()
    # Weighted title (A), heading (B) and content (D) in the es_unaccent configuration.
    search_vector = SearchVectorField(null=True)
    embedding = HalfVectorField(dimensions=DIMENSIONS)
    content_hash = models.CharField(max_length=64)
    valid_from = models.DateField(null=True, blank=True)
    valid_to = models.DateField(null=True, blank=True)

    class Meta:
        db_table = "knowledge_chunks"
        ordering = ["entry", "position"]
        verbose_name = "fragmento"
        indexes = [
            models.Index(fields=["entry", "position"], name="knowledge_chunk_entry"),
            GinIndex(fields=["search_vector"], name="knowledge_chunk_fts"),
            GinIndex(OpClass("search_text", name="gin_trgm_ops"), name="knowledge_chunk_trgm"),
            HnswIndex(
                name="knowledge_chunk_embedding",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["halfvec_cosine_ops"],
            ),
        ]
        constraints = [_valid_range_check("knowledge_chunk_valid_range")]

    def __str__(self) -> str:
        return f"{self.entry_id}#{self.position}"


class Version(models.Model):
    """A snapshot of an entry after a save; never visible to the assistant."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField("versión")
    snapshot = models.JSONField()
    note = models.CharField("nota", max_length=200, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="autor",
    )
    created_at = models.DateTimeField("fecha", auto_now_add=True)

    class Meta:
        db_table = "knowledge_versions"
        ordering = ["entry", "-number"]
        verbose_name = "versión"
        verbose_name_plural = "versiones"
        constraints = [
            models.UniqueConstraint(fields=["entry", "number"], name="knowledge_version_number")
        ]

    def __str__(self) -> str:
        return f"{self.entry_id} v{self.number}"
