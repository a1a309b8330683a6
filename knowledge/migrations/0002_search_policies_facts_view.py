"""Spanish search configuration, row-level security and the one facts view (DESIGN §3, §4).

The view unions the knowledge's own facts with the engine's rates, so a rate lives in one
place. ``security_invoker`` makes the caller's row-level security apply inside the view: the
assistant sees a knowledge fact only when its entry is published.

Frozen (docs/decisions/0004): the row-level security of each table is the SQL
``sumalos.rls.sql.protect_table_sql`` rendered for ``TABLE_POLICIES`` when this migration was
written, and the restricted role is named literally; a changed rule needs a new migration.
"""

from django.db import migrations

TEXT_SEARCH_SQL = """
CREATE TEXT SEARCH CONFIGURATION es_unaccent (COPY = spanish);
ALTER TEXT SEARCH CONFIGURATION es_unaccent
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
"""

FACTS_VIEW_SQL = """
CREATE VIEW knowledge_fact_values WITH (security_invoker = true) AS
SELECT f.key, f.value, f.unit, f.valid_from, f.valid_to,
       'knowledge'::text AS owner, f.entry_id,
       NULL::text AS source_title, NULL::text AS source_url
FROM knowledge_facts f
UNION ALL
SELECT r.key, trim_scale(r.rate)::text, '%', r.valid_from, r.valid_to,
       'engine'::text, NULL::bigint, r.source_title, r.source_url
FROM tax_rates r;
GRANT SELECT ON knowledge_fact_values TO ai_reader;
-- The view runs with the caller's rights, so the reader needs the engine's table too.
-- Rates are public law for everyone: no row-level security on them.
GRANT SELECT ON tax_rates TO ai_reader;
"""

DROP_FACTS_VIEW_SQL = """
REVOKE SELECT ON tax_rates FROM ai_reader;
DROP VIEW knowledge_fact_values;
"""

PROTECT_KNOWLEDGE_DOMAINS_SQL = """
ALTER TABLE knowledge_domains ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_domains FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON knowledge_domains;
CREATE POLICY app_owner_all ON knowledge_domains FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON knowledge_domains;
CREATE POLICY ai_reader_select ON knowledge_domains FOR SELECT TO ai_reader USING (true);
COMMENT ON POLICY ai_reader_select ON knowledge_domains IS 'rule:b5bea41b6c623f7c';
GRANT SELECT ON knowledge_domains TO ai_reader;
"""

UNPROTECT_KNOWLEDGE_DOMAINS_SQL = """
REVOKE ALL ON knowledge_domains FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON knowledge_domains;
DROP POLICY IF EXISTS app_owner_all ON knowledge_domains;
ALTER TABLE knowledge_domains NO FORCE ROW LEVEL SECURITY;
ALTER TABLE knowledge_domains DISABLE ROW LEVEL SECURITY;
"""

PROTECT_KNOWLEDGE_ENTRIES_SQL = """
ALTER TABLE knowledge_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_entries FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON knowledge_entries;
CREATE POLICY app_owner_all ON knowledge_entries FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON knowledge_entries;
CREATE POLICY ai_reader_select ON knowledge_entries FOR SELECT TO ai_reader USING (status = 'published');
COMMENT ON POLICY ai_reader_select ON knowledge_entries IS 'rule:ddb8b840ae718738';
GRANT SELECT ON knowledge_entries TO ai_reader;
"""

UNPROTECT_KNOWLEDGE_ENTRIES_SQL = """
REVOKE ALL ON knowledge_entries FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON knowledge_entries;
DROP POLICY IF EXISTS app_owner_all ON knowledge_entries;
ALTER TABLE knowledge_entries NO FORCE ROW LEVEL SECURITY;
ALTER TABLE knowledge_entries DISABLE ROW LEVEL SECURITY;
"""

PROTECT_KNOWLEDGE_SOURCES_SQL = """
ALTER TABLE knowledge_sources ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_sources FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON knowledge_sources;
CREATE POLICY app_owner_all ON knowledge_sources FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON knowledge_sources;
CREATE POLICY ai_reader_select ON knowledge_sources FOR SELECT TO ai_reader USING (EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id));
COMMENT ON POLICY ai_reader_select ON knowledge_sources IS 'rule:c6d8e559dfc9de7c';
GRANT SELECT ON knowledge_sources TO ai_reader;
"""

UNPROTECT_KNOWLEDGE_SOURCES_SQL = """
REVOKE ALL ON knowledge_sources FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON knowledge_sources;
DROP POLICY IF EXISTS app_owner_all ON knowledge_sources;
ALTER TABLE knowledge_sources NO FORCE ROW LEVEL SECURITY;
ALTER TABLE knowledge_sources DISABLE ROW LEVEL SECURITY;
"""

PROTECT_KNOWLEDGE_FACT_KEYS_SQL = """
ALTER TABLE knowledge_fact_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_fact_keys FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON knowledge_fact_keys;
CREATE POLICY app_owner_all ON knowledge_fact_keys FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON knowledge_fact_keys;
CREATE POLICY ai_reader_select ON knowledge_fact_keys FOR SELECT TO ai_reader USING (EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id));
COMMENT ON POLICY ai_reader_select ON knowledge_fact_keys IS 'rule:c6d8e559dfc9de7c';
GRANT SELECT ON knowledge_fact_keys TO ai_reader;
"""

