"""``make run``: services, migrations, the demo world, then web + a worker per queue + beat until
Ctrl-C (development mode; ``make serve`` is the production path, docs/deployment.md)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from sumalos import embedded

# One worker per queue (settings.CELERY_TASK_ROUTES), sized for two cores: replies get two
# processes so one slow answer never holds the next; learning two, one per core, so a backlog
# drains on both cores while nothing else wants them (beat queues a drain every 5 s: a drain
# that outlasts that leaves the next to the other process); indexing and maintenance one each.
# Every process runs its models on one thread (sumalos/embeddings.py). The web comes first,
# then replies, then the throughput jobs: each worker runs at its own nice level, so a
# learning backlog never slows an acknowledgement or a reply. docs/deployment.md.
WORKERS = (("replies", 2), ("learning", 2), ("indexing", 1), ("maintenance", 1))
NICENESS = {"replies": 5, "learning": 10, "indexing": 10, "maintenance": 15}


def worker_command(python: str, queue: str, concurrency: int, *extra: str) -> list[str]:
    return [
        python,
        "-m",
        "celery",
        "-A",
        "sumalos",
        "worker",
        "-Q",
        queue,
        "-n",
        f"{queue}@%h",
        "-c",
        str(concurrency),
        "--without-gossip",
        "--without-mingle",
        *extra,
    ]


def worker_process(
    python: str, queue: str, concurrency: int, *extra: str, **popen: Any
) -> subprocess.Popen[bytes]:
    """A worker for ``queue`` at its nice level."""
    niceness = NICENESS[queue]
    return subprocess.Popen(
        worker_command(python, queue, concurrency, *extra),
        preexec_fn=lambda: os.nice(niceness),
        **popen,
    )


class Command(BaseCommand):
    help = "Start everything the product needs on embedded defaults (make run)."

    def handle(self, *args: Any, **options: Any) -> None:
        # manage.py started the embedded services in this process: they stop when it exits.
        embedded.ensure_services()
        call_command("migrate", interactive=False, verbosity=0)
        # Copies made before secrets were masked need the Python policy, which a frozen
        # migration may not import (docs/decisions/0011).
        call_command("remask_copies")
        call_command("load_knowledge")
        call_command("load_demo")
        self._demo_twilio_token()
        port = os.environ.get("PORT", "8000")
        python = sys.executable
        manage = str(settings.BASE_DIR / "manage.py")
        # DEBUG stays off (SUMALOS_DEBUG=1 turns it on); --insecure lets runserver serve the
        # static files anyway, which is all a local demo needs.
        children = [
            subprocess.Popen(
                [python, manage, "runserver", "--noreload", "--insecure", f"127.0.0.1:{port}"]
            ),
            *[
                worker_process(python, queue, concurrency, "-l", "warning")
                for queue, concurrency in WORKERS
            ],
            subprocess.Popen(
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "sumalos",
                    "beat",
                    "-l",
                    "warning",
                    "--schedule",
                    str(embedded.STATE_DIR / "celerybeat-schedule"),
                ]
            ),
        ]
        self.stdout.write(self.style.SUCCESS(f"\nSumalos en http://127.0.0.1:{port}/"))
        self.stdout.write("Pulsa Ctrl-C para pararlo todo.\n")
        stopping = False

        def stop(signum: int, frame: object) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        while not stopping and all(child.poll() is None for child in children):
            time.sleep(0.5)
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
        self.stdout.write("Parado.")

    def _demo_twilio_token(self) -> None:
        """Without TWILIO_AUTH_TOKEN the webhook answers 503: the demo gets its own token."""
        if os.environ.get("TWILIO_AUTH_TOKEN"):
            self.stdout.write("WhatsApp: webhook firmado con TWILIO_AUTH_TOKEN del entorno.")
            return
        token, _ = embedded.checkout_secret(embedded.DEMO_TWILIO_TOKEN, nbytes=24)
        self.stdout.write(
            self.style.WARNING(
                f"WhatsApp: token de Twilio SOLO PARA DEMO (no es de Twilio): {token}\n"
                "  send_whatsapp firma con él. En producción, define TWILIO_AUTH_TOKEN."
            )
        )
