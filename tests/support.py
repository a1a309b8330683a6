"""Shared test support: a real Celery worker on this run's test database, and signed
WhatsApp webhook requests. Used by the channels integration tests and the end-to-end story."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.db import connection
from django.test import Client
from twilio.request_validator import RequestValidator

from learning.tasks import drain_outbox
from sumalos.celery import app

ROOT = Path(__file__).resolve().parents[1]
PREFIX = f"sumalos-test-{os.getpid()}:"
PATH = "/webhooks/whatsapp/"


def start_worker(extra_env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """One worker consuming every queue (``sumalos/celery.py``), solo pool."""
    env = {
        **os.environ,
        "SUMALOS_TEST_DATABASE": connection.settings_dict["NAME"],
        "SUMALOS_BROKER_PREFIX": PREFIX,
        **(extra_env or {}),
    }
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "sumalos",
            "worker",
            "-Q",
            ",".join(settings.CELERY_QUEUES_BY_JOB),
            "--pool=solo",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-l",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def queue_drain() -> None:
    """Queue one drain on this run's broker prefix."""
    with app.connection_for_write(transport_options={"global_keyprefix": PREFIX}) as conn:
        drain_outbox.apply_async(connection=conn)


def wait_for(condition: Callable[[], bool], timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("timed out waiting for the worker")


def whatsapp_post(
    params: dict[str, str], *, signature: str | None = None, client: Client | None = None
):
    url = settings.PUBLIC_BASE_URL.rstrip("/") + PATH
    signed = RequestValidator(settings.TWILIO_AUTH_TOKEN).compute_signature(url, params)
    return (client or Client()).post(
        PATH,
        data=urlencode(params),
        content_type="application/x-www-form-urlencoded",
        headers={"X-Twilio-Signature": signature if signature is not None else signed},
    )


def whatsapp_params(sid: str, phone: str, body: str, **extra: str) -> dict[str, str]:
    return {
        "MessageSid": sid,
        "From": f"whatsapp:{phone}",
        "To": "whatsapp:+14155238886",
        "Body": body,
        "NumMedia": "0",
        **extra,
    }
