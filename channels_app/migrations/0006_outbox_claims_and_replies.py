"""The channel outbox speaks the platform outbox's words; replies get their own states.

1. ``channel_outbox.locked_until`` becomes ``claimed_until``, the lease column every outbox
   shares (``sumalos/platform/outbox.py``, docs/decisions/0022).
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("channels_app", "0005_web_chat_public_id"),
    ]

    operations = [
        migrations.RenameField(
            model_name="outboxentry",
            old_name="locked_until",
            new_name="claimed_until",
        ),
    ]
