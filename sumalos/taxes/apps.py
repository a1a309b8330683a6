from django.apps import AppConfig


class TaxesConfig(AppConfig):
    name = "sumalos.taxes"
    label = "taxes"
    verbose_name = "Motor de reglas fiscales"
