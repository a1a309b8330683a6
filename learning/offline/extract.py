"""Offline extraction: deterministic Spanish patterns that turn a message into atomic facts.

Covers payment terms, contact persons, preferred channels, names and
nicknames, tone, family, company facts, prices, schedules, dated events, IBANs and tax IDs.
Attribute names reuse the ones already stored for a subject when they mean the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from stdnum.es import nif as es_nif

from learning.base import ExtractedFact, KnownAttribute
from memory.policy import find_iban
from sumalos.platform.text import fold

# A proper name: capitalised words, joined by "de", "del", "y", "&" (Talleres García S.L.).
_WORD = r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü.&'\-]*"
NAME = rf"(?:{_WORD}(?:\s+(?:de\s+|del\s+|y\s+|&\s+)?{_WORD})*)"
_PERSON = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)?"
_PRICE = r"\d+(?:[.,]\d+)?\s?(?:€|euros?)"
_DAY = r"(?:lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)"
_MONTH = (
    r"(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
    r"noviembre|diciembre)"
)
_WHEN = (
    rf"(?:(?:el\s+|este\s+|próximo\s+|el\s+próximo\s+)?{_DAY}(?:\s+\d{{1,2}})?(?:\s+que\s+viene)?"
    rf"|el\s+\d{{1,2}}\s+de\s+{_MONTH}|(?:la\s+)?semana\s+que\s+viene|mañana|pasado\s+mañana"
    rf"|(?:el\s+)?mes\s+que\s+viene|en\s+{_MONTH})"
)
_CHANNELS = {
    "email": "email",
    "correo": "email",
    "mail": "email",
    "whatsapp": "WhatsApp",
    "teléfono": "teléfono",
    "telefono": "teléfono",
    "llamada": "teléfono",
    "sms": "SMS",
}
_RELATIVES = (
    "hijo|hija|mujer|marido|pareja|hermano|hermana|madre|padre|novia|novio|socio|socia|"
    "perro|gata|gato"
)
_SUPPLIER_HINTS = re.compile(
    r"\bproveedor|\bnos\s+cobra|\ble\s+pagamos|\ble\s+compramos|\bnos\s+sirve|\bnos\s+suministra",
    re.IGNORECASE,
)
_LEADING_ARTICLE = re.compile(r"^(?:A|Con|En|De|Para|El|La|Los|Las)\s+(?=[A-ZÁÉÍÓÚÑ])")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", fold(text)).strip("_")[:60]


# Capitalised only because they open the sentence: never a name on their own.
_NOT_NAMES = frozenset(
    [
        *("ahora", "oye", "pues", "ya", "no", "sí", "si", "bueno", "vale", "mira", "hoy"),
        *("mañana", "ayer", "eso", "esto", "además", "también"),
        *("el", "la", "los", "las", "un", "una"),
    ]
)
_REFERS_TO = re.compile(rf"(?i:me\s+refiero\s+a|hablo\s+de|es\s+de)\s+(?P<name>{NAME})")


def _name(raw: str) -> str:
    return _LEADING_ARTICLE.sub("", raw.strip(" ,.;:")).strip()


def _subject_name(raw: str, message: str) -> str | None:
    """The third party a fact is about; a sentence opener falls back to "me refiero a X"."""
    name = _name(raw)
    if name.casefold() not in _NOT_NAMES:
        return name
    named = _REFERS_TO.search(message)
    return _name(named.group("name")) if named else None


def _third_party_category(message: str) -> str:
    return "proveedor" if _SUPPLIER_HINTS.search(message) else "cliente"


def _sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,;")
    text = text[0].upper() + text[1:] if text else text
    return text if text.endswith((".", "!", "?")) else f"{text}."


Rule = Callable[[str], Iterator[ExtractedFact]]
RULES: list[Rule] = []


def rule(function: Rule) -> Rule:
    RULES.append(function)
    return function


@rule
def payment_terms(message: str) -> Iterator[ExtractedFact]:
    patterns = (
        rf"(?P<name>{NAME})\s+(?:ahora\s+|ya\s+|siempre\s+)?(?:nos\s+)?(?:paga|pagará|pagan)\s+"
        r"(?:ahora\s+)?(?:siempre\s+)?a\s+(?P<days>\d{1,3})\s*(?:días|dias|d)\b",
        rf"(?i:el\s+)?(?i:plazo\s+de\s+(?:pago|cobro)\s+de)\s+(?P<name>{NAME})\s+(?:es|será|pasa\s+a\s+ser)"
        r"\s+(?:de\s+)?(?P<days>\d{1,3})\s*(?:días|dias)",
        rf"\b(?i:a)\s+(?P<name>{NAME})\s+(?:le\s+)?(?:pagamos|damos|cobramos)\s+a\s+(?P<days>\d{{1,3}})"
        r"\s*(?:días|dias)",
    )
    for pattern in patterns:
        for match in re.finditer(pattern, message):
            name = _subject_name(match.group("name"), message)
            if name is None:
                continue
            days = f"{int(match.group('days'))} días"
            category = _third_party_category(message)
            verb = "Pagamos a" if "pagamos" in match.group(0) else "Paga a"
            text = (
                f"A {name} le pagamos a {days}."
                if verb == "Pagamos a"
                else f"{name} paga a {days}."
            )
            yield ExtractedFact(category, "plazo_pago", days, text, subject_name=name)
            return


@rule
def contact_person(message: str) -> Iterator[ExtractedFact]:
    patterns = (
        rf"(?i:el|la)\s+(?:persona\s+de\s+)?contacto\s+(?:en|de)\s+(?P<name>{NAME})\s+es\s+"
        rf"(?P<person>{_PERSON})",
        rf"\b(?i:en)\s+(?P<name>{NAME})\s+(?:hay\s+que\s+|tenemos\s+que\s+)?(?:hablar|preguntar)\s+"
        rf"(?:siempre\s+)?(?:con|por)\s+(?P<person>{_PERSON})",
        rf"(?P<person>{_PERSON})\s+(?:es\s+quien\s+)?lleva\s+(?:las\s+cuentas|la\s+facturación|"
        rf"las\s+compras|la\s+administración|los\s+pagos)\s+(?:de|en)\s+(?P<name>{NAME})",
    )
    for pattern in patterns:
        match = re.search(pattern, message)
        if match:
            name, person = _name(match.group("name")), match.group("person").strip()
            text = f"El contacto en {name} es {person}."
            yield ExtractedFact(
                _third_party_category(message),
                "persona_contacto",
                person,
                text,
                subject_name=name,
            )
            return


@rule
def preferred_channel(message: str) -> Iterator[ExtractedFact]:
    channels = "|".join(_CHANNELS)
    third = re.search(
        rf"(?P<name>{NAME})\s+prefiere\s+(?:que\s+(?:le|les)\s+\w+\s+(?:[\wáéíóú]+\s+){{0,3}})?"
        rf"(?:recibir\s+(?:[\wáéíóú]+\s+){{0,3}})?por\s+(?P<channel>{channels})\b",
        message,
        re.IGNORECASE,
    )
    if third and third.group("name")[0].isupper():
        name, channel = _name(third.group("name")), _CHANNELS[third.group("channel").lower()]
        yield ExtractedFact(
            _third_party_category(message),
            "canal_preferido",
            channel,
            f"{name} prefiere que le escribamos por {channel}.",
            subject_name=name,
        )
        return
    own = re.search(
        rf"(?:prefiero|mejor)\s+que\s+me\s+\w+\s+(?:[\wáéíóú]+\s+){{0,3}}por\s+(?P<channel>{channels})"
        rf"|(?:escríbeme|escribeme|avísame|avisame|mándame|mandame)\s+(?:siempre\s+)?por\s+"
        rf"(?P<channel2>{channels})",
        message,
        re.IGNORECASE,
    )
    if own:
        channel = _CHANNELS[(own.group("channel") or own.group("channel2")).lower()]
        yield ExtractedFact(
            "preferencia", "canal_preferido", channel, f"Prefiere que le escriban por {channel}."
        )


@rule
def names(message: str) -> Iterator[ExtractedFact]:
    match = re.search(rf"\b(?i:me\s+llamo|mi\s+nombre\s+es)\s+(?P<name>{_PERSON})", message)
    if match:
        name = match.group("name")
        yield ExtractedFact("perfil_usuario", "nombre", name, f"Se llama {name}.")
    nick = re.search(
        rf"\b(?:llámame|llamame|puedes\s+llamarme|me\s+llaman|todos\s+me\s+llaman)\s+(?P<name>{_PERSON})",
        message,
        re.IGNORECASE,
    )
    if nick:
        name = nick.group("name")
        yield ExtractedFact("perfil_usuario", "apodo", name, f"Prefiere que le llamen {name}.")


@rule
def tone(message: str) -> Iterator[ExtractedFact]:
    folded = message.casefold()
    if re.search(
        r"\btutéame\b|\btuteame\b|\b(?:háblame|hablame|trátame|tratame)\s+de\s+tú?\b", folded
    ):
        if re.search(r"de\s+usted", folded):
            yield ExtractedFact("preferencia", "tono", "usted", "Prefiere que le traten de usted.")
        else:
            yield ExtractedFact("preferencia", "tono", "tú", "Prefiere que le traten de tú.")
    elif re.search(r"\b(?:háblame|hablame|trátame|tratame)\s+de\s+usted\b", folded):
        yield ExtractedFact("preferencia", "tono", "usted", "Prefiere que le traten de usted.")


@rule
def family(message: str) -> Iterator[ExtractedFact]:
    patterns = (
        rf"\bmi\s+(?P<rel>{_RELATIVES})\s+(?:pequeñ[oa]\s+|mayor\s+)?se\s+llama\s+(?P<name>{_PERSON})",
        rf"\btengo\s+(?:un|una)\s+(?P<rel>{_RELATIVES})\s*(?:,|que\s+se\s+llama|llamad[oa])\s*"
        rf"(?P<name>{_PERSON})",
    )
    for pattern in patterns:
        for match in re.finditer(pattern, message, re.IGNORECASE):
            rel, name = match.group("rel").lower(), match.group("name")
            yield ExtractedFact("perfil_usuario", rel, name, f"Su {rel} se llama {name}.")


@rule
def company(message: str) -> Iterator[ExtractedFact]:
    activity = re.search(
        r"\b(?:nos\s+dedicamos\s+a|(?:la|mi|nuestra)\s+empresa\s+se\s+dedica\s+a|"
        r"somos\s+(?=un[ao]?\s)|nuestro\s+negocio\s+es)\s*(?P<what>[^.!?\n]+)",
        message,
        re.IGNORECASE,
    )
    if activity:
        what = activity.group("what").strip(" ,")
        yield ExtractedFact("empresa", "actividad", what, _sentence(f"La empresa: {what}"))
    staff = re.search(
        r"\bsomos\s+(?P<n>\d+)\s+(?:en\s+el\s+taller|en\s+la\s+empresa|trabajando)"
        r"|\btenemos\s+(?P<m>\d+)\s+(?:empleados|trabajadores|personas\s+en\s+plantilla)",
        message,
        re.IGNORECASE,
    )
    if staff:
        n = staff.group("n") or staff.group("m")
        yield ExtractedFact("empresa", "empleados", n, f"La empresa tiene {n} personas trabajando.")


@rule
def prices(message: str) -> Iterator[ExtractedFact]:
    supplier = re.search(
        rf"(?P<name>{NAME})\s+nos\s+cobra\s+(?P<price>{_PRICE})\s+(?:por\s+(?:el|la|cada)?\s*|el\s+|la\s+)"
        r"(?P<item>[^.,!?\n]+)",
        message,
    )
    if supplier:
        name, item, price = (
            _name(supplier.group("name")),
            supplier.group("item").strip(),
            supplier.group("price"),
        )
        yield ExtractedFact(
            "proveedor",
            f"precio_{_slug(item)}",
            price,
            f"{name} nos cobra {price} por {item}.",
            subject_name=name,
        )
        return
    own = re.search(
        rf"\b(?:cobramos|cobro)\s+(?P<price>{_PRICE})\s+(?:la|el|por|cada)\s+(?P<item>[^.,!?\n]+)"
        rf"|\b(?:el|la|los|las)\s+(?P<item2>[^.,!?\n]+?)\s+(?:lo|la|los|las)\s+cobramos\s+a\s+"
        rf"(?P<price2>{_PRICE})",
        message,
        re.IGNORECASE,
    )
    if own:
        item = (own.group("item") or own.group("item2")).strip()
        price = own.group("price") or own.group("price2")
        yield ExtractedFact(
            "empresa", f"precio_{_slug(item)}", price, f"Cobramos {price} por {item}."
        )


@rule
def schedules(message: str) -> Iterator[ExtractedFact]:
    match = re.search(
        r"\b(?:abrimos|trabajamos|nuestro\s+horario\s+es|el\s+horario\s+(?:del\s+taller\s+)?es)\s+"
        r"(?P<when>(?:de\s+lunes\s+a\s+(?:viernes|sábado)\s+)?(?:de\s+)?\d{1,2}(?::\d\d)?\s+a\s+"
        r"\d{1,2}(?::\d\d)?(?:\s+y\s+de\s+\d{1,2}(?::\d\d)?\s+a\s+\d{1,2}(?::\d\d)?)?)",
        message,
        re.IGNORECASE,
    )
    if match:
        when = match.group("when").strip()
        yield ExtractedFact("empresa", "horario", when, f"El horario es {when}.")
        return
    third = re.search(
        rf"(?P<name>{NAME})\s+(?:solo\s+)?(?:abre|atiende|recibe)\s+(?P<when>(?:solo\s+)?(?:por\s+las\s+"
        rf"(?:mañanas|tardes)|de\s+\d{{1,2}}(?::\d\d)?\s+a\s+\d{{1,2}}(?::\d\d)?|los\s+{_DAY}))",
        message,
    )
    if third:
        name, when = _name(third.group("name")), third.group("when")
        yield ExtractedFact(
            _third_party_category(message),
            "horario",
            when,
            f"{name} atiende {when}.",
            subject_name=name,
        )


@rule
def dated_events(message: str) -> Iterator[ExtractedFact]:
    match = re.search(
        rf"(?P<when>{_WHEN})\s*,?\s+(?P<what>(?:tengo|me\s+voy|voy|vamos|nos\s+vamos|hay|cerramos|"
        rf"estaré|estoy|viene|vienen)\b[^.!?\n]*)",
        message,
        re.IGNORECASE,
    )
    if match is None:
        match = re.search(
            rf"(?P<what>(?:me\s+voy|estaré|cerramos|nos\s+vamos|tengo\s+(?:una\s+)?(?:reunión|cita|"
            rf"auditoría|inspección))[^.!?\n]*?)\s+(?P<when>{_WHEN})\b",
            message,
            re.IGNORECASE,
        )
    if match:
        when, what = match.group("when").strip(), match.group("what").strip()
        yield ExtractedFact("evento", "evento", f"{when}: {what}", _sentence(f"{when} {what}"))


@rule
def ibans(message: str) -> Iterator[ExtractedFact]:
    iban = find_iban(message)
    if iban is None:
        return
    owner = re.search(
        rf"(?i:cuenta|iban)\s+(?:nueva\s+)?(?:de|del)\s+(?P<name>{NAME})"
        rf"|(?P<name2>{NAME})\s+(?:tiene|ha\s+cambiado\s+de|nos\s+ha\s+pasado|nos\s+pasa)\s+"
        r"(?:una\s+)?(?:nueva\s+)?(?:cuenta|IBAN)",
        message,
    )
    if owner is None:
        return
    name = _name(owner.group("name") or owner.group("name2"))
    yield ExtractedFact(
        _third_party_category(message),
        "iban",
        iban,
        f"La cuenta de {name} es {iban}.",
        subject_name=name,
    )


@rule
def tax_ids(message: str) -> Iterator[ExtractedFact]:
    match = re.search(
        rf"(?i:el\s+)?(?:NIF|CIF|NIE)\s+(?:de|del)\s+(?P<name>{NAME})\s+es\s+(?:el\s+)?"
        r"(?P<id>[A-Z]?-?\d{7,8}-?[A-Z0-9])"
        rf"|(?P<name2>{NAME}),?\s+(?:con\s+)?(?:NIF|CIF)\s+(?P<id2>[A-Z]?-?\d{{7,8}}-?[A-Z0-9])",
        message,
    )
    if match is None:
        return
    name = _name(match.group("name") or match.group("name2"))
    tax_id = re.sub(r"-", "", match.group("id") or match.group("id2")).upper()
    if not es_nif.is_valid(tax_id) and not _cif_shape(tax_id):
        return
    yield ExtractedFact(
        _third_party_category(message),
        "nif",
        tax_id,
        f"El NIF de {name} es {tax_id}.",
        subject_name=name,
        subject_tax_id=tax_id,
    )


def _cif_shape(tax_id: str) -> bool:
    from stdnum.es import cif

    return cif.is_valid(tax_id)


def _reuse_names(fact: ExtractedFact, known: list[KnownAttribute]) -> ExtractedFact:
    """Reuse a stored attribute name that means the same (the article's weak point, §5)."""
    synonyms = {
        "plazo_pago": {
            "plazo_pago",
            "condiciones_cobro",
            "plazo_cobro",
            "dias_pago",
            "vencimiento",
        },
        "persona_contacto": {"persona_contacto", "contacto", "interlocutor"},
        "canal_preferido": {"canal_preferido", "canal", "medio_contacto"},
    }
    group = synonyms.get(fact.attribute)
    if not group:
        return fact
    for item in known:
        if item.attribute in group and item.attribute != fact.attribute:
            return ExtractedFact(
                fact.category,
                item.attribute,
                fact.value,
                fact.text,
                fact.subject_name,
                fact.subject_tax_id,
            )
    return fact


def extract_facts(message: str, known: list[KnownAttribute]) -> list[ExtractedFact]:
    """Every fact the patterns find, once each (same category, subject and attribute)."""
    facts: list[ExtractedFact] = []
    seen: set[tuple[str, str, str]] = set()
    for each in RULES:
        for fact in each(message):
            fact = _reuse_names(fact, known)
            key = (fact.category, fact.subject_name.casefold(), fact.attribute)
            if key not in seen:
                seen.add(key)
                facts.append(fact)
    return facts
