"""The four policy columns of DESIGN §1, declared once beside the rule that reads them.

Every table whose rows obey ``VISIBILITY_RULE`` (memories, messages, the search copies)
inherits ``PolicyColumns``; ``sumalos/rls/rule.py`` names the same columns in ``POLICY_COLUMNS``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from sumalos.accounts.models import Area, Organization
from sumalos.rls.rule import Visibility


class PolicyColumns(models.Model):
    """Visibility, organization, owner (a user or a phone) and area."""

    visibility = models.CharField(max_length=20, choices=Visibility.CHOICES)
    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    owner_phone = models.CharField(max_length=20, null=True, blank=True)
    area = models.CharField(max_length=20, choices=Area.choices, default=Area.GENERAL)

    class Meta:
        abstract = True
