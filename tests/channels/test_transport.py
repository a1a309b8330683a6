"""The offline transport: a reply leaves a log line without its words."""

from __future__ import annotations

import logging

from channels_app.transport import ConsoleTransport


def test_the_offline_transport_logs_the_id_and_length_never_the_body(caplog):
    with caplog.at_level(logging.INFO, logger="sumalos.channels"):
        sid = ConsoleTransport().send(to="+34600111222", body="Tu clave es Girasol-77")

    assert sid.startswith("SMlocal")
    assert [r.getMessage() for r in caplog.records] == [
        f"WhatsApp → +34600111222: {sid} (22 caracteres)"
    ]
