"""The Celery application: the worker and beat that run after replies have gone out."""

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sumalos.settings")

app = Celery("sumalos")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _start_unpinned(**kwargs: Any) -> None:
    """Each task starts reading the replica again; its first write pins it to the primary."""
    from sumalos.platform.dbrouter import unpin

    unpin()


task_prerun.connect(_start_unpinned, weak=False)


def _close_old_connections(sender: Any = None, **kwargs: Any) -> None:
    """Around each task, what Django does around each request: close a connection older than
    ``CONN_MAX_AGE`` or broken, keep the others (decision 0029). Celery's own fixup would
    close it every time (``CELERY_DB_REUSE_MAX`` stops it): a new connection costs
    PostgreSQL more CPU than most tasks' queries. An eager task runs inside its caller's
    transaction and leaves the connection alone."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


task_prerun.connect(_close_old_connections, weak=False)
task_postrun.connect(_close_old_connections, weak=False)
