"""Row-level security on the index, the change triggers and the 5-second drain (DESIGN §7).

Each record table gets an AFTER trigger that enqueues ``(table, id)`` into ``search_outbox``;
lines enqueue their parent document. The triggers live here, not in signals (STYLE §5), so a
change made by any code path (a service, the admin, a raw UPDATE) reaches the index within one
drain cycle of ``search.tasks.drain_search_outbox``.

Frozen (docs/decisions/0004): the row-level security of each table is the SQL
``sumalos.rls.sql.protect_table_sql`` rendered for ``TABLE_POLICIES`` (DESIGN §3) when this
migration was written, and the restricted role is named literally; a changed rule needs a
new migration.
"""

from django.db import migrations

PROTECT_SEARCH_DOCUMENTS_SQL = """
ALTER TABLE search_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE search_documents FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON search_documents;
CREATE POLICY app_owner_all ON search_documents FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON search_documents;
CREATE POLICY ai_reader_select ON search_documents FOR SELECT TO ai_reader USING (((visibility = 'personal' AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON search_documents IS 'rule:2fdcd22afb55d179';
GRANT SELECT ON search_documents TO ai_reader;
"""

UNPROTECT_SEARCH_DOCUMENTS_SQL = """
REVOKE ALL ON search_documents FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON search_documents;
DROP POLICY IF EXISTS app_owner_all ON search_documents;
ALTER TABLE search_documents NO FORCE ROW LEVEL SECURITY;
ALTER TABLE search_documents DISABLE ROW LEVEL SECURITY;
"""

PROTECT_SEARCH_CHUNKS_SQL = """
ALTER TABLE search_chunks ENABLE ROW LEVEL SECURITY;
ALTER TABLE search_chunks FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON search_chunks;
CREATE POLICY app_owner_all ON search_chunks FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON search_chunks;
CREATE POLICY ai_reader_select ON search_chunks FOR SELECT TO ai_reader USING (((visibility = 'personal' AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON search_chunks IS 'rule:2fdcd22afb55d179';
GRANT SELECT ON search_chunks TO ai_reader;
"""

UNPROTECT_SEARCH_CHUNKS_SQL = """
REVOKE ALL ON search_chunks FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON search_chunks;
DROP POLICY IF EXISTS app_owner_all ON search_chunks;
ALTER TABLE search_chunks NO FORCE ROW LEVEL SECURITY;
ALTER TABLE search_chunks DISABLE ROW LEVEL SECURITY;
"""

PROTECT_SEARCH_EDGES_SQL = """
ALTER TABLE search_edges ENABLE ROW LEVEL SECURITY;
ALTER TABLE search_edges FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON search_edges;
CREATE POLICY app_owner_all ON search_edges FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON search_edges;
CREATE POLICY ai_reader_select ON search_edges FOR SELECT TO ai_reader USING (((visibility = 'personal' AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (owner_user_id = (SELECT ai_user_id()) OR owner_phone = (SELECT ai_phone()))) OR (visibility = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON search_edges IS 'rule:2fdcd22afb55d179';
GRANT SELECT ON search_edges TO ai_reader;
"""

UNPROTECT_SEARCH_EDGES_SQL = """
REVOKE ALL ON search_edges FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON search_edges;
DROP POLICY IF EXISTS app_owner_all ON search_edges;
ALTER TABLE search_edges NO FORCE ROW LEVEL SECURITY;
ALTER TABLE search_edges DISABLE ROW LEVEL SECURITY;
"""

ENQUEUE_FUNCTION_SQL = """
CREATE OR REPLACE FUNCTION search_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN
        changed := to_jsonb(OLD);
    ELSE
        changed := to_jsonb(NEW);
    END IF;
    -- TG_ARGV: the table to enqueue and the column holding its id (a line names its parent).
    INSERT INTO search_outbox (table_name, row_id, enqueued_at)
    VALUES (COALESCE(TG_ARGV[0], TG_TABLE_NAME),
            (changed ->> COALESCE(TG_ARGV[1], 'id'))::bigint,
            now());
    RETURN NULL;
END $$;
"""

TRIGGERS = (
    ("contacts", ""),
    ("invoices", ""),
    ("quotes", ""),
    ("expenses", ""),
    ("uploaded_documents", ""),
    ("memories", ""),
    ("invoice_lines", "'invoices', 'invoice_id'"),
    ("quote_lines", "'quotes', 'quote_id'"),
)


def trigger_sql(table: str, arguments: str) -> str:
    return (
        f"CREATE TRIGGER search_enqueue AFTER INSERT OR UPDATE OR DELETE ON {table} "
        f"FOR EACH ROW EXECUTE FUNCTION search_enqueue({arguments});"
    )


def create_schedule(apps, schema_editor):
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    every_5s, _ = interval_model.objects.get_or_create(every=5, period="seconds")
    task_model.objects.update_or_create(
        name="search: drain the outbox",
        defaults={"task": "search.tasks.drain_search_outbox", "interval": every_5s},
    )


def delete_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name="search: drain the outbox"
    ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0001_initial"),
        ("rls", "0001_access_functions"),
        ("invoicing", "0002_row_level_security"),
        ("memory", "0004_contact_cascade"),
        # es_unaccent, the Spanish configuration with unaccent, is created there.
        ("knowledge", "0002_search_policies_facts_view"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [
        migrations.RunSQL(PROTECT_SEARCH_DOCUMENTS_SQL, UNPROTECT_SEARCH_DOCUMENTS_SQL),
        migrations.RunSQL(PROTECT_SEARCH_CHUNKS_SQL, UNPROTECT_SEARCH_CHUNKS_SQL),
        migrations.RunSQL(PROTECT_SEARCH_EDGES_SQL, UNPROTECT_SEARCH_EDGES_SQL),
        migrations.RunSQL(ENQUEUE_FUNCTION_SQL, "DROP FUNCTION search_enqueue();"),
        *(
            migrations.RunSQL(
                trigger_sql(table, arguments), f"DROP TRIGGER search_enqueue ON {table};"
            )
            for table, arguments in TRIGGERS
        ),
        migrations.RunSQL(
            "REVOKE ALL ON search_outbox, search_shown_items FROM ai_reader;",
            migrations.RunSQL.noop,
        ),
        migrations.RunPython(create_schedule, delete_schedule),
    ]
