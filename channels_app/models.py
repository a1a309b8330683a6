"""Channel storage, the unified message table, the outbox and phone linking (DESIGN §6).

Each channel stores its conversation its own way (``WebChat`` keeps one JSON transcript,
``WhatsappMessage`` one row per message). ``AiMessage`` is the one row per message that memory
and search read; application code never writes it: the triggers of migration 0002 do, through
the ``ingest_message()`` SQL function. docs/channels.md walks through the pipeline.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models

from sumalos.accounts.models import Organization
from sumalos.rls.models import PolicyColumns
from sumalos.rls.rule import Visibility


class Channel(models.TextChoices):
    WEB = "web", "Web"
    WHATSAPP = "whatsapp", "WhatsApp"


class WebChat(models.Model):
    """A web conversation: the transcript is a JSON list of ``{id, role, parts}`` messages.

    ``parts`` holds what only the interface cares about (uploads, cards); the trigger reads
    the ``text`` parts. URLs and conversation ids use ``public_id``, never the sequential key.
    A temporary chat has no row at all (``assistant/temporary.py``).
    """

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    title = models.CharField(max_length=200, blank=True)
    transcript = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "web_chats"
        indexes = [models.Index(fields=["owner_user", "-updated_at"], name="web_chats_owner")]

    def __str__(self) -> str:
        return self.title or f"Chat {self.public_id}"

    @property
    def conversation_id(self) -> str:
        return f"web:{self.public_id}"


class WhatsappMessage(models.Model):
    """One WhatsApp message received or sent; ``message_sid`` makes a replay a no-op."""

    class Direction(models.TextChoices):
        INBOUND = "inbound", "Recibido"
        OUTBOUND = "outbound", "Enviado"

    message_sid = models.CharField(max_length=64, unique=True)
    direction = models.CharField(max_length=10, choices=Direction.choices)
    # The person's number in E.164, whichever direction the message went.
    phone = models.CharField(max_length=20)
    # The organization the message is about: the only one that authorised the number, or none.
    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    # Set when a number's earlier history is adopted by its (now linked) user; the trigger
    # looks the link up itself on insert.
    adopted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    body = models.TextField(blank=True)
    # Media (images, documents, voice notes): ``[{url, content_type}]``, the caption that came
    # with them and, for a voice note, its transcript once transcribed.
    media = models.JSONField(default=list, blank=True)
    caption = models.TextField(blank=True)
    transcript = models.TextField(blank=True)
    # The body and caption with every secret masked, only when they hold one (NULL: same as
    # written). The trigger copies these into ai_messages (DESIGN §5); a code that fills
    # ``transcript`` must mask it before saving.
    body_masked = models.TextField(null=True, blank=True)
    caption_masked = models.TextField(null=True, blank=True)
    # Inbound: whether the worker has answered it (the reply is composed after the webhook).
    replied_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "whatsapp_messages"
        indexes = [models.Index(fields=["phone", "id"], name="whatsapp_messages_phone")]

    def __str__(self) -> str:
        return self.message_sid


class WhatsappReply(models.Model):
    """The one answer to an inbound WhatsApp message: claimed, then sent (docs/decisions/0022).

    At least once, sent once: the row is committed (``claimed``, with a lease) before the
    transport is called, and becomes ``sent`` with the provider's message id after. A worker
    that dies in between leaves a claimed row whose lease runs out; recovery asks the transport
    whether the reply left (by ``idempotency_key``) and sends it only if not. ``body`` is kept
    only until it is sent: then the outbound message holds it.
    """

    class State(models.TextChoices):
        CLAIMED = "claimed", "Reclamada"
        SENT = "sent", "Enviada"

    inbound = models.OneToOneField(WhatsappMessage, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=10, choices=State.choices, default=State.CLAIMED)
    idempotency_key = models.CharField(max_length=80, unique=True)
    phone = models.CharField(max_length=20)
    body = models.TextField(blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=1)
    provider_message_id = models.CharField(max_length=64, blank=True)
    outbound = models.OneToOneField(
        WhatsappMessage, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "whatsapp_replies"
        indexes = [
            models.Index(
                fields=["claimed_until"],
                condition=models.Q(state="claimed"),
                name="whatsapp_replies_claimed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.idempotency_key} {self.state}"


class AiMessage(PolicyColumns):
    """One message from any channel, with the four policy columns. Written by triggers only."""

    conversation_id = models.CharField(max_length=64)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    external_id = models.CharField(max_length=100)
    role = models.CharField(max_length=10)
    text = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "ai_messages"
        indexes = [
            models.Index(fields=["conversation_id", "id"], name="ai_messages_conversation"),
            models.Index(
                fields=["organization", "visibility", "area"], name="ai_messages_org_vis_area"
            ),
            models.Index(fields=["owner_user", "visibility"], name="ai_messages_owner_user"),
            models.Index(fields=["owner_phone", "visibility"], name="ai_messages_owner_phone"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["channel", "external_id"], name="ai_messages_channel_external_id"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.channel}:{self.external_id}"


class OutboxEntry(models.Model):
    """Work for the learning worker: one entry per new (or re-edited) message.

    Drained by the platform's outbox (``sumalos/platform/outbox.py``); done entries stay as a
    ledger with their outcome, dead ones wait for ``manage.py outbox_dead``.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Pendiente"
        PROCESSING = "processing", "En curso"
        DONE = "done", "Hecho"
        DEAD = "dead", "Descartado"

    message = models.ForeignKey(AiMessage, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    available_at = models.DateTimeField()
    # A claim is a lease: a worker that dies mid-drain leaves rows that expire and are reclaimed.
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    outcome = models.CharField(max_length=30, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "channel_outbox"
        indexes = [
            models.Index(
                fields=["available_at", "id"],
                condition=models.Q(status__in=["pending", "processing"]),
                name="channel_outbox_ready",
            ),
        ]
        constraints = [
            # One open entry per message: an edit while the entry waits adds nothing.
            models.UniqueConstraint(
                fields=["message"],
                condition=models.Q(status="pending"),
                name="channel_outbox_one_pending",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.message_id} {self.status}"


class PhoneLink(models.Model):
    """A WhatsApp number proven to belong to a user (they sent the code from it)."""

    phone = models.CharField(max_length=20, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="phone_links"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "phone_links"
        constraints = [models.UniqueConstraint(fields=["user"], name="phone_link_one_per_user")]

    def __str__(self) -> str:
        return self.phone


class PhoneAuthorization(models.Model):
    """An organization authorised a linked number, with at most its user's own permissions."""

    link = models.ForeignKey(PhoneLink, on_delete=models.CASCADE, related_name="authorizations")
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    read_areas = ArrayField(models.CharField(max_length=20), default=list, blank=True)
    write_areas = ArrayField(models.CharField(max_length=20), default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "phone_authorizations"
        constraints = [
            models.UniqueConstraint(
                fields=["link", "organization"], name="phone_authorization_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.link} en {self.organization_id}"


class LinkCode(models.Model):
    """A one-time code to link WhatsApp; only its HMAC is stored."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    code_hmac = models.CharField(max_length=64, unique=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "whatsapp_link_codes"

    def __str__(self) -> str:
        return f"código de {self.user_id}"


class LearnedNotice(models.Model):
    """What Suma learnt from a conversation, for the "Lo he aprendido" card or sentence.

    ``text`` and ``value`` are what was learnt, so forgetting can tell whether someone edited
    the memory since. Owned like the conversation it came from.
    """

    conversation_id = models.CharField(max_length=64)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    owner_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_phone = models.CharField(max_length=20, null=True, blank=True)
    source_message = models.ForeignKey(
        AiMessage, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    memory = models.ForeignKey(
        "memory.Memory", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    superseded_memory = models.ForeignKey(
        "memory.Memory", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    text = models.TextField()
    value = models.TextField(blank=True)
    visibility = models.CharField(max_length=20, choices=Visibility.CHOICES)
    proposed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    shown_at = models.DateTimeField(null=True, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "learned_notices"
        indexes = [models.Index(fields=["conversation_id", "id"], name="learned_notices_conv")]

    def __str__(self) -> str:
        return self.text
