"""What a question names: a period, a document number, a contact, an amount, a concept.

The offline provider fills these slots before calling a tool (docs/assistant.md, "Offline
intents"). Periods come from ``search.dates.find_period`` (months with or without a year,
"este año", "el trimestre pasado", "el primer trimestre", "el 2T", "el año pasado", "en
2025") with a Spanish label for the answer. Contacts are matched against the names the caller
may read (contacts, and the customers and suppliers named on readable invoices and expenses).
"""

from __future__ import annotations

import datetime
import math
import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Q

from assistant.formatting import long_date
from search.dates import find_period
from sumalos.accounts.access import AiAccess
from sumalos.accounts.models import Area
from sumalos.invoicing.models import Contact, Expense, Invoice
from sumalos.invoicing.selectors import visible
from sumalos.platform.text import MONTHS, fold

Period = tuple[datetime.date, datetime.date]
QUARTER_NAMES = ("primer", "segundo", "tercer", "cuarto")
_NUMBER = re.compile(
    r"\b(?P<letter>[fp])\s?-?\s?(?:(?P<year>20\d{2}|\d{2})(?:\s?[-/.]\s?|\s)(?P<seq>\d{1,4})"
    r"|(?P<year4>20\d{2})(?P<seq4>\d{4}))\b"
)
# "factura 2025/83", "la 2025/83", "fra. nº 2025-83", "presu 2026/3", or a bare "2025/83".
_NAMED_NUMBER = re.compile(
    r"(?:\b(?P<kind>factura|fra|fact|presupuesto|presu|la|el)\.?\s+(?:n\S{0,6}\.?\s*)?"
    r"|(?<![\w/.-]))"
    r"(?P<year>20\d{2})\s?[-/]\s?(?P<seq>\d{1,4})\b(?![.,]\d)"
)
# "factura 44 de este año", "la factura número 44", "presupuesto 7 de 2025": the year said.
_SHORT_NUMBER = re.compile(
    r"\b(?P<kind>factura|fra|presupuesto|presu)\.?\s+(?:n(?:umero|um|º|o)?\.?\s*)?"
    r"(?P<seq>\d{1,4})\b(?!\s*(?:[.,]\d|€|euros?\b|eur\b|horas?\b|h\b|unidades|uds?\b|m\b|"
    r"metros?\b|%|por\s?ciento))"
    r"(?:\s*(?:,\s*)?(?:de|del)\s+(?P<year>este ano|ano pasado|el ano pasado|20\d{2}))?"
    # "la 21 de este año": no noun, but the year said makes it a number.
    r"|\b(?P<kind2>la|el)\s+(?P<seq2>\d{1,4})\s+(?:de|del)\s+"
    r"(?P<year2>este ano|ano pasado|el ano pasado|20\d{2})\b"
)
# An amount as written: "1.900", "1.900,50", "1900", "38,5", "38.50".
_FIGURE = r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?"
_AMOUNT = re.compile(rf"(?P<amount>{_FIGURE})\s*(?:€|euros?\b|eur\b|pavos\b)")
# A price said without the currency: "por 500 de mano de obra", "500 más IVA".
_BARE_AMOUNT = re.compile(
    rf"\bpor\s+(?P<amount>{_FIGURE})\b(?!\s*(?:%|por\s?ciento|horas?\b|h\b|unidades|uds?\b|"
    rf"metros?\b|m2?\b|dias\b))|(?P<amount2>{_FIGURE})\s*(?:\+|mas)\s*iva\b"
)
_QUANTITY = re.compile(
    r"\b(?P<quantity>\d+(?:[.,]\d+)?)\s+(?P<unit>horas?|h|unidades|uds?|metros?|m)\b"
    rf"(?P<what>.*?)\s+a\s+(?P<price>{_FIGURE})\s*(?:€|euros?\b|(?:\+|mas)\s*iva\b|$|[,.;])"
)
# A quantity times its price: "cambio de grifo 2 x 65", "3x40 €".
_TIMES = re.compile(
    rf"(?<![\d.,])(?P<quantity>\d+)\s*[x×]\s*(?P<price>{_FIGURE})\s*(?:€|euros?\b)?(?![\d.,]*\d)"
    # A size is no price: "tubo de 2 x 1,5 metros".
    r"(?!\s*(?:m|metros?|cm|mm|pulgadas?|kg|kilos?|l|litros?)\b)"
)
_LEGAL_FORM = re.compile(r"\b(s\.?\s?l\.?\s?u?\.?|s\.?\s?a\.?|s\.?\s?c\.?|c\.?\s?b\.?)$")
# Words of contact names that say what kind of place it is, not which one.
_GENERIC_NAME_WORDS_TEXT = """
    de del la las los el y e en a al comunidad propietarios calle avenida plaza
    residencial restaurante bar hermanos sl sa slu sc cb
"""
GENERIC_NAME_WORDS = frozenset(_GENERIC_NAME_WORDS_TEXT.split())


