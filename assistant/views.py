"""The web chat (DESIGN §6, §8): conversations, the message stream with sources, the
"Lo he aprendido" card with undo, the link-WhatsApp card, and drafts to confirm.

Views are thin: every write goes through a service (channels for the transcript and linking,
the assistant for the reply, invoicing for issuing a confirmed draft).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from assistant.services import history_for, web_turn
from channels_app.models import WebChat
from channels_app.selectors import learned_notices_pending, web_chat_get, web_chat_list
from channels_app.services.chats import web_chat_create
from channels_app.services.linking import whatsapp_link_code_create
from channels_app.services.notices import learned_notice_undo, learned_notices_mark_shown
from sumalos.accounts.middleware import request_access
from sumalos.invoicing.models import Invoice, Quote
from sumalos.invoicing.selectors import access_record
from sumalos.invoicing.services import invoice_issue, quote_issue
from sumalos.platform.redirects import safe_next


def _chats(request: HttpRequest) -> list[WebChat]:
    return web_chat_list(access=request_access(request))


@login_required
def chat_home(request: HttpRequest) -> HttpResponse:
    chats = _chats(request)
    if chats:
        return redirect("assistant:chat", chat_id=chats[0].pk)
    return render(request, "assistant/chat.html", {"chats": [], "chat": None, **_flags()})


@login_required
@require_POST
def chat_new(request: HttpRequest) -> HttpResponse:
    access = request_access(request)
    chat = web_chat_create(
        access=access,
        organization_id=access.organization_ids[0] if access.organization_ids else None,
        temporary=request.POST.get("temporary") == "1",
    )
    return redirect("assistant:chat", chat_id=chat.pk)


def _flags() -> dict[str, Any]:
    return {"offline": settings.AI_PROVIDER == "offline"}


@login_required
def chat(request: HttpRequest, chat_id: int) -> HttpResponse:
    access = request_access(request)
    conversation = web_chat_get(access=access, chat_id=chat_id)
    notices = learned_notices_pending(access=access, conversation_id=conversation.conversation_id)
    return render(
        request,
        "assistant/chat.html",
        {
            "chats": _chats(request),
            "chat": conversation,
            "stream": conversation.transcript,
            "notices": notices,
            "link_code": request.session.pop("whatsapp_link_code", None),
            **_flags(),
        },
    )


@login_required
@require_POST
def chat_send(request: HttpRequest, chat_id: int) -> HttpResponse:
    access = request_access(request)
    conversation = web_chat_get(access=access, chat_id=chat_id)
    text = request.POST.get("text", "").strip()
    if not text:
        messages.error(request, "Escribe un mensaje.")
        return redirect("assistant:chat", chat_id=chat_id)
    # The card shown above this reply has now been seen.
    notices = learned_notices_pending(access=access, conversation_id=conversation.conversation_id)
    learned_notices_mark_shown(access=access, notice_ids=[n.pk for n in notices])
    try:
        web_turn(access=access, chat=conversation, text=text, history=history_for(conversation))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("assistant:chat", chat_id=chat_id)


@login_required
@require_POST
def notice_undo(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice = learned_notice_undo(access=request_access(request), notice_id=notice_id)
    messages.success(request, f"Olvidado: «{notice.text}».")
    return safe_next(request, "assistant:home")


@login_required
@require_POST
def whatsapp_link(request: HttpRequest) -> HttpResponse:
    access = request_access(request)
    if not access.organization_ids:
        raise PermissionDenied("Necesitas una organización para vincular WhatsApp.")
    code = whatsapp_link_code_create(access=access, organization_id=access.organization_ids[0])
    request.session["whatsapp_link_code"] = code
    return safe_next(request, "assistant:home")


@login_required
@require_POST
def draft_confirm(request: HttpRequest, kind: str, pk: int) -> HttpResponse:
    """Issue a draft the person reviewed in the chat."""
    access = request_access(request)
    try:
        if kind == "factura":
            issued: Invoice | Quote = invoice_issue(
                access=access, invoice=access_record(access, Invoice, pk, write=True)
            )
        else:
            issued = quote_issue(access=access, quote=access_record(access, Quote, pk, write=True))
    except (ValidationError, PermissionDenied) as error:
        messages.error(request, " ".join(getattr(error, "messages", [str(error)])))
    else:
        messages.success(request, f"Emitido con el número {issued.number}.")
    return safe_next(request, "assistant:home")
