"""Deleting a contact deletes its memories in the database too (DESIGN §6, "Forgetting").

Django emulates ``on_delete=CASCADE`` in the ORM only; this makes the foreign key itself
``ON DELETE CASCADE`` so a raw ``DELETE FROM contacts`` forgets the contact's facts as well.
"""

from django.db import migrations

FK_SQL = """
DO $$
DECLARE fk text;
BEGIN
  SELECT conname INTO fk FROM pg_constraint
  WHERE conrelid = 'memories'::regclass AND contype = 'f'
    AND conkey = ARRAY[(SELECT attnum FROM pg_attribute
                        WHERE attrelid = 'memories'::regclass AND attname = 'contact_id')];
  EXECUTE format('ALTER TABLE memories DROP CONSTRAINT %I', fk);
  EXECUTE format(
    'ALTER TABLE memories ADD CONSTRAINT %I FOREIGN KEY (contact_id) REFERENCES contacts (id) '
    'ON DELETE %s DEFERRABLE INITIALLY DEFERRED', fk, '{action}');
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("memory", "0003_versions_audit_contact")]

    operations = [
        migrations.RunSQL(
            FK_SQL.replace("{action}", "CASCADE"), FK_SQL.replace("{action}", "NO ACTION")
        )
    ]
