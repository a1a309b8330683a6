"""How WhatsApp replies leave: Twilio's REST API in production, the log offline."""

from __future__ import annotations

import logging
import uuid
from typing import Protocol

from django.conf import settings

logger = logging.getLogger("sumalos.channels")


class WhatsappTransport(Protocol):
    def send(self, *, to: str, body: str) -> str:
        """Send ``body`` to the E.164 number ``to``; returns the provider's message id."""


class ConsoleTransport:
    """Offline: nothing leaves; the log records that a reply went, never its words.

    The reply itself is stored as an outbound message under the rule; a log line is a copy
    outside it, so it carries the message id and the length only.
    """

    def send(self, *, to: str, body: str) -> str:
        sid = f"SMlocal{uuid.uuid4().hex}"
        logger.info("WhatsApp → %s: %s (%d caracteres)", to, sid, len(body))
        return sid


class TwilioTransport:
    def send(self, *, to: str, body: str) -> str:
        from twilio.rest import Client

        client = Client(settings.TWILIO_ACCOUNT_SID, settings.TWILIO_AUTH_TOKEN)
        message = client.messages.create(
            from_=f"whatsapp:{settings.WHATSAPP_FROM}", to=f"whatsapp:{to}", body=body
        )
        return str(message.sid)


def get_transport() -> WhatsappTransport:
    if settings.WHATSAPP_TRANSPORT == "twilio":
        return TwilioTransport()
    return ConsoleTransport()
