"""Outside WhatsApp's 24-hour window no free-form reply is sent (docs/channels.md)."""

import datetime

import pytest
from django.utils import timezone

from assistant.whatsapp import whatsapp_reply_send
from channels_app.models import WhatsappMessage

pytestmark = pytest.mark.django_db


def test_a_message_older_than_24_hours_gets_no_free_form_reply():
    inbound = WhatsappMessage.objects.create(
        message_sid="SM" + "w" * 32, direction="inbound", phone="+34600000555", body="¿Hola?"
    )
    WhatsappMessage.objects.filter(pk=inbound.pk).update(
        created_at=timezone.now() - datetime.timedelta(hours=24, minutes=1)
    )

    sent = whatsapp_reply_send(message_id=inbound.pk)

    inbound.refresh_from_db()
    assert sent is None
    assert inbound.replied_at is not None
    assert WhatsappMessage.objects.filter(direction="outbound").count() == 0
    # A second attempt (a retried task) sends nothing either.
    assert whatsapp_reply_send(message_id=inbound.pk) is None
