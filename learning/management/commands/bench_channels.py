"""Benchmarks: outbox drain throughput, commit → learned latency, webhook ack p50/p99.

Run against a scratch database (docs/benchmarks/channels.md); it creates its own organization
and removes it at the end. Offline models; the webhook runs in a WSGI server on loopback and
a bounded pool of clients posts signed messages to it.
"""

from __future__ import annotations

import statistics
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.request import urlopen
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from django.core.management.base import BaseCommand, CommandParser
from django.core.wsgi import get_wsgi_application

from channels_app.management.commands.send_whatsapp import signed_request
from channels_app.models import WhatsappMessage
from channels_app.services.chats import web_chat_append, web_chat_create
from channels_app.services.outbox import outbox_drain
from learning.offline.gate import model
from learning.services import message_learn
from memory.models import Memory
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Organization, User
from sumalos.accounts.services import organization_create
from sumalos.celery import app


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return


class _ThreadedServer(WSGIServer):
    def process_request(self, request: Any, client_address: Any) -> None:
        threading.Thread(target=self._handle, args=(request, client_address), daemon=True).start()

    def _handle(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        finally:
            self.shutdown_request(request)


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Command(BaseCommand):
    help = "Mide el vaciado de la bandeja, la latencia hasta aprender y el acuse del webhook."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--messages", type=int, default=200)
        parser.add_argument("--requests", type=int, default=400)
        parser.add_argument("--concurrency", type=int, default=4)

    def handle(self, *args: Any, **options: Any) -> None:
        tag = uuid.uuid4().hex[:8]
        user = User.objects.create_user(email=f"bench-{tag}@bench.test", password=None)
        org = organization_create(name=f"Bench {tag}", owner=user)
        try:
            self._drain(user, org, options["messages"])
            self._latency(user, org)
            self._webhook(options["requests"], options["concurrency"])
        finally:
            WhatsappMessage.objects.filter(phone__startswith="+3469").delete()
            Memory.objects.filter(organization=org).delete()
            org.delete()
            user.delete()

    def _drain(self, user: User, org: Organization, count: int) -> None:
        model()  # train the gate first: a one-off cost, not a per-message one
        access = access_for_user(user, organization_ids=[org.pk])
        chat = web_chat_create(access=access, organization_id=org.pk)
        for n in range(count):
            text = (
                f"Talleres Bench{n} ahora paga a {n % 90 + 10} días, no a 30"
                if n % 3 == 0
                else f"¿Cuánto le facturé a Bench{n} en mayo?"
            )
            web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
        started = time.perf_counter()
        report = outbox_drain(handler=message_learn, max_batches=10_000)
        elapsed = time.perf_counter() - started
        self.stdout.write(
            f"drain: {report.done} mensajes en {elapsed:.2f} s = {report.done / elapsed:.1f} msg/s "
            f"({count // 3 + (count % 3 > 0)} con un hecho)"
        )

    def _latency(self, user: User, org: Organization) -> None:
        access = access_for_user(user, organization_ids=[org.pk])
        samples = []
        for n in range(20):
            chat = web_chat_create(access=access, organization_id=org.pk)
            started = time.perf_counter()
            web_chat_append(
                access=access,
                chat_id=chat.pk,
                role="user",
                text=f"Talleres Lat{n} ahora paga a 45 días, no a 30",
            )
            outbox_drain(handler=message_learn)
            assert Memory.objects.filter(subject=f"Talleres Lat{n}").exists()
            samples.append((time.perf_counter() - started) * 1000)
        self.stdout.write(
            f"commit → aprendido (sin la espera del beat, 0–5 s): p50 "
            f"{statistics.median(samples):.0f} ms, p99 {_percentile(samples, 99):.0f} ms"
        )

    def _webhook(self, total: int, concurrency: int) -> None:
        app.conf.task_always_eager = False
        # The ack is measured without a broker round trip to a worker that is not running here.
        app.conf.broker_url = "memory://"
        server = make_server(
            "127.0.0.1",
            0,
            get_wsgi_application(),
            server_class=_ThreadedServer,
            handler_class=_Quiet,
        )
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.server_port}"

        def one(n: int) -> float:
            request = signed_request(phone=f"+3469{n:07d}", text="Hola Suma", base_url=base)
            started = time.perf_counter()
            with urlopen(request, timeout=30) as response:  # noqa: S310
                response.read()
                assert response.status == 200
            return (time.perf_counter() - started) * 1000

        try:
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=concurrency) as pool:
                samples = list(pool.map(one, range(total)))
            elapsed = time.perf_counter() - started
        finally:
            server.shutdown()
        self.stdout.write(
            f"webhook: {total} peticiones, {concurrency} clientes, {total / elapsed:.0f} req/s; "
            f"acuse p50 {statistics.median(samples):.1f} ms, p99 {_percentile(samples, 99):.1f} ms"
        )
