"""Spanish search configuration, row-level security and the one facts view (DESIGN §3, §4).

The view unions the knowledge's own facts with the engine's rates, so a rate lives in one
place. ``security_invoker`` makes the caller's row-level security apply inside the view: the
assistant sees a knowledge fact only when its entry is published.
"""

from django.db import migrations

from sumalos.embedded import READER_ROLE
from sumalos.rls.policies import TABLE_POLICIES
from sumalos.rls.sql import protect_table

TEXT_SEARCH_SQL = """
CREATE TEXT SEARCH CONFIGURATION es_unaccent (COPY = spanish);
ALTER TEXT SEARCH CONFIGURATION es_unaccent
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
"""

FACTS_VIEW_SQL = f"""
CREATE VIEW knowledge_fact_values WITH (security_invoker = true) AS
SELECT f.key, f.value, f.unit, f.valid_from, f.valid_to,
       'knowledge'::text AS owner, f.entry_id,
       NULL::text AS source_title, NULL::text AS source_url
FROM knowledge_facts f
UNION ALL
SELECT r.key, trim_scale(r.rate)::text, '%', r.valid_from, r.valid_to,
       'engine'::text, NULL::bigint, r.source_title, r.source_url
FROM tax_rates r;
GRANT SELECT ON knowledge_fact_values TO {READER_ROLE};
-- The view runs with the caller's rights, so the reader needs the engine's table too.
-- Rates are public law for everyone: no row-level security on them.
GRANT SELECT ON tax_rates TO {READER_ROLE};
"""

DROP_FACTS_VIEW_SQL = f"""
REVOKE SELECT ON tax_rates FROM {READER_ROLE};
DROP VIEW knowledge_fact_values;
"""

TABLES = (
    "knowledge_domains",
    "knowledge_entries",
    "knowledge_sources",
    "knowledge_fact_keys",
    "knowledge_facts",
    "knowledge_chunks",
    "knowledge_versions",
)


class Migration(migrations.Migration):
    dependencies = [("knowledge", "0001_initial")]

    operations = [
        migrations.RunSQL(TEXT_SEARCH_SQL, "DROP TEXT SEARCH CONFIGURATION es_unaccent;"),
        *(protect_table(table, TABLE_POLICIES[table]) for table in TABLES),
        # Versions are never for the assistant: besides the ``false`` policy, no grant at all,
        # so a read is refused outright ("permission denied") instead of returning nothing.
        migrations.RunSQL(
            f"REVOKE ALL ON knowledge_versions FROM {READER_ROLE};",
            f"GRANT SELECT ON knowledge_versions TO {READER_ROLE};",
        ),
        migrations.RunSQL(FACTS_VIEW_SQL, DROP_FACTS_VIEW_SQL),
    ]
