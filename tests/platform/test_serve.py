"""``make serve``'s web process: gunicorn with the production settings, behind a proxy that
terminates TLS, answering a signed WhatsApp webhook into this run's database."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from urllib.parse import quote, urlencode

import pytest
import redis
from django.conf import settings
from django.db import connection
from twilio.request_validator import RequestValidator

from channels_app.models import WhatsappMessage
from tests.support import ROOT, whatsapp_params

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

HOST = "sumalos.test"
WSGI = "sumalos.wsgi:application"
PREFIX = f"serve-test-{os.getpid()}:"
TOKEN = "serve-test-token"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def gunicorn(world_tx) -> Iterator[int]:
    port = _free_port()
    db = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "sumalos.settings_production",
        "DJANGO_SECRET_KEY": "x" * 64,
        "DJANGO_ALLOWED_HOSTS": HOST,
        "PUBLIC_BASE_URL": f"https://{HOST}",
        "DATABASE_URL": f"postgresql://{db['USER']}@{quote(db['HOST'], safe='')}:{db['PORT']}"
        f"/{db['NAME']}",
        "REDIS_URL": settings.REDIS_URL,
        "TWILIO_AUTH_TOKEN": TOKEN,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": "2",
        "GUNICORN_THREADS": "2",
        # The reply task the webhook queues goes to keys of its own, removed afterwards.
        "SUMALOS_BROKER_PREFIX": PREFIX,
    }
    env.pop("SUMALOS_TEST_DATABASE", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            "sumalos/gunicorn_conf.py",
            "sumalos.wsgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise AssertionError("gunicorn did not start") from None
                time.sleep(0.2)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)
        url = settings.REDIS_URL
        broker = (
            redis.Redis(unix_socket_path=url.removeprefix("redis+socket://"))
            if url.startswith("redis+socket://")
            else redis.Redis.from_url(url)
        )
        for key in broker.scan_iter(match=f"{PREFIX}*"):
            broker.delete(key)


def _request(port: int, method: str, path: str, body: str = "", **headers: str):
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    client.request(method, path, body=body.encode() or None, headers={"Host": HOST, **headers})
    response = client.getresponse()
    response.read()
    client.close()
    return response


def test_behind_the_proxy_it_serves_https_only(gunicorn: int):
    plain = _request(gunicorn, "GET", "/entrar/")
    assert (plain.status, plain.getheader("Location")) == (301, f"https://{HOST}/entrar/")

    proxied = _request(gunicorn, "GET", "/entrar/", **{"X-Forwarded-Proto": "https"})
    assert proxied.status == 200
    assert proxied.getheader("Strict-Transport-Security") == (
        "max-age=31536000; includeSubDomains; preload"
    )


def test_a_signed_webhook_is_stored_by_the_production_web(gunicorn: int):
    params = whatsapp_params("SM" + "8" * 32, "+34655000555", "Hola Suma")
    url = f"https://{HOST}/webhooks/whatsapp/"
    response = _request(
        gunicorn,
        "POST",
        "/webhooks/whatsapp/",
        urlencode(params),
        **{
            "X-Forwarded-Proto": "https",
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Twilio-Signature": RequestValidator(TOKEN).compute_signature(url, params),
        },
    )

    assert response.status == 200
    stored = WhatsappMessage.objects.get()
    assert (stored.message_sid, stored.phone, stored.body) == (
        "SM" + "8" * 32,
        "+34655000555",
        "Hola Suma",
    )
