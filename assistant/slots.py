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
_NUMBER = re.compile(r"\b(?P<letter>[fp])\s?-?(?P<year>20\d{2}|\d{2})\s?[-/]\s?(?P<seq>\d{1,4})\b")
_NAMED_NUMBER = re.compile(
    r"\b(?P<kind>factura|presupuesto|presu)\s+(?:n\S{0,2}\s*)?"
    r"(?P<year>20\d{2})\s?[-/]\s?(?P<seq>\d{1,4})\b"
)
_AMOUNT = re.compile(r"(?P<amount>\d+(?:[.,]\d{1,2})?)\s*(?:€|euros?\b|eur\b|pavos\b)")
_QUANTITY = re.compile(
    r"\b(?P<quantity>\d+(?:[.,]\d+)?)\s+(?P<unit>horas?|h|unidades|uds?|metros?|m)\b"
    r"(?P<what>.*?)\s+a\s+(?P<price>\d+(?:[.,]\d{1,2})?)\s*(?:€|euros?\b)"
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


def find_named_period(question: str, *, today: datetime.date) -> NamedPeriod | None:
    """The period a question names, with its label, or None."""
    folded = fold(question)
    found = find_period(question, today=today)
    if found.period is None:
        return None
    start, end = found.period
    rest = Counter(re.findall(r"[a-z0-9]+", found.rest))
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


def document_numbers(question: str) -> list[str]:
    """Invoice and quote numbers as stored: "f26-72" → F2026-0072, "factura 2025/83" too."""
    folded = fold(question)
    numbers = []
    for match in _NUMBER.finditer(folded):
        year = match["year"] if len(match["year"]) == 4 else f"20{match['year']}"
        numbers.append(f"{match['letter'].upper()}{year}-{int(match['seq']):04d}")
    for match in _NAMED_NUMBER.finditer(folded):
        letter = "F" if match["kind"] == "factura" else "P"
        number = f"{letter}{match['year']}-{int(match['seq']):04d}"
        if number not in numbers:
            numbers.append(number)
    return numbers


def _decimal(text: str) -> Decimal:
    return Decimal(text.replace(".", "").replace(",", ".") if "," in text else text)


@dataclass(frozen=True)
class Amount:
    unit_price: Decimal
    quantity: Decimal


def find_amount(question: str) -> Amount | None:
    """The price a request names, with its quantity: "2 horas … a 38 €" → 2 × 38."""
    folded = fold(question)
    if match := _QUANTITY.search(folded):
        return Amount(_decimal(match["price"]), _decimal(match["quantity"]))
    if match := _AMOUNT.search(folded):
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
            if len(a) >= 3 and a not in GENERIC_NAME_WORDS and _close(a, word)
        ]
        words = {word for word, _ in matched}
        if not words:
            continue
        distinctive = any(frequency[w] == 1 for w in words)
        if not distinctive and len(words) < 2:
            continue
        score = sum(math.log(1 + len(pool) / frequency[w]) for w in words)
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
    semana
"""
FILLER = frozenset(_FILLER_TEXT.split())


def concept_words(text: str, *, also: frozenset[str] = frozenset()) -> list[str]:
    """The words left once fillers, the intent's own words and ``also`` are taken out."""
    words = re.findall(r"[a-z0-9]+", fold(text))
    return [w for w in words if w not in FILLER and w not in also and not w.isdigit()]
