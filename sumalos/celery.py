"""The Celery application: the worker and beat that run after replies have gone out."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sumalos.settings")

app = Celery("sumalos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