UNPROTECT_KNOWLEDGE_FACT_KEYS_SQL = """
REVOKE ALL ON knowledge_fact_keys FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON knowledge_fact_keys;
DROP POLICY IF EXISTS app_owner_all ON knowledge_fact_keys;
ALTER TABLE knowledge_fact_keys NO FORCE ROW LEVEL SECURITY;
ALTER TABLE knowledge_fact_keys DISABLE ROW LEVEL SECURITY;
"""

PROTECT_KNOWLEDGE_FACTS_SQL = """
ALTER TABLE knowledge_facts ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_facts FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON knowledge_facts;
CREATE POLICY app_owner_all ON knowledge_facts FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON knowledge_facts;
CREATE POLICY ai_reader_select ON knowledge_facts FOR SELECT TO ai_reader USING (EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id));
COMMENT ON POLICY ai_reader_select ON knowledge_facts IS 'rule:c6d8e559dfc9de7c';
GRANT SELECT ON knowledge_facts TO ai_reader;
"""

UNPROTECT_KNOWLEDGE_FACTS_SQL = """
REVOKE ALL ON knowledge_facts FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON knowledge_facts;
DROP POLICY IF EXISTS app_owner_all ON knowledge_facts;
ALTER TABLE knowledge_facts NO FORCE ROW LEVEL SECURITY;
ALTER TABLE knowledge_facts DISABLE ROW LEVEL SECURITY;
"""

PROTECT_KNOWLEDGE_CHUNKS_SQL = """
ALTER TABLE knowledge_chunks ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_chunks FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON knowledge_chunks;
CREATE POLICY app_owner_all ON knowledge_chunks FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON knowledge_chunks;
CREATE POLICY ai_reader_select ON knowledge_chunks FOR SELECT TO ai_reader USING (EXISTS (SELECT 1 FROM knowledge_entries e WHERE e.id = entry_id));
COMMENT ON POLICY ai_reader_select ON knowledge_chunks IS 'rule:c6d8e559dfc9de7c';
GRANT SELECT ON knowledge_chunks TO ai_reader;
"""

UNPROTECT_KNOWLEDGE_CHUNKS_SQL = """
REVOKE ALL ON knowledge_chunks FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON knowledge_chunks;
DROP POLICY IF EXISTS app_owner_all ON knowledge_chunks;
ALTER TABLE knowledge_chunks NO FORCE ROW LEVEL SECURITY;
ALTER TABLE knowledge_chunks DISABLE ROW LEVEL SECURITY;
"""

PROTECT_KNOWLEDGE_VERSIONS_SQL = """
ALTER TABLE knowledge_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE knowledge_versions FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON knowledge_versions;
CREATE POLICY app_owner_all ON knowledge_versions FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON knowledge_versions;
CREATE POLICY ai_reader_select ON knowledge_versions FOR SELECT TO ai_reader USING (false);
COMMENT ON POLICY ai_reader_select ON knowledge_versions IS 'rule:fcbcf165908dd18a';
GRANT SELECT ON knowledge_versions TO ai_reader;
"""

UNPROTECT_KNOWLEDGE_VERSIONS_SQL = """
REVOKE ALL ON knowledge_versions FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON knowledge_versions;
DROP POLICY IF EXISTS app_owner_all ON knowledge_versions;
ALTER TABLE knowledge_versions NO FORCE ROW LEVEL SECURITY;
ALTER TABLE knowledge_versions DISABLE ROW LEVEL SECURITY;
"""


class Migration(migrations.Migration):
    dependencies = [("knowledge", "0001_initial")]

    operations = [
        migrations.RunSQL(TEXT_SEARCH_SQL, "DROP TEXT SEARCH CONFIGURATION es_unaccent;"),
        migrations.RunSQL(PROTECT_KNOWLEDGE_DOMAINS_SQL, UNPROTECT_KNOWLEDGE_DOMAINS_SQL),
        migrations.RunSQL(PROTECT_KNOWLEDGE_ENTRIES_SQL, UNPROTECT_KNOWLEDGE_ENTRIES_SQL),
        migrations.RunSQL(PROTECT_KNOWLEDGE_SOURCES_SQL, UNPROTECT_KNOWLEDGE_SOURCES_SQL),
        migrations.RunSQL(PROTECT_KNOWLEDGE_FACT_KEYS_SQL, UNPROTECT_KNOWLEDGE_FACT_KEYS_SQL),
        migrations.RunSQL(PROTECT_KNOWLEDGE_FACTS_SQL, UNPROTECT_KNOWLEDGE_FACTS_SQL),
        migrations.RunSQL(PROTECT_KNOWLEDGE_CHUNKS_SQL, UNPROTECT_KNOWLEDGE_CHUNKS_SQL),
        migrations.RunSQL(PROTECT_KNOWLEDGE_VERSIONS_SQL, UNPROTECT_KNOWLEDGE_VERSIONS_SQL),
        # Versions are never for the assistant: besides the ``false`` policy, no grant at all,
        # so a read is refused outright ("permission denied") instead of returning nothing.
        migrations.RunSQL(
            "REVOKE ALL ON knowledge_versions FROM ai_reader;",
            "GRANT SELECT ON knowledge_versions TO ai_reader;",
        ),
        migrations.RunSQL(FACTS_VIEW_SQL, DROP_FACTS_VIEW_SQL),
    ]
