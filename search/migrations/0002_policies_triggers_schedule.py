"""Row-level security on the index, the change triggers and the 5-second drain (DESIGN §7).

Each record table gets an AFTER trigger that enqueues ``(table, id)`` into ``search_outbox``;
lines enqueue their parent document. The triggers live here, not in signals (STYLE §5), so a
change made by any code path (a service, the admin, a raw UPDATE) reaches the index within one
drain cycle of ``search.tasks.drain_search_outbox``.
"""

from django.db import migrations

from sumalos.embedded import READER_ROLE
from sumalos.rls.policies import TABLE_POLICIES
from sumalos.rls.sql import protect_table

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
        *(
            protect_table(table, TABLE_POLICIES[table])
            for table in ("search_documents", "search_chunks", "search_edges")
        ),
        migrations.RunSQL(ENQUEUE_FUNCTION_SQL, "DROP FUNCTION search_enqueue();"),
        *(
            migrations.RunSQL(
                trigger_sql(table, arguments), f"DROP TRIGGER search_enqueue ON {table};"
            )
            for table, arguments in TRIGGERS
        ),
        migrations.RunSQL(
            f"REVOKE ALL ON search_outbox, search_shown_items FROM {READER_ROLE};",
            migrations.RunSQL.noop,
        ),
        migrations.RunPython(create_schedule, delete_schedule),
    ]