@dataclass(frozen=True)
class NamedPeriod:
    start: datetime.date
    end: datetime.date
    label: str
    # The words of the question that named it, folded ("en octubre", "este ano").
    words: str

    @property
    def range(self) -> Period:
        return self.start, self.end


def period_label(start: datetime.date, end: datetime.date) -> str:
    """A period as the answer says it: "octubre de 2026", "el segundo trimestre de 2026", "2026"."""
    last_of_month = (end + datetime.timedelta(days=1)).day == 1
    if start.day == 1 and last_of_month and start.year == end.year:
        months = end.month - start.month + 1
        if months == 1:
            return f"{MONTHS[start.month - 1]} de {start.year}"
        if months == 3 and start.month % 3 == 1:
            return f"el {QUARTER_NAMES[start.month // 3]} trimestre de {start.year}"
        if months == 12:
            return str(start.year)
    if start == end:
        return f"el {long_date(start)}"
    return f"del {long_date(start)} al {long_date(end)}"


# Ways of naming a period that ``find_period`` does not read, rewritten into ones it does.
_PERIOD_SPELLINGS: tuple[tuple[str, str], ...] = (
    # "en lo q va de año", "lo k llevamos de año": WhatsApp's "q" is "que".
    (r"\b(?:q|k|ke)\b", "que"),
    (r"\b(?:1|1er|1o|1º|q1)\s*(?:trimestre|trim)\b|\bq1\b", "primer trimestre"),
    (r"\b(?:2|2o|2º|q2)\s*(?:trimestre|trim)\b|\bq2\b", "segundo trimestre"),
    (r"\b(?:3|3er|3o|3º|q3)\s*(?:trimestre|trim)\b|\bq3\b", "tercer trimestre"),
    (r"\b(?:4|4o|4º|q4)\s*(?:trimestre|trim)\b|\bq4\b", "cuarto trimestre"),
    (r"\b([1-4])\s?t\b", r"\1t"),
    (r"\bultimo trimestre (del? (?:ano pasado|20\d{2}))\b", r"cuarto trimestre \1"),
    (r"\bultimo mes (del? (?:ano pasado|20\d{2}))\b", r"diciembre \1"),
    (r"\bultimo trimestre\b(?! del?\b)", "trimestre pasado"),
    (r"\ben el (20\d{2})\b", r"en \1"),
    (r"\b(?:en )?tod[oa] (?:el )?(?:ano )?(20\d{2})\b", r"en \1"),
    (r"\bdel? (?:ano|año) (20\d{2})\b", r"de \1"),
    (r"\bsept?\b", "septiembre"),
    (r"\bsetiembre\b", "septiembre"),
    (r"\b(ene|feb|abr|jun|jul|ago|oct|nov|dic)\b(?=\.?\s*(?:20\d{2}|del?|$))", r"\1_"),
)
_SHORT_MONTHS = {
    "ene_": "enero",
    "feb_": "febrero",
    "abr_": "abril",
    "jun_": "junio",
    "jul_": "julio",
    "ago_": "agosto",
    "oct_": "octubre",
    "nov_": "noviembre",
    "dic_": "diciembre",
}
SEASON_WORDS = frozenset({"primavera", "verano", "otono", "invierno"})
SEASON_QUALIFIERS = frozenset({"pasado", "pasada", "anterior", "este", "esta", "del", "el"})


def _spelled_period(folded: str) -> str:
    for pattern, replacement in _PERIOD_SPELLINGS:
        folded = re.sub(pattern, replacement, folded)
    return re.sub(r"\b[a-z]{3}_", lambda m: _SHORT_MONTHS.get(m[0], m[0]), folded)


def _month_range(year: int, month: int) -> Period:
    following = datetime.date(year + (month == 12), month % 12 + 1, 1)
    return datetime.date(year, month, 1), following - datetime.timedelta(days=1)


