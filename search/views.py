"""Ledger pages: what Suma showed in a conversation, and a person's own export (DESIGN §7).

Owners and admins see the rows of their organizations; everyone sees their own. Each row is a
reference resolved through the visibility rule for the viewer (``search.ledger.ledger_lines``):
a manager sees *that* something was shown, and its text only if they could read it themselves.
The export answers "what Suma showed me and what it knows about me" as a JSON download.
"""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from search.ledger import ledger_lines, personal_export
from search.selectors import shown_in_conversation
from sumalos.accounts.middleware import request_access
from sumalos.accounts.models import User


@login_required
def conversation_ledger(request: HttpRequest, conversation_id: str) -> HttpResponse:
    access = request_access(request)
    email = request.GET.get("persona", "").strip()
    person = User.objects.filter(email=email).first() if email else None
    rows = shown_in_conversation(
        access=access,
        conversation_id=conversation_id,
        person_user_id=person.pk if person else None,
    ).select_related("person_user")
    if email and person is None:
        rows = rows.none()
    return render(
        request,
        "search/ledger.html",
        {
            "conversation_id": conversation_id,
            "lines": ledger_lines(access=access, rows=rows),
            "person": email,
        },
    )


@login_required
def my_export(request: HttpRequest) -> HttpResponse:
    data = personal_export(access=request_access(request))
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = 'attachment; filename="lo-que-suma-me-ha-mostrado.json"'
    return response
