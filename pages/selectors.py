"""The home dashboard's figures, each block only for people whose areas allow it.

Invoice figures come from the invoicing selectors (the records' rule, DESIGN §3), what Suma
learned from ``assistant.selectors`` (the visibility rule); the month's total is the one Suma
answers with (``invoiced_total``), so the page and the chat agree.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from assistant.selectors import LearnedItem, learned_recent
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area
from sumalos.invoicing.selectors import (
    Drafts,
    MonthInvoicing,
    Receivables,
    drafts_awaiting,
    invoiced_month,
    receivables,
)


@dataclass(frozen=True)
class Dashboard:
    """What the home page shows; a block the person may not see is None."""

    today: datetime.date
    receivables: Receivables | None
    month: MonthInvoicing | None
    drafts: Drafts | None
    learned: list[LearnedItem]


def dashboard(*, access: AiAccess, organization_id: int, today: datetime.date) -> Dashboard:
    learned = learned_recent(access=access)
    if not access.can_read(organization_id, Area.INVOICES):
        return Dashboard(today=today, receivables=None, month=None, drafts=None, learned=learned)
    return Dashboard(
        today=today,
        receivables=receivables(access=access, organization_id=organization_id, on=today),
        month=invoiced_month(
            access=access, organization_id=organization_id, year=today.year, month=today.month
        ),
        drafts=drafts_awaiting(access=access, organization_id=organization_id),
        learned=learned,
    )
