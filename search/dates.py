"""Relative dates in Spanish questions: "el mes pasado", "en septiembre", "el trimestre pasado".

``find_period`` returns the date range a question names and the question without those words,
so the ranking legs filter on dates inside each scan and search only for what remains.
Months without a year mean their latest occurrence that is not in the future (DESIGN §7).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass

from search.indexing import MONTHS
from sumalos.platform.text import fold

Period = tuple[datetime.date, datetime.date]

_MONTH = "|".join(fold(m) for m in MONTHS)
_ORDINAL_QUARTERS = {"primer": 1, "segundo": 2, "tercer": 3, "cuarto": 4}


@dataclass(frozen=True)
class Found:
    period: Period | None
    rest: str


def _month(year: int, month: int) -> Period:
    start = datetime.date(year, month, 1)
    following = datetime.date(year + (month == 12), month % 12 + 1, 1)
    return start, following - datetime.timedelta(days=1)


def _quarter(year: int, quarter: int) -> Period:
    start = datetime.date(year, 3 * quarter - 2, 1)
    return start, _month(year, 3 * quarter)[1]


def _previous_month(today: datetime.date) -> Period:
    first = today.replace(day=1) - datetime.timedelta(days=1)
    return _month(first.year, first.month)


def _previous_quarter(today: datetime.date) -> Period:
    quarter = (today.month - 1) // 3 + 1
    year, quarter = (today.year, quarter - 1) if quarter > 1 else (today.year - 1, 4)
    return _quarter(year, quarter)


def _latest_month(today: datetime.date, month: int, year: str | None) -> Period:
    if year:
        return _month(int(year), month)
    return _month(today.year if month <= today.month else today.year - 1, month)


def _latest_quarter(today: datetime.date, quarter: int, year: str | None) -> Period:
    if year:
        return _quarter(int(year), quarter)
    current = (today.month - 1) // 3 + 1
    return _quarter(today.year if quarter <= current else today.year - 1, quarter)


def _week_before(today: datetime.date) -> Period:
    monday = today - datetime.timedelta(days=today.weekday() + 7)
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


_FIXED: list[tuple[str, Callable[[datetime.date], Period]]] = [
    (r"(el |del |en el )?mes (pasado|anterior)", _previous_month),
    (r"(este|esta) mes", _this_month),
    (r"(el |del |en el )?trimestre (pasado|anterior)", _previous_quarter),
    (r"(este|del) trimestre", _this_quarter),
    (r"(el |del |en el )?ano (pasado|anterior)", _previous_year),
    (r"(este|del) ano", _this_year),
    (r"(la )?semana pasada", _week_before),
    (r"ayer", _yesterday),
    (r"hoy", _today),
]


def find_period(question: str, *, today: datetime.date) -> Found:
    """The period a question names (the first one found) and the question without it."""
    folded = fold(question)
    for pattern, compute in _FIXED:
        match = re.search(rf"\b{pattern}\b", folded)
        if match:
            return Found(compute(today), _cut(folded, match))
    match = re.search(rf"\b(?:en |de |del )?({_MONTH})(?: (?:de |del )?(\d{{4}}))?\b", folded)
    if match:
        month = [fold(m) for m in MONTHS].index(match.group(1)) + 1
        return Found(_latest_month(today, month, match.group(2)), _cut(folded, match))
    match = re.search(
        r"\b(?:en |el |del )?(?:(primer|segundo|tercer|cuarto) trimestre|([1-4])t)"
        r"(?: (?:de |del )?(\d{4}))?\b",
        folded,
    )
    if match:
        quarter = _ORDINAL_QUARTERS[match.group(1)] if match.group(1) else int(match.group(2))
        return Found(_latest_quarter(today, quarter, match.group(3)), _cut(folded, match))
    match = re.search(r"\b(?:en |de |del )(20\d{2})\b", folded)
    if match:
        return Found(_year(int(match.group(1))), _cut(folded, match))
    return Found(None, folded)


def _cut(folded: str, match: re.Match[str]) -> str:
    return re.sub(r"\s+", " ", folded[: match.start()] + " " + folded[match.end() :]).strip()
