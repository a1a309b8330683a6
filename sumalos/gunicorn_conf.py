"""Gunicorn for ``make serve``: the production web process behind a reverse proxy.

Stateless: sessions, login throttling and the outboxes live in PostgreSQL, the cache and the
broker in Redis, uploads on ``SUMALOS_MEDIA_ROOT`` (a shared volume), so any number of these
processes, on any number of machines, serve the same product (docs/deployment.md).

Sized for two cores by default: two processes of four threads each. A request spends most of
its time waiting on PostgreSQL (and, for the assistant, on the model provider), so threads
overlap that wait; the webhook answers without calling any model. Override with
``GUNICORN_WORKERS`` / ``GUNICORN_THREADS`` / ``GUNICORN_BIND``.
"""

from __future__ import annotations

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# The assistant's slowest turn (six model steps) stays under this; the proxy waits as long.
timeout = 90
graceful_timeout = 30
keepalive = 5
# Recycle processes now and then, at different moments, so none grows without bound.
max_requests = 2000
max_requests_jitter = 200
# The proxy runs on this machine and sets X-Forwarded-Proto / X-Forwarded-For; gunicorn trusts
# those headers only from the addresses listed here.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
errorlog = "-"
# Never log the query string: a webhook or a form may carry personal data in it.
access_log_format = '%(h)s "%(m)s %(U)s" %(s)s %(b)s %(M)sms'


def post_worker_init(worker: object) -> None:
    """Import every view before the first request: the URLconf pulls in the whole product
    (seconds on a busy machine), which would otherwise land on someone's first request."""
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (evaluated for its imports)
