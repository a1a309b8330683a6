"""Relative dates in Spanish questions: "el mes pasado", "octubre del año pasado", "este verano".

``find_period`` returns the date range a question names and the question without those words,
so the ranking legs filter on dates inside each scan and search only for what remains.
Months, quarters and seasons without a year mean their latest occurrence that has begun (not
in the future); "octubre pasado" is the same. Rules, most specific first (DESIGN §7):

- a month or quarter with a year or a relative year: "octubre del año pasado", "el año pasado
  en marzo", "el primer trimestre de este año", "marzo de 2025";
- "a principios / mediados / finales de 2024 / del año pasado": the first, middle or last
  four months of that year;
- seasons: "en verano", "este invierno", "el verano pasado" — summer is 1 June to 22
  September (meteorological start, astronomical end), the others alike;
- "hace N días / semanas / meses / años" (digits or words, "un par de", "unos"): the day, week
  or month N back, widened by one unit on each side; a year is that calendar year;
- "los últimos N días / semanas / meses": from N units ago to today;
- fixed words: "el mes pasado", "este mes", "el trimestre pasado", "este trimestre", "la semana
  pasada", "esta semana", "el año pasado", "este año", "ayer", "hoy";
- a bare month ("en julio"), an ordinal or numbered quarter ("el primer trimestre", "el 2T"),
  a year ("en 2024").
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

from sumalos.platform.text import MONTHS, fold

Period = tuple[datetime.date, datetime.date]

_MONTHS = [fold(m) for m in MONTHS]
_MONTH = "|".join(_MONTHS)
_ORDINAL_QUARTERS = {
    "primer": 1,
    "primero": 1,
    "segundo": 2,
    "tercer": 3,
    "tercero": 3,
    "cuarto": 4,
}
_QUARTER = r"(?:(primer|primero|segundo|tercer|tercero|cuarto) trimestre|([1-4])\s?t)"
# A year said in words: "del año pasado", "de este año", "de 2025".
_YEAR = r"(?:de |del )?(ano pasado|ano anterior|este ano|ano actual|20\d{2})"
# (first month, last month) of each season; winter starts in December of the year before.
_SEASONS = {
    "primavera": ((3, 1), (6, 20)),
    "verano": ((6, 1), (9, 22)),
    "otono": ((9, 1), (12, 20)),
    "invierno": ((12, 1), (3, 20)),
}
_NUMBER_WORDS = {
    "un": 1,
    "una": 1,
    "unos": 2,
    "unas": 2,
    "un par de": 2,
    "dos": 2,
    "tres": 3,
    "cuatro": 4,
    "cinco": 5,
    "seis": 6,
    "siete": 7,
    "ocho": 8,
    "nueve": 9,
    "diez": 10,
    "once": 11,
    "doce": 12,
}
_COUNT = r"(\d{1,2}|un par de|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + ")"
_PARTS = {"principios": (1, 4), "mediados": (5, 8), "finales": (9, 12)}


@dataclass(frozen=True)
class Found:
    period: Period | None
    rest: str


def _month(year: int, month: int) -> Period:
    start = datetime.date(year, month, 1)
    following = datetime.date(year + (month == 12), month % 12 + 1, 1)
    return start, following - datetime.timedelta(days=1)


def _months(year: int, first: int, last: int) -> Period:
    return _month(year, first)[0], _month(year, last)[1]


def _quarter(year: int, quarter: int) -> Period:
    return _months(year, 3 * quarter - 2, 3 * quarter)


def _shift_months(day: datetime.date, months: int) -> tuple[int, int]:
    """(year, month) of the month ``months`` before ``day``'s month."""
    index = day.year * 12 + day.month - 1 - months
    return index // 12, index % 12 + 1


def _year_of(today: datetime.date, said: str) -> int:
    if said in ("ano pasado", "ano anterior"):
        return today.year - 1
    if said in ("este ano", "ano actual"):
        return today.year
    return int(said)


def _latest_month(today: datetime.date, month: int) -> Period:
    return _month(today.year if month <= today.month else today.year - 1, month)


