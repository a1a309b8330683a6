"""Indexes that let the profile stop after a few rows, and the tenant-index schedule (0021).

For each way a person reaches memories (a shared area of an organization; rows owned by a user;
rows owned by a phone) three partial btrees over usable rows: by group then confidence, by
group, quarter-life and decay key, and by last change. The expressions are frozen copies of
``GROUP_SQL``, ``QUARTER_LIFE_SQL``, ``DECAY_KEY_SQL`` and ``USABLE_SQL`` in ``memory/prompt.py``; the tests check
that the planner uses them. The beat entry runs ``search.tasks.maintain_tenant_indexes``, which
gives large organizations their own HNSW index over memories and search chunks.
"""

from django.db import migrations

USABLE = "(status = 'active' OR (status = 'proposed' AND unverified))"
GROUP = (
    "(CASE WHEN pinned THEN 0 WHEN category IN ('perfil_usuario', 'preferencia') THEN 1 "
    "WHEN category = 'empresa' THEN 2 ELSE 3 END)"
)
DECAY_KEY = (
    "(ln(greatest(confidence, 1e-9::float8)) + "
    "((updated_at AT TIME ZONE 'UTC')::date - DATE '2000-01-01') * CASE category "
    "WHEN 'cliente' THEN 0.0015806707277570375::float8 "
    "WHEN 'evento' THEN 0.003161341455514075::float8 "
    "WHEN 'preferencia' THEN 0.0015806707277570375::float8 "
    "WHEN 'proveedor' THEN 0.0015806707277570375::float8 END)"
)
QUARTER_LIFE = (
    "(CASE category WHEN 'cliente' THEN 182 WHEN 'evento' THEN 91 WHEN 'preferencia' THEN 182 "
    "WHEN 'proveedor' THEN 182 END)"
)
DECAYING = "category IN ('cliente', 'evento', 'preferencia', 'proveedor')"

FAMILIES = (
    ("shared", "organization_id, area", "visibility = 'shared'"),
    ("user", "owner_user_id, organization_id", "owner_user_id IS NOT NULL"),
    ("phone", "owner_phone, organization_id", "owner_phone IS NOT NULL"),
)


def index_sql() -> list[tuple[str, str]]:
    statements = []
    for family, prefix, where in FAMILIES:
        for suffix, columns, extra in (
            ("group", f"{GROUP}, confidence DESC, id", ""),
            ("decay", f"{GROUP}, {QUARTER_LIFE}, {DECAY_KEY} DESC, id", f" AND {DECAYING}"),
            ("latest", "updated_at DESC", ""),
        ):
            name = f"memories_prompt_{family}_{suffix}"
            statements.append(
                (
                    f"CREATE INDEX {name} ON memories ({prefix}, {columns}) "
                    f"WHERE {where} AND {USABLE}{extra};",
                    f"DROP INDEX {name};",
                )
            )
    return statements


def create_schedule(apps, schema_editor):
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    hourly, _ = interval_model.objects.get_or_create(every=1, period="hours")
    task_model.objects.update_or_create(
        name="tenant vector indexes: maintain",
        defaults={"task": "search.tasks.maintain_tenant_indexes", "interval": hourly},
    )


def delete_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(
        name="tenant vector indexes: maintain"
    ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0004_contact_cascade"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [
        *(migrations.RunSQL(forward, backward) for forward, backward in index_sql()),
        migrations.RunPython(create_schedule, delete_schedule),
    ]
