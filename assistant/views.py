"""The web chat (DESIGN §6, §8): conversations, the message stream with sources, the
"Lo he aprendido" card with undo (it stays until the person closes it), the list of what Suma
learned lately, the link-WhatsApp card, and drafts to confirm.

Views are thin: every write goes through a service (channels for the transcript and linking,
the assistant for the reply and for deleting a conversation, invoicing for issuing a confirmed
draft). Chats are addressed by their ``public_id``; the temporary chat has no row at all and
carries its signed transcript in its own form (``assistant/temporary.py``).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from assistant.forgetting import conversation_delete
from assistant.notices import learned_notices_dismiss
from assistant.selectors import learned_card, learned_recent
from assistant.services import history_for, web_turn
from assistant.temporary import (
    temporary_transcript_dump,
    temporary_transcript_load,
    temporary_turn,
)
from channels_app.selectors import (
    learned_notices_pending,
    web_chat_find,
    web_chat_list,
    whatsapp_history_unadopted,
    whatsapp_linked_phone,
)
from channels_app.services.chats import web_chat_create
from channels_app.services.linking import (
    whatsapp_history_adopt,
    whatsapp_link_code_create,
    whatsapp_unlink,
)
from channels_app.services.notices import learned_notice_undo, learned_notices_mark_shown
from sumalos.accounts.middleware import request_access
from sumalos.invoicing.models import Invoice, Quote
from sumalos.invoicing.selectors import access_record
from sumalos.invoicing.services import invoice_issue, quote_issue
from sumalos.platform.redirects import safe_next


def _page(request: HttpRequest, **context: Any) -> HttpResponse:
    """The chat page: the list of chats, the link card and whatever the view adds."""
    access = request_access(request)
    return render(
        request,
        "assistant/chat.html",
        {
            "chats": web_chat_list(access=access),
            "chat": None,
            "offline": settings.AI_PROVIDER == "offline",
            "linked_phone": whatsapp_linked_phone(access=access),
            "unadopted": whatsapp_history_unadopted(access=access),
            "link_code": request.session.pop("whatsapp_link_code", None),
            "learned": learned_recent(access=access),
            **context,
        },
    )


@login_required
def chat_home(request: HttpRequest) -> HttpResponse:
    chats = web_chat_list(access=request_access(request), limit=1)
    if chats:
        return redirect("assistant:chat", chat_id=chats[0].public_id)
    return _page(request)


@login_required
@require_POST
def chat_new(request: HttpRequest) -> HttpResponse:
    access = request_access(request)
    chat = web_chat_create(
        access=access,
        organization_id=access.organization_ids[0] if access.organization_ids else None,
    )
    return redirect("assistant:chat", chat_id=chat.public_id)


@login_required
def chat(request: HttpRequest, chat_id: uuid.UUID) -> HttpResponse:
    access = request_access(request)
    conversation = web_chat_find(access=access, public_id=chat_id)
    notices = learned_card(access=access, conversation_id=conversation.conversation_id)
    return _page(request, chat=conversation, stream=conversation.transcript, notices=notices)


@login_required
@require_POST
def chat_send(request: HttpRequest, chat_id: uuid.UUID) -> HttpResponse:
    access = request_access(request)
    conversation = web_chat_find(access=access, public_id=chat_id)
    text = request.POST.get("text", "").strip()
    if not text:
        messages.error(request, "Escribe un mensaje.")
        return redirect("assistant:chat", chat_id=chat_id)
    # The card shown above this reply has now been seen; it stays until the person closes it.
    notices = learned_notices_pending(access=access, conversation_id=conversation.conversation_id)
    learned_notices_mark_shown(access=access, notice_ids=[n.pk for n in notices])
    try:
        web_turn(access=access, chat=conversation, text=text, history=history_for(conversation))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("assistant:chat", chat_id=chat_id)


@login_required
@require_POST
def chat_delete(request: HttpRequest, chat_id: uuid.UUID) -> HttpResponse:
    """Delete a conversation, its summary, what it showed and what only it taught."""
    forgotten = conversation_delete(access=request_access(request), public_id=chat_id)
    if forgotten:
        messages.success(
            request,
            f"Conversación borrada, y con ella {forgotten} recuerdo(s) que solo venían de ella.",
        )
    else:
        messages.success(request, "Conversación borrada.")
    return redirect("assistant:home")


@login_required
@never_cache
def chat_temporary(request: HttpRequest) -> HttpResponse:
    """The temporary chat: the transcript goes back and forth signed in the form, never stored."""
    access = request_access(request)
    transcript: list[dict[str, Any]] = []
    if request.method == "POST":
        try:
            transcript = temporary_transcript_load(
                access=access, state=request.POST.get("state", "")
            )
            text = request.POST.get("text", "").strip()
            if not text:
                raise ValidationError("Escribe un mensaje.")
            transcript = temporary_turn(access=access, transcript=transcript, text=text)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
    return _page(
        request,
        temporary=True,
        stream=transcript,
        state=temporary_transcript_dump(access=access, transcript=transcript),
    )


@login_required
@require_POST
def notice_undo(request: HttpRequest, notice_id: int) -> HttpResponse:
    try:
        notice = learned_notice_undo(access=request_access(request), notice_id=notice_id)
    except (ValidationError, PermissionDenied) as error:
        messages.error(request, " ".join(getattr(error, "messages", [str(error)])))
    else:
        messages.success(request, f"Olvidado: «{notice.text}».")
    return safe_next(request, "assistant:home")


@login_required
@require_POST
def notices_dismiss(request: HttpRequest) -> HttpResponse:
    """Close the "Lo he aprendido" card: kept on the server, per person and notice."""
    ids = [int(value) for value in request.POST.getlist("notice") if value.isdigit()]
    learned_notices_dismiss(access=request_access(request), notice_ids=ids)
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
def whatsapp_adopt(request: HttpRequest) -> HttpResponse:
    """Bring what the linked number said before linking into the person's history."""
    adopted = whatsapp_history_adopt(access=request_access(request))
    messages.success(request, f"Añadidos {adopted} mensajes anteriores de WhatsApp a tu historial.")
    return safe_next(request, "assistant:home")


@login_required
@require_POST
def whatsapp_unlink_view(request: HttpRequest) -> HttpResponse:
    whatsapp_unlink(access=request_access(request))
    messages.success(request, "Tu número de WhatsApp ya no está vinculado.")
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
