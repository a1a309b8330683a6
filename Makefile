# Two commands: `make run` and `make test`. Everything else is set up by these.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell $(PYTHON) -c "import hashlib;print(hashlib.sha256(open('requirements.lock','rb').read()).hexdigest()[:12])")

.PHONY: run test lint services stop clean

$(STAMP): requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.lock
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py run_all

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest

services: $(STAMP)
	$(BIN)/python manage.py services start

stop: $(STAMP)
	$(BIN)/python manage.py services stop

clean: stop
	rm -rf .embedded .media