def _latest_quarter(today: datetime.date, quarter: int) -> Period:
    current = (today.month - 1) // 3 + 1
    return _quarter(today.year if quarter <= current else today.year - 1, quarter)


def _season(year: int, name: str) -> Period:
    """The season of ``name`` in ``year`` (winter: the one that ends in ``year``)."""
    (first_month, first_day), (last_month, last_day) = _SEASONS[name]
    start_year = year - 1 if first_month > last_month else year
    return datetime.date(start_year, first_month, first_day), datetime.date(
        year, last_month, last_day
    )


def _latest_season(today: datetime.date, name: str, *, before: bool = False) -> Period:
    """The latest season of ``name`` that has begun; with ``before`` ("el verano pasado"), the
    latest that has ended."""
    year = today.year + 1
    while _season(year, name)[0] > today:
        year -= 1
    ongoing = _season(year, name)[1] >= today
    return _season(year - 1 if before and ongoing else year, name)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def _ago(today: datetime.date, count: int, unit: str) -> Period:
    if unit.startswith("dia"):
        return today - datetime.timedelta(days=count + 1), today - datetime.timedelta(
            days=max(count - 1, 0)
        )
    if unit.startswith("semana"):
        return today - datetime.timedelta(weeks=count + 1), today - datetime.timedelta(
            weeks=count - 1
        )
    if unit.startswith("mes"):
        first = _month(*_shift_months(today, count + 1))[0]
        last = _month(*_shift_months(today, max(count - 1, 0)))[1]
        return first, min(last, today)
    return _year(today.year - count)


def _last(today: datetime.date, count: int, unit: str) -> Period:
    if unit.startswith("dia"):
        return today - datetime.timedelta(days=count), today
    if unit.startswith("semana"):
        return today - datetime.timedelta(weeks=count), today
    if unit.startswith("mes"):
        year, month = _shift_months(today, count)
        return datetime.date(year, month, min(today.day, _month(year, month)[1].day)), today
    return datetime.date(today.year - count, today.month, 1), today


def _previous_month(today: datetime.date) -> Period:
    return _month(*_shift_months(today, 1))


def _previous_quarter(today: datetime.date) -> Period:
    quarter = (today.month - 1) // 3 + 1
    year, quarter = (today.year, quarter - 1) if quarter > 1 else (today.year - 1, 4)
    return _quarter(year, quarter)


def _week_before(today: datetime.date) -> Period:
    monday = today - datetime.timedelta(days=today.weekday() + 7)
    return monday, monday + datetime.timedelta(days=6)


def _this_week(today: datetime.date) -> Period:
    monday = today - datetime.timedelta(days=today.weekday())
    return monday, monday + datetime.timedelta(days=6)


def _this_month(today: datetime.date) -> Period:
    return _month(today.year, today.month)


