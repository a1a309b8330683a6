"""The WhatsApp webhook: Twilio form encoding, signed, answered at once (DESIGN §6).

413 for an oversized body, 400 for anything that is not a well-formed Twilio message, 403 for a
signature that does not match, 503 while no Twilio token is configured; a replay gets 200 and
stores nothing. The reply is composed by the worker, never here.
"""

from __future__ import annotations

import logging
import re

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from twilio.request_validator import RequestValidator

from channels_app.services.linking import link_code_of
from channels_app.services.whatsapp import E164, whatsapp_inbound_receive, whatsapp_inbound_store
from sumalos.celery import app
from sumalos.platform.middleware import keeps_raw_input
from sumalos.platform.text import clean_text

MAX_BODY_BYTES = 64 * 1024
MAX_MEDIA = 10
SID = re.compile(r"^[A-Z]{2}[0-9a-zA-Z]{10,62}$")
logger = logging.getLogger(__name__)
# Sent by name: the reply task is the assistant's, a layer above this one (assistant/tasks.py).
REPLY_TASK = "channels.whatsapp_reply"
EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'


def _twiml() -> HttpResponse:
    return HttpResponse(EMPTY_TWIML, content_type="text/xml")


@keeps_raw_input
@csrf_exempt
@require_POST
def whatsapp_webhook(request: HttpRequest) -> HttpResponse:
    if not settings.TWILIO_AUTH_TOKEN:
        logger.error("WhatsApp webhook refused (503): TWILIO_AUTH_TOKEN is not set.")
        return HttpResponse(status=503)
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return HttpResponse(status=400)
    if length > MAX_BODY_BYTES:
        return HttpResponse(status=413)
    if request.content_type != "application/x-www-form-urlencoded":
        return HttpResponse(status=400)
    params = {key: request.POST.get(key, "") for key in request.POST}
    validator = RequestValidator(settings.TWILIO_AUTH_TOKEN)
    url = settings.PUBLIC_BASE_URL.rstrip("/") + request.get_full_path()
    if not validator.validate(url, params, request.headers.get("X-Twilio-Signature", "")):
        return HttpResponse(status=403)
    # Signed as sent; cleaned once the signature holds (sumalos/platform/text.py).
    params = {key: clean_text(value) for key, value in params.items()}
    sid = params.get("MessageSid") or params.get("SmsMessageSid", "")
    sender = params.get("From", "").removeprefix("whatsapp:")
    if not SID.match(sid) or not E164.match(sender):
        return HttpResponse(status=400)
    try:
        count = int(params.get("NumMedia") or 0)
    except ValueError:
        return HttpResponse(status=400)
    if not 0 <= count <= MAX_MEDIA:
        return HttpResponse(status=400)
    media = [
        {
            "url": params.get(f"MediaUrl{i}", ""),
            "content_type": params.get(f"MediaContentType{i}", ""),
        }
        for i in range(count)
    ]
    body = params.get("Body", "")
    if link_code_of(body) is None:
        # The acknowledgement path: one statement, committed on its own; the triggers do the
        # rest (decision 0029). In autocommit the reply is queued at once.
        message_id = whatsapp_inbound_store(message_sid=sid, phone=sender, body=body, media=media)
        if message_id is not None:
            transaction.on_commit(app.signature(REPLY_TASK, args=(message_id, None)).apply_async)
        return _twiml()
    with transaction.atomic():
        inbound = whatsapp_inbound_receive(message_sid=sid, phone=sender, body=body, media=media)
        if inbound.message is not None:
            message_id, text = inbound.message.pk, inbound.link_reply
            reply = app.signature(REPLY_TASK, args=(message_id, text))
            transaction.on_commit(reply.apply_async)
    return _twiml()
