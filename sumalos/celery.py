"""The Celery application: the worker and beat that run after replies have gone out."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sumalos.settings")

app = Celery("sumalos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _start_unpinned(**kwargs: Any) -> None:
    """Each task starts reading the replica again; its first write pins it to the primary."""
    from sumalos.platform.dbrouter import unpin

    unpin()


task_prerun.connect(_start_unpinned, weak=False)
