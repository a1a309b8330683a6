"""Production settings: the development settings, hardened. See docs/deployment.md.

``DJANGO_SETTINGS_MODULE=sumalos.settings_production``. Refuses to start without a secret key,
the allowed hosts and real database and Redis servers; passes ``manage.py check --deploy``.
TLS ends at a proxy in front of the app, which must set ``X-Forwarded-Proto``.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured


def _required(name: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} is required in production (docs/deployment.md).")
    return value


# Checked before the development settings load, so they never generate a checkout secret here.
_SECRET_KEY = _required("DJANGO_SECRET_KEY")
_required("DATABASE_URL")
_required("REDIS_URL")

from sumalos.settings import *  # noqa: E402, F403

DEBUG = False
SECRET_KEY = _SECRET_KEY
ALLOWED_HOSTS = [host.strip() for host in _required("DJANGO_ALLOWED_HOSTS").split(",")]
PUBLIC_BASE_URL = _required("PUBLIC_BASE_URL")
CSRF_TRUSTED_ORIGINS = [f"{urlsplit(PUBLIC_BASE_URL).scheme}://{urlsplit(PUBLIC_BASE_URL).netloc}"]
# Only the environment: the demo token `make run` writes never signs production webhooks.
TWILIO_AUTH_TOKEN = os.environ.get("TWILIO_AUTH_TOKEN", "")

# TLS terminates at the proxy: it must overwrite X-Forwarded-Proto on every request, or a
# client could claim https. docs/deployment.md.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Axes counts failures per client address. Behind the proxy the client is the address the
# proxy appended to X-Forwarded-For, counted from the right: entries on the left are whatever
# the client sent. SUMALOS_PROXY_COUNT is how many proxies append (docs/deployment.md).
AXES_IPWARE_PROXY_ORDER = "right-most"
AXES_IPWARE_PROXY_COUNT = int(os.environ.get("SUMALOS_PROXY_COUNT", "1"))
AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

# Stateless web processes (docs/deployment.md): the cache is shared in Redis, uploads go to a
# shared volume, static files are collected for the proxy to serve.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        # redis-py names a unix socket unix://, Celery's broker redis+socket://.
        "LOCATION": REDIS_URL.replace("redis+socket://", "unix://", 1),  # noqa: F405
        "KEY_PREFIX": "cache",
    }
}
MEDIA_ROOT = Path(os.environ.get("SUMALOS_MEDIA_ROOT", str(MEDIA_ROOT)))  # noqa: F405
STATIC_ROOT = Path(os.environ.get("SUMALOS_STATIC_ROOT", str(BASE_DIR / ".static")))  # noqa: F405
