from django.apps import AppConfig


class RlsConfig(AppConfig):
    name = "sumalos.rls"
    label = "rls"
    verbose_name = "Seguridad a nivel de fila"

    def ready(self) -> None:
        from sumalos.rls import checks  # noqa: F401  (registers the system check)
