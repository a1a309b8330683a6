"""The embedded servers start, recover from a crashed run, and stop (docs/decisions/0002)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from sumalos import embedded


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the embedded module at an empty state directory of its own."""
    state = tmp_path / "state"
    monkeypatch.setattr(embedded, "STATE_DIR", state)
    monkeypatch.setattr(embedded, "PG_DATA", state / "pg")
    monkeypatch.setattr(embedded, "REDIS_DIR", state / "redis")
    monkeypatch.setattr(embedded, "PATHS", embedded.EmbeddedPaths(socket_dir=state / "run"))
    return state


def _dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_redis_starts_after_a_crash_left_a_stale_pid_and_socket(scratch):
    (scratch / "redis").mkdir(parents=True)
    (scratch / "run").mkdir()
    (scratch / "redis" / "redis.pid").write_text(str(_dead_pid()))
    embedded.PATHS.redis_socket.write_text("stale")

    try:
        assert embedded.ensure_redis(keep=True) is True
        assert embedded._redis_answers() is True
        # A second start finds it running and leaves it alone.
        assert embedded.ensure_redis(keep=True) is False
    finally:
        embedded.stop_redis()

    assert embedded._redis_answers() is False


def test_postgres_starts_after_a_crash_left_a_stale_pid_file(scratch):
    assert embedded.ensure_postgres(keep=True) is True
    embedded.stop_postgres()
    # Simulate a crash: the server is gone but its pid file and socket lock remain.
    pid_file = embedded.PG_DATA / "postmaster.pid"
    pid_file.write_text(f"{_dead_pid()}\n{embedded.PG_DATA}\n")
    (embedded.PATHS.socket_dir / ".s.PGSQL.5432.lock").write_text("stale")

    try:
        assert embedded.ensure_postgres(keep=True) is True
        out = embedded._run_pg(
            [
                embedded._pg_bin("psql"),
                "-h",
                str(embedded.PATHS.socket_dir),
                "-U",
                "sumalos",
                "-d",
                "sumalos",
                "-tAc",
                "SELECT current_user, rolsuper, (SELECT count(*) FROM pg_extension"
                " WHERE extname IN ('vector','pg_trgm','unaccent','btree_gist'))"
                " FROM pg_roles WHERE rolname = current_user",
            ]
        ).stdout.strip()
        assert out == "sumalos|f|4"
    finally:
        embedded.stop_postgres()

    assert not pid_file.exists()


@pytest.mark.skipif(os.environ.get("DATABASE_URL") is not None, reason="uses the embedded path")
def test_settings_point_at_the_embedded_socket():
    from django.conf import settings

    assert settings.DATABASES["default"]["HOST"] == str(embedded.PATHS.socket_dir)
    assert settings.DATABASES["default"]["USER"] == "sumalos"
