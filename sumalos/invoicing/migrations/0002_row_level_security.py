"""Row-level security on the organization records (DESIGN §3, "enforced twice").

Each record is a shared row of a fixed area (an uploaded file: of its own area); lines follow
their document through an ``EXISTS`` that runs under the parent's own policy. Frozen: the SQL
``sumalos.rls.sql.protect_table_sql`` rendered for ``TABLE_POLICIES`` when this migration was
written (docs/decisions/0004). A changed rule needs a new migration; the system check rls.E003
compares each policy comment's fingerprint with the code.
"""

from django.db import migrations

PROTECT_CONTACTS_SQL = """
ALTER TABLE contacts ENABLE ROW LEVEL SECURITY;
ALTER TABLE contacts FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON contacts;
CREATE POLICY app_owner_all ON contacts FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON contacts;
CREATE POLICY ai_reader_select ON contacts FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('contacts' = 'general' OR (organization_id::text || ':' || 'contacts') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON contacts IS 'rule:a59113f153c0947b';
GRANT SELECT ON contacts TO ai_reader;
"""

UNPROTECT_CONTACTS_SQL = """
REVOKE ALL ON contacts FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON contacts;
DROP POLICY IF EXISTS app_owner_all ON contacts;
ALTER TABLE contacts NO FORCE ROW LEVEL SECURITY;
ALTER TABLE contacts DISABLE ROW LEVEL SECURITY;
"""

PROTECT_INVOICES_SQL = """
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoices FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON invoices;
CREATE POLICY app_owner_all ON invoices FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON invoices;
CREATE POLICY ai_reader_select ON invoices FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('invoices' = 'general' OR (organization_id::text || ':' || 'invoices') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON invoices IS 'rule:18f669558d6c6f5e';
GRANT SELECT ON invoices TO ai_reader;
"""

UNPROTECT_INVOICES_SQL = """
REVOKE ALL ON invoices FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON invoices;
DROP POLICY IF EXISTS app_owner_all ON invoices;
ALTER TABLE invoices NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoices DISABLE ROW LEVEL SECURITY;
"""

PROTECT_QUOTES_SQL = """
ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
ALTER TABLE quotes FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON quotes;
CREATE POLICY app_owner_all ON quotes FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON quotes;
CREATE POLICY ai_reader_select ON quotes FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('invoices' = 'general' OR (organization_id::text || ':' || 'invoices') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON quotes IS 'rule:18f669558d6c6f5e';
GRANT SELECT ON quotes TO ai_reader;
"""

UNPROTECT_QUOTES_SQL = """
REVOKE ALL ON quotes FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON quotes;
DROP POLICY IF EXISTS app_owner_all ON quotes;
ALTER TABLE quotes NO FORCE ROW LEVEL SECURITY;
ALTER TABLE quotes DISABLE ROW LEVEL SECURITY;
"""

PROTECT_EXPENSES_SQL = """
ALTER TABLE expenses ENABLE ROW LEVEL SECURITY;
ALTER TABLE expenses FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON expenses;
CREATE POLICY app_owner_all ON expenses FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON expenses;
CREATE POLICY ai_reader_select ON expenses FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND ('expenses' = 'general' OR (organization_id::text || ':' || 'expenses') = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON expenses IS 'rule:e8e8c64c2620b26f';
GRANT SELECT ON expenses TO ai_reader;
"""

UNPROTECT_EXPENSES_SQL = """
REVOKE ALL ON expenses FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON expenses;
DROP POLICY IF EXISTS app_owner_all ON expenses;
ALTER TABLE expenses NO FORCE ROW LEVEL SECURITY;
ALTER TABLE expenses DISABLE ROW LEVEL SECURITY;
"""

