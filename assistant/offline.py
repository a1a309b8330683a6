"""The offline reply provider: deterministic Spanish intents, no network (DESIGN §8).

It recognises what the demo and the tests need — drafting an invoice or a quote, the figures
questions, "recuerda que…", tax questions — calls the same tools the model would, and writes
a short reply that cites what it used. Anything else gets the related memories it was given.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.utils import timezone

from assistant.answers import HELP, Question, answer
from assistant.intents import classify
from assistant.prompt import PromptParts, safe_answer
from assistant.providers import Reply, ToolCallRecord
from assistant.tools import Tool, ToolContext, run_tool
from memory.policy import mask_secrets
from sumalos.platform.text import fold

MODEL = "offline-intents-1"
TRIVIAL = re.compile(
    r"^(gracias|muchas gracias|vale|ok|okay|perfecto|genial|de acuerdo|s[ií]|no|hola|buenas)"
    r"[\s,.!¡]*(?:s[ií],?\s*)?(conf[ií]rmalo|gracias)?[\s.!]*$",
    re.IGNORECASE,
)
REMEMBER = re.compile(r"^(?:por favor,?\s*)?recuerda\s+que\s+(?P<texto>.+)$", re.IGNORECASE)


def _plain(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split()))


class OfflineProvider:
    name = "offline"

    def summarise(
        self, *, points: list[dict[str, Any]], messages: list[tuple[int, str, str]]
    ) -> list[dict[str, Any]]:
        """One point per substantial thing the person said, citing the message, secrets masked."""
        known = {point["text"] for point in points}
        operations = []
        for message_id, role, text in messages:
            plain = mask_secrets(" ".join(text.split()))
            first = re.split(r"(?<=[.!?])\s", plain, maxsplit=1)[0][:200]
            if role != "user" or TRIVIAL.match(first) or first in known:
                continue
            known.add(first)
            operations.append({"op": "add", "text": first, "messages": [message_id]})
        return operations

    def reply(
        self, *, parts: PromptParts, tools: list[Tool], context: ToolContext, cheap: bool = False
    ) -> Reply:
        reply = self._answer(parts=parts, tools=tools, context=context)
        reply.text = safe_answer(reply.text, parts)
        return reply

    def _answer(self, *, parts: PromptParts, tools: list[Tool], context: ToolContext) -> Reply:
        by_name = {tool.name: tool for tool in tools}
        reply = Reply(text="", model=MODEL)
        message = _plain(parts.message)

        def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
            output = run_tool(by_name, name, arguments, context)
            reply.tool_calls.append(ToolCallRecord(name, arguments, output))
            return output

        if TRIVIAL.match(message):
            reply.text = "¡De nada! Aquí estoy para lo que necesites."
            if re.search(r"conf[ií]rma", message, re.IGNORECASE):
                reply.text = "Para emitirlo, pulsa «Confirmar» en el borrador."
            return reply
        if match := REMEMBER.match(message):
            reply.text = _remembered(call("recordar", {"texto": match.group("texto")}))
            return reply
        intent = classify(message)
        # "remember" has no answer of its own: without the opening the tool takes, the message
        # is left to the background learner like any statement.
        if intent.name == "remember" or (intent.name in STATEMENT_PRONE and _is_statement(message)):
            reply.text = _from_memory(parts)
            return reply
        question = Question(
            text=message,
            access=context.access,
            today=context.today or timezone.localdate(),
            call=call,
        )
        if intent.name == "unknown" and (remembered := _remembered_answer(parts)):
            reply.text = remembered
            return reply
        reply.text = answer(intent.name, question)
        return reply


def _remembered(output: dict[str, Any]) -> str:
    if "error" in output:
        return f"No lo he guardado: {output['error']}"
    return f"Lo he apuntado: {' '.join(output['guardado'])} {output['explicacion']}".strip()


NOT_UNDERSTOOD = "No he encontrado nada sobre eso en lo que recuerdo. " + HELP
ACKNOWLEDGED = "Entendido. Si es algo que conviene recordar, lo aprenderé en unos segundos."
ASKING = re.compile(
    r"\b(?:que|q|k|ke|cual|cuales|cuanto|cuanta|cuantos|cuantas|cuando|donde|quien|como)\b"
)
TELLING = re.compile(
    r"\b(?:es|son|paga|pagan|prefiere|prefieren|cerramos|abrimos|tiene|tenemos|trabaja|"
    r"trabajamos|llama|llamemos|vive|quiere|quieren|cobra|cobramos|usa|usamos|ha|hemos|esta|"
    r"estan|va|vamos)\b"
)
# Intents a plain statement ("Talleres García paga a 60 días.") is easily mistaken for.
STATEMENT_PRONE = frozenset({"contact_term", "contact_data", "iban", "unknown", "greeting_help"})
IMPERATIVE = re.compile(
    r"^(?:dime|dame|busca|b[uú]scame|ens[eé][nñ]ame|mu[eé]strame|haz|hazme|hazle|prepara|crea|"
    r"calcula|sum[aá]me|mira|consulta|ayuda)\b",
    re.IGNORECASE,
)
QUESTION = re.compile(
    r"\?|^(?:qu[eé]|c[oó]mo|cu[aá]nt[oa]s?|cu[aá]ndo|d[oó]nde|qui[eé]n|por\s+qu[eé]|sabes)\b",
    re.IGNORECASE,
)
FENCED = re.compile(r"^- <<<(?P<text>.*?)>>>(?P<marks>(?: \([^()]*\))*)$", re.MULTILINE)


def _words(text: str) -> set[str]:
    """Content words (four letters or more), without accents, for matching a question."""
    return {w for w in re.findall(r"[a-z0-9]{4,}", fold(text))} - {"paga", "pagan", "dias"}


def _is_statement(message: str) -> bool:
    """A sentence that tells rather than asks: a verb, and no question mark, word or order."""
    folded = fold(message)
    return (
        not QUESTION.search(message)
        and not ASKING.search(folded)
        and not IMPERATIVE.search(message.strip())
        and bool(TELLING.search(folded))
    )


def _remembered_answer(parts: PromptParts) -> str:
    """The related memories that share a word with the question, or "" when none does."""
    asked = _words(parts.message)
    remembered = [
        m.group("text") + m.group("marks")
        for m in FENCED.finditer(parts.related + "\n" + parts.profile)
        if _words(m.group("text")) & asked
    ]
    return "Según lo que recuerdo: " + " ".join(remembered) if remembered else ""


def _from_memory(parts: PromptParts) -> str:
    """Acknowledge a statement for the learner, or answer from the related memories."""
    if _is_statement(parts.message):
        return ACKNOWLEDGED
    return _remembered_answer(parts) or NOT_UNDERSTOOD
