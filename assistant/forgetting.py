"""Deleting a web conversation together with everything derived from it (DESIGN §6).

The transcript and what it taught live in channels, its compaction summary here, what Suma
showed in it in the search ledger, its messages in the search index. This layer sits above all
of them (DESIGN §10), so it removes them together, in one transaction, when the person deletes
the conversation from its page.
"""

from __future__ import annotations

import uuid

from django.db import transaction

from assistant.compaction import summary_delete
from channels_app.selectors import conversation_messages, web_chat_find
from channels_app.services.forgetting import web_chat_delete
from search.ledger import shown_forget_conversation
from search.services import source_index
from sumalos.accounts.access import AiAccess


@transaction.atomic
def conversation_delete(*, access: AiAccess, public_id: uuid.UUID) -> int:
    """Delete one of the person's chats; returns how many memories went with it."""
    chat = web_chat_find(access=access, public_id=public_id)
    conversation_id = chat.conversation_id
    message_ids = list(
        conversation_messages(access=access, conversation_id=conversation_id).values_list(
            "pk", flat=True
        )
    )
    shown_forget_conversation(access=access, conversation_id=conversation_id)
    summary_delete(access=access, conversation_id=conversation_id)
    forgotten = web_chat_delete(access=access, chat_id=chat.pk)
    # The index would follow within one drain of its outbox; a deleted conversation leaves it now.
    for message_id in message_ids:
        source_index(table="ai_messages", row_id=message_id)
    return forgotten