PROTECT_UPLOADED_DOCUMENTS_SQL = """
ALTER TABLE uploaded_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE uploaded_documents FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON uploaded_documents;
CREATE POLICY app_owner_all ON uploaded_documents FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON uploaded_documents;
CREATE POLICY ai_reader_select ON uploaded_documents FOR SELECT TO ai_reader USING ((('shared' = 'personal' AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'private_in_org' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (NULL::bigint = (SELECT ai_user_id()) OR NULL::text = (SELECT ai_phone()))) OR ('shared' = 'shared' AND organization_id = ANY ((SELECT ai_organization_ids())::bigint[]) AND (area = 'general' OR (organization_id::text || ':' || area) = ANY ((SELECT ai_readable_areas())::text[])))));
COMMENT ON POLICY ai_reader_select ON uploaded_documents IS 'rule:2804a0cbc03c580e';
GRANT SELECT ON uploaded_documents TO ai_reader;
"""

UNPROTECT_UPLOADED_DOCUMENTS_SQL = """
REVOKE ALL ON uploaded_documents FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON uploaded_documents;
DROP POLICY IF EXISTS app_owner_all ON uploaded_documents;
ALTER TABLE uploaded_documents NO FORCE ROW LEVEL SECURITY;
ALTER TABLE uploaded_documents DISABLE ROW LEVEL SECURITY;
"""

PROTECT_INVOICE_LINES_SQL = """
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE invoice_lines FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON invoice_lines;
CREATE POLICY app_owner_all ON invoice_lines FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON invoice_lines;
CREATE POLICY ai_reader_select ON invoice_lines FOR SELECT TO ai_reader USING (EXISTS (SELECT 1 FROM invoices d WHERE d.id = invoice_id));
COMMENT ON POLICY ai_reader_select ON invoice_lines IS 'rule:a91a3ee96123f2b8';
GRANT SELECT ON invoice_lines TO ai_reader;
"""

UNPROTECT_INVOICE_LINES_SQL = """
REVOKE ALL ON invoice_lines FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON invoice_lines;
DROP POLICY IF EXISTS app_owner_all ON invoice_lines;
ALTER TABLE invoice_lines NO FORCE ROW LEVEL SECURITY;
ALTER TABLE invoice_lines DISABLE ROW LEVEL SECURITY;
"""

PROTECT_QUOTE_LINES_SQL = """
ALTER TABLE quote_lines ENABLE ROW LEVEL SECURITY;
ALTER TABLE quote_lines FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS app_owner_all ON quote_lines;
CREATE POLICY app_owner_all ON quote_lines FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS ai_reader_select ON quote_lines;
CREATE POLICY ai_reader_select ON quote_lines FOR SELECT TO ai_reader USING (EXISTS (SELECT 1 FROM quotes d WHERE d.id = quote_id));
COMMENT ON POLICY ai_reader_select ON quote_lines IS 'rule:f8a0412fbf712fd4';
GRANT SELECT ON quote_lines TO ai_reader;
"""

UNPROTECT_QUOTE_LINES_SQL = """
REVOKE ALL ON quote_lines FROM ai_reader;
DROP POLICY IF EXISTS ai_reader_select ON quote_lines;
DROP POLICY IF EXISTS app_owner_all ON quote_lines;
ALTER TABLE quote_lines NO FORCE ROW LEVEL SECURITY;
ALTER TABLE quote_lines DISABLE ROW LEVEL SECURITY;
"""


class Migration(migrations.Migration):
    dependencies = [("invoicing", "0001_initial"), ("rls", "0001_access_functions")]

    operations = [
        migrations.RunSQL(PROTECT_CONTACTS_SQL, UNPROTECT_CONTACTS_SQL),
        migrations.RunSQL(PROTECT_INVOICES_SQL, UNPROTECT_INVOICES_SQL),
        migrations.RunSQL(PROTECT_QUOTES_SQL, UNPROTECT_QUOTES_SQL),
        migrations.RunSQL(PROTECT_EXPENSES_SQL, UNPROTECT_EXPENSES_SQL),
        migrations.RunSQL(PROTECT_UPLOADED_DOCUMENTS_SQL, UNPROTECT_UPLOADED_DOCUMENTS_SQL),
        migrations.RunSQL(PROTECT_INVOICE_LINES_SQL, UNPROTECT_INVOICE_LINES_SQL),
        migrations.RunSQL(PROTECT_QUOTE_LINES_SQL, UNPROTECT_QUOTE_LINES_SQL),
    ]
