"""The context layer's tables: one permissioned surface for every source (DESIGN §7).

``SearchDocument`` is one item (a contact, an invoice, a message, a file, an external
reference...) with the four policy columns of its source; ``SearchChunk`` repeats them so each
ranking leg filters inside its own index scan. ``EntityEdge`` holds the joins asserted at
ingest; ``ShownItem`` is the ledger of what each person was shown.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models.functions import Now
from pgvector.django import HalfVectorField

from sumalos.accounts.models import Area, Organization
from sumalos.embeddings import DIMENSIONS
from sumalos.rls.models import PolicyColumns


class Kind(models.TextChoices):
    CONTACT = "contact", "Contacto"
    INVOICE = "invoice", "Factura"
    QUOTE = "quote", "Presupuesto"
    EXPENSE = "expense", "Gasto"
    DOCUMENT = "document", "Documento"
    MESSAGE = "message", "Mensaje"
    MEMORY = "memory", "Recuerdo"
    EXTERNAL = "external", "Referencia externa"


class SearchDocument(PolicyColumns):
    kind = models.CharField(max_length=10, choices=Kind.choices)
    source_id = models.BigIntegerField()
    # The natural key people use: a contact's name, a document number, a title.
    key = models.CharField(max_length=300)
    title = models.CharField(max_length=300)
    summary = models.TextField(blank=True)
    # Exact identifiers, normalised (upper case, no spaces or dashes): matched before ranking.
    tax_id = models.CharField(max_length=20, blank=True)
    number = models.CharField(max_length=20, blank=True)
    # The date relative-date questions filter on (issue date, expense date, message day...).
    date = models.DateField(null=True, blank=True)
    link = models.CharField(max_length=500, blank=True)
    source_updated_at = models.DateTimeField()
    content_hash = models.CharField(max_length=64)
    indexed_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "search_documents"
        indexes = [
            models.Index(fields=["organization", "visibility", "area"], name="search_doc_policy"),
            models.Index(fields=["owner_user", "visibility"], name="search_doc_owner_user"),
            models.Index(fields=["owner_phone", "visibility"], name="search_doc_owner_phone"),
            models.Index(fields=["tax_id"], name="search_doc_tax_id"),
            models.Index(fields=["number"], name="search_doc_number"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["kind", "source_id"], name="search_doc_source"),
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.source_id} {self.title}"


class SearchChunk(PolicyColumns):
    document = models.ForeignKey(SearchDocument, on_delete=models.CASCADE, related_name="chunks")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    position = models.PositiveSmallIntegerField()
    content = models.TextField()
    # Lower-cased, accent-free title + content: what the trigram leg compares.
    search_text = models.TextField()
    # Title (A) and content (D) in the es_unaccent configuration of the knowledge migration.
    search_vector = SearchVectorField(null=True)
    embedding = HalfVectorField(dimensions=DIMENSIONS)
    date = models.DateField(null=True, blank=True)

    class Meta:
        db_table = "search_chunks"
        ordering = ["document", "position"]
        indexes = [
            models.Index(fields=["organization", "visibility", "area"], name="search_chunk_policy"),
            models.Index(fields=["owner_user", "visibility"], name="search_chunk_owner_user"),
            models.Index(fields=["owner_phone", "visibility"], name="search_chunk_owner_phone"),
            models.Index(fields=["document", "position"], name="search_chunk_document"),
            # Full text and vectors have no global index: large organizations get their own
            # (sumalos/platform/tenant_indexes.py), the rest are read through the policy
            # btree (decisions 0021 and 0027).
            GinIndex(OpClass("search_text", name="gin_trgm_ops"), name="search_chunk_trgm"),
        ]

    def __str__(self) -> str:
        return f"{self.document_id}#{self.position}"


class EntityEdge(PolicyColumns):
    """A join stated once by the indexer that knows it: ``source --relation--> target``.

    The policy columns are the source item's, so an edge is visible exactly when the item
    that asserts it is; the target is read through its own row, under its own policy.
    """

    class Relation(models.TextChoices):
        FOR_CONTACT = "for_contact", "es para"
        FROM_SUPPLIER = "from_supplier", "es de"
        ABOUT = "about", "trata de"
        MENTIONS = "mentions", "menciona"

    source = models.ForeignKey(SearchDocument, on_delete=models.CASCADE, related_name="edges_out")
    relation = models.CharField(max_length=20, choices=Relation.choices)
    target_kind = models.CharField(max_length=10, choices=Kind.choices)
    target_id = models.BigIntegerField()

    class Meta:
        db_table = "search_edges"
        indexes = [
            models.Index(fields=["target_kind", "target_id"], name="search_edge_target"),
            models.Index(fields=["organization", "visibility", "area"], name="search_edge_policy"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["source", "relation", "target_kind", "target_id"], name="search_edge_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.source_id} {self.relation} {self.target_kind}:{self.target_id}"


class OutboxRow(models.Model):
    """A record that changed: written by the triggers of migration 0002, drained every 5 s."""

    table_name = models.CharField(max_length=40)
    row_id = models.BigIntegerField()
    enqueued_at = models.DateTimeField(auto_now_add=True)
    # The platform outbox's ledger (sumalos/platform/outbox.py); the triggers write only the
    # three columns above, the database fills these. Done rows are deleted.
    status = models.CharField(max_length=12, db_default="pending", default="pending")
    attempts = models.PositiveSmallIntegerField(db_default=0, default=0)
    available_at = models.DateTimeField(db_default=Now())
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, db_default="", default="")
    outcome = models.CharField(max_length=30, blank=True, db_default="", default="")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "search_outbox"
        indexes = [
            models.Index(fields=["id"], name="search_outbox_order"),
            models.Index(
                fields=["available_at", "id"],
                condition=models.Q(status__in=["pending", "processing"]),
                name="search_outbox_ready",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_name}:{self.row_id}"


class ShownItem(models.Model):
    """One item that reached the model for a person: the ledger of DESIGN §7.

    A reference, never a copy: kind, id, the item's layer at that moment and its ``version``
    (``updated_at``), so "what was shown" stays exact after the record changes. The text is
    resolved through the visibility rule when the ledger is read (``search.ledger.ledger_lines``);
    deleting the source removes it from every ledger page and export. Rows are appended, never
    updated.
    """

    class Layer(models.TextChoices):
        PERSONAL = "personal", "Personal"
        PRIVATE_IN_ORG = "private_in_org", "Privada en la organización"
        SHARED = "shared", "Compartida"
        RECORD = "record", "Registro de la organización"
        EXTERNAL = "external", "Referencia externa"

    person_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    person_phone = models.CharField(max_length=20, null=True, blank=True)
    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    conversation_id = models.CharField(max_length=64)
    turn = models.PositiveIntegerField()
    via = models.CharField(max_length=30)
    agent_role = models.CharField(max_length=20)
    item_kind = models.CharField(max_length=20)
    item_id = models.BigIntegerField()
    layer = models.CharField(max_length=20, choices=Layer.choices)
    version = models.CharField(max_length=40)
    fields = models.JSONField(default=list)
    shown_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "search_shown_items"
        ordering = ["conversation_id", "turn", "id"]
        indexes = [
            models.Index(fields=["conversation_id", "turn"], name="search_shown_conversation"),
            models.Index(fields=["person_user", "shown_at"], name="search_shown_person"),
            models.Index(fields=["organization", "conversation_id"], name="search_shown_org"),
        ]

    def __str__(self) -> str:
        return f"{self.conversation_id}#{self.turn} {self.item_kind}:{self.item_id}"


class ExternalSource(models.Model):
    """A source the organization does not own (a WebDAV folder), indexed as references only.

    Its items are shared rows of the organization in ``area``; bodies stay at the source and
    are fetched at read time with the person's own credential.
    """

    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    area = models.CharField(max_length=20, choices=Area.choices, default=Area.GENERAL)
    name = models.CharField(max_length=120)
    base_url = models.URLField()
    # The listing credential: enough to read names and a short summary, never shown to anyone.
    sync_username = models.CharField(max_length=120)
    sync_password = models.CharField(max_length=200)

    class Meta:
        db_table = "search_external_sources"

    def __str__(self) -> str:
        return self.name


class ExternalCredential(models.Model):
    """A person's own login at an external source: the body is fetched with it."""

    source = models.ForeignKey(ExternalSource, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    username = models.CharField(max_length=120)
    password = models.CharField(max_length=200)

    class Meta:
        db_table = "search_external_credentials"
        constraints = [
            models.UniqueConstraint(fields=["source", "user"], name="search_external_cred_once"),
        ]

    def __str__(self) -> str:
        return f"{self.source_id}:{self.user_id}"


class ExternalItem(models.Model):
    """One file at an external source: where it is and what it is called, no body."""

    source = models.ForeignKey(ExternalSource, on_delete=models.CASCADE, related_name="items")
    path = models.CharField(max_length=500)
    title = models.CharField(max_length=300)
    summary = models.CharField(max_length=300, blank=True)
    etag = models.CharField(max_length=200, blank=True)
    modified_at = models.DateTimeField()

    class Meta:
        db_table = "search_external_items"
        constraints = [
            models.UniqueConstraint(fields=["source", "path"], name="search_external_item_once"),
        ]

    def __str__(self) -> str:
        return self.path


class TenantLexeme(models.Model):
    """How many shared chunks of a large organization hold a lexeme, per area and kind.

    Kept by ``search.tenant_lexemes`` for the organizations with their own text index only,
    and only for counts from ``STORED_FROM`` up: the lexical leg reads it to skip counting a
    word every reader of that area and kind already sees in thousands of chunks (decision
    0030). The lexeme is stored as a 64-bit hash, never as text: no word of a layered text
    lives outside the rule. Read by the app as the owner, only for the caller's organizations,
    readable areas and kinds; the restricted role holds no grant on it.
    """

    # The unique constraint's btree leads with the organization: no index of its own.
    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    area = models.CharField(max_length=20, choices=Area.choices)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    lexeme_hash = models.BigIntegerField()
    chunks = models.IntegerField()

    class Meta:
        db_table = "search_tenant_lexemes"
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "lexeme_hash", "area", "kind"],
                name="search_tenant_lexeme",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.organization_id}:{self.area}:{self.kind}:{self.lexeme_hash}"
