"""The tools Suma may call, each run with the caller's access (DESIGN §7, §8).

A tool is a name, a Spanish description for the model, a JSON schema and a handler. Handlers
take the ``ToolContext`` built on the server (access, conversation, turn) and the model's
arguments, validate them, and return plain JSON-able dicts with provenance. A tool that fails
returns ``{"error": ...}`` in Spanish: the model sees the refusal, nothing is half-written.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404

from sumalos.accounts.access import AiAccess


@dataclass
class ToolContext:
    access: AiAccess
    conversation_id: str
    turn: int
    # A temporary conversation reads memory but writes none (DESIGN §6).
    temporary: bool = False
    # Set by the drafting tools: what the page shows for confirmation.
    drafts: list[dict[str, Any]] = field(default_factory=list)
    # The day relative dates are read from; None is the server's today (evaluations fix it).
    today: datetime.date | None = None


Handler = Callable[[ToolContext, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    handler: Handler
    required: tuple[str, ...] = ()

    def schema(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": {
                "type": "object",
                "properties": self.parameters,
                "required": list(self.required),
            },
        }


def run_tool(
    tools: dict[str, Tool], name: str, arguments: dict[str, Any], context: ToolContext
) -> dict[str, Any]:
    """Run one tool call; unknown tools and refusals come back as Spanish errors."""
    tool = tools.get(name)
    if tool is None:
        return {"error": f"No existe la herramienta «{name}»."}
    missing = [key for key in tool.required if arguments.get(key) in (None, "")]
    if missing:
        return {"error": f"Faltan datos: {', '.join(missing)}."}
    try:
        return tool.handler(context, arguments)
    except (ValidationError, PermissionDenied) as error:
        messages = getattr(error, "messages", None) or [str(error)]
        return {"error": " ".join(str(m) for m in messages)}
    except Http404:
        return {"error": "No encuentro ese registro."}
