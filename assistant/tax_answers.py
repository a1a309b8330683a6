"""Tax questions answered offline from ``saber``: the sentences that answer, and their sources.

The question goes to ``saber`` as written and, when it names a known topic in everyday words
("reformo el baño de un particular"), once more in the words the articles use ("obras de
renovación y reparación de vivienda", "tipo reducido"). The passages returned are split into
sentences and list items, which are ranked by shared word stems (weighted by rarity) plus the
e5 similarity to the question; the best few are quoted whole, without markup, each under its
article, and every article is cited once. A rate the question asks for by name ("el IVA
general", "en 2009") is said first from the typed facts, with its validity.
"""

from __future__ import annotations

import datetime
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from assistant.formatting import cut, euros, long_date, percent, plain_markdown
from search.dates import find_period
from sumalos.embeddings import embed_passages, embed_query
from sumalos.platform.text import fold

Call = Callable[[str, dict[str, Any]], dict[str, Any]]

UNITS = 3
NOTHING_PUBLISHED = (
    "No tengo información publicada sobre eso. Puedo responder dudas de IVA, IRPF, modelos "
    "y facturas."
)
GENERAL_VAT = "iva.tipo.general"
UNIT_CHARACTERS = 320
EMBEDDING_WEIGHT = 6.0
STEM = 5
HOME_REPAIR = (
    r"(?=.*\b(?:repar|reform|renov|obra|arregl|fuga|cambi|instal|cocina|bano|caldera|reducid|"
    r"del 10\b|10 ?%))(?=.*\b(?:casa|vivienda|piso|particular|hogar|domicilio))"
)
# Everyday wording → the articles' wording, and what to add once the topic is recognised.
TOPICS: tuple[tuple[str, str], ...] = (
    (
        r"\b(?:furgonetas?|furgos?|camion\w*|vehiculo comercial)\b",
        "furgoneta de trabajo se deduce en la medida en que se usa en la actividad solo para "
        "trabajar el 100 % rotulada",
    ),
    (
        r"\b(?:vend[oe]\w*|venta|suelt[oa]s?|sin instal\w*|solo (?:el )?material|"
        r"material suelto)\b",
        "venta de material sin instalar entrega de bienes 21 % sea el comprador un particular "
        "o una empresa",
    ),
    (
        HOME_REPAIR,
        "obras de renovación y reparación de vivienda encargadas por particulares tipo reducido "
        "10 % materiales 40 % base imponible vivienda dos años",
    ),
    (
        r"(?=.*\b(?:repar|reform|renov|obra|arregl|fuga|cambi|instal|caldera|iva))"
        r"(?=.*\b(?:bar|restaurante|local|oficina|nave|tienda|negocio|comercio|hotel|empresa)\b)",
        "obras en locales de negocio oficinas no vivienda tipo general 21 %",
    ),
    (
        r"\b(?:subcontrat|constructora|contratista|promotor|obra nueva|isp|sujeto pasivo|"
        r"rehabilit)",
        "inversión del sujeto pasivo ejecuciones de obra subcontratista contratista principal "
        "construcción rehabilitación",
    ),
    (
        r"(?=.*\brectificativ)(?=.*\b(?:plazo|cuando|tiempo|hasta|anos)\b)",
        "rectificativa plazo dentro de los cuatro años desde el devengo",
    ),
    (
        r"\brectificativ|\bme equivoque\b|\bequivocad|\berror en\b|\banular\b|\banulo\b|\bborr|"
        r"\bmal hecha|\bdevuelv\w*|\bdevolucion|\babono\b|"
        r"\b(?:puse|pusimos|cobre|aplique|facture) (?:el |al |un )?\d{1,2}\b.*\b(?:era|tocaba)\b",
        "factura rectificativa serie específica con numeración propia identificar la factura "
        "rectificada número fecha motivo",
    ),
    (r"\bmodulos\b|estimacion objetiva", "retención 1 % estimación objetiva módulos"),
    (
        r"\b(?:gestor|abogad|profesional|asesor)",
        "retención profesionales 15 % actividades profesionales",
    ),
    (r"\b(?:empiez|inicio|nuevo|7 ?%)", "retención 7 % inicio de actividad dos años siguientes"),
    (
        r"\b(?:gasoil|gasolin|gasoleo|combustible|furgo|coche|vehicul)",
        "gastos deducibles vehículo combustible IVA soportado afectación factura NIF",
    ),
    (
        r"\bsimplificad|\btickets?\b.*\bfactura\b|\bfactura\b.*\btickets?\b",
        "factura simplificada ticket importe hasta 400 € IVA incluido 3.000 € casos",
    ),
    (r"\btickets?\b", "factura completa con NIF tickets gastos deducibles"),
    (
        r"\b(?:comida|dieta|restaurante|menu)",
        "comidas dietas manutención 26,67 € gastos deducibles",
    ),
    (r"\bseguro", "seguro responsabilidad civil gasto deducible"),
    (
        r"\b(?:no me paga|impag|moros|no paga)",
        "créditos incobrables modificar base imponible factura rectificativa recuperar IVA",
    ),
    (r"\bverifactu\b", "verifactu obligatorio fechas sociedades resto autónomos sanción"),
    (
        r"(?=.*\bverifactu\b)(?=.*\b(?:sl|s\.l\.?|sa|sociedad|sociedades|empresa)\b)",
        "contribuyentes del Impuesto sobre Sociedades",
    ),
    (r"\brecargo\b", "recargo de equivalencia comerciante minorista 5,2 % 1,4 % 0,5 %"),
    (r"\b303\b", "modelo 303 plazo presentación trimestre 20 de abril 30 de enero"),
    (r"\b347\b", "modelo 347 operaciones con terceros febrero"),
    (r"\b130\b", "modelo 130 pago fraccionado plazo"),
    (
        r"\bparticular\b.*\bretene?r|\bretene?r.*\bparticular\b",
        "retención cliente particular no retiene",
    ),
    (
        r"\bretene?r\b|\bretencion|\bretengo\b|\bretien|\bretenia\b",
        "retención profesionales 15 % actividades profesionales 7 % inicio de actividad",
    ),
)
DEADLINE = re.compile(
    r"\b(?:cuando|plazo|plazos|hasta cuando|fecha|se presenta|presentar|presento|vence|"
    # "hasta qué día", "el último día", "qué día acaba".
    r"(?:hasta )?(?:que|q|k) dia|ultimo dia|dia limite)\b"
)
FORM = re.compile(r"\b(?:modelo\s*)?(?P<form>303|130|111|115|349|347|390|190|180)\b")
QUARTER_ORDINALS = ("primer", "segundo", "tercer", "cuarto")
_QUARTER_SAID = re.compile(
    r"\b(?:(?P<word>primer|primero|segundo|tercer|tercero|cuarto) trimestre|(?P<digit>[1-4])\s?t|"
    r"(?P<digit2>[1-4])(?:er|o|º)? trimestre)\b"
)
# Words that ask rather than say what about.
_QUESTION_FILLER_TEXT = """
    a al algo como con cual cuales cuando cuanto cuanta cuantos de del el en es esta
    este hay la las le lo los me mi mis o para por puedo q que se si sin su sus te tengo
    tiene un una uno y ya hoy aplico aplicar pongo poner lleva llevo hago hacer debo
    tenemos cliente
"""
QUESTION_FILLER = frozenset(_QUESTION_FILLER_TEXT.split())
# A question that asks for a figure of the rule: a rate, a limit, a term ("¿cuánto me tienen
# que retener?", "¿cuánto tiempo tengo para una rectificativa?", "¿hasta cuánto vale el ticket?").
AMOUNT_QUESTION = re.compile(
    r"\b(?:tipos?|a cuanto|cual es|cuanto|cuanta|de cuanto|que iva|a que iva|que retencion|"
    r"que porcentaje|porcentajes?|limite|maximo|hasta cuanto|cuanto tiempo|que plazo|"
    r"cuantos anos|llegan? a|(?:en|de) (?:19|20)\d{2}|"
    # "q iva general había en marzo de 2011": WhatsApp's "q".
    r"(?:q|k) (?:iva|retencion|tipo|porcentaje))\b"
)
# "¿cuántos años puedo aplicar el 7 si empecé en 2025?": the start year said.
START_YEAR = re.compile(
    r"\b(?:empece|empezamos|empezo|empiezo|inicie|iniciamos|alta|arranque|abri)\b"
    r"(?: \w+){0,4}? (?:en |el )?(?:\w+ de )?(?P<year>(?:19|20)\d{2})\b"
)
# Ley 35/2006, art. 101.5.a: the year the activity starts and the two calendar years after it.
START_RATE_YEARS = 3
NEW_PROFESSIONAL = "irpf.retencion.profesional_inicio"
# "¿qué IVA debería llevar la factura del gasoil?": the rate of a thing.
VAT_OF_A_THING = re.compile(
    r"\b(?:que iva|a que iva|que tipo de iva|cuanto iva) (?:\w+ ){0,2}(?:lleva|llevar|llevan|"
    r"tiene|tienen|va|van|pongo|poner|cobro|aplico|cargo)\b|\ba que iva va\b"
)
# "un 5,2 de más, ¿eso qué es?": a percentage named by its number.
WHAT_IS = re.compile(
    r"\b(?:que es|eso es|que son|de que es|que significa|a que (?:se )?(?:aplica|corresponde)|"
    r"de donde sale)\b"
)
NAMED_NUMBER = re.compile(
    r"(?<![\d.,])(?P<n>\d{1,2}(?:,\d{1,2})?)(?![\d.,]*\d)(?!\s*(?:anos|dias|meses|euros|€))"
)


