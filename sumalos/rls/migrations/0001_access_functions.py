"""The restricted reader role and the functions that read the access (DESIGN §3).

The assistant's transaction carries the access as transaction-local settings (``ai.*``); these
functions read them back, and every row-level security policy calls them. Frozen
(docs/decisions/0004): the functions are the SQL ``sumalos.rls.sql.ACCESS_FUNCTIONS_SQL`` held
when this migration was written; a change to them needs a new migration.
"""

from django.db import migrations

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

# On a server prepared by sumalos/embedded.py the role exists already. On another server the
# migration creates it when the app role may; otherwise the system check rls.E001 says so.
ENSURE_READER_ROLE_SQL = """
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ai_reader') THEN
    CREATE ROLE ai_reader NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  IF NOT pg_has_role(current_user, 'ai_reader', 'MEMBER') THEN
    EXECUTE format('GRANT ai_reader TO %I WITH INHERIT FALSE', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'cannot create or grant the ai_reader role: %', SQLERRM;
END $$;
"""


class Migration(migrations.Migration):
    dependencies: list[tuple[str, str]] = []

    operations = [
        migrations.RunSQL(ENSURE_READER_ROLE_SQL, migrations.RunSQL.noop),
        migrations.RunSQL(ACCESS_FUNCTIONS_SQL, DROP_ACCESS_FUNCTIONS_SQL),
    ]
