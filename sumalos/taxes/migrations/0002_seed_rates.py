from django.db import migrations

from sumalos.taxes.seed import seed_rates


def seed(apps, schema_editor):
    seed_rates(apps.get_model("taxes", "TaxRate"))


def unseed(apps, schema_editor):
    apps.get_model("taxes", "TaxRate").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("taxes", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
