from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "search"
    verbose_name = "Búsqueda y capa de contexto"

    def ready(self) -> None:
        # Registers the search outbox with the platform's (manage.py outbox_dead lists it).
        from search import services  # noqa: F401
