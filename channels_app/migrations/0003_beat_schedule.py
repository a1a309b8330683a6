"""The beat schedule (django_celery_beat's DatabaseScheduler): drain every 5 s, prune nightly."""

from django.db import migrations

DRAIN = "Canales: vaciar la bandeja de salida"
PRUNE = "Memoria: limpieza nocturna"


def schedule(apps, schema_editor):
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    every_5s, _ = interval_model.objects.get_or_create(every=5, period="seconds")
    nightly, _ = crontab_model.objects.get_or_create(
        minute="30",
        hour="3",
        day_of_week="*",
        day_of_month="*",
        month_of_year="*",
        timezone="Europe/Madrid",
    )
    task_model.objects.update_or_create(
        name=DRAIN, defaults={"task": "channels.drain_outbox", "interval": every_5s}
    )
    task_model.objects.update_or_create(
        name=PRUNE, defaults={"task": "channels.prune_memories", "crontab": nightly}
    )


def unschedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name__in=[DRAIN, PRUNE]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("channels_app", "0002_triggers"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(schedule, unschedule)]
