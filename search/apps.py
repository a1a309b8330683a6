from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "search"
    verbose_name = "Búsqueda y capa de contexto"

    def ready(self) -> None:
        # Registers the search outbox with the platform's (manage.py outbox_dead lists it),
        # and the index's message vectors with the learning drain (decision 0029).
        from learning.tasks import vector_source_register
        from search import services

        vector_source_register(services.message_vectors)
