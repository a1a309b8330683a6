"""SQL for row-level security: the access settings, and protecting a table (DESIGN §3).

The assistant's transaction carries the access as transaction-local settings (``ai.*``); the
functions below read them back. Settings read as ``''`` once used in a session, hence NULLIF.
Policies call them through ``(SELECT ...)`` so each is evaluated once per statement.
"""

from __future__ import annotations

import hashlib

from django.db import migrations

from sumalos.embedded import READER_ROLE
from sumalos.rls.rule import visible_sql

ACCESS_FUNCTIONS_SQL = """
CREATE OR REPLACE FUNCTION ai_user_id() RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT NULLIF(current_setting('ai.user_id', true), '')::bigint $$;

CREATE OR REPLACE FUNCTION ai_phone() RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT NULLIF(current_setting('ai.phone', true), '') $$;

CREATE OR REPLACE FUNCTION ai_organization_ids() RETURNS bigint[]
LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT COALESCE(
     string_to_array(NULLIF(current_setting('ai.organization_ids', true), ''), ',')::bigint[],
     '{}'::bigint[]) $$;

-- 'org_id:area' pairs the principal may read / write.
CREATE OR REPLACE FUNCTION ai_readable_areas() RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT COALESCE(string_to_array(NULLIF(current_setting('ai.readable_areas', true), ''), ','),
                   '{}'::text[]) $$;

CREATE OR REPLACE FUNCTION ai_writable_areas() RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT COALESCE(string_to_array(NULLIF(current_setting('ai.writable_areas', true), ''), ','),
                   '{}'::text[]) $$;

CREATE OR REPLACE FUNCTION ai_can_read_area(org bigint, area text) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT org = ANY (ai_organization_ids())
          AND (area = 'general' OR (org::text || ':' || area) = ANY (ai_readable_areas())) $$;

CREATE OR REPLACE FUNCTION ai_can_write_area(org bigint, area text) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT (org::text || ':' || area) = ANY (ai_writable_areas()) $$;

CREATE OR REPLACE FUNCTION ai_owns(owner_user_id bigint, owner_phone text) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT COALESCE(owner_user_id = ai_user_id() OR owner_phone = ai_phone(), false) $$;
"""

DROP_ACCESS_FUNCTIONS_SQL = """
DROP FUNCTION IF EXISTS ai_owns(bigint, text);
DROP FUNCTION IF EXISTS ai_can_write_area(bigint, text);
DROP FUNCTION IF EXISTS ai_can_read_area(bigint, text);
DROP FUNCTION IF EXISTS ai_writable_areas();
DROP FUNCTION IF EXISTS ai_readable_areas();
DROP FUNCTION IF EXISTS ai_organization_ids();
DROP FUNCTION IF EXISTS ai_phone();
DROP FUNCTION IF EXISTS ai_user_id();
"""

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


def unprotect_table_sql(table: str) -> str:
    return f"""
REVOKE ALL ON {table} FROM {READER_ROLE};
DROP POLICY IF EXISTS {READER_POLICY} ON {table};
DROP POLICY IF EXISTS {OWNER_POLICY} ON {table};
ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY;
ALTER TABLE {table} DISABLE ROW LEVEL SECURITY;
"""


def protect_table(table: str, using: str) -> migrations.RunSQL:
    """Migration operation: protect ``table`` with the policy ``using``."""
    return migrations.RunSQL(protect_table_sql(table, using), unprotect_table_sql(table))


def protect_with_visibility_rule(table: str, **overrides: str) -> migrations.RunSQL:
    """Migration operation: protect ``table`` with the once-declared visibility rule."""
    return protect_table(table, visible_sql(**overrides))


def record_rule(area: str) -> dict[str, str]:
    """Column overrides for an organization record: a shared row of a fixed area, no owner."""
    return {
        "visibility": "'shared'",
        "area": f"'{area}'",
        "owner_user_id": "NULL::bigint",
        "owner_phone": "NULL::text",
    }
