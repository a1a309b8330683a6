"""The records' rule on its own: organization records get the policy of ``RECORD_RULE``.

Contacts, invoices, quotes, expenses and files used the full visibility rule with literal
columns (visibility 'shared', NULL owners); they now carry the records' rule, the same
declaration the app's filter is compiled from (docs/decisions/0010). The rows visible are the
same. Frozen: the SQL ``sumalos.rls.sql.protect_table_sql`` rendered for ``TABLE_POLICIES``
when this migration was written (docs/decisions/0004); the reverse restores the previous text.
"""

from django.db import migrations

PROTECT_CONTACTS_SQL = """
ALTER TABLE contacts ENABLE ROW LEVEL SECURITY;
ALTER TABLE contacts FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON contacts;
CREATE POLICY app_owner_all ON contacts FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON contacts;
CREATE POLICY ai_reader_select ON contacts FOR SELECT TO ai_reader USING ((organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('contacts' = 'general' OR (organization_id::text || ':' || 'contacts') = ANY ((SELECT ai_readable_areas())::text[]))));
COMMENT ON POLICY ai_reader_select ON contacts IS 'rule:126558bf6b776b4d';
GRANT SELECT ON contacts TO ai_reader;
"""

PREVIOUS_CONTACTS_SQL = """
ALTER TABLE contacts ENABLE ROW LEVEL SECURITY;
ALTER TABLE contacts FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON contacts;
CREATE POLICY app_owner_all ON contacts FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON contacts;
CREATE POLICY ai_reader_select ON contacts FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('contacts' = 'general' OR (organization_id::text || ':' || 'contacts') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON contacts IS 'rule:a59113f153c0947b';
GRANT SELECT ON contacts TO ai_reader;
"""

PROTECT_INVOICES_SQL = """
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON invoices;
CREATE POLICY app_owner_all ON invoices FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON invoices;
CREATE POLICY ai_reader_select ON invoices FOR SELECT TO ai_reader USING ((organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('invoices' = 'general' OR (organization_id::text || ':' || 'invoices') = ANY ((SELECT ai_readable_areas())::text[]))));
COMMENT ON POLICY ai_reader_select ON invoices IS 'rule:a35b1ac1163c90c5';
GRANT SELECT ON invoices TO ai_reader;
"""

PREVIOUS_INVOICES_SQL = """
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON invoices;
CREATE POLICY app_owner_all ON invoices FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON invoices;
CREATE POLICY ai_reader_select ON invoices FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('invoices' = 'general' OR (organization_id::text || ':' || 'invoices') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON invoices IS 'rule:18f669558d6c6f5e';
GRANT SELECT ON invoices TO ai_reader;
"""

PROTECT_QUOTES_SQL = """
ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
ALTER TABLE quotes FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON quotes;
CREATE POLICY app_owner_all ON quotes FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON quotes;
CREATE POLICY ai_reader_select ON quotes FOR SELECT TO ai_reader USING ((organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('invoices' = 'general' OR (organization_id::text || ':' || 'invoices') = ANY ((SELECT ai_readable_areas())::text[]))));
COMMENT ON POLICY ai_reader_select ON quotes IS 'rule:a35b1ac1163c90c5';
GRANT SELECT ON quotes TO ai_reader;
"""

PREVIOUS_QUOTES_SQL = """
ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
ALTER TABLE quotes FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON quotes;
CREATE POLICY app_owner_all ON quotes FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON quotes;
CREATE POLICY ai_reader_select ON quotes FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('invoices' = 'general' OR (organization_id::text || ':' || 'invoices') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON quotes IS 'rule:18f669558d6c6f5e';
GRANT SELECT ON quotes TO ai_reader;
"""

PROTECT_EXPENSES_SQL = """
ALTER TABLE expenses ENABLE ROW LEVEL SECURITY;
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON expenses;
CREATE POLICY app_owner_all ON expenses FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON expenses;
CREATE POLICY ai_reader_select ON expenses FOR SELECT TO ai_reader USING ((organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('expenses' = 'general' OR (organization_id::text || ':' || 'expenses') = ANY ((SELECT ai_readable_areas())::text[]))));
COMMENT ON POLICY ai_reader_select ON expenses IS 'rule:5b08598cefbd0de9';
GRANT SELECT ON expenses TO ai_reader;
"""

PREVIOUS_EXPENSES_SQL = """
ALTER TABLE expenses ENABLE ROW LEVEL SECURITY;
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON expenses;
CREATE POLICY app_owner_all ON expenses FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON expenses;
CREATE POLICY ai_reader_select ON expenses FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('expenses' = 'general' OR (organization_id::text || ':' || 'expenses') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON expenses IS 'rule:e8e8c64c2620b26f';
GRANT SELECT ON expenses TO ai_reader;
"""

PROTECT_UPLOADED_DOCUMENTS_SQL = """
ALTER TABLE uploaded_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE uploaded_documents FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON uploaded_documents;
CREATE POLICY app_owner_all ON uploaded_documents FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON uploaded_documents;
CREATE POLICY ai_reader_select ON uploaded_documents FOR SELECT TO ai_reader USING ((organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[]))));
COMMENT ON POLICY ai_reader_select ON uploaded_documents IS 'rule:f0cb7cf72942ef5e';
GRANT SELECT ON uploaded_documents TO ai_reader;
"""

PREVIOUS_UPLOADED_DOCUMENTS_SQL = """
ALTER TABLE uploaded_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE uploaded_documents FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON uploaded_documents;
CREATE POLICY app_owner_all ON uploaded_documents FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON uploaded_documents;
CREATE POLICY ai_reader_select ON uploaded_documents FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON uploaded_documents IS 'rule:2804a0cbc03c580e';
GRANT SELECT ON uploaded_documents TO ai_reader;
"""


class Migration(migrations.Migration):
    dependencies = [("invoicing", "0002_row_level_security")]

    operations = [
        migrations.RunSQL(PROTECT_CONTACTS_SQL, PREVIOUS_CONTACTS_SQL),
        migrations.RunSQL(PROTECT_INVOICES_SQL, PREVIOUS_INVOICES_SQL),
        migrations.RunSQL(PROTECT_QUOTES_SQL, PREVIOUS_QUOTES_SQL),
        migrations.RunSQL(PROTECT_EXPENSES_SQL, PREVIOUS_EXPENSES_SQL),
        migrations.RunSQL(PROTECT_UPLOADED_DOCUMENTS_SQL, PREVIOUS_UPLOADED_DOCUMENTS_SQL),
    ]
