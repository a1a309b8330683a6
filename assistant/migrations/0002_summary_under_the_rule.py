"""A compaction summary is a copy of its conversation's messages: it carries their four policy
columns and row-level security, enabled and forced (DESIGN §1 "Every copy obeys the rule too",
§3, §6). Existing summaries take the columns of their conversation's newest message; one with
no message left stays personal to its owner. The policy SQL is frozen here, rendered once by
``sumalos.rls.sql.protect_table_sql("conversation_summaries", visible_sql())``.
"""

import django.db.models.deletion
from django.db import migrations, models

COLUMNS_SQL = """
ALTER TABLE conversation_summaries ADD COLUMN visibility varchar(20) NOT NULL DEFAULT 'personal';
ALTER TABLE conversation_summaries ADD COLUMN organization_id bigint NULL
  REFERENCES organizations (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE conversation_summaries ADD COLUMN area varchar(20) NOT NULL DEFAULT 'general';
CREATE INDEX conversation_summaries_organization_id ON conversation_summaries (organization_id);
UPDATE conversation_summaries s
   SET visibility = m.visibility, organization_id = m.organization_id, area = m.area
  FROM (SELECT DISTINCT ON (conversation_id) conversation_id, visibility, organization_id, area
          FROM ai_messages ORDER BY conversation_id, id DESC) m
 WHERE m.conversation_id = s.conversation_id;
ALTER TABLE conversation_summaries ALTER COLUMN visibility DROP DEFAULT;
ALTER TABLE conversation_summaries ALTER COLUMN area DROP DEFAULT;
"""

COLUMNS_REVERSE_SQL = """
ALTER TABLE conversation_summaries DROP COLUMN area;
ALTER TABLE conversation_summaries DROP COLUMN organization_id;
ALTER TABLE conversation_summaries DROP COLUMN visibility;
"""

PROTECT_SQL = """
ALTER TABLE conversation_summaries ENABLE ROW LEVEL SECURITY;
ALTER TABLE conversation_summaries FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON conversation_summaries;
CREATE POLICY app_owner_all ON conversation_summaries FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON conversation_summaries;
CREATE POLICY ai_reader_select ON conversation_summaries FOR SELECT TO ai_reader USING (((visibility = 'personal' AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON conversation_summaries IS 'rule:2fdcd22afb55d179';
GRANT SELECT ON conversation_summaries TO ai_reader;
"""

PROTECT_REVERSE_SQL = """
REVOKE SELECT ON conversation_summaries FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON conversation_summaries;
DROP POLICY IF EXISTS app_owner_all ON conversation_summaries;
ALTER TABLE conversation_summaries NO FORCE ROW LEVEL SECURITY;
ALTER TABLE conversation_summaries DISABLE ROW LEVEL SECURITY;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("assistant", "0001_initial"),
        ("accounts", "0001_initial"),
        ("rls", "0001_access_functions"),
        ("channels_app", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(COLUMNS_SQL, COLUMNS_REVERSE_SQL)],
            state_operations=[
                migrations.AddField(
                    model_name="conversationsummary",
                    name="visibility",
                    field=models.CharField(
                        choices=[
                            ("personal", "Personal"),
                            ("private_in_org", "Privada en la organización"),
                            ("shared", "Compartida"),
                        ],
                        default="personal",
                        max_length=20,
                    ),
                ),
                migrations.AddField(
                    model_name="conversationsummary",
                    name="organization",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="accounts.organization",
                    ),
                ),
                migrations.AddField(
                    model_name="conversationsummary",
                    name="area",
                    field=models.CharField(
                        choices=[
                            ("general", "General"),
                            ("contacts", "Contactos"),
                            ("invoices", "Facturas"),
                            ("expenses", "Gastos"),
                        ],
                        default="general",
                        max_length=20,
                    ),
                ),
            ],
        ),
        migrations.RunSQL(PROTECT_SQL, PROTECT_REVERSE_SQL),
    ]
