"""The offline provider's answers, one per intent: fill the slots, call a tool, write Spanish.

Every figure comes from a tool (so from the invoicing selectors) and is written exactly
("7.422,28 €", "29 de enero de 2027"); every answer cites its source once, as a link the
channel renders (``assistant.formatting``). A refusal from a tool is said as it is.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied

from assistant.formatting import cut, euros, long_date, plain_markdown
from assistant.slots import (
    ContactName,
    NamedPeriod,
    concept_words,
    document_numbers,
    find_amount,
    find_contact,
    find_named_period,
    name_words,
    organization_words,
    readable_names,
    upcoming,
)
from assistant.tax_answers import tax_answer
from search.tools import SIN_VERIFICAR
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area, Organization
from sumalos.invoicing.figures import named_words, vocabulary
from sumalos.invoicing.models import Contact
from sumalos.platform.text import fold

Call = Callable[[str, dict[str, Any]], dict[str, Any]]

HELP = (
    "Puedo ayudarte con tus datos y tus dudas fiscales. Por ejemplo:\n"
    "- «¿Cuánto facturamos en octubre?» o «¿cuánto le hemos facturado a Talleres García "
    "este año?»\n"
    "- «¿Cuánto hemos gastado en gasóleo este año?» o «¿cuántos gastos tuvimos en octubre?»\n"
    "- «¿Qué facturas tiene pendientes el Hostal Miramar?» o «¿cuándo vence la F2026-0072?»\n"
    "- «Busca la factura de la cámara térmica» o «busca la tarifa de la ferretería»\n"
    "- «Hazle una factura a Talleres García por una revisión de caldera, 90 euros más IVA»\n"
    "- «¿Qué IVA lleva una reparación en casa de un particular?»\n"
    "- «Recuerda que el Hostal Miramar paga a 60 días»"
)
UNKNOWN = "No tengo datos para responder a eso: solo sé de tu facturación y de normas fiscales.\n"
NO_ORGANIZATION = "Elige primero una organización para que pueda consultar tus datos."
# Words that say what is being asked, not what about: "facturado", "gastao", "cobramos".
INTENT_PREFIXES = (
    "factur",
    "vend",
    "ingres",
    "cobr",
    "gast",
    "compr",
    "pag",
    "llev",
    "sum",
    "cuant",
    "busc",
    "encuentr",
    "import",
    "dinero",
    "pendient",
    "venc",
    "ultim",
    "recient",
    "emit",
)
SYNONYMS = {
    "gasoil": "gasoleo",
    "gasoleos": "gasoleo",
    "diesel": "gasoleo",
    "gasolina": "gasoleo",
    "combustible": "gasoleo",
    "movil": "linea",
    "telefono": "telefonia",
    "seguros": "seguro",
    "calentador": "termo",
    "calentadores": "termo",
    "termos": "termo",
    "grifos": "grifo",
    "griferia": "grifo",
    "radiadores": "radiador",
    "fugas": "fuga",
}


ARTICLES = frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"})
# Words of the lexicon: a concept even when no record uses it yet.
LEXICON = frozenset(SYNONYMS) | frozenset(SYNONYMS.values())
SPELLED = {"gasoleo": "gasóleo", "linea": "línea", "telefonia": "telefonía"}


@dataclass
class Question:
    """One question with what the provider knows around it."""

    text: str
    access: AiAccess
    today: datetime.date
    call: Call

    @property
    def folded(self) -> str:
        return fold(self.text)

    @property
    def organization_id(self) -> int | None:
        ids = self.access.organization_ids
        return ids[0] if len(ids) == 1 else None

    def period(self) -> NamedPeriod | None:
        return find_named_period(self.text, today=self.today)

    def own_words(self) -> frozenset[str]:
        if self.organization_id is None:
            return frozenset()
        name = Organization.objects.filter(pk=self.organization_id).values_list("name", flat=True)
        return organization_words(name.first() or "")

    def contact(self, kind: str | None = None) -> ContactName | None:
        if self.organization_id is None:
            return None
        period = self.period()
        ignore = self.own_words() | frozenset(period.words.split() if period else ())
        candidates = readable_names(self.access, self.organization_id)
        return find_contact(self.text, candidates, kind=kind, ignore=ignore)

    def spelled(self, words: list[str]) -> str:
        """Concept words as the person wrote them: the stretch of the question they span."""
        folded = self.folded
        if not words or len(folded) != len(self.text):
            return " ".join(SPELLED.get(w, w) for w in words)
        spans = [
            m.span() for m in re.finditer(r"[a-z0-9]+", folded) if SYNONYMS.get(m[0], m[0]) in words
        ]
        if not spans:
            return " ".join(SPELLED.get(w, w) for w in words)
        stretch = self.text[spans[0][0] : spans[-1][1]]
        return stretch if len(stretch.split()) <= len(words) + 3 else " ".join(words)

    def concept(self, *, without: tuple[str, ...] = (), expenses: bool = False) -> list[str]:
        """The question's words that name something the organization invoices (or spends on,
        with ``expenses``) or a word of the lexicon: never "saque", "dices" or "contar"."""
        words = self._concept(without)
        if not words or self.organization_id is None:
            return words
        try:
            used = vocabulary(
                access=self.access, organization_id=self.organization_id, expenses=expenses
            )
        except PermissionDenied:
            return words
        return [w for w in words if w in LEXICON or named_words([w], used)]

    def unknown_concept(
        self, *, without: tuple[str, ...] = (), expenses: bool = False
    ) -> list[str]:
        """The words that name what is asked about ("en aerotermia", "de placas solares") but
        that nothing the organization invoices (or spends on) uses: said, never dropped silently.

        Only words introduced by a preposition count, so a stray "dices" or "saque" is not one.
        """
        words = self._concept(without)
        kept = set(self.concept(without=without, expenses=expenses))
        dropped = {w for w in words if w not in kept and len(w) > 3}
        # The word after the preposition (and its article), and the dropped words right after it:
        # "de placas solares".
        tokens = [SYNONYMS.get(t, t) for t in re.findall(r"[a-z0-9]+", self.folded)]
        named: list[str] = []
        for i, token in enumerate(tokens):
            if token not in ("en", "de", "con", "sobre", "por"):
                continue
            j = i + 1
            if j < len(tokens) and tokens[j] in ARTICLES:
                j += 1
            while j < len(tokens) and tokens[j] in dropped and tokens[j] not in named:
                named.append(tokens[j])
                j += 1
        return named

    def _concept(self, without: tuple[str, ...]) -> list[str]:
        period = self.period()
        ignore = set(self.own_words()) | set(without)
        if period:
            ignore |= set(period.words.split())
        words = concept_words(self.text, also=frozenset(ignore))
        kept = [w for w in words if not w.startswith(INTENT_PREFIXES) and len(w) > 2]
        return [SYNONYMS.get(w, w) for w in kept]


def _source(output: dict[str, Any]) -> str:
    fuente = output.get("fuente") or {}
    if not fuente.get("enlace"):
        return ""
    return f"Fuente: [{fuente['tipo']}]({fuente['enlace']})"


def _join(*parts: str) -> str:
    return "\n".join(part for part in parts if part)


def _dates(question: Question, period: NamedPeriod | None) -> dict[str, str]:
    if period is None:
        return {}
    return {"desde": period.start.isoformat(), "hasta": period.end.isoformat()}


def _when(period: NamedPeriod | None) -> str:
    if period is None:
        return "desde el principio"
    label = period.label
    return label if label.startswith("del ") else f"en {label}"


def _without_vat(question: Question) -> bool:
    return bool(re.search(r"\bsin iva\b|\bbase\b|\bbases\b|\bneto\b", question.folded))


def _contact_words(contact: ContactName | None) -> tuple[str, ...]:
    if contact is None:
        return ()
    return tuple(name_words(contact.name)) + contact.words


def _documents(count: int) -> str:
    return "1 factura emitida" if count == 1 else f"{count} facturas emitidas"


def _made_of(output: dict[str, Any], *, vat_name: str) -> str:
    """What a total with VAT is made of: "base imponible 100,00 €, IVA 21,00 €"."""
    parts = [
        f"base imponible {euros(output['base_imponible'])}",
        f"{vat_name} {euros(output[vat_name.replace(' ', '_').lower()])}",
    ]
    withholding = output.get("retencion_irpf")
    if withholding and float(withholding):
        parts.append(f"menos retención de IRPF {euros(withholding)}")
    return ", ".join(parts)


def _unfiltered(question: Question, missing: list[str], where: str, head: str) -> str:
    """ "No encuentro «aerotermia» en tus facturas. Sin ese filtro, facturado …"."""
    return (
        f"No encuentro «{question.spelled(missing)}» en {where}. Sin ese filtro, "
        f"{head[0].lower()}{head[1:]}"
    )


# Words that ask for the withholding next to a total, never a concept of the invoices.
_WITHHOLDING_WORDS = ("irpf", "retencion", "retenciones", "retenido", "retuvieron", "retenidas")


def total_invoiced(question: Question) -> str:
    period = question.period()
    contact = question.contact(Contact.Kind.CUSTOMER)
    withheld_too = bool(_WITHHELD.search(question.folded))
    skip = _contact_words(contact) + (_WITHHOLDING_WORDS if withheld_too else ())
    concept = question.concept(without=skip)
    base = _without_vat(question)
    extra: dict[str, Any] = {"sin_iva": base}
    if concept:
        extra["concepto"] = " ".join(concept)
    output = _invoiced_figures(question, period, contact, **extra)
    if "error" in output:
        return str(output["error"])
    missing = [] if concept else question.unknown_concept(without=skip)
    documents = _documents(output["facturas"])
    subject = f"a {output['cliente']} " if output["cliente"] else ""
    about = f" en «{question.spelled(concept)}»" if concept else ""
    if base:
        head = (
            f"Base imponible facturada {subject}{_when(period)}{about}: "
            f"{euros(output['base_imponible'])} (sin IVA; con IVA, "
            f"{euros(output['total_con_iva'])} en total; {documents})."
        )
    else:
        head = (
            f"Facturado {subject}{_when(period)}{about}: {euros(output['total'])} "
            f"(IVA incluido: {_made_of(output, vat_name='IVA repercutido')}; {documents})."
        )
    if missing:
        # An unknown concept is said, and the figure given is plainly the unfiltered one.
        head = _unfiltered(question, missing, "tus facturas", head)
    if withheld_too:
        # "la facturación de octubre y las retenciones de ese mes": both figures.
        head = _join(
            head, f"Retenciones de IRPF en esas facturas: {euros(output['retencion_irpf'])}."
        )
    listed = _listed(output.get("numeros", []), question.today, customer=not contact)
    return _join(head, listed, _source(output))


def _supplier(question: Question, words: list[str]) -> ContactName | None:
    """The supplier a question names, unless one shared word names a kind of purchase too.

    "cuánto gastamos en calderas de condensación" is about the concept, although a supplier
    is called "Recambios Calderas Turia": a lone name word next to other concept words is
    read as the concept (the expense search still looks at the supplier's name).
    """
    supplier = question.contact(Contact.Kind.SUPPLIER)
    if supplier is None or len(supplier.words) > 1:
        return supplier
    others = [w for w in words if w not in supplier.words and w not in name_words(supplier.name)]
    return None if others else supplier


def expense_total(question: Question) -> str:
    period = question.period()
    words_all = question.concept(expenses=True)
    supplier = _supplier(question, words_all)
    words = (
        question.concept(without=_contact_words(supplier), expenses=True) if supplier else words_all
    )
    base = _without_vat(question)
    arguments: dict[str, Any] = {**_dates(question, period), "sin_iva": base}
    if supplier:
        arguments["proveedor"] = supplier.name
    if words:
        arguments["concepto"] = " ".join(words)
    output = question.call("gastado", arguments)
    if "error" in output:
        return str(output["error"])
    missing = (
        [] if words else question.unknown_concept(without=_contact_words(supplier), expenses=True)
    )
    count = output["gastos"]
    items = "1 gasto" if count == 1 else f"{count} gastos"
    about = f" de «{question.spelled(words)}»" if words else ""
    to = f" con {supplier.name}" if supplier else ""
    if base:
        head = (
            f"Gastos{about}{to} {_when(period)}, base imponible: "
            f"{euros(output['base_imponible'])} (sin IVA; con IVA, "
            f"{euros(output['total_con_iva'])}; {items})."
        )
    else:
        head = (
            f"Gastos{about}{to} {_when(period)}: {euros(output['total'])} "
            f"(IVA incluido: {_made_of(output, vat_name='IVA soportado')}; {items})."
        )
    if missing:
        head = _unfiltered(question, missing, "tus gastos", head)
    return _join(head, _source(output))


_WITHHELD = re.compile(r"\b(?:retenid|retencion|retenciones|retuv|irpf)")
_CHARGED = re.compile(
    r"\b(?:repercut\w*|devengad\w*|iva (?:de (?:las |mis )?(?:facturas|ventas)))|"
    r"\biva\b(?: \w+){0,3} (?:cobr|factur)\w*"
)
_PAID = re.compile(
    r"\b(?:soportad\w*|iva (?:de (?:los |mis )?(?:gastos|compras))|deducid\w*|desgravad\w*)|"
    r"\biva\b(?: \w+){0,3} pag\w*"
)
_SETTLEMENT = re.compile(
    r"\b(?:a (?:pagar|ingresar|devolver)|(?:tengo|tenemos|hay) que (?:pagar|ingresar)|"
    r"toca pagar|liquid\w*|resultado|sale el|me sale|303)\b"
)


def tax_figures(question: Question) -> str:
    """VAT charged, VAT paid, IRPF withheld or the VAT balance of a period, as asked."""
    folded = question.folded
    if _WITHHELD.search(folded) and not _CHARGED.search(folded):
        return _withheld(question)
    if _CHARGED.search(folded) and not _PAID.search(folded):
        return _vat_side(question, charged=True)
    if _PAID.search(folded) and not _CHARGED.search(folded) and not _SETTLEMENT.search(folded):
        return _vat_side(question, charged=False)
    if re.search(r"\b(?:gast|compr|proveedor)", folded) and not _SETTLEMENT.search(folded):
        return _vat_side(question, charged=False)
    return _vat_balance(question)


def _invoiced_figures(
    question: Question,
    period: NamedPeriod | None,
    contact: ContactName | None,
    **extra: Any,
) -> dict[str, Any]:
    """The ``facturado`` tool's output for the period, to ``contact`` when there is one."""
    arguments: dict[str, Any] = {**_dates(question, period), **extra}
    if contact:
        arguments["cliente"] = contact.name
    return question.call("facturado", arguments)


# "¿cuánto he facturado en 2026 y cuánto me han retenido?": the invoiced total is asked too.
_ALSO_INVOICED = re.compile(r"\bfactur(?:ado|e|amos|aste|acion)\b|\bcuanto (?:\w+ ){0,2}factur")


def _withheld(question: Question) -> str:
    period = question.period()
    contact = question.contact(Contact.Kind.CUSTOMER)
    output = _invoiced_figures(question, period, contact)
    if "error" in output:
        return str(output["error"])
    subject = f" por {output['cliente']}" if output["cliente"] else ""
    documents = _documents(output["facturas"])
    head = (
        f"Retenciones de IRPF practicadas{subject} en tus facturas {_when(period)}: "
        f"{euros(output['retencion_irpf'])} (sobre una base imponible de "
        f"{euros(output['base_imponible'])}; {documents})."
    )
    if _ALSO_INVOICED.search(question.folded):
        to = f" a {output['cliente']}" if output["cliente"] else ""
        head = _join(
            f"Facturado{to} {_when(period)}: {euros(output['total'])} (IVA incluido: "
            f"{_made_of(output, vat_name='IVA repercutido')}).",
            head,
        )
    listed = _listed(output.get("numeros", []), question.today, customer=not contact)
    return _join(head, listed, _source(output))


def _vat_side(question: Question, *, charged: bool) -> str:
    period = question.period()
    if charged:
        output = _invoiced_figures(question, period, question.contact(Contact.Kind.CUSTOMER))
        if "error" in output:
            return str(output["error"])
        subject = f" a {output['cliente']}" if output["cliente"] else ""
        head = (
            f"IVA repercutido{subject} {_when(period)}: {euros(output['iva_repercutido'])} "
            f"(base imponible {euros(output['base_imponible'])}; "
            f"{_documents(output['facturas'])})."
        )
        return _join(head, _source(output))
    words = question.concept(expenses=True)
    supplier = _supplier(question, words)
    words = question.concept(without=_contact_words(supplier), expenses=True) if supplier else words
    words = [w for w in words if not w.startswith(("soport", "deduc", "desgrav"))]
    arguments = {**_dates(question, period)}
    if supplier:
        arguments["proveedor"] = supplier.name
    if words:
        arguments["concepto"] = " ".join(words)
    output = question.call("gastado", arguments)
    if "error" in output:
        return str(output["error"])
    about = f" de «{question.spelled(words)}»" if words else ""
    to = f" con {supplier.name}" if supplier else ""
    count = output["gastos"]
    head = (
        f"IVA soportado en gastos{about}{to} {_when(period)}: {euros(output['iva_soportado'])} "
        f"(base imponible {euros(output['base_imponible'])}; "
        f"{'1 gasto' if count == 1 else f'{count} gastos'})."
    )
    return _join(head, _source(output))


def _vat_balance(question: Question) -> str:
    period = question.period()
    output = question.call("impuestos", _dates(question, period))
    if "error" in output:
        return str(output["error"])
    lines = []
    if output["iva_repercutido"] is not None:
        lines.append(
            f"- IVA repercutido (facturas emitidas): {euros(output['iva_repercutido'])}, "
            f"base imponible {euros(output['base_facturada'])}"
        )
    if output["iva_soportado"] is not None:
        lines.append(
            f"- IVA soportado (gastos): {euros(output['iva_soportado'])}, "
            f"base imponible {euros(output['base_gastos'])}"
        )
    if output.get("retencion_irpf") and float(output["retencion_irpf"]):
        lines.append(f"- Retenciones de IRPF en tus facturas: {euros(output['retencion_irpf'])}")
    text = [f"IVA {_when(period)}:", *lines]
    if output["iva_repercutido"] is not None and output["iva_soportado"] is not None:
        balance = float(output["iva_repercutido"]) - float(output["iva_soportado"])
        text.append(
            f"Diferencia (repercutido menos soportado): {euros(f'{balance:.2f}')}. Es una "
            "estimación con lo registrado en Sumalos, no la declaración."
        )
    text += [f"Aviso: {warning}" for warning in output["avisos"]]
    return _join(*text, _source(output))


def _invoice_line(row: dict[str, Any], today: datetime.date, *, customer: bool) -> str:
    due = datetime.date.fromisoformat(row["vencimiento"])
    state = (
        f"cobrada el {long_date(row['cobrada_el'])}"
        if row["cobrada_el"]
        else (f"venció el {long_date(due)}" if due < today else f"vence el {long_date(due)}")
    )
    who = f", {row['cliente']}" if customer else ""
    return (
        f"- [{row['numero']}]({row['enlace']}){who}, del {long_date(row['fecha'])}: "
        f"{euros(row['total'])}, {state}"
    )


LIST_LIMIT = 10
# A question that asks which invoices ("¿qué facturas nos deben?") gets more of them than a
# total that lists what it is made of.
ASKED_LIST_LIMIT = 20


def _listed(
    rows: list[dict[str, Any]], today: datetime.date, *, customer: bool, limit: int = LIST_LIMIT
) -> str:
    lines = [_invoice_line(row, today, customer=customer) for row in rows[:limit]]
    if len(rows) > limit:
        lines.append(f"- y {len(rows) - limit} más")
    return "\n".join(lines)


def pending(question: Question) -> str:
    contact = question.contact(Contact.Kind.CUSTOMER)
    overdue = bool(re.search(r"vencid|atrasad|retrasad|pasad[oa]s? de fecha", question.folded))
    # "las de este año", "de octubre": the invoices issued then; a day ("hoy") is not a span.
    period = question.period()
    if period is not None and period.start >= question.today:
        period = None
    arguments: dict[str, Any] = {"solo_vencidas": overdue, **_dates(question, period)}
    if contact:
        arguments["cliente"] = contact.name
    output = question.call("facturas_pendientes", arguments)
    if "error" in output:
        return str(output["error"])
    count = output["cuantas"]
    issued = f" emitidas {_when(period)}" if period else ""
    what = f"{issued} vencidas y sin cobrar" if overdue else f"{issued} pendientes de cobro"
    issued_one = f" emitida {_when(period)}" if period else ""
    one = f"{issued_one} vencida y sin cobrar" if overdue else f"{issued_one} pendiente de cobro"
    what, one = what.strip(), one.strip()
    if output["cliente"]:
        if count == 0:
            return _join(f"{output['cliente']} no tiene facturas {what}.", _source(output))
        head = (
            f"{output['cliente']} tiene {count} "
            f"{f'factura {one}' if count == 1 else f'facturas {what}'}, "
            f"{euros(output['total'])} en total:"
        )
        return _join(
            head,
            _listed(output["facturas"], question.today, customer=False, limit=ASKED_LIST_LIMIT),
        )
    if count == 0:
        return _join(f"No hay facturas {what}.", _source(output))
    noun = f"factura {one}" if count == 1 else f"facturas {what}"
    head = f"Hay {count} {noun}: {euros(output['total'])} en total."
    return _join(
        head,
        _listed(output["facturas"], question.today, customer=True, limit=ASKED_LIST_LIMIT),
        _source(output),
    )


def _document_text(
    output: dict[str, Any], today: datetime.date, asked: str, *, taxes: bool = False
) -> str:
    number = f"[{output['numero']}]({output['fuente']['enlace']})"
    if output["tipo"] == "presupuesto":
        valid = (
            f" Vale hasta el {long_date(output['valido_hasta'])}."
            if output["valido_hasta"]
            else " No tiene fecha de validez."
        )
        return (
            f"El presupuesto {number} de {output['cliente']}, del {long_date(output['fecha'])}, "
            f"es de {euros(output['total'])} (base {euros(output['base'])}).{valid}"
        )
    due = datetime.date.fromisoformat(output["vencimiento"])
    if output["cobrada_el"]:
        state = f"Cobrada el {long_date(output['cobrada_el'])} (vencía el {long_date(due)})."
    elif due < today:
        state = f"Está pendiente de cobro: venció el {long_date(due)}."
    else:
        state = f"Está pendiente de cobro: vence el {long_date(due)}."
    if asked == "due" and not output["cobrada_el"]:
        verb = "venció" if due < today else "vence"
        return (
            f"La factura {number} de {output['cliente']} ({euros(output['total'])}) {verb} "
            f"el {long_date(due)}. Todavía no se ha cobrado."
        )
    if asked == "due":
        return f"La factura {number} de {output['cliente']} vencía el {long_date(due)}. {state}"
    # "¿Cuánto me retuvieron en la factura 2?": the invoice's own VAT and withholding.
    made_of = f"base {euros(output['base'])}"
    if taxes:
        made_of += f", IVA {euros(output['iva'])}, retención de IRPF {euros(output['retencion'])}"
    return (
        f"La factura {number} de {output['cliente']}, del {long_date(output['fecha'])}, "
        f"es de {euros(output['total'])} ({made_of}). {state}"
    )


_ASKS_TAX_PART = re.compile(r"\biva\b|\bretenc|\bretuv|\bretenid|\bretien|\birpf\b")


def _numbered(question: Question, asked: str) -> str | None:
    numbers = document_numbers(question.text, today=question.today)
    if not numbers:
        return None
    taxes = bool(_ASKS_TAX_PART.search(question.folded))
    texts = []
    for number in numbers[:3]:
        output = question.call("documento", {"numero": number})
        texts.append(
            str(output["error"])
            if "error" in output
            else _document_text(output, question.today, asked, taxes=taxes)
        )
    return "\n".join(texts)


_UNPAID = re.compile(
    r"\bno (?:me |nos )?ha(?:n)? pagado\b|\bsin (?:cobrar|pagar)\b|\bpendiente|\bdebe"
)


def _due_line(row: dict[str, Any], today: datetime.date) -> str:
    due = datetime.date.fromisoformat(row["vencimiento"])
    verb = "vencía" if row["cobrada_el"] else ("venció" if due < today else "vence")
    paid = (
        f" (cobrada el {long_date(row['cobrada_el'])})"
        if row["cobrada_el"]
        else "; todavía no se ha cobrado"
    )
    return (
        f"La factura [{row['numero']}]({row['enlace']}) de {row['cliente']}, del "
        f"{long_date(row['fecha'])} ({euros(row['total'])}), {verb} el {long_date(due)}{paid}."
    )


def _invoice_filters(
    question: Question, contact: ContactName | None
) -> tuple[dict[str, Any], list[str]]:
    """The ``facturas_de`` arguments a question asks for (its period, customer and concept
    words, the customer's own name left out of the concept) and the concept words."""
    concept = question.concept(without=_contact_words(contact))
    arguments: dict[str, Any] = {**_dates(question, question.period())}
    if contact:
        arguments["cliente"] = contact.name
    if concept:
        arguments["concepto"] = " ".join(concept)
    return arguments, concept


def _due_of_named(question: Question) -> str | None:
    """When the invoices of a named customer (in the month they were issued, about a concept)
    fall due: "¿cuándo vence la factura del gimnasio de noviembre?"."""
    contact = question.contact(Contact.Kind.CUSTOMER)
    if contact is None:
        return None
    arguments, concept = _invoice_filters(question, contact)
    output = question.call("facturas_de", arguments)
    if "error" in output:
        return str(output["error"])
    rows = output["facturas"]
    if not rows and concept:
        arguments.pop("concepto")
        rows = question.call("facturas_de", arguments).get("facturas", [])
    if _UNPAID.search(question.folded):
        rows = [row for row in rows if not row["cobrada_el"]] or rows
    if not rows:
        return None
    if len(rows) == 1 or re.search(r"\bultim[oa]\b", question.folded):
        return _due_line(rows[0], question.today)
    lines = [f"- {_due_line(row, question.today)}" for row in rows[:LIST_LIMIT]]
    return _join(f"Facturas de {output['cliente']}:", "\n".join(lines))


def due_date(question: Question) -> str:
    if (text := _numbered(question, "due")) is not None:
        return text
    if (text := _due_of_named(question)) is not None:
        return text
    period = question.period()
    if period is None:
        return (
            "¿De qué factura o de qué periodo? Por ejemplo: «¿cuándo vence la F2026-0072?» o "
            "«¿qué facturas vencen en diciembre?»"
        )
    period = upcoming(period, question=question.text, today=question.today)
    output = question.call("vencimientos", _dates(question, period))
    if "error" in output:
        return str(output["error"])
    rows = output["facturas"]
    if not rows:
        return _join(f"No vence ninguna factura sin cobrar {_when(period)}.", _source(output))
    head = (
        f"Vencen {_when(period)} {len(rows)} {'factura' if len(rows) == 1 else 'facturas'} "
        f"sin cobrar, {euros(output['total'])} en total:"
    )
    return _join(head, _listed(rows, question.today, customer=True, limit=ASKED_LIST_LIMIT))


# "tengo un borrador de factura pa la Autoescuela Ruta, ¿de cuánto es?": not issued yet.
_DRAFTS = re.compile(r"\bborrador(?:es)?\b|\bsin emitir\b|\bno (?:la |lo )?(?:he|hemos) emitido\b")
# "el presupuesto de La Albufera de septiembre", but not "el modelo de presupuesto".
_QUOTES = re.compile(r"\b(?:presupuestos?|presus?)\b")
_TEMPLATE = re.compile(r"\b(?:modelo|plantilla|formato|ejemplo)s? de (?:presupuesto|presu)")


def lookup_invoice(question: Question) -> str:
    if (text := _numbered(question, "amount")) is not None:
        return text
    contact = question.contact(Contact.Kind.CUSTOMER)
    drafts = bool(_DRAFTS.search(question.folded))
    if _QUOTES.search(question.folded) and not _TEMPLATE.search(question.folded):
        return _quotes(question, contact, drafts=drafts)
    if drafts:
        return _invoice_drafts(question, contact)
    arguments, concept = _invoice_filters(question, contact)
    output = question.call("facturas_de", arguments)
    if "error" in output:
        return str(output["error"])
    rows = output["facturas"]
    note = ""
    if not rows and contact and concept:
        # The work said in other words than the invoice's: the customer's invoices, said so.
        arguments.pop("concepto")
        output = question.call("facturas_de", arguments)
        rows = output.get("facturas", [])
        note = f"No encuentro «{question.spelled(concept)}» en sus facturas. "
    if not rows:
        return _join("No encuentro ninguna factura emitida así.", _source(output))
    if note:
        return _join(
            f"{note}Estas son las de {output['cliente']}:",
            _listed(rows, question.today, customer=False),
        )
    if re.search(r"\bultim[oa]s?\b|\bmas reciente\b", question.folded):
        row = rows[0]
        who = f" de {output['cliente']}" if output["cliente"] else ""
        # Without a customer asked for, say whose it is.
        to_whom = "" if output["cliente"] or not row.get("cliente") else f", a {row['cliente']}"
        return (
            f"La última factura{who} es la [{row['numero']}]({row['enlace']}){to_whom}, del "
            f"{long_date(row['fecha'])}: {euros(row['total'])}."
        )
    if len(rows) == 1:
        row = rows[0]
        return (
            f"La factura [{row['numero']}]({row['enlace']}) de {row['cliente']}, del "
            f"{long_date(row['fecha'])}, es de {euros(row['total'])}; "
            f"{_invoice_line(row, question.today, customer=False).rsplit(', ', 1)[-1]}."
        )
    return _join(
        f"Encuentro {output['cuantas']} facturas:", _listed(rows, question.today, customer=True)
    )


def _listing(
    question: Question, tool: str, key: str, arguments: dict[str, Any], concept: Any
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A listing tool's output and rows; with no row for the concept, the rows without it."""
    output = question.call(tool, arguments)
    if "error" in output:
        return output, []
    rows = output[key]
    if not rows and concept:
        arguments.pop("concepto")
        output = question.call(tool, arguments)
        rows = output.get(key, [])
    return output, rows


def _invoice_drafts(question: Question, contact: ContactName | None) -> str:
    """The invoices not issued yet, of a customer and period: amounts, never a number."""
    arguments, concept = _invoice_filters(question, contact)
    arguments["borradores"] = True
    output, rows = _listing(question, "facturas_de", "facturas", arguments, concept)
    if "error" in output:
        return str(output["error"])
    to = f" para {output['cliente']}" if output["cliente"] else ""
    if not rows:
        return _join(f"No encuentro ningún borrador de factura{to}.", _source(output))
    lines = [
        f"- [borrador del {long_date(row['fecha'])}]({row['enlace']}), {row['cliente']}: "
        f"{euros(row['total'])} (base {euros(row['base'])})"
        for row in rows[:LIST_LIMIT]
    ]
    if len(rows) == 1:
        row = rows[0]
        return (
            f"El [borrador de factura]({row['enlace']}) para {row['cliente']}, del "
            f"{long_date(row['fecha'])}, es de {euros(row['total'])} (base "
            f"{euros(row['base'])}). Todavía no está emitido, así que no tiene número."
        )
    # "¿de cuánto?" about several drafts: what they add up to, and each one.
    together = sum((Decimal(str(row["total"])) for row in rows), Decimal(0))
    return _join(
        f"Hay {output['cuantas']} borradores de factura{to}, todavía sin emitir, que suman "
        f"{euros(together)} en total:",
        "\n".join(lines),
    )


def _quotes(question: Question, contact: ContactName | None, *, drafts: bool) -> str:
    """The quotes of a customer and period (numbered, or the drafts when asked for)."""
    arguments, concept = _invoice_filters(question, contact)
    if drafts:
        arguments["borradores"] = True
    output, rows = _listing(question, "presupuestos_de", "presupuestos", arguments, concept)
    if "error" in output:
        return str(output["error"])
    of = f" de {output['cliente']}" if output["cliente"] else ""
    if not rows:
        return _join(f"No encuentro ningún presupuesto{of} así.", _source(output))

    def line(row: dict[str, Any]) -> str:
        name = (
            f"[{row['numero']}]({row['enlace']})"
            if row["numero"]
            else (f"[borrador sin número]({row['enlace']})")
        )
        valid = f", válido hasta el {long_date(row['valido_hasta'])}" if row["valido_hasta"] else ""
        return (
            f"{name} de {row['cliente']}, del {long_date(row['fecha'])}: "
            f"{euros(row['total'])} (base {euros(row['base'])}){valid}"
        )

    if len(rows) == 1:
        return f"El presupuesto {line(rows[0])}."
    lines = [f"- {line(row)}" for row in rows[:LIST_LIMIT]]
    if len(rows) > LIST_LIMIT:
        lines.append(f"- y {len(rows) - LIST_LIMIT} más")
    return _join(f"Encuentro {output['cuantos']} presupuestos{of}:", "\n".join(lines))


def _search_query(question: Question) -> str:
    """The question for ``buscar``, a document number written as it is stored."""
    text = re.sub(r"^\s*(?:oye,?\s+)?b[uú]sc(?:a|ame|ar)(?:me)?\s+", "", question.text, flags=re.I)
    # A tax ID written in groups ("46 658 368 Q") as the index stores it.
    text = re.sub(
        r"\b(\d[\d .-]{5,12}\d)[ .-]?([a-zA-Z])\b",
        lambda m: re.sub(r"[ .-]", "", m[1]) + m[2].upper(),
        text,
    )
    for number in document_numbers(text):
        text = re.sub(
            r"\b(?:factura|presupuesto|presu)?\s*[fp]?\s?-?(?:20)?\d{2,4}\s?[-/]\s?\d{1,4}\b",
            f" {number} ",
            text,
            count=1,
            flags=re.I,
        )
    return " ".join(text.split())


SEARCH_LIMIT = 5


def search_document(question: Question) -> str:
    output = question.call("buscar", {"consulta": _search_query(question)})
    if "error" in output:
        return str(output["error"])
    items = [*output.get("results", []), *output.get("memories", [])]
    if not items:
        return "No encuentro nada parecido entre lo que puedes ver. Prueba con otras palabras."
    lines = []
    for item in items[:SEARCH_LIMIT]:
        title = item.get("title") or item.get("key")
        link = item["provenance"]["link"]
        summary = cut(plain_markdown(item.get("summary") or ""), 140)
        label = f"[{title}]({link})" if link else title
        lines.append(f"- {label}" + (f": {summary}" if summary else ""))
    return _join("Esto es lo que he encontrado:", "\n".join(lines))


ASKS_METHOD = re.compile(
    r"\bcomo (?:nos |le |les |se le |se les |se )?(?:paga|pagan|pagamos|pago|abona|abonan|cobr)|"
    r"\b(?:forma|metodo|medio|manera)s? de pago\b|\bbizum\b|\btransferencia|\befectivo\b|"
    r"\bal contado\b|\bdomicili|\bcon que (?:paga|pagan|pagamos)"
)
ASKS_TERM = re.compile(
    r"\bdias\b|\bplazo|\ba cuanto (?:nos )?paga|\bcuando (?:nos )?paga|\btarda|"
    r"\bcomo paga\b|\bcomo pagan\b|\bvencimiento"
)
ASKS_PERSON = re.compile(
    r"\bencargad|\bresponsable\b|persona de contacto|\binterlocutor|\bpregunt\w* por\b|"
    r"\b(?:por|a) quien (?:pregunt|llam|busc)\w*|"
    r"\bcon quien (?:hablo|hablamos|trato|tratamos)|\bquien (?:nos )?(?:atiende|lleva)\b|"
    r"\bcontacto (?:en|de)\b"
)


def contact_term(question: Question) -> str:
    """How and when a contact pays, and who to ask for: the record and memory, both cited."""
    contact = question.contact()
    if contact is None:
        return "¿De qué cliente o proveedor? Dime su nombre."
    output = question.call("contacto", {"contacto": contact.name})
    if "error" in output:
        return str(output["error"])
    folded = question.folded
    asks_method = bool(ASKS_METHOD.search(folded))
    asks_person = bool(ASKS_PERSON.search(folded))
    asks_term = bool(ASKS_TERM.search(folded)) or not (asks_method or asks_person)
    parts = []
    if asks_method:
        parts.append(_payment_method(output))
    if asks_term:
        parts.append(_payment_term(output))
    if asks_person:
        parts.append(_contact_person(question, output))
    return _join(*parts, _source(output))


def _payment_method(output: dict[str, Any]) -> str:
    name = output["contacto"]
    record, remembered = output["forma_pago_ficha"], output["forma_pago_memoria"]
    said_record = f"Según su ficha (notas: «{output['notas'].strip()}»), se paga por {record}."
    if remembered is None:
        if record is None:
            return (
                f"No tengo apuntada la forma de pago de {name}: ni su ficha ni lo que recuerdo "
                "la dicen."
            )
        return said_record
    said_memory = f"Según lo que recuerdo: {remembered['texto']}"
    if record is None or record == remembered["forma"]:
        return said_memory
    return (
        f"{said_memory} {said_record} No coinciden: lo recordado es del "
        f"{long_date(remembered['fecha'])}; corrige la ficha o el recuerdo si uno está mal."
    )


def _payment_term(output: dict[str, Any]) -> str:
    name, record = output["contacto"], output["plazo_ficha"]
    if output["plazo_memoria"] is not None and output["plazo_memoria"] != record:
        return (
            f"Según su ficha, {name} paga a {record} días; según lo que recuerdo "
            f"(«{output['memoria'].strip('«»')}»), a {output['plazo_memoria']} días. "
            "Los borradores usan lo recordado; corrige la ficha o el recuerdo si uno está mal."
        )
    if record == 0:
        return f"{name} paga al contado, sin plazo (según su ficha)."
    return f"{name} paga a {record} días (según su ficha)."


_PERSON_WORDS = re.compile(r"\bpregunt|\bencargad|\bcontacto\b|\bpersona\b|\batiende|\bresponsable")


def _contact_person(question: Question, output: dict[str, Any]) -> str:
    """Who to ask for: the memory, else a readable document about the contact that says so."""
    person = output["encargado_memoria"]
    if person is not None:
        return f"Según lo que recuerdo: {person['texto']}"
    name = output["contacto"]
    found = question.call("buscar", {"consulta": f"persona de contacto encargado {name}"})
    distinctive = set(name_words(name))
    for item in [*found.get("results", []), *found.get("related", [])]:
        text = f"{item.get('title') or ''} {item.get('summary') or ''}"
        if (
            item.get("kind") == "document"
            and distinctive & set(re.findall(r"[a-z0-9]+", fold(text)))
            and _PERSON_WORDS.search(fold(text))
        ):
            link = item["provenance"]["link"]
            title = f"[{item['title']}]({link})" if link else f"«{item['title']}»"
            summary = cut(plain_markdown(item.get("summary") or ""), 200)
            return (
                f"La ficha de {name} no tiene persona de contacto. "
                f"Según el documento {title}: {summary}"
            )
    return (
        f"La ficha de {name} no tiene persona de contacto y no recuerdo ninguna. "
        f"Puedes buscarla en sus documentos: «busca contacto de {name}»."
    )


_CARD_WORDS = frozenset(
    {"ficha", "datos", "contacto", "cliente", "proveedor", "nombre", "completo", "todo", "sus"}
)


def _written_about(question: Question, name: str) -> str:
    """What a readable document says about a contact, for a question no card field answers
    ("¿qué descuento nos hace Ferretería Ruiz?", "¿dónde están las llaves de Las Palmeras?").

    Only when the question has words beyond the contact's name, and a document found for them
    names the contact and shares one of those words; "" otherwise (the card is shown).
    """
    contact = question.contact()
    named = set(name_words(name)) | set(contact.words if contact else ())
    asked = {
        w[:5]
        for w in concept_words(question.text, also=frozenset(named) | question.own_words())
        if len(w) > 3 and w not in _CARD_WORDS
    }
    if not asked:
        return ""
    found = question.call("buscar", {"consulta": question.text})
    for item in [*found.get("results", []), *found.get("related", [])]:
        if item.get("kind") != "document":
            continue
        text = fold(f"{item.get('title') or ''} {item.get('summary') or ''}")
        words = set(re.findall(r"[a-z0-9]+", text))
        if named & words and asked & {w[:5] for w in words}:
            link = item["provenance"]["link"]
            title = f"[{item['title']}]({link})" if link else f"«{item['title']}»"
            summary = cut(plain_markdown(item.get("summary") or ""), 240)
            return f"Según el documento {title}: {summary}"
    return ""


_CARD_FIELDS = re.compile(
    r"\b(?:correo|email|e-mail|mail|escrib\w*|cif|nif|dni|nie|fiscal|telefono|movil|llam\w*|numero|"
    r"direccion|donde|ciudad|poblacion|pueblo|calle)\b"
)


def contact_data(question: Question) -> str:
    contact = question.contact()
    if contact is None and not _CARD_FIELDS.search(question.folded):
        # Not a field of any card: what is written down about it, wherever it is.
        return search_document(question)
    if contact is None:
        return "No encuentro ese contacto entre los que puedes ver."
    output = question.call("contacto", {"contacto": contact.name})
    if "error" in output:
        # Someone who may not read the card (the expenses keeper asking for a supplier's
        # discount) may still read a document that says it; a card field stays refused.
        written = (
            "" if _CARD_FIELDS.search(question.folded) else _written_about(question, contact.name)
        )
        return written or str(output["error"])
    folded = question.folded
    name = output["contacto"]
    fields = [
        ("correo|email|e-mail|mail|escrib", "Correo", output["correo"]),
        ("cif|nif|dni|nie|fiscal", "NIF", output["nif"]),
        ("telefono|movil|llam[ao]|numero", "Teléfono", output["telefono"]),
        (
            "direccion|donde|ciudad|poblacion|pueblo|calle",
            "Dirección",
            ", ".join(p for p in (output["direccion"], output["poblacion"]) if p),
        ),
    ]
    asked = [(label, value) for pattern, label, value in fields if re.search(pattern, folded)]
    if not asked and (written := _written_about(question, name)):
        return written
    if not asked:
        asked = [(label, value) for _, label, value in fields]
    lines = [f"- {label}: {value or 'no consta en la ficha'}" for label, value in asked]
    return _join(f"{name}:", "\n".join(lines), _source(output))


def iban(question: Question) -> str:
    contact = question.contact()
    if contact is None:
        return "No encuentro ese contacto entre los que puedes ver."
    output = question.call("cuenta_bancaria", {"contacto": contact.name})
    if "error" in output:
        return str(output["error"])
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
    lines.append(_source(output))
    return "\n".join(lines)


_DRAFT_LEAD = re.compile(
    r"^\s*(?:oye,?\s+)?(?:hazle|hazme|haz|prepara(?:me|le)?|crea(?:me|le)?|genera|emite|mete)?\s*"
    r"(?:un|una)?\s*(?:(?:borrador\s+de\s+)?(?:nueva\s+)?(?P<kind>factura|presupuesto|presu)\b|"
    r"borrador\b)",
)
_CUT_WORDS = re.compile(
    r"\b(?:mas|\+)\s*iva\b|\+\s*iva|\biva\s+incluido\b|\bpor\s+(?:un|una|el|la)?\b|\bde\b|\bpor\b"
)


# What may stand between the customer and the work in a drafting request ("… pa la …:").
_LEADING_FILLER = frozenset(["a", "al", "para", "pa", "la", "el", "los", "las", ",", ":", ";", "."])


def draft_concept(text: str, contact: ContactName, amount_text: str) -> str:
    """The work a drafting request names: what is left between the customer and the price."""
    folded = fold(text)
    words = set(name_words(contact.name)) | set(contact.words)
    rest = _DRAFT_LEAD.sub("", folded)
    rest = re.sub(r"\b\d+\s*[x×]\s*\d+(?:[.,]\d+)?", " ", rest)  # "2 x 65"
    rest = re.sub(r"\d+(?:[.,]\d+)?\s*(?:€|euros?\b|eur\b)", " ", rest)
    rest = re.sub(r"\b\d+(?:[.,]\d+)?\s+(?:horas?|h|unidades|uds?)\b", " ", rest)
    # "3 horas de mano de obra a 38": the price of a quantity, said bare.
    rest = re.sub(r"\ba\s+\d+(?:[.,]\d+)?\s*(?=[,.;]|$)", " ", rest)
    rest = re.sub(r"\ba\s*$|\ba\s+(?=[,.:;]|$)", " ", rest)
    rest = re.sub(r"\b(?:mas|\+)\s*iva\b|\+\s*iva\b|\biva incluido\b", " ", rest)
    tokens = re.findall(r"[a-z0-9]+|[,:;.]", rest)
    kept = [t for t in tokens if t not in words]
    while kept and kept[0] in _LEADING_FILLER:
        kept.pop(0)
    text_out = " ".join(kept)
    text_out = re.sub(r"^(?:por|de)\s+(?:un|una|el|la)?\s*", "", text_out)
    text_out = re.sub(r"\s*[,:;.]\s*", " ", text_out).strip()
    text_out = re.sub(r"\s+(?:a|de|por)$", "", text_out)
    return _accented(text, text_out) or amount_text


def _accented(original: str, folded_words: str) -> str:
    """Give back the accents the person wrote: each folded word by its original spelling."""
    spelled = {fold(w): w for w in re.findall(r"\w+", original)}
    return " ".join(spelled.get(w, w) for w in folded_words.split())


def draft_invoice(question: Question) -> str:
    contact = question.contact(Contact.Kind.CUSTOMER)
    if contact is None:
        return "¿Para qué cliente? Dime su nombre tal como está en tus contactos."
    amount = find_amount(question.text, lone=True, name=contact.name)
    kind = _DRAFT_LEAD.match(question.folded)
    quote = bool(kind and kind["kind"] in ("presupuesto", "presu"))
    concept = draft_concept(question.text, contact, "Trabajo")
    # Without a price the draft is still made, at 0 €, and the price is asked for: nothing is
    # issued until the person fills it in and confirms.
    arguments = {
        "cliente": contact.name,
        "concepto": concept,
        "importe": str(amount.unit_price) if amount else "0",
        "cantidad": str(amount.quantity) if amount else "1",
    }
    if question.today:
        arguments["fecha"] = question.today.isoformat()
    output = question.call("crear_presupuesto" if quote else "crear_borrador_factura", arguments)
    return draft_text(output, priced=amount is not None)


def draft_text(output: dict[str, Any], *, priced: bool = True) -> str:
    if "error" in output:
        return f"No he podido preparar el borrador: {output['error']}"
    noun = "de la factura" if output["tipo"] == "factura" else "del presupuesto"
    concept = output["lineas"][0]["concepto"] if output.get("lineas") else ""
    lines = [
        (
            f"He preparado el borrador {noun} para {output['cliente']}: "
            f"base {euros(output['base'])}, IVA {euros(output['iva'])}, "
            + (
                f"retención de IRPF {euros(output['retencion'])}, "
                if float(output.get("retencion") or 0)
                else ""
            )
            + f"total {euros(output['total'])}."
        )
        if priced
        else (
            f"He preparado el borrador {noun} para {output['cliente']}"
            + (f" («{concept}»)" if concept else "")
            + ", todavía sin importe: dime cuánto es o pon el precio en el borrador."
        )
    ]
    if output["tipo"] == "factura":
        lines.append(
            f"Vence el {long_date(output['vencimiento'])} "
            f"({output['plazo_dias']} días; {output['plazo_fuente']})."
        )
    lines += [f"Aviso: {warning}" for warning in output["avisos"]]
    lines.append(
        f"Revísalo y confírmalo antes de emitirlo: [ver el borrador]({output['fuente']['enlace']})"
    )
    return "\n".join(lines)


_ABOUT_FIGURES = re.compile(
    r"\b(?:retenciones|retencion|irpf|iva|base imponible) (?:de |del |a |al |con |por )"
)
_ABOUT_RULES = re.compile(
    r"\b(?:tipo|lleva|llevan|aplic\w*|pongo|poner|debo|debemos|tengo que|tenemos que|hay que|"
    r"puedo|podemos|se puede|cuando|plazo|obligad\w*|que es|como)\b"
)


def tax_question(question: Question) -> str:
    """A tax question; one that names a customer of yours ("retenciones de Editorial Lletra")
    asks for your figures, not for the rule."""
    folded = question.folded
    if (
        question.organization_id is not None
        and _ABOUT_FIGURES.search(folded)
        and not _ABOUT_RULES.search(folded)
        and question.contact(Contact.Kind.CUSTOMER) is not None
    ):
        return tax_figures(question)
    return tax_answer(question.text, question.call, today=question.today)


def greeting_help(question: Question) -> str:
    if re.match(r"^(?:muchas\s+)?gracias|^vale|^ok|^perfecto|^genial", question.folded):
        return "¡De nada! Aquí estoy para lo que necesites."
    if re.match(r"^(?:hola|buenas|buenos)", question.folded):
        return "¡Hola! Soy Suma. " + HELP
    return HELP


def unknown(question: Question) -> str:
    return UNKNOWN + HELP


ANSWERS: dict[str, Callable[[Question], str]] = {
    "total_invoiced": total_invoiced,
    "expense_total": expense_total,
    "tax_total": tax_figures,
    "pending": pending,
    "due_date": due_date,
    "lookup_invoice": lookup_invoice,
    "search_document": search_document,
    "tax_question": tax_question,
    "contact_term": contact_term,
    "contact_data": contact_data,
    "iban": iban,
    "draft_invoice": draft_invoice,
    "greeting_help": greeting_help,
    "unknown": unknown,
}
NEEDS_ORGANIZATION = frozenset(ANSWERS) - {"tax_question", "greeting_help", "unknown"}


# Words of a tax rule: a contact question that names no contact and uses them asks the rule
# ("¿hay sectores donde el ticket llega a 3.000 €?" is not an address).
_TAX_WORDS = re.compile(
    r"\b(?:iva|irpf|retenc\w*|retien\w*|modelo|verifactu|recargo|deduc\w*|desgrav\w*|hacienda|"
    r"rectificativa|simplificada|tickets?|tiques?)\b"
)
CONTACT_INTENTS = frozenset({"contact_data", "contact_term", "iban"})


# Words that say a figure is about invoicing, whoever asks.
_INVOICE_WORDS = re.compile(r"\b(?:factur\w*|fras?|cobr\w*|client\w*|vend\w*|ingres\w*)\b")


def answer(intent: str, question: Question) -> str:
    if intent in NEEDS_ORGANIZATION and question.organization_id is None:
        return NO_ORGANIZATION
    organization_id = question.organization_id
    if (
        intent == "total_invoiced"
        and not question.access.can_read(organization_id, Area.INVOICES)
        and question.access.can_read(organization_id, Area.EXPENSES)
        and not _INVOICE_WORDS.search(question.folded)
    ):
        # "¿Cuánto llevamos en multicapa este año?" from someone who keeps only the expenses:
        # a figure that names no invoicing is about what they keep.
        intent = "expense_total"
    if (
        intent in CONTACT_INTENTS
        and _TAX_WORDS.search(question.folded)
        and question.contact() is None
    ):
        intent = "tax_question"
    return ANSWERS[intent](question)
