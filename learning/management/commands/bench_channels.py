"""Benchmark: the learning drain, and a burst of signed WhatsApp messages end to end.

``manage.py bench_channels [--json]`` against a scratch database (its name must contain
``bench``; docs/benchmarks/channels.md). Offline models, everything on loopback, bounded:

1. **Drain**: ``--drain-messages`` web messages (one in three carries a fact) are learnt by
   ``--drain-processes`` processes running ``learning_drain`` on the same outbox at once (by
   default as many as ``make run`` starts for the learning queue; 1: this process alone, as
   the earlier runs); messages per second of wall time for them together, and CPU
   milliseconds per message of theirs (which depends less on what else runs on the
   machine). Each message must be learnt exactly once: the bench counts the gate's ledger
   rows per message and reports any message learnt twice.
2. **Burst**: ``--messages`` signed WhatsApp messages posted open-loop at ``--rate`` per second
   to the webhook (``make serve``'s gunicorn on 127.0.0.1) while real Celery workers, one per queue
   as ``make run`` starts them, answer and learn (drains queued every 5 s, as beat does). The
   webhook acknowledgement is timed per request; the reply latency is the reply's ``sent_at``
   minus the inbound message's ``created_at``. ``--linked-phones`` of the numbers are linked
   to the bench's account, so their replies run the offline assistant loop; the others hear
   the fixed linking reply. Before the burst a few messages and a drain per learning process
   warm the models every process trains at first use, and the bench waits until the processes
   are idle; the CPU seconds the web and each queue's workers then spend are read from their
   processes. The burst stops by itself: the posting is bounded
   by count, the wait for replies by ``--reply-timeout``; the workers are stopped and the
   broker keys of the run removed.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from http.client import HTTPConnection, HTTPException
from typing import Any
from urllib.request import urlopen

import kombu.pools
import psutil
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, connections
from django.db.models import Count, DurationField, ExpressionWrapper, F

from channels_app.management.commands.send_whatsapp import signed_request
from channels_app.models import (
    AiMessage,
    OutboxEntry,
    PhoneAuthorization,
    PhoneLink,
    WhatsappMessage,
    WhatsappReply,
)
from channels_app.services.chats import web_chat_append, web_chat_create
from learning.offline import attributes, gate
from learning.tasks import learning_drain
from memory.models import Memory
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Area, Membership, Organization, User
from sumalos.accounts.services import membership_add, organization_create
from sumalos.ai.models import AiUsage
from sumalos.celery import app
from sumalos.platform.management.commands.run_all import NICENESS, WORKERS, worker_process

PHONE_PREFIX = "+3469"
# Messages sent before the burst so that every reply process loads its models; not measured.
WARM_UP_MESSAGES = 4
TEXTS = (
    "Hola Suma, ¿qué tal?",
    "Me llamo Pablo y trabajo de fontanero",
    "¿Cuánto facturé el mes pasado?",
    "Talleres García ahora paga a 60 días, no a 30",
    "Gracias, hasta mañana",
)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` and of its children, the live ones and
    those already reaped; 0 once it is gone."""
    try:
        root = psutil.Process(pid)
        times = root.cpu_times()
        own = times.user + times.system + times.children_user + times.children_system
        return float(own + sum(sum(p.cpu_times()[:2]) for p in root.children(recursive=True)))
    except psutil.NoSuchProcess:
        return 0.0


def postgres_pid() -> int:
    """The postmaster serving this connection: its children are every backend."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = int(cursor.fetchone()[0])
    return int(psutil.Process(backend).ppid())


def _drain_process(barrier: Any, results: Any) -> None:
    """One learning process of the bench's drain (forked: models trained, no connection)."""
    barrier.wait()
    started, cpu = time.perf_counter(), time.process_time()
    report = learning_drain(max_batches=10_000)
    ended = time.perf_counter()
    results.put(
        (report.done, report.retried + report.dead, started, ended, time.process_time() - cpu)
    )
    connections.close_all()


def drain_in_processes(processes: int) -> list[tuple[int, int, float, float, float]]:
    """Run ``learning_drain`` in ``processes`` forked processes at once, on the same outbox;
    per process: messages done, failed, start and end (perf counter), CPU seconds."""
    # A forked child must open its own connection, never share the parent's socket.
    connections.close_all()
    context = multiprocessing.get_context("fork")
    barrier, results = context.Barrier(processes), context.Queue()
    children = [
        context.Process(target=_drain_process, args=(barrier, results)) for _ in range(processes)
    ]
    for child in children:
        child.start()
    found = [results.get(timeout=900) for _ in children]
    for child in children:
        child.join(timeout=60)
    return found


