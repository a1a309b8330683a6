"""Copies of layered text go under the rule (DESIGN §1 "Every copy obeys the rule too", §7).

1. The shown-to ledger keeps references only: ``item_key`` (a copy of the item's text) is
   dropped and ``layer`` (the item's layer when it was shown) is added; existing rows get the
   layer of their source now. The text is resolved through the rule when the ledger is read.
2. The memory audit log forgets a memory with it: when a memory row is deleted (by a person,
   by forgetting a conversation, by a contact cascade or by the nightly clean-up), the
   ``text`` and ``value`` of its audit entries are emptied in the same statement.
3. A "Lo he aprendido" notice forgets with its memory: when the memory goes, Django sets the
   notice's ``memory_id`` to NULL, and a trigger empties the notice's ``text`` and ``value``.

Decision record: docs/decisions/0006-copies-under-the-rule.md. The SQL is frozen here.
"""

from django.db import migrations, models

LEDGER_SQL = """
ALTER TABLE search_shown_items ADD COLUMN layer varchar(20) NOT NULL DEFAULT 'record';
UPDATE search_shown_items s SET layer = m.visibility
  FROM memories m WHERE s.item_kind = 'memory' AND m.id = s.item_id;
UPDATE search_shown_items s SET layer = a.visibility
  FROM ai_messages a WHERE s.item_kind = 'message' AND a.id = s.item_id;
UPDATE search_shown_items SET layer = 'personal'
  WHERE item_kind IN ('memory', 'message') AND layer = 'record';
UPDATE search_shown_items SET layer = 'external' WHERE item_kind = 'external';
ALTER TABLE search_shown_items ALTER COLUMN layer DROP DEFAULT;
ALTER TABLE search_shown_items DROP COLUMN item_key;
"""

LEDGER_REVERSE_SQL = """
ALTER TABLE search_shown_items ADD COLUMN item_key varchar(300) NOT NULL DEFAULT '';
ALTER TABLE search_shown_items ALTER COLUMN item_key DROP DEFAULT;
ALTER TABLE search_shown_items DROP COLUMN layer;
"""

AUDIT_SQL = """
CREATE FUNCTION memory_audit_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE memory_audit
     SET before = before || '{"text": "", "value": ""}'::jsonb,
         after = after || '{"text": "", "value": ""}'::jsonb
   WHERE memory_id = OLD.id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER memory_audit_forget AFTER DELETE ON memories
  FOR EACH ROW EXECUTE FUNCTION memory_audit_forget();
"""

AUDIT_REVERSE_SQL = """
DROP TRIGGER IF EXISTS memory_audit_forget ON memories;
DROP FUNCTION IF EXISTS memory_audit_forget();
"""

NOTICE_SQL = """
CREATE FUNCTION learned_notice_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.text := '';
  NEW.value := '';
  RETURN NEW;
END;
$$;
CREATE TRIGGER learned_notice_forget BEFORE UPDATE OF memory_id ON learned_notices
  FOR EACH ROW WHEN (OLD.memory_id IS NOT NULL AND NEW.memory_id IS NULL)
  EXECUTE FUNCTION learned_notice_forget();
"""

NOTICE_REVERSE_SQL = """
DROP TRIGGER IF EXISTS learned_notice_forget ON learned_notices;
DROP FUNCTION IF EXISTS learned_notice_forget();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0003_index_messages"),
        ("memory", "0004_contact_cascade"),
        ("channels_app", "0004_masked_copies"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(LEDGER_SQL, LEDGER_REVERSE_SQL)],
            state_operations=[
                migrations.RemoveField(model_name="shownitem", name="item_key"),
                migrations.AddField(
                    model_name="shownitem",
                    name="layer",
                    field=models.CharField(
                        choices=[
                            ("personal", "Personal"),
                            ("private_in_org", "Privada en la organización"),
                            ("shared", "Compartida"),
                            ("record", "Registro de la organización"),
                            ("external", "Referencia externa"),
                        ],
                        max_length=20,
                    ),
                    preserve_default=False,
                ),
            ],
        ),
        migrations.RunSQL(AUDIT_SQL, AUDIT_REVERSE_SQL),
        migrations.RunSQL(NOTICE_SQL, NOTICE_REVERSE_SQL),
    ]
