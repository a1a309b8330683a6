from django.db import migrations

from sumalos.rls.sql import ACCESS_FUNCTIONS_SQL, DROP_ACCESS_FUNCTIONS_SQL

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
    """The SQL functions that read the assistant's access from transaction-local settings."""

    dependencies: list[tuple[str, str]] = []

    operations = [
        migrations.RunSQL(ENSURE_READER_ROLE_SQL, migrations.RunSQL.noop),
        migrations.RunSQL(ACCESS_FUNCTIONS_SQL, DROP_ACCESS_FUNCTIONS_SQL),
    ]
