"""Row-level security on ``memories`` (DESIGN §3, "enforced twice").

ENABLE + FORCE, the owner's all-rows policy, the restricted reader's SELECT policy and its grant.
Frozen: the SQL ``sumalos.rls.sql.protect_table_sql`` rendered for
``TABLE_POLICIES["memories"]`` when this migration was written (docs/decisions/0004). A changed
rule needs a new migration; the system check rls.E003 compares the policy comment's fingerprint
with the code.
"""

from django.db import migrations

PROTECT_MEMORIES_SQL = """
ALTER TABLE memories ENABLE ROW LEVEL SECURITY;
ALTER TABLE memories FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON memories;
CREATE POLICY app_owner_all ON memories FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON memories;
CREATE POLICY ai_reader_select ON memories FOR SELECT TO ai_reader USING (((visibility = 'personal' AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON memories IS 'rule:2fdcd22afb55d179';
GRANT SELECT ON memories TO ai_reader;
"""

UNPROTECT_MEMORIES_SQL = """
REVOKE ALL ON memories FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON memories;
DROP POLICY IF EXISTS app_owner_all ON memories;
ALTER TABLE memories NO FORCE ROW LEVEL SECURITY;
ALTER TABLE memories DISABLE ROW LEVEL SECURITY;
"""


class Migration(migrations.Migration):
    dependencies = [("memory", "0001_initial"), ("rls", "0002_extensions")]

    operations = [migrations.RunSQL(PROTECT_MEMORIES_SQL, UNPROTECT_MEMORIES_SQL)]
