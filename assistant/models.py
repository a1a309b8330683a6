"""Conversation summaries for compaction (DESIGN §6): points with ids and the messages they
came from. A summary is a copy of its conversation's messages, so it carries their four policy
columns under row-level security (DESIGN §1 "Every copy obeys the rule too"); read only by its
owner through ``assistant.compaction``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sumalos.accounts.models import Area, Organization
from sumalos.rls.rule import Visibility


class ConversationSummary(models.Model):
    conversation_id = models.CharField(max_length=64, unique=True)
    # Compaction copies its messages' columns; the default is the narrowest layer.
    visibility = models.CharField(
        max_length=20, choices=Visibility.CHOICES, default=Visibility.PERSONAL
    )
    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_phone = models.CharField(max_length=20, null=True, blank=True)
    area = models.CharField(max_length=20, choices=Area.choices, default=Area.GENERAL)
    # [{"id": 3, "text": "...", "messages": [41, 44]}], in the order they were added.
    points = models.JSONField(default=list, blank=True)
    next_point_id = models.PositiveIntegerField(default=1)
    # The newest ai_messages id the summary covers.
    covered_until = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "conversation_summaries"

    def __str__(self) -> str:
        return self.conversation_id

    def as_prompt(self) -> str:
        return "\n".join(
            f"[{p['id']}] {p['text']} (mensajes {', '.join(str(m) for m in p['messages'])})"
            for p in self.points
        )


class LearnedNoticeDismissal(models.Model):
    """A person closed a "Lo he aprendido" card: that notice no longer shows on it for them.

    One row per person and notice, so dismissing is kept by the server, not the browser; the
    notice stays in the list of what Suma learned. No text: the notice is resolved through the
    rule when read (``assistant.selectors``).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    notice = models.ForeignKey(
        "channels_app.LearnedNotice", on_delete=models.CASCADE, related_name="+"
    )
    dismissed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "learned_notice_dismissals"
        constraints = [
            models.UniqueConstraint(
                fields=["user", "notice"], name="learned_notice_dismissals_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.notice_id}"