@dataclass(frozen=True)
class Unit:
    entry: str
    title: str
    heading: str
    text: str
    source: str
    url: str


def _stems(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+(?:,[0-9]+)?", fold(text).replace("*", ""))
    return [w[:STEM] for w in words if w not in QUESTION_FILLER]


def _units(passages: list[dict[str, Any]]) -> list[Unit]:
    units: list[Unit] = []
    seen: set[str] = set()
    for passage in passages:
        source = passage["fuentes"][0] if passage["fuentes"] else {"title": "", "url": ""}
        text = plain_markdown(passage["texto"])
        pieces: list[str] = []
        for line in text.splitlines():
            line = line.strip().lstrip("-*• ").strip()
            if not line or line.startswith("|"):
                continue
            pieces += (
                re.split(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿])", line)
                if len(line) > UNIT_CHARACTERS
                else [line]
            )
        for piece in pieces:
            key = fold(piece)
            if len(piece) < 25 or key in seen or piece.rstrip().endswith(":"):
                continue
            seen.add(key)
            units.append(
                Unit(
                    passage["articulo"],
                    passage["titulo"],
                    passage.get("encabezado", ""),
                    piece,
                    source.get("title", ""),
                    source.get("url", ""),
                )
            )
    return units


@lru_cache(maxsize=4096)
def _embedding(text: str) -> tuple[float, ...]:
    return tuple(embed_passages([text])[0])