def _this_quarter(today: datetime.date) -> Period:
    return _quarter(today.year, (today.month - 1) // 3 + 1)


def _year(year: int) -> Period:
    return datetime.date(year, 1, 1), datetime.date(year, 12, 31)


def _previous_year(today: datetime.date) -> Period:
    return _year(today.year - 1)


def _this_year(today: datetime.date) -> Period:
    return _year(today.year)


def _yesterday(today: datetime.date) -> Period:
    day = today - datetime.timedelta(days=1)
    return day, day


def _today(today: datetime.date) -> Period:
    return today, today


Rule = tuple[str, Callable[[datetime.date, re.Match[str]], Period]]
# Season words stay in the rest: "horario de verano" is also what a file is about.
_KEPT = ("primavera", "verano", "otono", "invierno")


def _month_index(name: str) -> int:
    return _MONTHS.index(name) + 1


def _quarter_of(match: re.Match[str], ordinal: int, digit: int) -> int:
    word = match.group(ordinal)
    return _ORDINAL_QUARTERS[word] if word else int(match.group(digit))


_RULES: list[Rule] = [
    # "octubre del año pasado", "marzo de 2025", "en julio de este año".
    (
        rf"(?:en |de |del )?({_MONTH}) {_YEAR}",
        lambda today, m: _month(_year_of(today, m.group(2)), _month_index(m.group(1))),
    ),
    # "el año pasado en marzo", "este año, en julio".
    (
        rf"(?:el |del |en el )?(ano pasado|ano anterior|este ano),? (?:en |de )?({_MONTH})",
        lambda today, m: _month(_year_of(today, m.group(1)), _month_index(m.group(2))),
    ),
    # "el primer trimestre del año pasado", "el 2T de 2025".
    (
        rf"(?:en |el |del )?{_QUARTER} {_YEAR}",
        lambda today, m: _quarter(_year_of(today, m.group(3)), _quarter_of(m, 1, 2)),
    ),
    # "a finales de 2024", "a principios del año pasado".
    (
        rf"(?:a |de )?(principios|mediados|finales) {_YEAR}",
        lambda today, m: _months(_year_of(today, m.group(2)), *_PARTS[m.group(1)]),
    ),
    # "el verano del año pasado", "en verano de 2025".
    (
        rf"(?:en |el |este |esta |del )?(primavera|verano|otono|invierno) {_YEAR}",
        lambda today, m: _season(_year_of(today, m.group(2)), m.group(1)),
    ),
    (
        r"(?:el |la |del |de la )?(primavera|verano|otono|invierno) (?:pasado|pasada|anterior)",
        lambda today, m: _latest_season(today, m.group(1), before=True),
    ),
    (
        r"(?:en |el |la |este |esta |del |de este |de esta )?(primavera|verano|otono|invierno)",
        lambda today, m: _latest_season(today, m.group(1)),
    ),
    (
        rf"hace {_COUNT} (dias?|semanas?|mes|meses|anos?)",
        lambda today, m: _ago(today, _count(m.group(1)), m.group(2)),
    ),
    (
        rf"(?:en |de |durante )?(?:los |las )?ultim[oa]s {_COUNT} (dias|semanas|meses|anos)",
        lambda today, m: _last(today, _count(m.group(1)), m.group(2)),
    ),
    (r"(?:el |del |en el )?mes (?:pasado|anterior)", lambda today, m: _previous_month(today)),
    (r"(?:este|esta) mes", lambda today, m: _this_month(today)),
    (
        r"(?:el |del |en el )?trimestre (?:pasado|anterior)",
        lambda today, m: _previous_quarter(today),
    ),
    (r"(?:este|del|en el) trimestre", lambda today, m: _this_quarter(today)),
    (r"(?:el |del |en el )?ano (?:pasado|anterior)", lambda today, m: _previous_year(today)),
    (r"(?:este|del) ano", lambda today, m: _this_year(today)),
    (r"(?:la |de la )?semana pasada", lambda today, m: _week_before(today)),
    (r"(?:de |en )?esta semana", lambda today, m: _this_week(today)),
    (r"ayer", lambda today, m: _yesterday(today)),
    (r"hoy", lambda today, m: _today(today)),
    # "octubre pasado", "en julio", "de septiembre".
    (
        rf"(?:en |de |del )?({_MONTH})(?: (?:pasado|anterior))?",
        lambda today, m: _latest_month(today, _month_index(m.group(1))),
    ),
    (
        rf"(?:en |el |del )?{_QUARTER}",
        lambda today, m: _latest_quarter(today, _quarter_of(m, 1, 2)),
    ),
    (r"(?:en |de |del )(20\d{2})", lambda today, m: _year(int(m.group(1)))),
]


def find_period(question: str, *, today: datetime.date) -> Found:
    """The period a question names (the most specific rule that matches) and the rest."""
    folded = fold(question)
    for pattern, compute in _RULES:
        match = re.search(rf"\b{pattern}\b", folded)
        if match:
            kept = any(word in match.group(0) for word in _KEPT)
            return Found(compute(today, match), folded if kept else _cut(folded, match))
    return Found(None, folded)


def _cut(folded: str, match: re.Match[str]) -> str:
    return re.sub(r"\s+", " ", folded[: match.start()] + " " + folded[match.end() :]).strip()
