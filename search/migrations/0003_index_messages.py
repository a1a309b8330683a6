"""Messages reach the index like every other source: the same enqueue trigger on ai_messages
(insert, edit, delete), drained within one 5-second cycle (DESIGN §6, §7). A temporary
conversation has no ai_messages rows, so nothing of it is ever indexed."""

from django.db import migrations

TRIGGER_SQL = (
    "CREATE TRIGGER search_enqueue AFTER INSERT OR UPDATE OR DELETE ON ai_messages "
    "FOR EACH ROW EXECUTE FUNCTION search_enqueue();"
)


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0002_policies_triggers_schedule"),
        ("channels_app", "0002_triggers"),
    ]

    operations = [
        migrations.RunSQL(TRIGGER_SQL, "DROP TRIGGER IF EXISTS search_enqueue ON ai_messages;")
    ]
