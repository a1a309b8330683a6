"""A WhatsApp transport for tests that run a real worker: it records every send in a file.

``SUMALOS_FAKE_TRANSPORT_FILE`` is the record, one JSON line per message the "provider"
accepted. When the file named by ``SUMALOS_FAKE_TRANSPORT_HOLD`` exists, a send holds (at most
60 s) either ``before`` or ``after`` the provider accepts it (the hold file's content), after
writing ``<hold>.holding``: the test kills the worker there.
"""

from __future__ import annotations

import datetime
import json
import os
import time
import uuid
from pathlib import Path


def _record() -> Path:
    return Path(os.environ["SUMALOS_FAKE_TRANSPORT_FILE"])


def sent() -> list[dict[str, str]]:
    path = _record()
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line]


class RecordingTransport:
    def send(self, *, to: str, body: str, idempotency_key: str = "") -> str:
        hold = os.environ.get("SUMALOS_FAKE_TRANSPORT_HOLD")
        when = Path(hold).read_text().strip() if hold and Path(hold).exists() else ""
        if when == "before":
            self._hold(Path(hold or ""))
        sid = f"SMfake{uuid.uuid4().hex}"
        with _record().open("a") as record:
            record.write(json.dumps({"sid": sid, "to": to, "body": body, "key": idempotency_key}))
            record.write("\n")
        if when == "after":
            self._hold(Path(hold or ""))
        return sid

    def find(
        self, *, to: str, body: str, idempotency_key: str, since: datetime.datetime
    ) -> str | None:
        for line in sent():
            if line["key"] == idempotency_key:
                return line["sid"]
        return None

    def _hold(self, hold: Path) -> None:
        hold.with_suffix(".holding").write_text(str(os.getpid()))
        time.sleep(60)