# Periods that ``find_period`` leaves out: the near future (due dates), half years and the
# year so far. Each: (pattern over the folded question, range from today).
_MORE_PERIODS: tuple[tuple[str, Any], ...] = (
    (
        r"\b(?:pronto|proximamente|en breve|en los proximos dias|estos dias|en unos dias)\b",
        lambda today: (today, today + datetime.timedelta(days=SOON_DAYS)),
    ),
    (
        r"\b(?:la semana que viene|la proxima semana|la semana proxima)\b",
        lambda today: (
            today + datetime.timedelta(days=7 - today.weekday()),
            today + datetime.timedelta(days=13 - today.weekday()),
        ),
    ),
    (
        r"\b(?:el mes que viene|el proximo mes|el mes proximo|proximo mes)\b",
        lambda today: _month_range(today.year + (today.month == 12), today.month % 12 + 1),
    ),
    (
        r"\b(?:primer|1er|1o|1) semestre\b",
        lambda today: (datetime.date(today.year, 1, 1), datetime.date(today.year, 6, 30)),
    ),
    (
        r"\b(?:segundo|2o|2) semestre\b",
        lambda today: (datetime.date(today.year, 7, 1), datetime.date(today.year, 12, 31)),
    ),
    (
        # "lo que va de año", "lo q llevamos facturado de año".
        r"\b(?:en )?lo que (?:va|llevamos|llevo)(?: \w+)? de ano\b",
        lambda today: (datetime.date(today.year, 1, 1), today),
    ),
)
# "Pronto" for a due date: the next two weeks.
SOON_DAYS = 14


_MONTH_NAMES = "|".join(MONTHS)
# "de enero a marzo de 2026", "(julio a septiembre)", "entre abril y junio del año pasado".
_MONTH_SPAN = re.compile(
    rf"\b(?:(?:de|desde) )?(?P<first>{_MONTH_NAMES}) (?:a|al|hasta) (?P<last>{_MONTH_NAMES})\b"
    rf"|\bentre (?P<first2>{_MONTH_NAMES}) y (?P<last2>{_MONTH_NAMES})\b"
)
_SPAN_YEAR = re.compile(r"^,? (?:de |del )?(?:(20\d{2})|(?:el )?(ano pasado)|(este ano))\b")


def _month_span(spelled: str, today: datetime.date) -> NamedPeriod | None:
    """A span of whole months; without a year, the latest one that has begun."""
    match = _MONTH_SPAN.search(spelled)
    if match is None:
        return None
    first = MONTHS.index(match["first"] or match["first2"]) + 1
    last = MONTHS.index(match["last"] or match["last2"]) + 1
    said = _SPAN_YEAR.match(spelled[match.end() :])
    if said and said[1]:
        year = int(said[1])
    elif said and said[2]:
        year = today.year - 1
    else:
        year = today.year if first <= today.month else today.year - 1
    start_year = year if first <= last else year - 1
    start = datetime.date(start_year, first, 1)
    end = _month_range(year, last)[1]
    words = match[0] + (said[0] if said else "")
    return NamedPeriod(start, end, period_label(start, end), words.strip(" ,"))


def find_named_period(question: str, *, today: datetime.date) -> NamedPeriod | None:
    """The period a question names, with its label, or None."""
    folded = fold(question)
    spelled = _spelled_period(folded)
    if span := _month_span(spelled, today):
        return span
    for pattern, compute in _MORE_PERIODS:
        if match := re.search(pattern, spelled):
            start, end = compute(today)
            return NamedPeriod(start, end, period_label(start, end), match[0].strip())
    found = find_period(spelled, today=today)
    if found.period is None:
        return None
    start, end = found.period
    # Season words stay in ``find_period``'s rest (search ranks on them); a figure does not.
    kept = SEASON_WORDS | (SEASON_QUALIFIERS if SEASON_WORDS & set(found.rest.split()) else set())
    rest = Counter(w for w in re.findall(r"[a-z0-9]+", found.rest) if w not in kept)
    removed = []
    for word in re.findall(r"[a-z0-9]+", folded):
        if rest[word]:
            rest[word] -= 1
        else:
            removed.append(word)
    return NamedPeriod(start, end, period_label(start, end), " ".join(removed))


def upcoming(period: NamedPeriod, *, question: str, today: datetime.date) -> NamedPeriod:
    """A bare month meant as the next one ("qué vence en diciembre"), not the last one."""
    if re.search(r"\b20\d{2}\b", question) or period.end >= today:
        return period
    if period.start.month == period.end.month and period.start.day == 1:
        start = period.start.replace(year=period.start.year + 1)
        following = datetime.date(start.year + (start.month == 12), start.month % 12 + 1, 1)
        end = following - datetime.timedelta(days=1)
        return NamedPeriod(start, end, period_label(start, end), period.words)
    return period


def _stored_number(letter: str, year: str | int, seq: str) -> str:
    year = str(year)
    return f"{letter}{year if len(year) == 4 else '20' + year}-{int(seq):04d}"


