"""Safe defaults: DEBUG off, Spanish error pages, no secret written in the repository, the
webhook closed without a token, the API schema behind a login, production passing
``check --deploy``. docs/deployment.md."""

from __future__ import annotations

import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from django.test import Client

from sumalos import embedded
from sumalos.accounts.models import User
from sumalos.platform.management.commands import run_all
from tests.support import whatsapp_params, whatsapp_post
from tests.world import World

ROOT = Path(__file__).resolve().parents[2]
ENGLISH_DEBUG = ("Traceback", "URLconf", "Page not found", "Server Error", "DEBUG = True")


def _settings_value(name: str, env: dict[str, str], module: str = "sumalos.settings") -> str:
    """Load the settings in a fresh process with exactly ``env`` and print one value."""
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "SUMALOS_", "TWILIO_"))
    }
    result = subprocess.run(
        [sys.executable, "-c", f"from django.conf import settings; print(settings.{name})"],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": module, **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_debug_is_off_unless_sumalos_debug_is_1(tmp_path):
    state = {"SUMALOS_EMBEDDED_DIR": str(tmp_path)}

    assert _settings_value("DEBUG", state) == "False"
    assert _settings_value("DEBUG", {**state, "DJANGO_DEBUG": "1"}) == "False"
    assert _settings_value("DEBUG", {**state, "SUMALOS_DEBUG": "1"}) == "True"


def test_the_secret_key_is_generated_once_per_checkout_unless_the_environment_gives_one(tmp_path):
    state = {"SUMALOS_EMBEDDED_DIR": str(tmp_path)}

    first = _settings_value("SECRET_KEY", state)
    second = _settings_value("SECRET_KEY", state)
    from_env = _settings_value(
        "SECRET_KEY",
        {"SUMALOS_EMBEDDED_DIR": str(tmp_path / "other"), "DJANGO_SECRET_KEY": "k" * 60},
    )

    assert first == second == (tmp_path / "secret_key").read_text().strip()
    assert len(first) == 64
    assert from_env == "k" * 60
    assert not (tmp_path / "other" / "secret_key").exists()


def test_the_twilio_token_has_no_default_only_the_demo_token_make_run_writes(
    tmp_path, capsys, monkeypatch
):
    state = {"SUMALOS_EMBEDDED_DIR": str(tmp_path)}
    assert _settings_value("TWILIO_AUTH_TOKEN", state) == ""

    monkeypatch.setattr(embedded, "DEMO_TWILIO_TOKEN", tmp_path / "twilio_demo_token")
    monkeypatch.delenv("TWILIO_AUTH_TOKEN", raising=False)
    run_all.Command()._demo_twilio_token()

    token = (tmp_path / "twilio_demo_token").read_text().strip()
    assert (
        f"WhatsApp: token de Twilio SOLO PARA DEMO (no es de Twilio): {token}"
        in capsys.readouterr().out
    )
    assert _settings_value("TWILIO_AUTH_TOKEN", state) == token


def test_without_a_twilio_token_the_webhook_answers_503_and_says_why(db, settings, caplog):
    settings.TWILIO_AUTH_TOKEN = ""

    with caplog.at_level(logging.ERROR, logger="channels_app.views"):
        response = whatsapp_post(whatsapp_params("SM" + "1" * 32, "+34600999888", "Hola"))

    assert response.status_code == 503
    assert [r.getMessage() for r in caplog.records if r.name == "channels_app.views"] == [
        "WhatsApp webhook refused (503): TWILIO_AUTH_TOKEN is not set."
    ]


def test_an_unknown_page_is_a_spanish_404(client, world: World):
    client.force_login(world.owner)

    response = client.get("/no-existe/")

    assert response.status_code == 404
    page = response.content.decode()
    assert "No encontramos esta página" in page
    assert not any(marker in page for marker in ENGLISH_DEBUG)


def test_a_forbidden_page_is_a_spanish_403(client, db):
    client.force_login(User.objects.create_user(email="sola@sin.org", password="x" * 12))

    response = client.get("/suma/")

    assert response.status_code == 403
    assert "No tienes permiso para ver esto" in response.content.decode()


def test_a_form_without_its_csrf_token_is_a_spanish_403(db):
    response = Client(enforce_csrf_checks=True).post("/entrar/", {"username": "a@b.es"})

    assert response.status_code == 403
    assert "El formulario ha caducado" in response.content.decode()


def test_a_request_for_another_host_is_a_spanish_400(client, db):
    response = client.get("/entrar/", headers={"host": "evil.example"})

    assert response.status_code == 400
    assert "No hemos podido entender la petición" in response.content.decode()


@pytest.mark.urls("tests.platform.boom_urls")
def test_a_failure_is_a_spanish_500_that_shows_nothing_of_the_request(db):
    response = Client(raise_request_exception=False).get("/boom/")

    page = response.content.decode()
    assert response.status_code == 500
    assert "Algo ha fallado de nuestro lado" in page
    assert "transcripción secreta" not in page
    assert not any(marker in page for marker in ENGLISH_DEBUG)


def test_the_api_schema_needs_a_login(client, world: World):
    anonymous = client.get("/api/schema/")
    client.force_login(world.reader)
    logged_in = client.get("/api/schema/")

    assert anonymous.status_code == 403
    assert b"/api/memories/" not in anonymous.content
    assert logged_in.status_code == 200
    assert b"/api/memories/" in logged_in.content


def _production_env(**overrides: str) -> dict[str, str]:
    socket_dir = str(embedded.PATHS.socket_dir)
    assert socket_dir == socket_dir.lower(), "the URL host is lower-cased"
    database = f"{embedded.APP_ROLE}@{quote(socket_dir, safe='')}/{embedded.APP_DATABASE}"
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "SUMALOS_", "TWILIO_"))
    }
    return {
        **base,
        "DJANGO_SETTINGS_MODULE": "sumalos.settings_production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        # The embedded server stands in for the production database (the role check reads it).
        "DATABASE_URL": f"postgres://{database}",
        "REDIS_URL": "redis://redis.internal:6379/0",
        "DJANGO_ALLOWED_HOSTS": "app.sumalos.es",
        "PUBLIC_BASE_URL": "https://app.sumalos.es",
        **overrides,
    }


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=180,
    )


def test_production_settings_pass_check_deploy_with_no_warnings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=_production_env())

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "System check identified no issues (0 silenced)."


@pytest.mark.parametrize("missing", ["DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DATABASE_URL"])
def test_production_settings_refuse_to_start_without_their_environment(missing):
    env = _production_env()
    del env[missing]

    result = _manage("check", env=env)

    assert result.returncode == 1
    assert f"{missing} is required in production (docs/deployment.md)." in result.stderr
