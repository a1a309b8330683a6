# `make run` (development) and `make test`; `make serve` is the production web (docs/deployment.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell $(PYTHON) -c "import hashlib;print(hashlib.sha256(open('requirements.lock','rb').read()).hexdigest()[:12])")

.PHONY: run serve test lint services stop clean chromium

$(STAMP): requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.lock
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py run_all

# Production web: gunicorn with the production settings, behind a reverse proxy (nginx, TLS).
# Needs DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, PUBLIC_BASE_URL, DATABASE_URL, REDIS_URL
# (optionally DATABASE_REPLICA_URL). Workers and beat run apart: docs/deployment.md.
serve: $(STAMP)
	DJANGO_SETTINGS_MODULE=sumalos.settings_production $(BIN)/python manage.py collectstatic --noinput -v 0
	DJANGO_SETTINGS_MODULE=sumalos.settings_production $(BIN)/gunicorn -c sumalos/gunicorn_conf.py sumalos.wsgi:application

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

test: lint chromium
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest

# The browser tests drive Debian's Chromium (never a downloaded one). Installing it needs root
# and the package mirror; where that fails the browser test is skipped and says why.
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  (DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null 2>&1 && \
	   echo "chromium installed") || echo "chromium could not be installed: browser tests will be skipped"

services: $(STAMP)
	$(BIN)/python manage.py services start

stop: $(STAMP)
	$(BIN)/python manage.py services stop

clean: stop
	rm -rf .embedded .media