def document_numbers(question: str, *, today: datetime.date | None = None) -> list[str]:
    """Invoice and quote numbers as stored, in every way people write them.

    "f26-72", "F2026-0072", "f 2026/72" → F2026-0072; "factura 2025/83", "la 2025/83" →
    F2025-0083; with ``today``, "factura 44 de este año" → F2026-0044 and "presupuesto 3"
    → P2026-0003 (no year said: this year).
    """
    folded = fold(question)
    numbers: list[str] = []

    def add(number: str) -> None:
        if number not in numbers:
            numbers.append(number)

    for match in _NUMBER.finditer(folded):
        letter = match["letter"].upper()
        if match["year4"]:
            add(_stored_number(letter, match["year4"], match["seq4"]))
        else:
            add(_stored_number(letter, match["year"], match["seq"]))
    for match in _NAMED_NUMBER.finditer(folded):
        if not match["kind"] and match["seq"].startswith("20") and len(match["seq"]) == 4:
            continue  # "de 2025/2026": two years, not a number
        letter = "P" if (match["kind"] or "").startswith("presu") else "F"
        add(_stored_number(letter, match["year"], match["seq"]))
    if today is not None and not numbers:
        for match in _SHORT_NUMBER.finditer(folded):
            kind = match["kind"] or match["kind2"]
            letter = "P" if kind.startswith("presu") else "F"
            said = match["year"] or match["year2"] or "este ano"
            year = int(said) if said.isdigit() else today.year - ("pasado" in said)
            add(_stored_number(letter, year, match["seq"] or match["seq2"]))
    return numbers


def _decimal(text: str) -> Decimal:
    """A Spanish amount: "1.900" is one thousand nine hundred, "38,5" and "38.50" are not."""
    if "," in text or re.fullmatch(r"\d{1,3}(?:\.\d{3})+", text):
        return Decimal(text.replace(".", "").replace(",", "."))
    return Decimal(text)


@dataclass(frozen=True)
class Amount:
    unit_price: Decimal
    quantity: Decimal


# In an order to draft, a number alone is the price ("hazle una factura a X, 200 de mano de
# obra"), unless it counts something, is a percentage or is part of a date.
_LONE_NUMBER = re.compile(
    rf"(?<![\d.,/-])(?P<amount>{_FIGURE})(?![\d.,/-]*\d)(?!\s*(?:%|por\s?ciento|horas?\b|h\b|"
    r"unidades|uds?\b|metros?\b|m2?\b|dias\b|meses\b|anos\b|de (?:enero|febrero|marzo|abril|"
    r"mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b))"
)


def find_amount(question: str, *, lone: bool = False, name: str = "") -> Amount | None:
    """The price a request names, with its quantity: "2 horas … a 38 €" → 2 × 38.

    With ``lone`` (an order to draft), a number said alone is the price too, unless it is
    part of ``name`` (the customer's, "Avenida del Puerto 88").
    """
    folded = fold(question)
    if match := _TIMES.search(folded):
        return Amount(_decimal(match["price"]), _decimal(match["quantity"]))
    if match := _QUANTITY.search(folded):
        return Amount(_decimal(match["price"]), _decimal(match["quantity"]))
    if match := _AMOUNT.search(folded):
        return Amount(_decimal(match["amount"]), Decimal(1))
    if match := _BARE_AMOUNT.search(folded):
        return Amount(_decimal(match["amount"] or match["amount2"]), Decimal(1))
    if lone:
        in_name = set(re.findall(r"\d+", name))
        for match in _LONE_NUMBER.finditer(folded):
            if match["amount"] not in in_name and _decimal(match["amount"]) > 0:
                return Amount(_decimal(match["amount"]), Decimal(1))
    return None


def name_words(name: str) -> list[str]:
    """A contact's name as people say it: folded, without legal form or generic words."""
    folded = _LEGAL_FORM.sub("", fold(name).strip()).strip(" .,")
    return [w for w in re.findall(r"[a-z0-9]+", folded) if w not in GENERIC_NAME_WORDS]


def _close(asked: str, word: str) -> bool:
    """A word of the question that names a word of a contact ("pelu" → peluqueria, "garsia")."""
    if asked == word:
        return True
    if len(asked) >= 4 and word.startswith(asked):
        return True
    if len(asked) >= 5 and len(word) >= 5 and abs(len(asked) - len(word)) <= 1:
        differences = sum(a != b for a, b in zip(asked, word, strict=False))
        return differences + abs(len(asked) - len(word)) <= 1
    return False