def _rank(question: str, expansion: str, units: list[Unit]) -> list[tuple[float, Unit]]:
    asked = Counter(_stems(question))
    extra = Counter(_stems(expansion))
    frequency = Counter(s for unit in units for s in set(_stems(f"{unit.title} {unit.text}")))
    vector = np.asarray(embed_query(question))
    scored = []
    for unit in units:
        stems = set(_stems(f"{unit.title} {unit.text}"))
        lexical = sum(
            math.log(1 + len(units) / frequency[s]) * (1.0 if s in asked else 0.5)
            for s in stems
            if s in asked or s in extra
        )
        similarity = float(np.dot(vector, np.asarray(_embedding(unit.text))))
        scored.append((lexical + EMBEDDING_WEIGHT * similarity, unit))
    scored.sort(key=lambda row: -row[0])
    return scored


def _on(question: str, today: datetime.date) -> datetime.date | None:
    """The day a rate is asked for: "en 2009" → that year; none when not in the past."""
    found = find_period(question, today=today)
    if found.period is None or found.period[1] >= today:
        return None
    return found.period[0]


def _family(key: str) -> str:
    return ".".join(key.split(".")[:2])


def _facts_text(facts: list[dict[str, Any]]) -> list[str]:
    """The first facts as "label: value (vigente …)": those of the first one's family (all
    the surcharge rates when the surcharge is asked), else the first two."""
    same = [f for f in facts if _family(f["clave"]) == _family(facts[0]["clave"])] if facts else []
    lines = []
    for fact in same if len(same) > 1 else facts[:2]:
        value = (
            percent(fact["valor"])
            if fact["unidad"] == "%"
            else euros(fact["valor"]).removesuffix(",00 €") + " €"
            if fact["unidad"] == "€"
            else f"{fact['valor']} {fact['unidad']}".strip()
        )
        since = fact["vigente_desde"]
        until = fact["vigente_hasta"]
        validity = (
            f"del {long_date(since)} al {long_date(until)}"
            if since and until
            else f"desde el {long_date(since)}"
            if since
            else ""
        )
        label = fact.get("nombre") or fact["clave"]
        lines.append(f"{label}: {value}" + (f" (vigente {validity})." if validity else "."))
    return lines


