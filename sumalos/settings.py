"""Settings for Sumalos. Real servers come from DATABASE_URL / REDIS_URL; otherwise embedded."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote, urlsplit

import django_stubs_ext

from sumalos import embedded

# Lets admin and form classes name their model (``ModelAdmin[Invoice]``) at runtime too.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

# Off unless asked for: a debug page lists every route and shows what the request carried.
DEBUG = os.environ.get("SUMALOS_DEBUG") == "1"
# From the environment, else generated once per checkout (git-ignored). Production settings
# (settings_production.py) require it from the environment. docs/deployment.md.
SECRET_KEY = (
    os.environ.get("DJANGO_SECRET_KEY")
    or embedded.checkout_secret(embedded.STATE_DIR / "secret_key", nbytes=48)[0]
)
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
PUBLIC_BASE_URL = os.environ.get("PUBLIC_BASE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "drf_spectacular",
    "django_celery_beat",
    "axes",
    "sumalos.platform",
    "sumalos.rls",
    "sumalos.accounts",
    "sumalos.taxes",
    "sumalos.invoicing",
    "memory",
    "knowledge",
    "search",
    "assistant",
    "sumalos.ai",
    "channels_app",
    "learning",
    "pages",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "sumalos.platform.dbrouter.UnpinMiddleware",
    "sumalos.platform.middleware.SafeRedirectMiddleware",
    "sumalos.platform.middleware.CleanInputMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "sumalos.accounts.middleware.ActiveOrganizationMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "sumalos.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "sumalos.accounts.context_processors.tenancy",
            ],
        },
    },
]
WSGI_APPLICATION = "sumalos.wsgi.application"


def _database_from_url(url: str) -> dict[str, object]:
    parts = urlsplit(url)
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": unquote(parts.hostname or ""),
        "PORT": str(parts.port or ""),
    }


_database = (
    _database_from_url(os.environ["DATABASE_URL"])
    if os.environ.get("DATABASE_URL")
    else embedded.database_settings()
)
# Connections persist across requests and tasks: a new one costs PostgreSQL ~9 ms of CPU (a
# backend, its catalogue caches, the triggers' compiled functions), more than the webhook's
# whole insert (decision 0029). Every setting the app changes is ``SET LOCAL``, so nothing
# outlives its transaction on a reused connection (DESIGN §3).
_database["CONN_MAX_AGE"] = int(os.environ.get("SUMALOS_CONN_MAX_AGE", "300"))
_database["CONN_HEALTH_CHECKS"] = True
# One test database per test process, so parallel runs on one server never collide.
_database["TEST"] = {"NAME": f"test_sumalos_{os.getpid()}"}
# A subprocess Celery worker in the integration tests points at the test run's database.
_database["NAME"] = os.environ.get("SUMALOS_TEST_DATABASE") or _database["NAME"]
DATABASES = {"default": _database}
# A streaming replica of the primary: the assistant's read-only reads go there
# (sumalos/platform/dbrouter.py, docs/deployment.md). Tests mirror it onto the primary.
if os.environ.get("DATABASE_REPLICA_URL"):
    DATABASES["replica"] = {
        **_database_from_url(os.environ["DATABASE_REPLICA_URL"]),
        "CONN_MAX_AGE": _database["CONN_MAX_AGE"],
        "CONN_HEALTH_CHECKS": True,
        "TEST": {"MIRROR": "default"},
    }
DATABASE_ROUTERS = ["sumalos.platform.dbrouter.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
# django-axes counts failed logins (the login page and the admin) and refuses the next ones.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # hours: a locked pair may try again after 15 minutes
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "429.html"
AXES_USERNAME_FORM_FIELD = "username"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "es"
TIME_ZONE = "Europe/Madrid"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_ROOT = BASE_DIR / ".media"
MEDIA_URL = "media/"
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024

REDIS_URL = os.environ.get("REDIS_URL") or embedded.redis_url()
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = TIME_ZONE
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Queues by job, each with its own worker processes (docs/deployment.md): replies (latency),
# learning (throughput), indexing, maintenance (compaction, recovery of lost work, pruning).
CELERY_QUEUES_BY_JOB = ("replies", "learning", "indexing", "maintenance")
CELERY_TASK_DEFAULT_QUEUE = "maintenance"
CELERY_TASK_ROUTES = {
    "channels.whatsapp_reply": {"queue": "replies"},
    "channels.recover_replies": {"queue": "replies"},
    "channels.drain_outbox": {"queue": "learning"},
    "search.tasks.drain_search_outbox": {"queue": "indexing"},
    "assistant.compact_conversation": {"queue": "maintenance"},
    "search.tasks.maintain_tenant_indexes": {"queue": "maintenance"},
    "channels.prune_memories": {"queue": "maintenance"},
}
# One task at a time per process: a reply never waits behind a prefetched drain.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes a worker's database connection around every task unless it may
# reuse it this many times; reused, Django's own rule closes it (sumalos/celery.py).
CELERY_DB_REUSE_MAX = 1_000_000
# Messages the learning drain claims, embeds in one call and learns in one transaction
# (docs/decisions/0028): small enough that a batch commits within seconds.
LEARNING_BATCH_SIZE = int(os.environ.get("SUMALOS_LEARNING_BATCH_SIZE", "32"))
# Parallel test runs share one Redis: each run prefixes its broker keys.
CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": os.environ.get("SUMALOS_BROKER_PREFIX", "")}

# Channels and AI (docs/channels.md). Demo-safe defaults: offline models, console transport.
TWILIO_ACCOUNT_SID = os.environ.get("TWILIO_ACCOUNT_SID", "")
# No default: while it is unset the webhook answers 503. `make run` writes a demo-only token
# into .embedded/ (sumalos/embedded.py), read here so `send_whatsapp` signs with it too.
TWILIO_AUTH_TOKEN = os.environ.get("TWILIO_AUTH_TOKEN") or embedded.demo_twilio_token()
WHATSAPP_FROM = os.environ.get("WHATSAPP_FROM", "+14155238886")
WHATSAPP_TRANSPORT = os.environ.get("WHATSAPP_TRANSPORT", "console")
AI_PROVIDER = os.environ.get("AI_PROVIDER", "offline")
ANTHROPIC_API_KEY = os.environ.get("ANTHROPIC_API_KEY", "")
AI_GATE_MODEL = os.environ.get("AI_GATE_MODEL", "claude-haiku-4-5")
AI_EXTRACTION_MODEL = os.environ.get("AI_EXTRACTION_MODEL", "claude-haiku-4-5")
AI_REPLY_MODEL = os.environ.get("AI_REPLY_MODEL", "claude-sonnet-4-6")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "sumalos.api.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Sumalos API",
    "VERSION": "1.0.0",
    # The schema lists every endpoint and field: only for people who are logged in.
    "SERVE_PERMISSIONS": ["rest_framework.permissions.IsAuthenticated"],
}

# The assistant's reply loop (DESIGN §8); the provider and models are the AI_* settings above.
AI_CHEAP_REPLY_MODEL = os.environ.get("AI_CHEAP_REPLY_MODEL", "claude-haiku-4-5")
ASSISTANT_MAX_TOKENS = 1024
ASSISTANT_STEP_LIMIT = 6
ASSISTANT_MAX_RETRIES = 3
ASSISTANT_TIMEOUT_SECONDS = 30.0

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"sumalos": {"level": "INFO"}},
}
