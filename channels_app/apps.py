from django.apps import AppConfig


class ChannelsConfig(AppConfig):
    name = "channels_app"
    label = "channels_app"
    verbose_name = "Canales"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the channel outbox with the platform's (manage.py outbox_dead lists it).
        from channels_app.services import outbox  # noqa: F401
