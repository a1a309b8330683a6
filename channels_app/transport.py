"""How WhatsApp replies leave: Twilio's REST API in production, the log offline.

Every send carries the reply's idempotency key, and every transport can tell whether a reply
already left (``find``): after a worker dies between the provider accepting a message and the
database recording it, recovery asks before sending again (docs/decisions/0022).
``WHATSAPP_TRANSPORT`` is ``console``, ``twilio`` or the dotted path of a transport class.
"""

from __future__ import annotations

import datetime
import logging
import uuid
from typing import Any, Protocol

from django.conf import settings
from django.utils.module_loading import import_string

logger = logging.getLogger("sumalos.channels")
# How long a Twilio call may take; the reply lease (``REPLY_LEASE``) is longer.
TWILIO_TIMEOUT_SECONDS = 20


class WhatsappTransport(Protocol):
    def send(self, *, to: str, body: str, idempotency_key: str = "") -> str:
        """Send ``body`` to the E.164 number ``to``; returns the provider's message id."""

    def find(
        self, *, to: str, body: str, idempotency_key: str, since: datetime.datetime
    ) -> str | None:
        """The provider's id of this reply if it already left, else None."""


class ConsoleTransport:
    """Offline: nothing leaves; the log records that a reply went, never its words.

    The reply itself is stored as an outbound message under the rule; a log line is a copy
    outside it, so it carries the message id and the length only.
    """

    def send(self, *, to: str, body: str, idempotency_key: str = "") -> str:
        sid = f"SMlocal{uuid.uuid4().hex}"
        logger.info("WhatsApp → %s: %s (%d caracteres)", to, sid, len(body))
        return sid

    def find(
        self, *, to: str, body: str, idempotency_key: str, since: datetime.datetime
    ) -> str | None:
        return None  # nothing ever left: sending again is sending once


class TwilioTransport:
    """Twilio takes no idempotency key on a message: ``find`` looks for a message to the same
    number with the same body sent since the reply was claimed."""

    def _client(self) -> Any:
        from twilio.http.http_client import TwilioHttpClient
        from twilio.rest import Client

        return Client(
            settings.TWILIO_ACCOUNT_SID,
            settings.TWILIO_AUTH_TOKEN,
            http_client=TwilioHttpClient(timeout=TWILIO_TIMEOUT_SECONDS),
        )

    def send(self, *, to: str, body: str, idempotency_key: str = "") -> str:
        message = self._client().messages.create(
            from_=f"whatsapp:{settings.WHATSAPP_FROM}", to=f"whatsapp:{to}", body=body
        )
        return str(message.sid)

    def find(
        self, *, to: str, body: str, idempotency_key: str, since: datetime.datetime
    ) -> str | None:
        for message in self._client().messages.list(
            from_=f"whatsapp:{settings.WHATSAPP_FROM}",
            to=f"whatsapp:{to}",
            date_sent_after=since - datetime.timedelta(minutes=5),
            limit=50,
        ):
            if message.body == body:
                return str(message.sid)
        return None


def get_transport() -> WhatsappTransport:
    name = settings.WHATSAPP_TRANSPORT
    if name == "twilio":
        return TwilioTransport()
    if "." in name:
        transport: WhatsappTransport = import_string(name)()
        return transport
    return ConsoleTransport()