def _general_rate_note(call: Call, on: str | None) -> str:
    """What applies when the reduced rate's conditions fail: the general rate, from the facts."""
    output = call("saber", {"pregunta": "IVA tipo general", **({"fecha": on} if on else {})})
    general = next((f for f in output.get("datos", []) if f["clave"] == GENERAL_VAT), None)
    rate = f", hoy del {percent(general['valor'])}" if general else ""
    return (
        "Si no se cumple alguna condición (vivienda con al menos dos años, obra encargada por "
        "un particular para su vivienda, materiales hasta el 40 % de la base), se aplica el "
        f"tipo general{rate}."
    )


# Words too common in tax questions to tie a fact to one ("¿cuánto tiempo hay que guardar las
# facturas?" is not the rectifying-invoice deadline).
_LOOSE_STEMS = frozenset({"fact", "iva", "tipo", "cuan", "tiem", "plaz", "impo", "tene", "hace"})
# Spellings of one stem: "retienen" and "retención".
_STEM_SPELLINGS = {"reti": "rete"}


def _stems4(text: str) -> set[str]:
    stems = {w[:4] for w in re.findall(r"[a-z0-9]+", fold(text)) if len(w) > 3}
    return {_STEM_SPELLINGS.get(stem, stem) for stem in stems} - _LOOSE_STEMS


def _asked_facts(folded: str, output: dict[str, Any]) -> list[dict[str, Any]]:
    """The facts ``saber`` chose that the question is about: a word of the fact's name or key
    (beyond the loose ones) in the question or in the titles of the two articles that answer it
    best ("hasta cuánto un ticket" → "Factura simplificada"), its value said as a number ("el
    tipo del 4"), or a VAT rate when the question says "IVA" ("el IVA normal, ¿cuánto es?")."""
    titles = " ".join(p.get("titulo") or "" for p in output.get("pasajes", [])[:2])
    asked = _stems4(folded) | _stems4(titles)
    numbers = {n.replace(",", ".") for n in re.findall(r"\d+(?:,\d+)?", folded)}
    says_vat = bool(re.search(r"\biva\b", folded))
    van = bool(_VAN.search(folded)) and not _CAR.search(folded)
    return [
        fact
        for fact in output.get("datos", [])
        if not (van and "turismo" in fact["clave"])
        and (
            asked & _stems4(f"{fact.get('nombre') or ''} {fact['clave'].replace('.', ' ')}")
            or fact["valor"] in numbers
            or (says_vat and fact["clave"].startswith("iva.tipo."))
        )
    ]


def _named_rates(folded: str, call: Call, on: str | None) -> list[str]:
    """The rates in force a number of the question is: "5,2" → the general surcharge."""
    lines: list[str] = []
    for match in NAMED_NUMBER.finditer(folded):
        output = call(
            "saber", {"pregunta": folded, "porcentaje": match["n"], **({"fecha": on} if on else {})}
        )
        lines += _facts_text(output.get("porcentajes", []))
    return lines[:3]


def _general_rate_rule(call: Call, on: str | None) -> str:
    """The rate of anything the law gives no reduced rate or exemption: the general one."""
    output = call("saber", {"pregunta": "IVA tipo general", **({"fecha": on} if on else {})})
    general = next((f for f in output.get("datos", []) if f["clave"] == GENERAL_VAT), None)
    rate = f"el general, del {percent(general['valor'])}" if general else "el general"
    return (
        f"Salvo que la ley le dé un tipo reducido, superreducido o una exención, el IVA es {rate}."
    )


def _quarter(folded: str) -> int | None:
    match = _QUARTER_SAID.search(folded)
    if match is None:
        return None
    if match["word"]:
        return {"primero": 1, "tercero": 3}.get(match["word"]) or (
            QUARTER_ORDINALS.index(match["word"]) + 1
        )
    return int(match["digit"] or match["digit2"])


