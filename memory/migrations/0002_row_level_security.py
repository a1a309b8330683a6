from django.db import migrations

from sumalos.rls.policies import TABLE_POLICIES
from sumalos.rls.sql import protect_table


class Migration(migrations.Migration):
    dependencies = [("memory", "0001_initial"), ("rls", "0002_extensions")]

    operations = [protect_table("memories", TABLE_POLICIES["memories"])]
