"""The offline reply provider: deterministic Spanish intents, no network (DESIGN §8).

It recognises what the demo and the tests need — drafting an invoice or a quote, the figures
questions, "recuerda que…", tax questions — calls the same tools the model would, and writes
a short reply that cites what it used. Anything else gets the related memories it was given.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from assistant.prompt import TAX_WORDS, PromptParts, safe_answer
from assistant.providers import Reply, ToolCallRecord
from assistant.tools import Tool, ToolContext, run_tool
from memory.policy import mask_secrets
from search.tools import SIN_VERIFICAR
from sumalos.platform.text import fold

MODEL = "offline-intents-1"
MONTHS = {
    "enero": 1,
    "febrero": 2,
    "marzo": 3,
    "abril": 4,
    "mayo": 5,
    "junio": 6,
    "julio": 7,
    "agosto": 8,
    "septiembre": 9,
    "setiembre": 9,
    "octubre": 10,
    "noviembre": 11,
    "diciembre": 12,
}
TRIVIAL = re.compile(
    r"^(gracias|muchas gracias|vale|ok|okay|perfecto|genial|de acuerdo|s[ií]|no|hola|buenas)"
    r"[\s,.!¡]*(?:s[ií],?\s*)?(conf[ií]rmalo|gracias)?[\s.!]*$",
    re.IGNORECASE,
)
AMOUNT = r"(?P<importe>\d+(?:[.,]\d{1,2})?)\s*(?:€|euros?|eur)\b"
DRAFT = re.compile(
    r"^(?:hazme\s+(?:una\s+|un\s+)?|haz\s+(?:una\s+|un\s+)?|crea\s+(?:una\s+|un\s+)?)?"
    r"(?P<kind>factura|presupuesto)\s+(?:a|para)\s+(?P<cliente>.+?)\s+"
    r"(?:por\s+|de\s+)?(?P<concepto>(?:el|la|los|las|un|una)\s+.+?)"
    rf"(?:[,:]?\s*(?:por\s+)?{AMOUNT})?\s*[.!]?$",
    re.IGNORECASE,
)
INVOICED = re.compile(
    r"cu[aá]nto\s+(?:he\s+)?factur[eé]\s+en\s+(?P<mes>[a-zñ]+)(?:\s+(?:de|del)\s+(?P<anio>\d{4}))?",
    re.IGNORECASE,
)
OWES = re.compile(r"qu[eé]\s+me\s+debe\s+(?P<cliente>.+?)\s*\??$", re.IGNORECASE)
REMEMBER = re.compile(r"^(?:por favor,?\s*)?recuerda\s+que\s+(?P<texto>.+)$", re.IGNORECASE)
BANK_ACCOUNT = re.compile(
    r"(?:\b(?:iban|cuenta(?:\s+bancaria|\s+del\s+banco)?|n[uú]mero\s+de\s+cuenta)\s+"
    r"(?:de|del|para\s+pagar\s+a|para\s+cobrar\s+a)"
    r"|\b(?:a|en)\s+qu[eé]\s+cuenta\s+(?:le\s+|les\s+)?"
    r"(?:pago|pagamos|transfiero|transferimos|ingreso|ingresamos)\s+a)"
    r"\s+(?P<contacto>[^?¿.!]+?)\s*[?.!]*$",
    re.IGNORECASE,
)


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
        if match := DRAFT.match(message):
            if not match.group("importe"):
                reply.text = "¿Por qué importe? Dime la cantidad en euros y preparo el borrador."
                return reply
            tool = (
                "crear_borrador_factura"
                if match.group("kind").lower() == "factura"
                else "crear_presupuesto"
            )
            output = call(
                tool,
                {
                    "cliente": match.group("cliente"),
                    "concepto": re.sub(
                        r"^(el|la|los|las|un|una)\s+", "", match.group("concepto"), flags=re.I
                    ),
                    "importe": match.group("importe").replace(",", "."),
                },
            )
            reply.text = _draft_text(output)
            return reply
        if (match := INVOICED.search(message)) and match.group("mes").lower() in MONTHS:
            output = call(
                "facturado_en",
                {"mes": MONTHS[match.group("mes").lower()], "anio": match.group("anio")},
            )
            reply.text = output.get("error") or (
                f"En {match.group('mes').lower()} de {output['anio']} facturaste "
                f"{_euros(output['total'])} (facturas emitidas). "
                f"Fuente: {output['fuente']['enlace']}"
            )
            return reply
        if match := OWES.search(message):
            output = call("pendiente_de", {"cliente": match.group("cliente")})
            reply.text = output.get("error") or (
                f"{output['cliente']} te debe {_euros(output['pendiente'])} en facturas emitidas "
                f"sin cobrar. Fuente: {output['fuente']['enlace']}"
            )
            return reply
        if QUESTION.search(message) and (match := BANK_ACCOUNT.search(message)):
            output = call("cuenta_bancaria", {"contacto": match["contacto"]})
            reply.text = _bank_account_text(output)
            return reply
        if TAX_WORDS.search(message):
            reply.text = _knowledge_text(call("saber", {"pregunta": message}))
            return reply
        reply.text = _from_memory(parts)
        if reply.text == NOT_UNDERSTOOD and QUESTION.search(message):
            found = call("buscar", {"consulta": message})
            reply.text = _search_text(found) or NOT_UNDERSTOOD
        return reply


def _euros(value: str) -> str:
    units, _, cents = value.partition(".")
    grouped = f"{int(units):,}".replace(",", ".")
    return f"{grouped},{(cents or '00').ljust(2, '0')} €"


def _remembered(output: dict[str, Any]) -> str:
    if "error" in output:
        return f"No lo he guardado: {output['error']}"
    return f"Lo he apuntado: {' '.join(output['guardado'])} {output['explicacion']}".strip()


def _draft_text(output: dict[str, Any]) -> str:
    if "error" in output:
        return f"No he podido preparar el borrador: {output['error']}"
    noun = "la factura" if output["tipo"] == "factura" else "el presupuesto"
    lines = [
        f"He preparado el borrador de {noun} para {output['cliente']}: "
        f"base {_euros(output['base'])}, IVA {_euros(output['iva'])}, "
        f"total {_euros(output['total'])}.",
    ]
    if output["tipo"] == "factura":
        lines.append(
            f"Vence el {output['vencimiento']} "
            f"({output['plazo_dias']} días; {output['plazo_fuente']})."
        )
    lines += [f"Aviso: {warning}" for warning in output["avisos"]]
    lines.append(f"Revísalo y confírmalo antes de emitirlo: {output['fuente']['enlace']}")
    return "\n".join(lines)


def _knowledge_text(output: dict[str, Any]) -> str:
    if "error" in output:
        error: str = output["error"]
        return error
    lines = []
    for fact in output["datos"]:
        until = f" hasta el {fact['vigente_hasta']}" if fact["vigente_hasta"] else ""
        since = f"desde el {fact['vigente_desde']}" if fact["vigente_desde"] else ""
        unit = f" {fact['unidad']}" if fact["unidad"] else ""
        lines.append(f"{fact['clave']}: {fact['valor']}{unit} (vigente {since}{until}).")
    for passage in output["pasajes"][:2]:
        sources = "; ".join(source["url"] for source in passage["fuentes"])
        lines.append(f"{passage['titulo']}: {passage['texto'][:300]} Fuente: {sources}")
    return "\n".join(lines) or "No tengo información publicada sobre eso."


def _bank_account_text(output: dict[str, Any]) -> str:
    """The record's IBAN first; any other account after it, each marked as it stands."""
    if "error" in output:
        error: str = output["error"]
        return error
    name = output["contacto"]
    record = output["iban_ficha"]
    lines = [
        f"El IBAN de {name} en su ficha es {record}."
        if record
        else f"La ficha de {name} no tiene IBAN."
    ]
    for account in output["otras_cuentas"]:
        lines.append(f"Otra cuenta apuntada ({account['estado']}): {account['iban']}.")
    if any(a["estado"] == SIN_VERIFICAR for a in output["otras_cuentas"]):
        lines.append(
            "Una cuenta sin verificar no se usa para cobrar ni pagar hasta que un propietario "
            "o administrador la confirme."
        )
    lines.append(f"Fuente: {output['fuente']['enlace']}")
    return "\n".join(lines)


