"""The search outbox gets the platform outbox's ledger: leases, retries, a dead letter.

Until now a drain deleted the rows it claimed in the transaction that indexed them, so one row
whose indexing always failed rolled its whole batch back, again and again. The columns below
let each row be leased, retried with backoff and dead-lettered alone
(``sumalos/platform/outbox.py``, docs/decisions/0022). The triggers keep inserting
``(table_name, row_id, enqueued_at)``: the database fills the rest.
"""

import django.db.models.functions.datetime
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0004_ledger_references_audit_forgets"),
    ]

    operations = [
        migrations.AddField(
            model_name="outboxrow",
            name="status",
            field=models.CharField(db_default="pending", default="pending", max_length=12),
        ),
        migrations.AddField(
            model_name="outboxrow",
            name="attempts",
            field=models.PositiveSmallIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name="outboxrow",
            name="available_at",
            field=models.DateTimeField(db_default=django.db.models.functions.datetime.Now()),
        ),
        migrations.AddField(
            model_name="outboxrow",
            name="claimed_until",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="outboxrow",
            name="last_error",
            field=models.TextField(blank=True, db_default="", default=""),
        ),
        migrations.AddField(
            model_name="outboxrow",
            name="outcome",
            field=models.CharField(blank=True, db_default="", default="", max_length=30),
        ),
        migrations.AddField(
            model_name="outboxrow",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name="outboxrow",
            index=models.Index(
                condition=models.Q(("status__in", ["pending", "processing"])),
                fields=["available_at", "id"],
                name="search_outbox_ready",
            ),
        ),
    ]
