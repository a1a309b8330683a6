"""The usage ledger: one row per AI call (gate, extraction, embedding, reply), DESIGN §8.

Offline calls are recorded too, at cost 0, so the evaluation reads cost back from one place.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import models


class AiUsage(models.Model):
    class Purpose(models.TextChoices):
        GATE = "gate", "Puerta de memoria"
        EXTRACTION = "extraction", "Extracción"
        EMBEDDING = "embedding", "Embedding"
        REPLY = "reply", "Respuesta"

    purpose = models.CharField(max_length=12, choices=Purpose.choices)
    provider = models.CharField(max_length=20)
    model = models.CharField(max_length=80)
    input_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    cache_read_tokens = models.PositiveIntegerField(default=0)
    cost = models.DecimalField(max_digits=12, decimal_places=8, default=Decimal(0))
    # What the call was about, when it was about a stored message ("ai_messages" id).
    message_id = models.BigIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "ai_usage"
        indexes = [models.Index(fields=["purpose", "-at"], name="ai_usage_purpose_at")]

    def __str__(self) -> str:
        return f"{self.purpose} {self.model} {self.cost}"