def _deadline_lines(folded: str, call: Call) -> list[str]:
    """A filing deadline asked for by form and quarter, from the typed facts ("del 1 al 20 …")."""
    form = FORM.search(folded)
    if form is None or not DEADLINE.search(folded):
        return []
    number = form["form"]
    quarter = _quarter(folded)
    asked = f"plazo modelo {number}" + (
        f" {QUARTER_ORDINALS[quarter - 1]} trimestre" if quarter else " trimestres"
    )
    facts = call("saber", {"pregunta": asked}).get("datos", [])
    prefix = f"plazo.modelo{number}"
    by_key = {fact["clave"]: fact["valor"] for fact in facts if fact["clave"].startswith(prefix)}
    if quarter and f"{prefix}.t{quarter}" in by_key:
        return [
            f"Modelo {number} del {QUARTER_ORDINALS[quarter - 1]} trimestre: se presenta "
            f"{by_key[f'{prefix}.t{quarter}']}."
        ]
    quarters = [
        f"{QUARTER_ORDINALS[q - 1]} trimestre, {by_key[f'{prefix}.t{q}']}"
        for q in range(1, 5)
        if f"{prefix}.t{q}" in by_key
    ]
    if quarters:
        return [f"Plazos del modelo {number}: " + "; ".join(quarters) + "."]
    if prefix in by_key:
        return [f"Modelo {number}: se presenta {by_key[prefix]}."]
    return []


def _reduced_years(start: int) -> str:
    """The years of the new professional's 7 % for a start year, worked out from the rule."""
    years = [str(start + n) for n in range(START_RATE_YEARS)]
    return (
        f"Si empezaste en {start}, puedes aplicar el 7 % en {', '.join(years[:-1])} y "
        f"{years[-1]} (el año de inicio y los dos siguientes), hasta el 31 de diciembre de "
        f"{years[-1]}."
    )


# WhatsApp short forms, written out before ranking ("la furgo q uso pa las obras"): the
# embedding reads whole words better.
_SHORT_FORMS = {
    "furgo": "furgoneta",
    "furgos": "furgonetas",
    "pa": "para",
    "q": "que",
    "k": "que",
    "xq": "porque",
    "tb": "también",
    "tmb": "también",
    "finde": "fin de semana",
    "findes": "fines de semana",
    "fra": "factura",
    "fras": "facturas",
    "presu": "presupuesto",
}
# A work van is not a car: the presumed 50 % of cars does not lead an answer about a van.
_VAN = re.compile(r"\b(?:furgonetas?|camion\w*|vehiculo comercial)\b")
_CAR = re.compile(r"\b(?:coches?|turismos?)\b")


def written_out(question: str) -> str:
    """The question with its WhatsApp short forms written out."""
    return re.sub(r"\b\w+\b", lambda m: _SHORT_FORMS.get(m[0].lower(), m[0]), question)


def tax_answer(question: str, call: Call, *, today: datetime.date) -> str:
    question = written_out(question)
    folded = fold(question)
    arguments: dict[str, Any] = {"pregunta": question}
    on = _on(question, today)
    if on is not None:
        arguments["fecha"] = on.isoformat()
    first = call("saber", arguments)
    if "error" in first:
        return str(first["error"])
    passages = list(first["pasajes"])
    expansions = [words for pattern, words in TOPICS if re.search(pattern, folded)]
    for words in expansions[:2]:
        more = call("saber", {"pregunta": words, **({"fecha": arguments["fecha"]} if on else {})})
        passages += more.get("pasajes", [])
    units = _units(passages)
    lines: list[str] = []
    home_repair = bool(re.search(HOME_REPAIR, folded))
    lines += _deadline_lines(folded, call)
    if not lines and AMOUNT_QUESTION.search(folded) and (asked := _asked_facts(folded, first)):
        lines += _facts_text(asked)
    if (started := START_YEAR.search(folded)) and any(
        f["clave"] == NEW_PROFESSIONAL for f in first["datos"]
    ):
        lines.append(_reduced_years(int(started["year"])))
    if not lines and WHAT_IS.search(folded):
        lines += _named_rates(folded, call, arguments.get("fecha"))
    if (
        VAT_OF_A_THING.search(folded)
        and not home_repair
        and not any(f["clave"].startswith("iva.tipo.") for f in first["datos"])
    ):
        lines.append(_general_rate_rule(call, arguments.get("fecha")))
    ranked = _rank(question, " ".join(expansions), units)
    chosen = [unit for _, unit in ranked[: UNITS - min(len(lines), 1)]]
    for unit in chosen:
        lines.append(f"- {unit.title}: {cut(unit.text, UNIT_CHARACTERS)}")
    if not lines:
        return NOTHING_PUBLISHED
    sources: dict[str, str] = {}
    for unit in chosen:
        if unit.url:
            sources.setdefault(unit.url, unit.source or unit.title)
    if home_repair:
        lines.append(_general_rate_note(call, arguments.get("fecha")))
    cited = [f"- [{title}]({url})" for url, title in sources.items()]
    return (
        "\n".join([*lines, "Fuentes:" if len(cited) > 1 else "Fuente:", *cited])
        if cited
        else "\n".join(lines)
    )