NOT_UNDERSTOOD = (
    "Funciono sin conexión y no he entendido la petición. Puedo preparar facturas y "
    "presupuestos, decirte lo facturado en un mes o lo que te debe un cliente, guardar algo "
    "que me pidas recordar, buscar en tus datos y responder dudas de IVA, IRPF y modelos."
)
QUESTION = re.compile(
    r"\?|^(?:qu[eé]|c[oó]mo|cu[aá]nt[oa]s?|cu[aá]ndo|d[oó]nde|qui[eé]n|por\s+qu[eé]|sabes)\b",
    re.IGNORECASE,
)
FENCED = re.compile(r"^- <<<(?P<text>.*?)>>>(?P<marks>(?: \([^()]*\))*)$", re.MULTILINE)


def _words(text: str) -> set[str]:
    """Content words (four letters or more), without accents, for matching a question."""
    return {w for w in re.findall(r"[a-z0-9]{4,}", fold(text))} - {"paga", "pagan", "dias"}


def _from_memory(parts: PromptParts) -> str:
    """Answer from the related memories, or acknowledge a statement for the learner."""
    asked = _words(parts.message)
    remembered = [
        m.group("text") + m.group("marks")
        for m in FENCED.finditer(parts.related + "\n" + parts.profile)
        if _words(m.group("text")) & asked
    ]
    if not QUESTION.search(parts.message):
        return "Entendido. Si es algo que conviene recordar, lo aprenderé en unos segundos."
    if remembered:
        return "Según lo que recuerdo: " + " ".join(remembered)
    return NOT_UNDERSTOOD


def _search_text(found: dict[str, Any]) -> str:
    """The top results of ``buscar``, each with where it comes from."""
    items = [*found.get("memories", []), *found.get("results", []), *found.get("related", [])]
    lines = [
        f"- {item.get('title') or item['key']} ({item['provenance']['source']}: "
        f"{item['provenance']['link']})"
        for item in items[:5]
    ]
    return "Esto es lo que he encontrado:\n" + "\n".join(lines) if lines else ""
