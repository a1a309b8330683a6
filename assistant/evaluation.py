"""Suma's answers on a labelled question set: real offline turns on the demo world.

Each line runs as its demo person (``as``) in its organization (``org``) with ``today`` fixed,
through ``assistant_reply`` and the offline provider, as a temporary conversation (no memory,
no ledger line); the drafts a line makes are deleted after it. The answer is judged as the
person reads it on WhatsApp (``whatsapp_text``: markup dropped, links absolute), which is
what the web shows once rendered, minus the HTML.

Matching (docs/assistant.md, "Evaluation"): a fragment matches when it is an exact substring of
the answer after whitespace is normalised (every run of spaces, tabs, newlines and no-break
spaces becomes one space, on both sides). Case and accents count: "Gandía" is not "Gandia".
Lines: ``{"id", "as", "org", "today", "question", "intent"?, "expect": {"contains",
"not_contains"}}``; ``intent`` is the evaluator's label, used only to report per intent.
"""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from typing import Any

from assistant.formatting import whatsapp_text
from assistant.offline import OfflineProvider
from assistant.services import assistant_reply
from knowledge.models import Entry
from search.services import outbox_drain
from sumalos.accounts.access import access_for_user
from sumalos.accounts.models import Organization, User
from sumalos.invoicing.models import Invoice, Quote

REQUIRED = ("id", "as", "org", "today", "question", "expect")


def normalise(text: str) -> str:
    """Every run of whitespace (no-break spaces included) as one space, ends trimmed."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " ")).strip()


def judge(answer: str, expect: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """The expected fragments missing from ``answer`` and the forbidden ones present."""
    text = normalise(answer)
    missing = [f for f in expect.get("contains", []) if normalise(f) not in text]
    leaked = [f for f in expect.get("not_contains", []) if normalise(f) in text]
    return missing, leaked


def validate(row: dict[str, Any]) -> None:
    missing = [key for key in REQUIRED if key not in row]
    if missing:
        raise ValueError(f"{row.get('id', '?')}: faltan {missing}")
    datetime.date.fromisoformat(row["today"])


def answer_line(row: dict[str, Any]) -> str:
    """The answer Suma gives to one line's question, as that person, on that day."""
    user = User.objects.filter(email=row["as"]).first()
    organization = Organization.objects.filter(name=row["org"]).first()
    if user is None or organization is None:
        raise ValueError(f"{row['id']}: no existe {row['as']} o {row['org']} (manage.py load_demo)")
    access = access_for_user(user, organization_ids=[organization.pk])
    turn = assistant_reply(
        access=access,
        conversation_id=f"eval:{row['id']}",
        message=row["question"],
        history=[],
        turn=1,
        temporary=True,
        provider=OfflineProvider(),
        today=datetime.date.fromisoformat(row["today"]),
    )
    # A temporary turn writes no memory and no ledger line; the drafts it made go too.
    for draft in turn.drafts:
        model = Invoice if draft["tipo"] == "factura" else Quote
        model.objects.filter(pk=draft["id"], status="draft").delete()
    return whatsapp_text(turn.reply.text)


def _ratio(numerator: int, denominator: int) -> float:
    return round(numerator / denominator, 4) if denominator else 0.0


def world_ready() -> None:
    """Index what is still queued, and refuse to judge answers without the knowledge layer.

    Without this a fresh checkout scores every search and tax line as a miss, silently.
    """
    if not Entry.objects.filter(status=Entry.Status.PUBLISHED).exists():
        raise ValueError("no hay artículos de conocimiento publicados (manage.py load_knowledge)")
    while outbox_drain():
        pass


def evaluate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    for row in rows:
        validate(row)
    world_ready()
    results = []
    per_intent: dict[str, list[bool]] = defaultdict(list)
    for row in rows:
        answer = answer_line(row)
        missing, leaked = judge(answer, row["expect"])
        ok = not missing and not leaked
        results.append(
            {"id": row["id"], "answer": answer, "ok": ok, "missing": missing, "leaked": leaked}
        )
        per_intent[row.get("intent", "sin etiqueta")].append(ok)
    correct = sum(1 for r in results if r["ok"])
    return {
        "results": results,
        "summary": {
            "total": len(results),
            "correct": correct,
            "accuracy": _ratio(correct, len(results)),
            "per_intent": {
                name: {
                    "total": len(oks),
                    "correct": sum(oks),
                    "accuracy": _ratio(sum(oks), len(oks)),
                }
                for name, oks in sorted(per_intent.items())
            },
        },
    }
