"""Post a correctly signed Twilio-style message to the local webhook (the README story)."""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlencode
from urllib.request import Request, urlopen

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from twilio.request_validator import RequestValidator

PATH = "/webhooks/whatsapp/"


def signed_request(*, phone: str, text: str, base_url: str) -> Request:
    params = {
        "MessageSid": f"SM{uuid.uuid4().hex}",
        "From": f"whatsapp:{phone}",
        "To": f"whatsapp:{settings.WHATSAPP_FROM}",
        "Body": text,
        "NumMedia": "0",
    }
    # Twilio signs the public URL it was configured with, so the signature uses it too.
    url = settings.PUBLIC_BASE_URL.rstrip("/") + PATH
    signature = RequestValidator(settings.TWILIO_AUTH_TOKEN).compute_signature(url, params)
    return Request(  # noqa: S310  (a local URL the operator chose)
        base_url.rstrip("/") + PATH,
        data=urlencode(params).encode(),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Twilio-Signature": signature,
        },
    )


class Command(BaseCommand):
    help = 'Envía un WhatsApp firmado al webhook local: send_whatsapp --from +34... "texto"'

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--from", dest="phone", required=True)
        parser.add_argument("text")
        parser.add_argument("--url", default=settings.PUBLIC_BASE_URL)

    def handle(self, *args: Any, **options: Any) -> None:
        request = signed_request(
            phone=options["phone"], text=options["text"], base_url=options["url"]
        )
        with urlopen(request, timeout=10) as response:  # noqa: S310
            self.stdout.write(f"{response.status} {response.read().decode()[:200]}")