def _use_prefix(prefix: str) -> None:
    app.conf.broker_transport_options = {"global_keyprefix": prefix}
    app._pool = None
    app.amqp._producer_pool = None
    # kombu ships no types for this function.
    kombu.pools.reset()  # type: ignore[no-untyped-call]


class Command(BaseCommand):
    help = "Mide el vaciado de aprendizaje y una ráfaga de WhatsApp firmados de punta a punta."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--drain-messages", type=int, default=300)
        # As deployed: ``make run`` starts this many learning processes (run_all.WORKERS).
        parser.add_argument("--drain-processes", type=int, default=dict(WORKERS)["learning"])
        parser.add_argument("--messages", type=int, default=1000)
        parser.add_argument("--rate", type=float, default=50.0)
        parser.add_argument("--phones", type=int, default=200)
        parser.add_argument("--linked-phones", type=int, default=0)
        parser.add_argument("--reply-timeout", type=float, default=900.0)
        parser.add_argument("--drain-only", action="store_true", help="Sin la ráfaga.")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        database = str(connection.settings_dict["NAME"])
        if "bench" not in database:
            raise CommandError(
                f"Base de datos «{database}»: usa una de prueba (SUMALOS_TEST_DATABASE=..._bench)."
            )
        result: dict[str, Any] = {
            "conditions": {
                "cores": os.cpu_count(),
                "load_average_before": [round(x, 2) for x in os.getloadavg()],
                "database": "embedded PostgreSQL 18, durability off, scratch database",
                "models": "offline (local e5, logistic gate, pattern extraction)",
                "workers": {queue: concurrency for queue, concurrency in WORKERS},
                "worker_niceness": NICENESS,
            }
        }
        tag = uuid.uuid4().hex[:8]
        user = User.objects.create_user(email=f"bench-{tag}@bench.test", password=None)
        org = organization_create(name=f"Bench {tag}", owner=user)
        try:
            result["drain"] = self._drain(
                user, org, options["drain_messages"], options["drain_processes"]
            )
            if not options["drain_only"]:
                self._link(tag, org, options["linked_phones"])
                result.update(self._burst(options))
        finally:
            PhoneLink.objects.filter(phone__startswith=PHONE_PREFIX).delete()
            WhatsappMessage.objects.filter(phone__startswith=PHONE_PREFIX).delete()
            Memory.objects.filter(organization=org).delete()
            Memory.objects.filter(owner_phone__startswith=PHONE_PREFIX).delete()
            org.delete()
            User.objects.filter(email__startswith=f"bench-{tag}").delete()
        result["conditions"]["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            for section, values in result.items():
                self.stdout.write(f"{section}: {values}")

    def _link(self, tag: str, org: Organization, count: int) -> None:
        """Link the first ``count`` numbers, each to an admin of the bench's organization."""
        for n in range(count):
            user = User.objects.create_user(email=f"bench-{tag}-{n}@bench.test", password=None)
            membership_add(organization=org, user=user, role=Membership.Role.ADMIN)
            link = PhoneLink.objects.create(phone=f"{PHONE_PREFIX}{n:07d}", user=user)
            PhoneAuthorization.objects.create(
                link=link,
                organization=org,
                read_areas=[a.value for a in Area],
                write_areas=[a.value for a in Area],
            )

    def _drain(self, user: User, org: Organization, count: int, processes: int) -> dict[str, Any]:
        # Train the gate and the attribute classifier first: one-off costs of a worker's
        # first drain (tens of seconds here), not per-message ones.
        gate.model()
        attributes.model()
        access = access_for_user(user, organization_ids=[org.pk])
        chat = web_chat_create(access=access, organization_id=org.pk)
        OutboxEntry.objects.filter(status="pending").update(status="done", outcome="bench-skip")
        for n in range(count):
            text = (
                f"Talleres Bench{n} ahora paga a {n % 90 + 10} días, no a 30"
                if n % 3 == 0
                else f"¿Cuánto le facturé a Bench{n} en mayo?"
            )
            web_chat_append(access=access, chat_id=chat.pk, role="user", text=text)
        if processes == 1:
            started, cpu = time.perf_counter(), time.process_time()
            report = learning_drain(max_batches=10_000)
            ended, cpu = time.perf_counter(), time.process_time() - cpu
            runs = [(report.done, report.retried + report.dead, started, ended, cpu)]
        else:
            runs = drain_in_processes(processes)
        done, failed = sum(run[0] for run in runs), sum(run[1] for run in runs)
        elapsed = max(run[3] for run in runs) - min(run[2] for run in runs)
        cpu = sum(run[4] for run in runs)
        return {
            "processes": processes,
            "messages": done,
            "failed": failed,
            "per_process": [run[0] for run in runs],
            "learnt_twice": self._learnt_twice(org),
            "batch_size": settings.LEARNING_BATCH_SIZE,
            "seconds": round(elapsed, 2),
            "messages_per_second": round(done / elapsed, 1),
            "cpu_seconds": round(cpu, 2),
            "cpu_ms_per_message": round(cpu / done * 1000, 1),
            "messages_per_cpu_second": round(done / cpu, 1),
            "with_a_fact": count // 3 + (count % 3 > 0),
        }

    def _learnt_twice(self, org: Organization) -> int:
        """Messages of the drain whose gate ran more than once (one ledger row per run)."""
        ids = AiMessage.objects.filter(organization_id=org.pk).values("id")
        return (
            AiUsage.objects.filter(purpose=AiUsage.Purpose.GATE, message_id__in=ids)
            .values("message_id")
            .annotate(runs=Count("id"))
            .filter(runs__gt=1)
            .count()
        )

    def _workers(self, prefix: str) -> list[subprocess.Popen[bytes]]:
        env = {
            **os.environ,
            "SUMALOS_TEST_DATABASE": str(connection.settings_dict["NAME"]),
            "SUMALOS_BROKER_PREFIX": prefix,
        }
        return [
            worker_process(
                sys.executable,
                queue,
                concurrency,
                "--without-heartbeat",
                "-l",
                "error",
                cwd=settings.BASE_DIR,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for queue, concurrency in WORKERS
        ]

    def _burst(self, options: dict[str, Any]) -> dict[str, Any]:
        total, rate, phones = options["messages"], options["rate"], options["phones"]
        prefix = f"bench-channels-{uuid.uuid4().hex[:8]}:"
        _use_prefix(prefix)
        if not settings.TWILIO_AUTH_TOKEN:
            settings.TWILIO_AUTH_TOKEN = uuid.uuid4().hex
        workers = self._workers(prefix)
        port, server = self._gunicorn(prefix)
        queues = [queue for queue, _ in WORKERS]
        base = f"http://127.0.0.1:{port}"
        stop = threading.Event()

        def beat() -> None:  # what beat does during the burst: queue the drains every 5 s
            while not stop.wait(5):
                app.send_task("channels.drain_outbox")
                app.send_task("search.tasks.drain_search_outbox")

        threading.Thread(target=beat, daemon=True).start()

        # Signed before the clock starts, sent over one kept-alive connection per client
        # thread: the clients share the machine with what they measure, so they do little.
        requests = [
            signed_request(
                phone=f"{PHONE_PREFIX}{n % phones:07d}", text=TEXTS[n % len(TEXTS)], base_url=base
            )
            for n in range(WARM_UP_MESSAGES + total)
        ]
        local = threading.local()

        def one(n: int) -> float | None:
            request = requests[n]
            headers = dict(request.header_items())
            started = time.perf_counter()
            # A kept-alive connection the server closed meanwhile is opened again, once.
            for reused in (True, False):
                if getattr(local, "connection", None) is None:
                    local.connection, reused = HTTPConnection("127.0.0.1", port, timeout=30), False
                try:
                    local.connection.request(
                        "POST", request.selector, body=request.data, headers=headers
                    )
                    response = local.connection.getresponse()
                    response.read()
                    break
                except (OSError, HTTPException):
                    local.connection.close()
                    local.connection = None
                    if not reused:
                        return None
            if response.status != 200:
                return None
            return (time.perf_counter() - started) * 1000

        try:
            # Warm-up, not measured: every process loads and trains its models at first use
            # (the learning ones ~20 s of CPU each); the burst measures the steady state.
            with ThreadPoolExecutor(max_workers=WARM_UP_MESSAGES) as pool:
                list(pool.map(one, range(WARM_UP_MESSAGES)))
            for _ in range(dict(WORKERS)["learning"]):
                app.send_task("channels.drain_outbox")
            self._settle([server, *workers])
            first_id = WhatsappMessage.objects.order_by("-id").values_list("id", flat=True)[0]
            acks: list[Future[float | None]] = []
            # The web, each queue's workers, PostgreSQL (every backend, this cluster serves
            # only the bench) and this process alone (the clients).
            measured = [server.pid, *(w.pid for w in workers), postgres_pid()]
            cpu_before = [cpu_seconds(pid) for pid in measured]
            clients_before = time.process_time()
            started = time.perf_counter()
            # Open loop: enough clients that a slow answer never delays the next send.
            with ThreadPoolExecutor(max_workers=200) as pool:
                for n in range(total):
                    delay = started + n / rate - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)
                    acks.append(pool.submit(one, WARM_UP_MESSAGES + n))
            posted_in = time.perf_counter() - started
            answered = [future.result() for future in acks]
            samples = [ms for ms in answered if ms is not None]
            deadline = time.monotonic() + options["reply_timeout"]
            inbound = WhatsappMessage.objects.filter(
                phone__startswith=PHONE_PREFIX, direction="inbound", id__gt=first_id
            )
            while time.monotonic() < deadline:
                if (
                    WhatsappReply.objects.filter(inbound__in=inbound, state="sent").count()
                    >= inbound.count()
                ):
                    break
                time.sleep(1)
            replies_done = time.perf_counter() - started
            cpu_used = [
                *(
                    round(cpu_seconds(pid) - before, 1)
                    for pid, before in zip(measured, cpu_before, strict=True)
                ),
                round(time.process_time() - clients_before, 1),
            ]
        finally:
            stop.set()
            for worker in [server, *workers]:
                worker.terminate()
            for worker in workers:
                try:
                    worker.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    worker.kill()
            self._forget_broker_keys(prefix)
            _use_prefix(settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("global_keyprefix", ""))
        latencies = [
            delta.total_seconds()
            for delta in WhatsappReply.objects.filter(inbound__in=inbound, state="sent")
            .annotate(
                latency=ExpressionWrapper(
                    F("sent_at") - F("inbound__created_at"), output_field=DurationField()
                )
            )
            .values_list("latency", flat=True)
        ]
        return {
            "webhook": {
                "requests": len(answered),
                "failed": len(answered) - len(samples),
                "server": "gunicorn, sumalos/gunicorn_conf.py (2 processes x 4 threads)",
                "rate_per_second": rate,
                "posted_in_seconds": round(posted_in, 2),
                "ack_ms_p50": round(statistics.median(samples), 1),
                "ack_ms_p99": round(percentile(samples, 99), 1),
            },
            "cpu_seconds_until_all_replied": dict(
                zip(["web", *queues, "postgresql", "bench_clients"], cpu_used, strict=True)
            ),
            "replies": {
                "linked_phones": options["linked_phones"],
                "sent": len(latencies),
                "of": inbound.count(),
                "all_sent_after_seconds": round(replies_done, 1),
                "latency_s_p50": round(statistics.median(latencies), 2) if latencies else None,
                "latency_s_p95": round(percentile(latencies, 95), 2) if latencies else None,
            },
        }

    def _settle(self, processes: list[subprocess.Popen[bytes]]) -> None:
        """Wait until the web and the workers are idle: under 0.2 s of CPU in 3 s (max 300 s)."""
        deadline = time.monotonic() + 300
        used = sum(cpu_seconds(p.pid) for p in processes)
        while time.monotonic() < deadline:
            time.sleep(3)
            now = sum(cpu_seconds(p.pid) for p in processes)
            if now - used < 0.2:
                return
            used = now

    def _gunicorn(self, prefix: str) -> tuple[int, subprocess.Popen[bytes]]:
        """The production web process (``make serve``'s gunicorn) on a free loopback port."""
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        env = {
            **os.environ,
            "SUMALOS_TEST_DATABASE": str(connection.settings_dict["NAME"]),
            "SUMALOS_BROKER_PREFIX": prefix,
            "TWILIO_AUTH_TOKEN": settings.TWILIO_AUTH_TOKEN,
            "GUNICORN_BIND": f"127.0.0.1:{port}",
        }
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                "sumalos/gunicorn_conf.py",
                "--access-logfile",
                "/dev/null",
                "sumalos.wsgi:application",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # Warm up: the port opens before the processes have loaded Django; the burst starts
        # once a round of requests, enough to reach every process, is answered.
        deadline = time.monotonic() + 180

        def answered(_: int) -> bool:
            try:
                with urlopen(f"http://127.0.0.1:{port}/entrar/", timeout=60) as page:
                    return bool(page.status == 200)
            except OSError:
                return False

        while True:
            with ThreadPoolExecutor(max_workers=8) as pool:
                if all(pool.map(answered, range(16))):
                    return port, server
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise CommandError("gunicorn no arrancó")
            time.sleep(0.5)

    def _forget_broker_keys(self, prefix: str) -> None:
        import redis

        url = settings.CELERY_BROKER_URL
        client = (
            redis.Redis(unix_socket_path=url.removeprefix("redis+socket://"))
            if url.startswith("redis+socket://")
            else redis.Redis.from_url(url)
        )
        keys = list(client.scan_iter(match=f"{prefix}*"))
        if keys:
            client.delete(*keys)
