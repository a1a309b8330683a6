"""Who closed which "Lo he aprendido" card (DESIGN §6): one row per person and notice, no text
and no organization column, so nothing here sits under the rule; the notice is read through it.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("assistant", "0002_summary_under_the_rule"),
        ("channels_app", "0005_web_chat_public_id"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="LearnedNoticeDismissal",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("dismissed_at", models.DateTimeField(auto_now_add=True)),
                (
                    "notice",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="channels_app.learnednotice",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "db_table": "learned_notice_dismissals",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("user", "notice"), name="learned_notice_dismissals_once"
                    )
                ],
            },
        ),
    ]
