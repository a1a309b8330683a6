"""Which tables row-level security protects, and with which policy (DESIGN §3).

Migrations hold the SQL ``protect_table_sql`` rendered from these, frozen;
``tests/rls/test_protected_tables.py`` walks every model with an organization column and fails
when one is neither here nor exempt; the system check compares each policy's fingerprint with
this file.
"""

from __future__ import annotations

from sumalos.accounts.models import Area
from sumalos.rls.rule import record_sql, visible_sql

TABLE_POLICIES: dict[str, str] = {
    # Rows written through Suma: the four columns and the rule as declared.
    "memories": visible_sql(),
    # One row per message from any channel, written by triggers (DESIGN §6).
    "ai_messages": visible_sql(),
    # A compaction summary carries the four columns of its conversation's messages.
    "conversation_summaries": visible_sql(),
    # Organization records (the records' rule): shared rows of a fixed area, no owner.
    "contacts": record_sql(area=Area.CONTACTS.value),
    "invoices": record_sql(area=Area.INVOICES.value),
    "quotes": record_sql(area=Area.INVOICES.value),
    "expenses": record_sql(area=Area.EXPENSES.value),
    # An uploaded file is a record with the file's own area.
    "uploaded_documents": record_sql(),
    # Lines follow their document: the EXISTS runs under the parent table's own policy.
    "invoice_lines": "EXISTS (SELECT 1 FROM invoices d WHERE d.id = invoice_id)",
    "quote_lines": "EXISTS (SELECT 1 FROM quotes d WHERE d.id = quote_id)",
    # The context layer (DESIGN §7): each row carries its source's four columns.
    "search_documents": visible_sql(),
    "search_chunks": visible_sql(),
    "search_edges": visible_sql(),
    # System knowledge (DESIGN §4): no organization; the assistant reads published entries only.
    "knowledge_domains": "true",
    "knowledge_entries": "status = 'published'",
    "knowledge_sources": "EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id)",
    "knowledge_fact_keys": "EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id)",
    "knowledge_facts": "EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id)",
    "knowledge_chunks": "EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id)",
    "knowledge_versions": "false",
}

# Tables with an organization column that the restricted role never reads, so no policy:
# ai_reader holds no grant on them and any read is refused outright.
EXEMPT_TABLES: dict[str, str] = {
    "memberships": "tenancy itself; the access is built from it by the app, never by the model",
    "document_series": "invoice numbering counters; written under a row lock, never read by AI",
    "search_shown_items": "what each person was shown; read by the app for owners and the person",
    "search_external_sources": "connector settings and the listing credential; never read by AI",
    "memory_audit": "who changed a shared memory; shown to owners and admins by the app only",
    "web_chats": "raw web transcripts; the assistant reads conversations through ai_messages",
    "whatsapp_messages": "raw WhatsApp messages; the assistant reads them through ai_messages",
    "phone_authorizations": "which number may act where; the access is built from it by the app",
    "whatsapp_link_codes": "HMACs of linking codes; checked by the webhook, never read by AI",
    "search_tenant_lexemes": (
        "hashed lexeme counts of large organizations' shared chunks, per area and kind; read "
        "by the ranking as the owner for the caller's organizations and readable areas only"
    ),
}
