"""Every write on memories, one module per concern; import the services from here.

One service per change (STYLE §1), keyword-only and atomic. The content policy
(``memory/policy.py``) runs on every write that carries text; every change to a shared memory
lands in ``MemoryAudit``. Design: docs/memory.md.

- ``write``: ``memory_write`` (the ladder, the content policy, IBAN proposals) and
  ``memory_contact_proposal_create`` (a fact about a contact its writer may not read);
  ``conflicts``: merging and superseding on one level;
- ``sharing``: share and "solo para mí"; ``proposals``: confirm and reject;
- ``editing``: edit and delete; ``versions``: superseding and restoring;
- ``departures``: a member leaves; ``forgetting``: a deleted conversation, nightly pruning;
- ``audit``: the audit trail; ``base``: limits, cleaning, locks, fetching with rights.
"""

from memory.services.base import IBAN_ATTRIBUTE, MAX_TEXT, MAX_VALUE
from memory.services.departures import memories_forget_member
from memory.services.editing import memory_delete, memory_edit
from memory.services.forgetting import memories_forget_sources, memories_prune
from memory.services.proposals import memory_proposal_confirm, memory_proposal_reject
from memory.services.sharing import memory_make_private, memory_share
from memory.services.versions import memory_restore
from memory.services.write import (
    REASON_DESTINATION,
    REASON_IBAN_NO_CONTACTS,
    REASON_NOT_MEMBER,
    REASON_ORDER_NO_CONTACTS,
    WriteResult,
    memory_contact_proposal_create,
    memory_write,
)

__all__ = [
    "IBAN_ATTRIBUTE",
    "MAX_TEXT",
    "MAX_VALUE",
    "REASON_DESTINATION",
    "REASON_IBAN_NO_CONTACTS",
    "REASON_NOT_MEMBER",
    "REASON_ORDER_NO_CONTACTS",
    "WriteResult",
    "memories_forget_member",
    "memories_forget_sources",
    "memories_prune",
    "memory_contact_proposal_create",
    "memory_delete",
    "memory_edit",
    "memory_make_private",
    "memory_proposal_confirm",
    "memory_proposal_reject",
    "memory_restore",
    "memory_share",
    "memory_write",
]
