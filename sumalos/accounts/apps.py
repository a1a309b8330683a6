from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "sumalos.accounts"
    label = "accounts"
    verbose_name = "Cuentas y organizaciones"
