from django.apps import AppConfig


class PlatformConfig(AppConfig):
    name = "sumalos.platform"
    label = "platform"
    verbose_name = "Plataforma"
