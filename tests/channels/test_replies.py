"""Replies at least once, sent once: claimed, then sent; recovery after a crash in between
sends exactly once at the transport (docs/decisions/0022)."""

from __future__ import annotations

import os
import signal
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from channels_app.access import access_for_phone
from channels_app.models import WhatsappMessage, WhatsappReply
from channels_app.services.whatsapp import (
    whatsapp_inbound_receive,
    whatsapp_replies_recover,
    whatsapp_reply_claim,
    whatsapp_reply_deliver,
)
from channels_app.transport import get_transport
from sumalos.celery import app
from tests.channels import fake_transport
from tests.support import PREFIX, wait_for, whatsapp_params, whatsapp_post

PHONE = "+34655000333"
FAKE = "tests.channels.fake_transport.RecordingTransport"


@pytest.fixture
def record(tmp_path: Path, settings, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "sent.jsonl"
    monkeypatch.setenv("SUMALOS_FAKE_TRANSPORT_FILE", str(path))
    settings.WHATSAPP_TRANSPORT = FAKE
    return path


def _inbound(sid: str = "SM" + "3" * 32) -> WhatsappMessage:
    inbound = whatsapp_inbound_receive(message_sid=sid, phone=PHONE, body="Hola", media=[])
    assert inbound.message is not None
    return inbound.message


def _expire_leases() -> None:
    WhatsappReply.objects.update(claimed_until=timezone.now() - timedelta(minutes=1))


@pytest.mark.django_db
def test_a_reply_is_claimed_then_sent_with_the_providers_id(record: Path):
    inbound = _inbound()

    outbound = whatsapp_reply_deliver(access=access_for_phone(PHONE), inbound=inbound, text="Hola")

    [sent] = fake_transport.sent()
    reply = WhatsappReply.objects.get()
    assert outbound is not None
    assert (reply.state, reply.idempotency_key, reply.provider_message_id, reply.body) == (
        "sent",
        f"reply:{inbound.message_sid}",
        sent["sid"],
        "",
    )
    assert (outbound.message_sid, outbound.body, reply.outbound_id) == (
        sent["sid"],
        "Hola",
        outbound.pk,
    )
    assert (
        whatsapp_reply_deliver(access=access_for_phone(PHONE), inbound=inbound, text="Hola") is None
    )
    assert len(fake_transport.sent()) == 1


@pytest.mark.django_db
def test_a_crash_between_claim_and_send_is_sent_once_by_recovery(record: Path):
    inbound = _inbound()
    whatsapp_reply_claim(access=access_for_phone(PHONE), inbound=inbound, text="Hola")

    assert whatsapp_replies_recover().resent == 0  # the lease still holds

    _expire_leases()
    recovery = whatsapp_replies_recover()
    assert (recovery.resent, recovery.found_sent) == (1, 0)
    [sent] = fake_transport.sent()
    assert sent["key"] == f"reply:{inbound.message_sid}"
    reply = WhatsappReply.objects.get()
    assert (reply.state, reply.provider_message_id, reply.attempts) == ("sent", sent["sid"], 2)
    _expire_leases()
    assert whatsapp_replies_recover().resent == 0
    assert len(fake_transport.sent()) == 1
    assert WhatsappMessage.objects.filter(direction="outbound").count() == 1


@pytest.mark.django_db
def test_a_crash_after_the_provider_accepted_is_recorded_not_resent(record: Path):
    inbound = _inbound()
    reply = whatsapp_reply_claim(access=access_for_phone(PHONE), inbound=inbound, text="Hola")
    assert reply is not None
    sid = get_transport().send(to=PHONE, body=reply.body, idempotency_key=reply.idempotency_key)

    _expire_leases()
    recovery = whatsapp_replies_recover()

    assert (recovery.resent, recovery.found_sent) == (0, 1)
    assert [line["sid"] for line in fake_transport.sent()] == [sid]
    assert WhatsappMessage.objects.get(direction="outbound").message_sid == sid


@pytest.mark.django_db
def test_a_message_nobody_claimed_for_ten_minutes_is_listed_as_lost(record: Path):
    old, recent = _inbound("SM" + "4" * 32), _inbound("SM" + "5" * 32)
    WhatsappMessage.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(minutes=11)
    )

    assert whatsapp_replies_recover().lost == [old.pk]
    assert recent.replied_at is None


def _queue_recovery() -> None:
    with app.connection_for_write(transport_options={"global_keyprefix": PREFIX}) as conn:
        app.send_task("channels.recover_replies", connection=conn)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("when", ["before", "after"])
def test_a_worker_killed_mid_send_then_recovery_sends_exactly_once(
    world_tx, worker, tmp_path: Path, when: str
):
    """SIGKILL while the transport holds the send, ``before`` or ``after`` the provider
    accepted it; a fresh worker's recovery then leaves exactly one message at the transport."""
    path, hold = tmp_path / "sent.jsonl", tmp_path / "hold"
    hold.write_text(when)
    env = {
        "WHATSAPP_TRANSPORT": FAKE,
        "SUMALOS_FAKE_TRANSPORT_FILE": str(path),
        "SUMALOS_FAKE_TRANSPORT_HOLD": str(hold),
    }
    os.environ["SUMALOS_FAKE_TRANSPORT_FILE"] = str(path)
    try:
        first = worker(env)
        assert (
            whatsapp_post(whatsapp_params("SM" + "6" * 32, PHONE, "Hola Suma")).status_code == 200
        )
        wait_for(lambda: hold.with_suffix(".holding").exists())
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)

        reply = WhatsappReply.objects.get()
        assert reply.state == "claimed"
        assert len(fake_transport.sent()) == (1 if when == "after" else 0)
        assert not WhatsappMessage.objects.filter(direction="outbound").exists()

        hold.unlink()
        _expire_leases()  # the lease would run out by itself in 60 s
        worker(env)
        _queue_recovery()
        wait_for(lambda: WhatsappReply.objects.filter(state="sent").exists())

        [sent] = fake_transport.sent()
        reply.refresh_from_db()
        assert (sent["key"], sent["to"]) == ("reply:SM" + "6" * 32, PHONE)
        assert (reply.provider_message_id, reply.attempts) == (sent["sid"], 2)
        outbound = WhatsappMessage.objects.get(direction="outbound")
        assert (outbound.message_sid, outbound.body) == (sent["sid"], sent["body"])
    finally:
        os.environ.pop("SUMALOS_FAKE_TRANSPORT_FILE", None)
