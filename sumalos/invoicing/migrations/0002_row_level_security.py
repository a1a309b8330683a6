from django.db import migrations

from sumalos.rls.policies import TABLE_POLICIES
from sumalos.rls.sql import protect_table

TABLES = (
    "contacts",
    "invoices",
    "quotes",
    "expenses",
    "uploaded_documents",
    "invoice_lines",
    "quote_lines",
)


class Migration(migrations.Migration):
    dependencies = [("invoicing", "0001_initial"), ("rls", "0001_access_functions")]

    operations = [protect_table(table, TABLE_POLICIES[table]) for table in TABLES]
