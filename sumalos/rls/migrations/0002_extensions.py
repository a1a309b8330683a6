from django.contrib.postgres.operations import (
    BtreeGistExtension,
    TrigramExtension,
    UnaccentExtension,
)
from django.db import migrations
from pgvector.django import VectorExtension


class Migration(migrations.Migration):
    """Extensions; on the embedded server they already exist (created by the superuser)."""

    dependencies = [("rls", "0001_access_functions")]

    operations = [
        VectorExtension(),
        TrigramExtension(),
        UnaccentExtension(),
        BtreeGistExtension(),
    ]
