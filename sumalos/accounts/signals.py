"""Signals of the accounts: the apps above hook in without the core importing them.

``membership_leaving`` is sent inside the transaction that removes a membership, just before
the row goes, with ``organization_id`` and ``user_id``. Memory connects to it (in its
``AppConfig.ready``) to forget the person's private memories there; a receiver that raises
rolls the removal back.
"""

from __future__ import annotations

from django.dispatch import Signal

membership_leaving = Signal()
