"""The channel outbox speaks the platform outbox's words; replies get their own states.

1. ``channel_outbox.locked_until`` becomes ``claimed_until``, the lease column every outbox
   shares (``sumalos/platform/outbox.py``, docs/decisions/0022).
2. ``whatsapp_replies``: the one reply to an inbound message, ``claimed`` (committed before the
   transport is called, with a lease) then ``sent`` with the provider's message id; an
   idempotency key per inbound message.
3. Beat runs ``channels.recover_replies`` every 30 s: replies whose worker died are finished
   once, lost reply tasks are queued again.
"""

import django.db.models.deletion
from django.db import migrations, models

RECOVER = "Canales: recuperar respuestas"


def schedule(apps, schema_editor):
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    every_30s, _ = interval_model.objects.get_or_create(every=30, period="seconds")
    task_model.objects.update_or_create(
        name=RECOVER, defaults={"task": "channels.recover_replies", "interval": every_30s}
    )


def unschedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=RECOVER).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("channels_app", "0005_web_chat_public_id"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [
        migrations.RenameField(
            model_name="outboxentry",
            old_name="locked_until",
            new_name="claimed_until",
        ),
        migrations.CreateModel(
            name="WhatsappReply",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("claimed", "Reclamada"), ("sent", "Enviada")],
                        default="claimed",
                        max_length=10,
                    ),
                ),
                ("idempotency_key", models.CharField(max_length=80, unique=True)),
                ("phone", models.CharField(max_length=20)),
                ("body", models.TextField(blank=True)),
                ("claimed_until", models.DateTimeField(blank=True, null=True)),
                ("attempts", models.PositiveSmallIntegerField(default=1)),
                ("provider_message_id", models.CharField(blank=True, max_length=64)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("sent_at", models.DateTimeField(blank=True, null=True)),
                (
                    "inbound",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="channels_app.whatsappmessage",
                    ),
                ),
                (
                    "outbound",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="channels_app.whatsappmessage",
                    ),
                ),
            ],
            options={
                "db_table": "whatsapp_replies",
                "indexes": [
                    models.Index(
                        condition=models.Q(("state", "claimed")),
                        fields=["claimed_until"],
                        name="whatsapp_replies_claimed",
                    )
                ],
            },
        ),
        migrations.RunPython(schedule, unschedule),
    ]