@dataclass(frozen=True)
class ContactName:
    id: int
    name: str
    kind: str
    # The folded words of the question that named it.
    words: tuple[str, ...]


def readable_names(access: AiAccess, organization_id: int) -> list[tuple[int, str, str]]:
    """(id, name, kind) of the contacts the caller may name: their cards, or through records."""
    names: dict[int, tuple[str, str]] = {}
    if access.can_read(organization_id, Area.CONTACTS):
        for pk, name, kind in (
            visible(access, Contact)
            .filter(organization_id=organization_id)
            .values_list("pk", "name", "kind")
        ):
            names[pk] = (name, kind)
    if access.can_read(organization_id, Area.INVOICES):
        for pk, name in (
            visible(access, Invoice)
            .filter(organization_id=organization_id)
            .values_list("contact_id", "contact__name")
            .distinct()
        ):
            names.setdefault(pk, (name, Contact.Kind.CUSTOMER))
    if access.can_read(organization_id, Area.EXPENSES):
        for pk, name in (
            visible(access, Expense)
            .filter(Q(organization_id=organization_id), supplier__isnull=False)
            .values_list("supplier_id", "supplier__name")
            .distinct()
        ):
            names.setdefault(pk, (name, Contact.Kind.SUPPLIER))
    return [(pk, name, kind) for pk, (name, kind) in sorted(names.items())]


def find_contact(
    question: str,
    candidates: list[tuple[int, str, str]],
    *,
    kind: str | None = None,
    ignore: frozenset[str] = frozenset(),
) -> ContactName | None:
    """The contact a question names, by its distinctive words; None when none or a tie."""
    asked = [w for w in re.findall(r"[a-z0-9]+", fold(question)) if w not in ignore]
    pool = [c for c in candidates if kind is None or c[2] == kind]
    words_of = {pk: name_words(name) for pk, name, _ in pool}
    frequency = Counter(w for words in words_of.values() for w in set(words))
    scored: list[tuple[float, int, str, str, tuple[str, ...]]] = []
    for pk, name, contact_kind in pool:
        matched = [
            (word, a)
            for word in words_of[pk]
            for a in asked
            if (len(a) >= 3 or (a.isdigit() and a == word))
            and a not in GENERIC_NAME_WORDS
            and _close(a, word)
        ]
        words = {word for word, _ in matched}
        if not words:
            continue
        # Kind-of-place words never name a contact alone, but back a shared one up: "bar
        # restaurante el puerto" is the bar, not the "Comunidad ... del Puerto".
        generic = {
            a
            for a in asked
            if a in GENERIC_NAME_WORDS and a in re.findall(r"[a-z0-9]+", fold(name))
        }
        distinctive = any(frequency[w] == 1 for w in words)
        if not distinctive and len(words) + len(generic) < 2:
            continue
        score = sum(math.log(1 + len(pool) / frequency[w]) for w in words) + 0.1 * len(generic)
        matched += [(a, a) for a in generic]
        scored.append((score, pk, name, contact_kind, tuple(sorted({a for _, a in matched}))))
    if not scored:
        return None
    scored.sort(key=lambda row: (-row[0], row[1]))
    if len(scored) > 1 and math.isclose(scored[0][0], scored[1][0]):
        return None
    _, pk, name, contact_kind, named_by = scored[0]
    return ContactName(pk, name, contact_kind, named_by)


def organization_words(name: str) -> frozenset[str]:
    """The words of the caller's own organization: never a contact ("Reformas Costa")."""
    return frozenset(name_words(name))


_FILLER_TEXT = """
    a al algo alguna alguno cada como con cual cuales cuando cuanta cuantas cuanto
    cuantos de debe deben del desde dime el en es esta estan este esto hay hemos he la
    las le les lo los llevamos llevo me mi mis nos nuestra nuestro o oye para pero por q
    que quien se ser si sin su sus suma sumame te tenemos tengo tiene todo todos total
    totales un una uno unos y ya siempre iva base imponible mes ano anos trimestre hasta
    hoy dame ver saber puedes porfa favor lleva era fue clientes euros dinero importe
    mas menos entre todas nosotros eso bruto neto han hicimos hecho hace ultimos meses
    semana mandamos mandado mande enviamos enviado pasamos hizo hice costo costado cuesta
    cuestan costaron
"""
FILLER = frozenset(_FILLER_TEXT.split())


def concept_words(text: str, *, also: frozenset[str] = frozenset()) -> list[str]:
    """The words left once fillers, the intent's own words and ``also`` are taken out."""
    words = re.findall(r"[a-z0-9]+", fold(text))
    return [w for w in words if w not in FILLER and w not in also and not w.isdigit()]
