"""SQL for row-level security: the statements that protect a table (DESIGN §3).

``protect_table_sql`` renders what a new migration pastes in as literal SQL (migrations are
frozen, docs/decisions/0004-frozen-migrations.md); the access functions the policies call live
only in ``sumalos/rls/migrations/0001_access_functions.py``.
"""

from __future__ import annotations

import hashlib

from sumalos.embedded import READER_ROLE

READER_POLICY = "ai_reader_select"
OWNER_POLICY = "app_owner_all"


def rule_fingerprint(using: str) -> str:
    return hashlib.sha256(using.encode()).hexdigest()[:16]


def protect_table_sql(table: str, using: str) -> str:
    """ENABLE + FORCE row-level security, the reader's SELECT policy, the owner's, the grant.

    FORCE subjects the owner role to policies too, so the owner gets an explicit all-rows
    policy: the app's own queries are filtered in Python, and the restricted role by ``using``.
    The policy comment carries a fingerprint of ``using`` so a changed rule without a migration
    is caught by the system check.
    """
    return f"""
ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS {OWNER_POLICY} ON {table};
CREATE POLICY {OWNER_POLICY} ON {table} FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS {READER_POLICY} ON {table};
CREATE POLICY {READER_POLICY} ON {table} FOR SELECT TO {READER_ROLE} USING ({using});
COMMENT ON POLICY {READER_POLICY} ON {table} IS 'rule:{rule_fingerprint(using)}';
GRANT SELECT ON {table} TO {READER_ROLE};
"""
