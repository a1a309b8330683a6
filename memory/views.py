"""The memory center: what Suma remembers about me, proposals, versions and the audit log.

Server-rendered and in Spanish; every action is one POST that calls one service
(``memory/services/``). Design: docs/memory.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from memory import services
from memory.models import Memory
from memory.selectors import (
    author_label,
    memory_audit_log,
    memory_center,
    memory_get,
    memory_versions,
    rights_for,
)
from sumalos.accounts.access import AiAccess
from sumalos.accounts.middleware import request_access
from sumalos.rls.rule import Visibility


def _organization_id(access: AiAccess) -> int | None:
    return access.organization_ids[0] if access.organization_ids else None


def _rows(access: AiAccess, memories: list[Memory]) -> list[dict[str, Any]]:
    return [
        {
            "memory": m,
            "rights": rights_for(access=access, memory=m),
            "author": author_label(m) if m.visibility == Visibility.SHARED else "",
        }
        for m in memories
    ]


@login_required
def center(request: HttpRequest) -> HttpResponse:
    access = request_access(request)
    memories = memory_center(access=access)
    return render(
        request,
        "memory/center.html",
        {
            "sections": [
                (
                    "Personal: solo tú, en todas tus organizaciones",
                    _rows(access, memories.personal),
                ),
                ("Privado: solo tú, en esta organización", _rows(access, memories.private)),
                ("Compartido con la organización", _rows(access, memories.shared)),
            ],
            "proposals": _rows(access, memories.proposals),
            "categories": Memory.Category.choices,
            "is_manager": access.is_manager(_organization_id(access)),
        },
    )


@login_required
@require_POST
def remember(request: HttpRequest) -> HttpResponse:
    """ "Recuerda que…" from the page: an explicit write under the same ladder."""
    access = request_access(request)
    try:
        result = services.memory_write(
            access=access,
            organization_id=_organization_id(access),
            category=request.POST.get("category", ""),
            text=request.POST.get("text", ""),
            requested_visibility=request.POST.get("visibility") or None,
            explicit=True,
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("memory:center")
    if result.refused:
        messages.error(request, result.reason)
    else:
        messages.success(request, result.reason)
    return redirect("memory:center")


ACTIONS: dict[str, tuple[Callable[..., Any], str]] = {
    "compartir": (services.memory_share, "Compartido con la organización."),
    "solo-para-mi": (services.memory_make_private, "Ahora solo lo ves tú."),
    "borrar": (services.memory_delete, "Olvidado."),
    "confirmar": (services.memory_proposal_confirm, "Propuesta confirmada."),
    "rechazar": (services.memory_proposal_reject, "Propuesta rechazada."),
    "restaurar": (services.memory_restore, "Versión restaurada."),
}


@login_required
@require_POST
def act(request: HttpRequest, memory_id: int, action: str) -> HttpResponse:
    if action not in ACTIONS:
        raise Http404("Acción desconocida.")
    service, done = ACTIONS[action]
    try:
        service(access=request_access(request), memory_id=memory_id)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, done)
    return redirect("memory:center")


@login_required
def edit(request: HttpRequest, memory_id: int) -> HttpResponse:
    access = request_access(request)
    memory, rights = memory_get(access=access, memory_id=memory_id)
    if request.method == "POST":
        try:
            services.memory_edit(
                access=access,
                memory_id=memory_id,
                text=request.POST.get("text", ""),
                value=request.POST.get("value"),
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, "Recuerdo corregido.")
            return redirect("memory:center")
    return render(request, "memory/edit.html", {"memory": memory, "rights": rights})


@login_required
def versions(request: HttpRequest, memory_id: int) -> HttpResponse:
    access = request_access(request)
    memory, _ = memory_get(access=access, memory_id=memory_id)
    rows = memory_versions(access=access, memory_id=memory_id)
    return render(
        request, "memory/versions.html", {"memory": memory, "versions": _rows(access, rows)}
    )


@login_required
def audit(request: HttpRequest) -> HttpResponse:
    access = request_access(request)
    organization_id = _organization_id(access)
    if organization_id is None:
        raise Http404("Sin organización.")
    entries = memory_audit_log(access=access, organization_id=organization_id)
    return render(request, "memory/audit.html", {"entries": entries})
