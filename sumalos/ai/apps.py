from django.apps import AppConfig


class AiConfig(AppConfig):
    name = "sumalos.ai"
    label = "ai"
    verbose_name = "IA"
    default_auto_field = "django.db.models.BigAutoField"
