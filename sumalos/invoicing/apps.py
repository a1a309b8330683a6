from django.apps import AppConfig


class InvoicingConfig(AppConfig):
    name = "sumalos.invoicing"
    label = "invoicing"
    verbose_name = "Facturación"
