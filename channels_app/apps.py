from django.apps import AppConfig


class ChannelsConfig(AppConfig):
    name = "channels_app"
    label = "channels_app"
    verbose_name = "Canales"
    default_auto_field = "django.db.models.BigAutoField"
