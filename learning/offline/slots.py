"""Typed values in a Spanish message, each normalized: the "slots" a fact's value comes from.

A slot is a kind (``term``, ``amount``, ``percent``, ``date``, ``month``, ``weekday``,
``period``, ``time``, ``channel``, ``payment_method``, ``tax_id``, ``iban``, ``email``,
``phone``, ``address``, ``person``, ``nickname``, ``billing_name``, ``tone``), a canonical
value ("45 días", "1,20 €/litro", "1-15 agosto", "Bizum") and where it sits in the message. The same
normalization compares an expected value with a found one in ``eval_extraction``. Zero values
("ya no le hacemos descuento", "no se le cobra") are slots too. Decision records:
docs/decisions/0020, 0026, 0040.
"""

from __future__ import annotations

import datetime
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from stdnum.es import nif as es_nif

from memory.policy_secrets import find_iban, fold_aligned
from sumalos.platform.text import MONTHS

WEEKDAYS = ("lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo")
_WEEKDAY_NAMES = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
# Months in Valencian as well ("del 24 de desembre al 6 de gener"); "març" is left out, since
# folded it is the name Marc.
VALENCIAN_MONTHS = {
    "gener": "enero",
    "febrer": "febrero",
    "maig": "mayo",
    "juny": "junio",
    "juliol": "julio",
    "agost": "agosto",
    "setembre": "septiembre",
    "novembre": "noviembre",
    "desembre": "diciembre",
    "setiembre": "septiembre",
}
_MONTHS = (
    "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
    "noviembre|diciembre|gener|febrer|maig|juny|juliol|agost|setembre|novembre|desembre"
)
_MONTH = rf"(?P<month>{_MONTHS})"
# Days in Valencian and in English as well ("tanca diumenges i dilluns", "closed on Sundays"),
# read as the Spanish day.
OTHER_WEEKDAYS = {
    "dilluns": "lunes",
    "dimarts": "martes",
    "dimecres": "miercoles",
    "dijous": "jueves",
    "divendres": "viernes",
    "dissabte": "sabado",
    "diumenge": "domingo",
    "monday": "lunes",
    "tuesday": "martes",
    "wednesday": "miercoles",
    "thursday": "jueves",
    "friday": "viernes",
    "saturday": "sabado",
    "sunday": "domingo",
}
_DAY = (
    r"(?:lunes|martes|miercoles|jueves|viernes|sabados?|domingos?|"
    r"dilluns|dimarts|dimecres|dijous|divendres|dissabtes?|diumenges?|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
)
_UNITS_SAID = ("uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")
_TENS_SAID = {"treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70}
_TENS_SAID |= {"ochenta": 80, "noventa": 90}
# 1-99 as people say them ("treinta y cinco", "veinticinco"): the words cents are said in and
# the tail of a bigger number. "uno" alone is left out: "uno de los…" is no number.
_BELOW_HUNDRED = {"un": 1, "una": 1} | {u: i for i, u in enumerate(_UNITS_SAID, 1) if i > 1}
_BELOW_HUNDRED |= {"diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15}
_BELOW_HUNDRED |= {f"dieci{u}": 10 + i for i, u in enumerate(_UNITS_SAID[5:], start=6)}
_BELOW_HUNDRED |= {"veinte": 20, "veintiun": 21, "veintiuna": 21}
_BELOW_HUNDRED |= {f"veinti{u}": 20 + i for i, u in enumerate(_UNITS_SAID, start=1)}
_BELOW_HUNDRED |= _TENS_SAID
_BELOW_HUNDRED |= {
    f"{ten} y {u}": value + i
    for ten, value in _TENS_SAID.items()
    for i, u in enumerate(_UNITS_SAID, start=1)
}
_HUNDREDS = {"ciento": 100, "quinientos": 500, "quinientas": 500}
_HUNDREDS |= {
    f"{stem}cient{ending}": 100 * n
    for n, stem in ((2, "dos"), (3, "tres"), (4, "cuatro"), (6, "seis"), (7, "sete"), (8, "ocho"))
    for ending in ("os", "as")
}
_HUNDREDS |= {"novecientos": 900, "novecientas": 900}
# Each word's value; a number said is the sum of its words, times a thousand at "mil".
_WORD_VALUES = {w: n for w, n in _BELOW_HUNDRED.items() if " " not in w}
_WORD_VALUES |= _HUNDREDS | {"cien": 100}


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_TENS_AND_UNITS = _alternatives(_BELOW_HUNDRED)
# "ciento" needs what follows it ("ciento ochenta"); the other hundreds stand alone too.
_UNDER_THOUSAND = (
    rf"ciento\s+(?:{_TENS_AND_UNITS})"
    rf"|(?:{_alternatives(w for w in _HUNDREDS if w != 'ciento')})(?:\s+(?:{_TENS_AND_UNITS}))?"
    rf"|cien|{_TENS_AND_UNITS}"
)
# A number said in words up to the thousands: "ciento ochenta", "dos mil quinientos", "mil".
_NUMBER_WORD = (
    rf"(?:(?:(?:{_UNDER_THOUSAND})\s+)?mil(?:\s+(?:{_UNDER_THOUSAND}))?|{_UNDER_THOUSAND})\b"
)
_SAID_NUMBER = re.compile(_NUMBER_WORD)


def said_number(words: str) -> int | None:
    """The value of a number said in words ("ciento ochenta" → 180), None if it is none."""
    if not _SAID_NUMBER.fullmatch(words):
        return None
    total = 0
    for word in words.split():
        if word == "mil":
            total = max(total, 1) * 1000
        elif word != "y":
            total += _WORD_VALUES[word]
    return total


@dataclass(frozen=True)
class Slot:
    kind: str
    value: str
    start: int
    end: int


def _number(raw: str) -> Decimal | None:
    """A Spanish number: "1.250,50", "1,20", "1.20" (a decimal when two digits follow)."""
    raw = raw.strip()
    said = said_number(raw)
    if said is not None:
        return Decimal(said)
    if "," in raw:
        raw = raw.replace(".", "").replace(",", ".")
    elif re.fullmatch(r"\d{1,3}(?:\.\d{3})+", raw):
        raw = raw.replace(".", "")
    try:
        return Decimal(raw)
    except InvalidOperation:
        return None


def spanish_number(number: Decimal) -> str:
    """``1250`` → "1.250", ``1.2`` → "1,20": how a price is written in Spain."""
    if number == number.to_integral_value():
        return f"{int(number):,}".replace(",", ".")
    whole, _, cents = f"{number:.2f}".partition(".")
    return f"{int(whole):,}".replace(",", ".") + "," + cents


# --- payment terms ----------------------------------------------------------------------------

_TERM_DAYS = re.compile(
    # English too: "we pay them at 15 days", "payment terms … 45 days"; Valencian "a 15 dies"
    # "a 30dd", written short in a chat
    rf"\b(?:a\s+|en\s+|at\s+|plazo\s+de\s+)?(?P<n>\d{{1,3}}|{_NUMBER_WORD})\s*(?:dias|dd|d|days|dies)\b"
    r"(?:\s+(?:fecha\s+(?:de\s+)?factura|f\.?\s?f\.?|naturales|desde\s+factura))?"
    r"(?P<eom>\s+(?:a\s+)?fin(?:al)?\s+de\s+mes)?"
    # "con tres días de antelación": how far ahead, no term
    r"(?!\s+de\s+(?:antelacion|adelanto|margen))"
)
_TERM_MONTHS = re.compile(rf"\ba\s+(?P<n>{_NUMBER_WORD}|\d)\s+mes(?:es)?\b")
_TERM_EOM = re.compile(
    r"(?:\ba\s+|^|"
    # named as the term: "el plazo ponle fin de mes", "vencimiento: fin de mes", "ponle fin de mes"
    # "les damos de plazo hasta fin de mes"
    r"\b(?:plazo|vencimiento)s?\b:?(?:\s+(?:es|sera|ponle|ponles|pon|ahora|de|al|el|hasta))*\s+|"
    r"\bponles?\s+)"
    r"(?:fin(?:al)?\s+de|final\s+del?)\s+mes\b"
)
# The usual terms said in words without "días": "ahora nos pagan a treinta".
_TERM_WORD = r"quince|veinte|treinta|cuarenta(?:\s+y\s+cinco)?|sesenta|noventa"
# "paga a 30": a bare number after paying is a term in days.
_TERM_BARE = re.compile(
    # "a empresas seguimos a 30": the term kept
    r"\b(?:paga|pagan|pagar|pagamos|pagarle|pagarles|pago|cobra|cobran|cobramos|seguimos)\s+"
    rf"(?:\w+\s+){{0,2}}?a\s+(?P<n>\d{{1,3}}|{_TERM_WORD})\b"
    r"(?!\s*(?:%|€|e\b|eur|dias|d\b|de\b|,\d|\.\d|h\b))"
    rf"|\b(?:ahora|antes)\s+a\s+(?P<n2>\d{{1,3}}|{_TERM_WORD})\b"
    r"(?!\s*(?:%|€|e\b|eur|dias|d\b|de\b|,\d|\.\d|h\b))"
    # "no a 30, a 15": a correction that names the term twice and the verb never.
    r"|\bno\s+a\s+\d{1,3}(?:\s+dias)?\s*,\s*(?:sino\s+)?a\s+(?P<n3>\d{1,3})\b"
    r"(?!\s*(?:%|€|e\b|eur|de\b|,\d|\.\d|h\b))"
    # and the other way round: "a 45 ahora, no a 60"
    r"|(?:^|[,;:(]\s*)a\s+(?P<n4>\d{1,3})(?:\s+(?:ahora|ya))?\s*,?\s+no\s+a\s+\d{1,3}\b"
)
# What is charged for, said before the verb: the number after it is a price.
_PRICED_BEFORE = re.compile(
    r"\b(?:el|la|los|las)\s+(?:desplazamientos?|horas?|visitas?|salidas?|mano\s+de\s+obra|"
    r"kilometros?|km|revision(?:es)?|urgencias?|portes|servicio\s+de\s+urgencia)\b[^.;:]*$"
)
# A fixed day of each month that payments go out on ("solo hace las transferencias el día 10
# de cada mes"), with paying said just before it.
_TERM_MONTH_DAY = re.compile(r"\b(?:el\s+)?(?:dia\s+)?(?P<d>\d{1,2})\s+de\s+cada\s+mes\b")
_PAYING_BEFORE = re.compile(
    r"\b(?:pag|cobr|transferenc|abon|ingres|venc|remes)[a-z]*\b[^.;:]{0,40}$"
)
CASH = "al contado"
# "Una sola factura a final de mes": when the invoice is made, not when it is paid.
# Paying spoken of in between makes it a term again ("la factura la pagan a fin de mes").
_INVOICED_BEFORE = re.compile(r"\bfactura(?:n|mos|s)?\b(?:(?!\b(?:pag|cobr|venc))[^,;.])*$")
# The verb with whom it bills right before the term ("ahora nos factura a fin de mes"): when
# they charge, which is the term.
_INVOICES_THEM = re.compile(r"\b(?:nos|me|les?)\s+factura(?:n|mos)?\s+(?:ahora\s+|ya\s+)?$")
# Paid before the goods or the work: "por adelantado", "x adelantado", "pago anticipado".
_ADVANCE = re.compile(r"\b(?:por|x|en)\s+(?:adelantado|anticipado)|\bpago\s+anticipado\b")
_CASH = re.compile(
    r"\b(?:al\s+contado|a\s+tocateja|(?:todo\s+)?(?:al|en\s+el)\s+momento|en\s+el\s+acto|"
    r"pago\s+inmediato|(?:ya\s+)?no\s+(?:nos\s+|me\s+|le\s+|les\s+)?fia(?:n|ra|ran)?|"
    r"nada\s+de\s+fiar|a\s+la\s+entrega|contra\s+entrega)"
    # "contado" alone, also after a list's arrow or colon ("Ruiz -> contado"), not "descontado"
    # nor the verb: "según me ha contado la presidenta"
    r"|(?<!\w)(?<!\bha )(?<!\bhe )(?<!\bhas )(?<!\bhan )(?<!\bhemos )(?<!\bhabia )contado\b"
    # and in Valencian: "al comptat", "de comptat"
    r"|\b(?:al|de)\s+comptat\b"
    # as said in the south: "al contao"
    r"|\bal\s+contao\b"
)


def _terms(folded: str) -> list[Slot]:
    slots = []
    for match in _TERM_DAYS.finditer(folded):
        n = _number(match.group("n"))
        if n is None or not 0 <= n <= 365:
            continue
        if n == 0:
            # "a 0 días" is paying on the spot: the same term as "al contado".
            slots.append(Slot("term", CASH, *match.span()))
            continue
        value = f"{int(n)} días" + (" fin de mes" if match.group("eom") else "")
        slots.append(Slot("term", value, *match.span()))
    for match in _TERM_MONTHS.finditer(folded):
        n = _number(match.group("n"))
        if n is not None and 0 < n <= 12:
            slots.append(Slot("term", f"{int(n) * 30} días", *match.span()))
    for match in _TERM_BARE.finditer(folded):
        group = next(g for g in ("n", "n2", "n3", "n4") if match.group(g))
        if group == "n" and _PRICED_BEFORE.search(
            folded, max(0, match.start() - 60), match.start()
        ):
            continue  # "el desplazamiento lo cobramos a 35": a price, not a term
        n = _number(match.group(group))
        if n is not None and 0 < n <= 180:
            slots.append(Slot("term", f"{int(n)} días", match.start(group) - 2, match.end(group)))
    for match in _TERM_MONTH_DAY.finditer(folded):
        day = int(match.group("d"))
        if 1 <= day <= 31 and _PAYING_BEFORE.search(
            folded[max(0, match.start() - 60) : match.start()]
        ):
            slots.append(Slot("term", f"día {day} de cada mes", *match.span()))
    for match in _TERM_EOM.finditer(folded):
        before = folded[max(0, match.start() - 40) : match.start()]
        if _INVOICED_BEFORE.search(before) and not _INVOICES_THEM.search(before):
            continue
        slots.append(Slot("term", "fin de mes", *match.span()))
    for match in _CASH.finditer(folded):
        slots.append(Slot("term", CASH, *match.span()))
    for match in _ADVANCE.finditer(folded):
        slots.append(Slot("term", "por adelantado", *match.span()))
    return slots


# --- amounts and percentages ------------------------------------------------------------------

_UNITS = {
    "litro": "litro",
    "l": "litro",
    "kilo": "kilo",
    "kg": "kilo",
    "hora": "hora",
    "h": "hora",
    "metro": "metro",
    "m": "metro",
    "unidad": "unidad",
    "ud": "unidad",
    "caja": "caja",
    "saco": "saco",
    "rollo": "rollo",
    "bote": "bote",
    "palet": "palet",
    "mes": "mes",
    "servicio": "servicio",
    "corte": "corte",
    "noche": "noche",
    "dia": "día",
    "jornada": "jornada",
    "visita": "visita",
    "salida": "salida",
    "porte": "porte",
    "trimestre": "trimestre",
    "semestre": "semestre",
    "año": "año",
    "ano": "año",
}
# A price's period said as an adjective after it, and its unit.
_PERIOD_ADJECTIVES = {
    "anuales": "año",
    "anual": "año",
    "mensuales": "mes",
    "mensual": "mes",
    "trimestrales": "trimestre",
    "trimestral": "trimestre",
    "semestrales": "semestre",
    "semestral": "semestre",
    "diarios": "día",
}
# Cents said in words: any number word but "un"/"una", which would be a count ("una vez").
_CENTS_WORD = _alternatives(w for w, n in _BELOW_HUNDRED.items() if n > 1)
_UNIT = r"(?P<unit>" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")"
_NUM = r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?"
_AMOUNT = re.compile(
    rf"(?:(?P<n>{_NUM})\s*(?:€|eur(?:os?)?\b|pavos\b|e\b)"
    # in words, only with the currency said in full: "trescientos euros", and the cents after
    # it as a voice note says them ("un euro treinta y nueve el litro")
    rf"|\b(?P<said>{_NUMBER_WORD})\s+(?:euros?|pavos)\b"
    rf"(?:\s+(?:con\s+)?(?P<cents>{_CENTS_WORD})(?:\s+centimos)?"
    r"(?=\s*(?:$|[,.;:]|(?:el|la|por|x|cada|al)\b)))?)"
    rf"(?:\s*(?:/|por|x|el|la|cada|al|a\s+la|la\s+el)\s*{_UNIT}\b"
    # the period as an adjective: "468 € anuales", "39 euros mensuales"
    rf"|\s+(?P<period>{'|'.join(_PERIOD_ADJECTIVES)})\b)?"
)
_BARE_PRICE = re.compile(
    # "x 60 al día": "por" written short, as in a chat
    rf"\b(?:a\s+|x\s+)?(?P<n>\d+[.,]\d{{1,2}}|\d+)\s+(?:el|la|por|cada|al|x)\s+{_UNIT}\b(?!\s*\d)"
    # The unit first: "la hora a 35", "el litro a 1,40", "el metro sale a 12", "la hora de
    # oficial la cobramos a 40", and moved to it: "la hora la subimos a 40", "el kilo lo
    # bajan a 3".
    rf"|\b(?:el|la|cada)\s+{_UNIT.replace('unit', 'unit2')}(?:\s+de\s+[a-z]+)?\s+"
    r"(?:a|sale\s+a|por|(?:(?:la|lo|el)\s+)?(?:cobr|pon|dej|sub|baj)[a-z]*\s+a)\s+"
    r"(?P<n2>\d+[.,]\d{1,2}|\d+)\b(?!\s*(?:%|€|e\b|eur|dias|de\b|h\b|:|,\d|\.\d))"
)
# A price with cents said as a voice note says it, "con" between euros and cents: "a uno con
# treinta y dos el litro", "a dos con cincuenta el kilo", "a 1 con 40 la hora".
_WHOLE_SAID = rf"\d{{1,4}}|uno|{_NUMBER_WORD}"
_PRICE_WITH_CENTS = re.compile(
    rf"\ba\s+(?P<whole>{_WHOLE_SAID})\s+con\s+(?P<cents>\d{{2}}|{_CENTS_WORD})\s+"
    rf"(?:el|la|por|cada|al|x)\s+{_UNIT}\b"
)
# "2 céntimos menos el litro", "4 centimos de dto x litro": a discount in cents per unit.
_CENTS_OFF = re.compile(
    rf"\b(?P<n>\d+(?:[.,]\d+)?|{_NUMBER_WORD})\s+(?:centimos|cts?|cent)\.?\s+"
    r"(?:menos\s+|de\s+(?:descuento|dto|rebaja)\.?\s+)?"
    rf"(?:el|la|por|cada|al|/|x)\s*{_UNIT}\b"
)
# A bare amount after charging it or a price moving to it ("le cobramos 25", "pasa a treinta y
# cinco", "se queda en 40"): euros, unless a unit, a share, days or a time follows.
_CHARGED = re.compile(
    r"\b(?:cobra(?:n|mos|r)?(?:\s+a)?|(?:pasa|sube|baja)n?\s+a|(?:se\s+)?queda(?:n)?\s+en|"
    # "el desplazamiento lo subimos a 35"
    r"(?:l[oa]s?\s+)?(?:subimos|bajamos|pasamos|ponemos|dejamos)\s+a|"
    # "la revisión la dejamos en 85 pa todos"
    r"l[oa]s?\s+(?:dejamos|dejo|ponemos|pongo)\s+en)\s+"
    rf"(?:(?:le|les|nos)\s+)?(?:ahora\s+)?(?P<n>\d+(?:,\d{{1,2}})?|{_NUMBER_WORD})"
    # then the end of what is said, or a word that opens another part ("25 y no 30")
    r"(?=\s*(?:$|[,.;:!?)]|(?:y|o|pero|porque|porq|que|q|desde|este|esta|ahora|a\s+partir|"
    r"en\s+vez|hasta|para|pa)\b))"
)
# A price kept for someone ("a los de X se les mantiene a 38", "X, que por contrato sigue a
# 38"): "sigue a" only once an amount is said before it, since a term "sigue a 60" too.
_KEPT_AT = re.compile(
    r"\b(?:(?:se\s+)?(?:le|les)\s+)?(?:(?P<keeps>mantiene|mantienen|mantenemos)|sigue|siguen)\s+"
    r"a\s+(?P<n>\d+(?:,\d{1,2})?)(?=\s*(?:$|[,.;:!?)]|(?:y|pero|porque|que|q|hasta)\b))"
)
_TERMS_SAID = re.compile(r"\b(?:plazo|dias|dies|vencimiento|semanas?|days|terms)\b")
# "a 6,80": a price with cents and no currency.
_CENTS = re.compile(r"\ba\s+(?P<n>\d{1,4},\d{2})\b(?!\s*(?:%|€|eur|por\s*ciento))")
_PERCENT = re.compile(rf"(?P<n>{_NUM}|{_NUMBER_WORD})\s*(?:%|por\s*ciento\b)")
# Once a discount is spoken of, a bare number it moves to or is is a share without the sign:
# "el descuento en tornilleria sube al 15, ya no es el 12", "el dto queda en el 8".
_DISCOUNT_SAID = re.compile(r"\b(?:descuento|dto|rebaja|recargo)\b[^.;:!?]*")
_BARE_SHARE = re.compile(
    rf"\b(?:al|el|del|un|en\s+el)\s+(?P<n>\d{{1,2}}(?:,\d+)?|{_NUMBER_WORD})\b"
    r"(?!\s*(?:%|por\s*ciento|€|eur|e\b|pavos|dias|de\b|del\b|h\b|:|,\d|\.\d))"
    # "pasa del 50 al 60 %": the share it leaves, not the one it is
    r"(?!\s+al?\s+\d)"
)

# The share before the word: "nos dan un 15 de descuento", "el 8 de dto".
_SHARE_BEFORE = re.compile(
    rf"\b(?:un|el|del|al)\s+(?P<n>\d{{1,2}}(?:,\d+)?|{_NUMBER_WORD})\s+de\s+(?:descuento|dto|rebaja)\b"
)

# A share given with no word for it: "nos hace un 10 en todo", "le damos un 5 sobre tarifa".
# The number may end the clause or come before a condition: "nos hacen un 3 si pagamos al
# contado".
_SHARE_GIVEN = re.compile(
    r"\b(?:nos|le|les|me)\s+(?:hace|hacen|hacemos|da|dan|damos)\s+(?:un|el)\s+(?P<n>\d{1,2})"
    # "… nos hacen el 10 pagando al contado", "… el 5 por pronto pago"
    r"(?:\s+(?:en|sobre|si|siempre|cuando|pagando|por|y)\b|\s*(?:[,.;]|$))"
)

# "Ya no le hacemos descuento", "sin descuento": a discount of nothing. "No se le cobra",
# "lo dejamos en 0", "gratis": a price of nothing.
_NO_DISCOUNT = re.compile(
    r"\b(?:ya\s+)?no\s+(?:le\s+|les\s+|nos\s+)?(?:hacemos|damos|aplicamos|hace|hacen|da|dan)\s+"
    r"(?:ningun\s+|nada\s+de\s+)?(?:descuento|dto|rebaja)|\bsin\s+(?:ningun\s+)?descuento\b"
)
_NO_CHARGE = re.compile(
    r"\bno\s+(?:se\s+)?(?:le\s+|les\s+)?(?:cobra|cobramos|cobran)\b(?!\s+(?:a|en|por|con)\b)"
    r"|\b(?:lo|la|los|las)\s+dejamos\s+en\s+(?:0|cero)\b|\bgratis\b|\bsin\s+cargo\b"
)

# "Ya no se cobra si el trabajo pasa de 300": free on a condition is a rule, no price of 0.
_ON_CONDITION = re.compile(r"[^.;:]{0,40}?\b(?:si|siempre\s+que|cuando|en\s+cuanto)\b")


def _amounts(folded: str) -> list[Slot]:
    slots = [Slot("percent", "0 %", *m.span()) for m in _NO_DISCOUNT.finditer(folded)]
    slots.extend(
        Slot("amount", "0 €", *m.span())
        for m in _NO_CHARGE.finditer(folded)
        if not _ON_CONDITION.match(folded, m.end())
    )
    for match in _AMOUNT.finditer(folded):
        n = _number(match.group("n") or match.group("said"))
        if n is None:
            continue
        if match.group("cents"):
            n += Decimal(_BELOW_HUNDRED[match.group("cents")]) / 100
        unit = _UNITS.get(match.group("unit") or "", "") or _PERIOD_ADJECTIVES.get(
            match.group("period") or "", ""
        )
        value = f"{spanish_number(n)} €" + (f"/{unit}" if unit else "")
        slots.append(Slot("amount", value, *match.span()))
    for match in _BARE_PRICE.finditer(folded):
        n = _number(match.group("n") or match.group("n2"))
        if n is not None:
            unit = _UNITS[match.group("unit") or match.group("unit2")]
            slots.append(Slot("amount", f"{spanish_number(n)} €/{unit}", *match.span()))
    for match in _PRICE_WITH_CENTS.finditer(folded):
        whole = _number("1" if match.group("whole") == "uno" else match.group("whole"))
        cents = _number(match.group("cents"))
        if whole is not None and cents is not None and cents < 100:
            unit = _UNITS[match.group("unit")]
            n = whole + cents / 100
            slots.append(Slot("amount", f"{spanish_number(n)} €/{unit}", *match.span()))
    for match in _CENTS_OFF.finditer(folded):
        n = _number(match.group("n"))
        if n is not None:
            unit = _UNITS[match.group("unit")]
            slots.append(Slot("amount", f"{spanish_number(n)} céntimos/{unit}", *match.span()))
    if not _TERMS_SAID.search(folded):
        for match in _CHARGED.finditer(folded):
            n = _number(match.group("n"))
            if n is not None and n > 0:
                slots.append(Slot("amount", f"{spanish_number(n)} €", *match.span("n")))
    for match in _KEPT_AT.finditer(folded):
        n = _number(match.group("n"))
        priced_before = any(s.kind == "amount" and s.end <= match.start() for s in slots)
        if n is not None and n > 0 and (match.group("keeps") or priced_before):
            slots.append(Slot("amount", f"{spanish_number(n)} €", *match.span("n")))
    for match in _CENTS.finditer(folded):
        n = _number(match.group("n"))
        if n is not None:
            slots.append(Slot("amount", f"{spanish_number(n)} €", match.start("n"), match.end()))
    for match in _PERCENT.finditer(folded):
        n = _number(match.group("n"))
        if n is not None and 0 < n <= 100:
            slots.append(Slot("percent", f"{spanish_number(n)} %", *match.span()))
    for match in itertools.chain(_SHARE_BEFORE.finditer(folded), _SHARE_GIVEN.finditer(folded)):
        n = _number(match.group("n"))
        if n is not None and 0 < n < 100:
            slots.append(Slot("percent", f"{spanish_number(n)} %", *match.span("n")))
    for said in _DISCOUNT_SAID.finditer(folded):
        for match in _BARE_SHARE.finditer(folded, said.start(), said.end()):
            n = _number(match.group("n"))
            if n is not None and 0 < n < 100:
                slots.append(Slot("percent", f"{spanish_number(n)} %", *match.span("n")))
    return slots


# --- dates, months, weekdays, periods, times --------------------------------------------------

_MONTH_NUMBER = {name: i + 1 for i, name in enumerate(MONTHS)} | {"setiembre": 9}
_PERIOD_DAYS = re.compile(
    rf"\bdel?\s+(?:dia\s+)?(?P<a>\d{{1,2}})\s+(?:de\s+{_MONTH.replace('month', 'm1')}\s+)?"
    rf"(?:al|hasta\s+el|a)\s+(?:dia\s+)?(?P<b>\d{{1,2}})\s+(?:de\s+|d'){_MONTH}"
)
_FORTNIGHT = re.compile(
    rf"\b(?:la\s+)?(?P<which>primera|segunda|ultima|1a|2a)\s+quincena\s+de\s+{_MONTH}"
    rf"|\b(?:la\s+)?quincena\s+(?P<which2>primera|segunda|ultima)\s+de\s+(?P<m2>{_MONTHS})"
)
_WEEKS = re.compile(
    rf"\b(?:las\s+)?(?P<which>dos\s+primeras|dos\s+ultimas|primera|ultima)\s+semanas?\s+de\s+{_MONTH}"
)
_DATE = re.compile(
    rf"\b(?:el\s+)?(?:dia\s+)?(?P<d>\d{{1,2}})\s+(?:de\s+|d'){_MONTH}(?:\s+(?:de\s+)?(?P<y>20\d\d))?"
    r"|\b(?P<d2>\d{1,2})/(?P<m2>\d{1,2})(?:/(?P<y2>\d{2,4}))?\b"
)
# A date in English, the day before or after the month ("on 2 January", "January 2nd"): only
# with its day, since "may" or "march" alone are words.
ENGLISH_MONTHS = {
    "january": "enero",
    "february": "febrero",
    "march": "marzo",
    "april": "abril",
    "may": "mayo",
    "june": "junio",
    "july": "julio",
    "august": "agosto",
    "september": "septiembre",
    "october": "octubre",
    "november": "noviembre",
    "december": "diciembre",
}
_EN_MONTHS = "|".join(ENGLISH_MONTHS)
_ENGLISH_DATE = re.compile(
    rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>{_EN_MONTHS})\b"
    rf"|\b(?P<month2>{_EN_MONTHS})\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\b(?!\s*[:.,]?\d)"
)
# The canonical forms themselves, so a stored value reads back as the same slot.
_PERIOD_CANONICAL = re.compile(
    rf"\b(?P<a>\d{{1,2}})(?:\s+(?P<m1>{_MONTHS}))?-(?P<b>\d{{1,2}})\s+{_MONTH}"
)
_ISO_DATE = re.compile(r"\b(?P<y>20\d\d)-(?P<m>\d\d)-(?P<d>\d\d)\b")
_TIME_CANONICAL = re.compile(r"\b(?P<a>\d{1,2}:\d\d)\s*[-–]\s*(?P<b>\d{1,2}:\d\d)\b")
# Bare hours joined by a dash ("8–14 y 16–19"), read as times only beside days of the week or
# where hours are spoken of ("horario de invierno: 8-14 y 16-19").
_HOURS_SAID = re.compile(r"\b(?:horarios?|abre|abren|abrimos|abierto|atiende|atienden|curro)\b")
# Open round the clock: "abre 24h", "abierto las 24 horas".
_ROUND_THE_CLOCK = re.compile(
    r"\b(?:abre|abren|abrimos|abiert[oa]s?|atiende|atienden)\s+(?:las\s+)?24\s*(?:h\b|horas\b)"
)
_HOURS_DASHED = re.compile(
    r"(?<![\d/.,:])\b(?P<a>\d{1,2})h?\s*[-–]\s*(?P<b>\d{1,2})h?\b(?![\d/.,:%€])"
)
_RELATIVE = re.compile(r"\b(?:pasado\s+manana|manana)\b(?!\s+(?:y|o)\b)(?!s)")
# "cierra agosto entero", "cerramos todo agosto": the month after the verb as well.
_MONTH_ALONE = re.compile(
    r"\b(?:en|todo|durante|el\s+mes\s+de|mes\s+de|de|"
    r"(?:cierra|cierran|cerramos|cerrad[oa]s?)(?:\s+(?:todo|en|el\s+mes\s+de))?)"
    rf"\s+{_MONTH}\b"
)
# What a month after "de" may be the period of: work done or billed, not a closure.
_BILLED_FOR = re.compile(
    r"\b(?:trabajos?|facturas?|recibos?|cuotas?|nominas?|pedidos?|servicios?|consumos?)\s+$"
)
# The month a business closes, said in English or Italian after the verb ("they close every
# August", "closed all of August", "chiudono tutto agosto"): a month is a word there too.
_MONTH_CLOSED = re.compile(
    r"\b(?:close|closes|closed|chiude|chiudono|chiuso|chiusi)\s+"
    r"(?:(?:all|every|in|during|for|the|whole|of|tutto|tutta|il|mese|di|ad|a)\s+)*"
    rf"(?P<month>{_EN_MONTHS}|{_MONTHS})\b"
)
_WEEKDAY_RANGE = re.compile(rf"\b(?:de\s+)?(?P<a>{_DAY})\s+a\s+(?P<b>{_DAY})\b")
# Days written short, in a range only: "lun a vie", "L-V", "mar-sáb", "L a J".
_SHORT_DAYS = {"l": 0, "lun": 0, "m": 1, "mar": 1, "x": 2, "mie": 2, "mier": 2, "j": 3, "jue": 3}
_SHORT_DAYS |= {"v": 4, "vie": 4, "s": 5, "sab": 5, "d": 6, "dom": 6}
_SHORT_DAY = "|".join(sorted(_SHORT_DAYS, key=len, reverse=True))
_SHORT_DAY_RANGE = re.compile(
    rf"\b(?:de\s+)?(?P<a>{_SHORT_DAY})\.?(?:\s*[-–/]\s*|\s+al?\s+)(?P<b>{_SHORT_DAY})\b\.?(?![-–/]?\d)"
)
_WEEKDAY = re.compile(rf"\b(?P<day>{_DAY})\b")
# An hour in figures, or in words after its article ("las cinco y media", "la una").
_HOUR_WORDS = "una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce"
_CLOCK = (
    rf"(?P<{{0}}>\d{{{{1,2}}}}|(?<=las\s)(?:{_HOUR_WORDS})\b|(?<=la\s)una\b)"
    r"(?:[:.h](?P<{0}m>\d\d)|\s+y\s+(?P<{0}half>media|cuarto))?"
)
_TIME_RANGE = re.compile(
    r"\bde\s+(?:las\s+)?"
    + _CLOCK.format("a")
    + r"\s*(?:h\b)?\s*(?:a|hasta)\s+(?:las\s+)?"
    + _CLOCK.format("b")
    + rf"(?!\s*(?:de\s+)?(?:{_MONTHS}|dias|%|€|euros)|[.,]\d)"
)
# Hours said in words without their article, on a timetable: "de ocho a dos y de cuatro a
# siete" (read only where the message speaks of hours or days: "de dos a tres semanas" is none).
_SAID_CLOCK = rf"(?P<{{0}}>{_HOUR_WORDS})\b(?:\s+y\s+(?P<{{0}}half>media|cuarto))?"
_TIME_RANGE_SAID = re.compile(
    r"\bde\s+"
    + _SAID_CLOCK.format("a")
    + r"\s+(?:a|hasta)\s+"
    + _SAID_CLOCK.format("b")
    + rf"(?!\s*(?:de\s+)?(?:{_MONTHS}|dias|semanas|meses|anos|horas|personas|veces|unidades|"
    r"metros|litros|kilos|%|€|euros))"
)
# "No se puede ir antes de las 11": from eleven on.
_NOT_BEFORE = re.compile(
    r"\b(?:no|nunca)\s+(?:[a-z]+\s+){0,3}?antes\s+de\s+(?:las?\s+)?" + _CLOCK.format("a")
)
# "No abren hasta las 12": open from then on. Not when the verb ends the day ("no cierran hasta
# las 10", "no sale hasta las 3"): that is how late, read by _TIME_FROM.
_NOT_UNTIL = re.compile(
    r"\b(?:no|nunca)\s+(?!(?:[a-z]+\s+){0,3}?(?:cierr|acab|termin|sal)[a-z]*\s)"
    r"(?:[a-z]+\s+){0,3}?hasta\s+(?:las?\s+)?" + _CLOCK.format("a")
)
_TIME_FROM = re.compile(
    r"\b(?P<how>a\s+partir\s+de|desde|antes\s+de|despues\s+de|hasta)\s+(?:las\s+)?"
    + _CLOCK.format("a")
    # "antes de 10 días", "a partir de 3 unidades": a count, no hour
    + r"(?![\d:])(?!\s*(?:dias|semanas|meses|anos|unidades|uds?\b|piezas|cajas|kilos|litros|metros|"
    r"pedidos|personas|%|€|eur))"
)
# "A partir de las 6 no contesto", "cierra a las 14:00": open until then.
_NOT_AFTER = re.compile(r"\s*(?:h\b)?\s*,?\s*(?:ya\s+)?no\b")
_CLOSES_AT = re.compile(r"\bcierra(?:n|mos)?\s+a\s+las?\s+" + _CLOCK.format("a"))
# "el gimnasio abre a las 7": open from then (a span "de 7 a 14" is read as a range instead).
_OPENS_AT = re.compile(r"\b(?:abre|abren|abrimos)\s+a\s+las?\s+" + _CLOCK.format("a"))
# The hours said as when one starts and when one leaves: "entro a las 7 y salgo a las 3", "abren
# a las 9 y cierran a las 2".
_IN_AND_OUT = re.compile(
    r"\b(?:entro|entra|entramos|entran|empiezo|empieza|empezamos|abre|abren|abrimos)\s+a\s+las?\s+"
    + _CLOCK.format("a")
    + r"[^.;:!?]{0,30}?\b(?:salgo|sale|salimos|salen|acabo|acaba|acabamos|termino|termina|"
    r"terminamos|cierra|cierran|cerramos)\s+a\s+las?\s+" + _CLOCK.format("b")
)
_MORNING_AFTER = re.compile(r"\s*(?:h\b)?\s*(?:de\s+la\s+manana|am\b|a\.m\.)")
# No business closes in the small hours: "cierra a la 1 y media" is 13:30.
AFTERNOON_CLOSE = range(1, 8)
# Nor opens then: a span of hours starting from 1 to 5 ("de 2 a 4") is in the afternoon.
AFTERNOON_START = range(1, 6)
_DAYPART = re.compile(
    # "x la tarde": "por" written short, as in a chat
    r"\b(?:(?:solo\s+)?(?:(?:por|x)\s+las?|de)\s+(?P<part>mananas?|tardes?)|(?P<plural>mananas|tardes))\b"
)


def _hour(match: re.Match[str], name: str) -> int:
    raw = match.group(name)
    return int(raw) if raw.isdigit() else _BELOW_HUNDRED[raw]


def _clock(match: re.Match[str], name: str, afternoon: bool = False) -> str:
    hour = _hour(match, name) + (12 if afternoon else 0)
    minutes = match.groupdict().get(f"{name}m")
    half = match.group(f"{name}half")
    mm = minutes or ("30" if half == "media" else "15" if half == "cuarto" else "00")
    return f"{hour}:{mm}"


def _year_for(month: int, day: int, today: datetime.date) -> int:
    """The next such date on or after ``today`` (what "el 15 de diciembre" means in a plan)."""
    try:
        candidate = datetime.date(today.year, month, day)
    except ValueError:
        return today.year
    return today.year if candidate >= today else today.year + 1


def _month_of(match: re.Match[str], group: str = "month") -> str:
    name = match.group(group)
    return VALENCIAN_MONTHS.get(name, name)


def _dates(folded: str, today: datetime.date) -> list[Slot]:
    slots = []
    for match in _PERIOD_DAYS.finditer(folded):
        month = _month_of(match)
        first = match.group("m1") and _month_of(match, "m1")
        start = f"{int(match.group('a'))} {first}" if first else str(int(match.group("a")))
        slots.append(Slot("period", f"{start}-{int(match.group('b'))} {month}", *match.span()))
    for match in _PERIOD_CANONICAL.finditer(folded):
        first = f" {match.group('m1')}" if match.group("m1") else ""
        value = f"{int(match.group('a'))}{first}-{int(match.group('b'))} {_month_of(match)}"
        slots.append(Slot("period", value, *match.span()))
    for match in _ISO_DATE.finditer(folded):
        slots.append(Slot("date", match.group(0), *match.span()))
    for match in _TIME_CANONICAL.finditer(folded):
        slots.append(Slot("time", f"{match.group('a')}-{match.group('b')}", *match.span()))
    for match in _FORTNIGHT.finditer(folded):
        which = match.group("which") or match.group("which2")
        month = match.group("month") or match.group("m2")
        month = VALENCIAN_MONTHS.get(month, month)
        last = _last_day(month)
        days = "1-15" if which in ("primera", "1a") else f"16-{last}"
        slots.append(Slot("period", f"{days} {month}", *match.span()))
    for match in _WEEKS.finditer(folded):
        month, which = _month_of(match), match.group("which")
        last = _last_day(month)
        days = {
            "dos primeras": "1-14",
            "primera": "1-7",
            "ultima": f"{last - 6}-{last}",
            "dos ultimas": f"{last - 13}-{last}",
        }[which]
        slots.append(Slot("period", f"{days} {month}", *match.span()))
    for match in _DATE.finditer(folded):
        if match.group("d"):
            day, month_number = int(match.group("d")), _MONTH_NUMBER[_month_of(match)]
            year = int(match.group("y")) if match.group("y") else None
        else:
            day, month_number = int(match.group("d2")), int(match.group("m2"))
            raw_year = match.group("y2")
            year = (2000 + int(raw_year) % 100) if raw_year else None
        if not (1 <= month_number <= 12 and 1 <= day <= 31):
            continue
        year = year or _year_for(month_number, day, today)
        try:
            date = datetime.date(year, month_number, day)
        except ValueError:
            continue
        slots.append(Slot("date", date.isoformat(), *match.span()))
    for match in _ENGLISH_DATE.finditer(folded):
        day = int(match.group("d") or match.group("d2"))
        month_number = _MONTH_NUMBER[ENGLISH_MONTHS[match.group("month") or match.group("month2")]]
        try:
            date = datetime.date(_year_for(month_number, day, today), month_number, day)
        except ValueError:
            continue
        slots.append(Slot("date", date.isoformat(), *match.span()))
    for match in _RELATIVE.finditer(folded):
        ahead = 2 if match.group(0).startswith("pasado") else 1
        value = (today + datetime.timedelta(days=ahead)).isoformat()
        slots.append(Slot("date", value, *match.span()))
    for match in _MONTH_ALONE.finditer(folded):
        if match.group(0).startswith("de ") and _BILLED_FOR.search(folded, 0, match.start()):
            continue  # "los trabajos de marzo", "la cuota de enero": what a paper is for
        slots.append(Slot("month", _month_of(match), match.start("month"), match.end()))
    for match in _MONTH_CLOSED.finditer(folded):
        month = ENGLISH_MONTHS.get(match.group("month")) or _month_of(match)
        slots.append(Slot("month", month, match.start("month"), match.end()))
    for match in _WEEKDAY_RANGE.finditer(folded):
        value = f"{_weekday(match.group('a'))} a {_weekday(match.group('b'))}"
        slots.append(Slot("weekday", value, *match.span()))
    for match in _SHORT_DAY_RANGE.finditer(folded):
        first, last = _SHORT_DAYS[match.group("a")], _SHORT_DAYS[match.group("b")]
        if first < last:  # "m-j" is Tuesday to Thursday; "s-l" is no range anyone writes
            value = f"{_WEEKDAY_NAMES[first]} a {_WEEKDAY_NAMES[last]}"
            slots.append(Slot("weekday", value, *match.span()))
    for match in _WEEKDAY.finditer(folded):
        slots.append(Slot("weekday", _weekday(match.group("day")), *match.span()))
    if any(s.kind == "weekday" for s in slots) or _HOURS_SAID.search(folded):
        for match in _HOURS_DASHED.finditer(folded):
            opens, closes = int(match.group("a")), int(match.group("b"))
            if opens < closes <= 24:
                slots.append(Slot("time", f"{opens}:00-{closes}:00", *match.span()))
    for match in _ROUND_THE_CLOCK.finditer(folded):
        slots.append(Slot("time", "24 h", *match.span()))
    hours_said = any(s.kind == "weekday" for s in slots) or _HOURS_SAID.search(folded)
    said_in_words = _TIME_RANGE_SAID.finditer(folded) if hours_said else ()
    for match in itertools.chain(_TIME_RANGE.finditer(folded), said_in_words):
        slots.append(Slot("time", _hours_between(match), *match.span()))
    for match in itertools.chain(_NOT_BEFORE.finditer(folded), _NOT_UNTIL.finditer(folded)):
        slots.append(Slot("time", f"desde {_clock(match, 'a')}", *match.span()))
    for match in _TIME_FROM.finditer(folded):
        how = {"a partir de": "desde", "despues de": "desde"}.get(
            match.group("how"), match.group("how")
        )
        if how == "desde" and _NOT_AFTER.match(folded, match.end()):
            how = "hasta"
        # "trabajan hasta las dos": no business closes in the small hours either; nor is
        # anyone reached "después de las seis" in the morning.
        small_hours = _hour(match, "a") in AFTERNOON_CLOSE
        later = match.group("how") == "despues de" and not _MORNING_AFTER.match(folded, match.end())
        afternoon = small_hours and (how == "hasta" or later)
        slots.append(Slot("time", f"{how} {_clock(match, 'a', afternoon)}", *match.span()))
    spans = []
    for match in _IN_AND_OUT.finditer(folded):
        slots.append(Slot("time", _hours_between(match), *match.span()))
        spans.append(match.span())
    for match in _CLOSES_AT.finditer(folded):
        if any(start <= match.start() < end for start, end in spans):
            continue
        hour, _, minutes = _clock(match, "a").partition(":")
        if int(hour) in AFTERNOON_CLOSE:
            hour = str(int(hour) + 12)
        slots.append(Slot("time", f"hasta {hour}:{minutes}", *match.span()))
    for match in _OPENS_AT.finditer(folded):
        if not any(start <= match.start() < end for start, end in spans):
            slots.append(Slot("time", f"desde {_clock(match, 'a')}", *match.span()))
    for match in _DAYPART.finditer(folded):
        part = (
            "mañanas"
            if (match.group("part") or match.group("plural")).startswith("m")
            else "tardes"
        )
        slots.append(Slot("time", part, *match.span()))
    return slots


def _hours_between(match: re.Match[str]) -> str:
    """The span from the hour in group ``a`` to the one in ``b``, "8:00-14:00"."""
    opens, closes = _hour(match, "a"), _hour(match, "b")
    # "de 8 a 2" ends in the afternoon; "de 2 a 4" is wholly in it: no one opens at 2 a.m.
    early = opens in AFTERNOON_START and opens < closes <= 12
    a = _clock(match, "a", afternoon=early)
    b = _clock(match, "b", afternoon=early or (closes < opens and closes + 12 <= 23))
    return f"{a}-{b}"


def _weekday(folded: str) -> str:
    if folded not in WEEKDAYS and folded not in OTHER_WEEKDAYS:
        folded = folded.removesuffix("s")  # "sábados", "diumenges", "sundays"
    folded = OTHER_WEEKDAYS.get(folded, folded)
    return _WEEKDAY_NAMES[WEEKDAYS.index(folded)]


def _last_day(month: str) -> int:
    return {"febrero": 28, "abril": 30, "junio": 30, "septiembre": 30, "noviembre": 30}.get(
        month, 31
    )


# --- channels, payment methods, tone ----------------------------------------------------------

CHANNELS = {
    # and in Valencian: "per correu electrònic"
    r"e-?mail|correo(?:\s+electronico)?(?!\s+postal)|correu(?:\s+electronic)?|mail|email": "email",
    r"whatsapp|whatsap|wasap|guasap|wsp|wassap|watsap": "WhatsApp",
    r"telefono|llamada|llamadas|llamar(?:le|les|la|lo)?|llamemos|llamadle|llamadles|llamen|"
    r"llama(?:le|les|la|lo)|"
    r"llamando(?:le|les)?|llamarla|llamarlo|"
    # "a ellos se les llama", "le llamamos siempre": calling them is the way
    r"se\s+les?\s+llama|les?\s+llamamos|"
    # the same in Valencian: "per telèfon", "que li cridem", "truca-li"
    r"telefon|cridar|cridem|crideu|cridau|trucar|truquem|truqueu|truca-li|"
    r"tlf|telf|"
    # and in English: "prefers a phone call", "call her", "by phone", "over the phone"
    r"phone\s+calls?|call(?:ing)?\s+(?:her|him|them)|"
    r"(?:by|on\s+the|over\s+the)\s+phone": "teléfono",
    r"sms|mensaje\s+de\s+texto": "SMS",
    # not "reenvío los mensajes a clientes": the messages themselves
    r"(?<!\blos\s)(?<!\bsus\s)(?<!\bmis\s)(?:mensajes|mensajitos)": "mensajes",
    r"(?:en\s+)?papel|impresa|(?:por\s+)?correo\s+postal|carta": "papel",
    r"telegram": "Telegram",
    # orders through the supplier's website: "pedir siempre por la web"
    r"(?:por|en|a\s+traves\s+de)\s+(?:la\s+)?(?:web|pagina\s+web|tienda\s+online)": "web",
}
PAYMENT_METHODS = {
    # also as it is heard and written by ear: "por bisú", "un bizu", "con bisum"
    r"bizum|bisum|bizun|bisun|bisu|bizu": "Bizum",
    r"transferencias?|transfer": "transferencia",
    # Every form of "domiciliar" ("que le domiciliemos los recibos"), never "domicilio".
    r"domiciliaci[oó]n|domicili(?:ar|ad[oa]s?|a(?:n|mos)?|e(?:n|s|mos)?)|"
    r"recibos?\s+(?:bancarios?|domiciliados?)|adeudo|por\s+el\s+banco|"
    # and in English: "charge them by direct debit"
    r"direct\s+debit": "domiciliación",
    r"efectivo|efectiu|en\s+mano|en\s+metalico|cash|billetes": "efectivo",
    # and in English, or half of it: "they pay by card", "pay con card"
    r"tarjeta|targeta|datafono|(?:by|with|con|por)\s+(?:credit\s+)?card|credit\s+card": "tarjeta",
    r"pagares?": "pagaré",
    r"cheques?|talon": "cheque",
    r"confirming": "confirming",
    r"paypal": "PayPal",
}
# Paid in instalments, with the months they fall in when said: "en dos plazos, enero y julio".
_INSTALMENTS = re.compile(
    rf"\b(?:en\s+(?P<n>\d{{1,2}}|{_NUMBER_WORD})\s+(?:plazos|cuotas|pagos)|a\s+plazos)\b"
    rf"(?:\s*[,:(]?\s*(?P<when>(?:{_MONTHS})(?:\s*(?:,|y)\s*(?:{_MONTHS}))+))?"
)
# A way of paying refused ("nada de cheques", "no aceptamos pagarés"): what is not accepted.
_REFUSED = re.compile(
    r"\b(?:nada\s+de|no\s+(?:se\s+)?(?:acepta|aceptan|aceptamos|admite|admiten|admitimos)"
    r"(?:\s+(?:los|las))?)\s+(?P<what>cheques?|talon(?:es)?|pagares?|tarjetas?|bizum)\b"
)
_REFUSED_NAMES = {"cheq": "cheques", "talo": "cheques", "paga": "pagarés", "tarj": "tarjeta"}
_CHANNEL = [(re.compile(rf"\b(?:{k})\b"), v) for k, v in CHANNELS.items()]
# "llamar al 2ºB", "llamar al timbre": ringing at a door, no way to reach anyone.
_RING = re.compile(r"\s+al?\s+(?:\d{1,2}[ºªoa]|timbre|portero|telefonillo|interfono)")
_PAYMENT = [(re.compile(rf"\b(?:{k})\b"), v) for k, v in PAYMENT_METHODS.items()]
_TONE = re.compile(
    r"\b(?:de\s+tu\b|tuteame|tutearme|tutearnos|me\s+tutees|tutea(?:me)?|tuteo|tutear|"
    # "que la tuteemos", "tutearle": us to them
    r"tute(?:emos|eis|arla|arle|arlo|arles|arlos|arlas)|"
    # "Nada de señor Martín", "Pablo a secas": no formalities.
    # "no me gusta que me tuteen", "diríjase a mí como doña Carmen": usted asked for
    r"(?P<refused>no\s+(?:me\s+gusta\s+que\s+)?me\s+tute[a-z]*|"
    r"(?:a\s+mi\s+)?como\s+(?:don|dona|senor|senora)\s+[a-z]+)|"
    r"(?P<plain>nada\s+de\s+(?:senor|senora|don|dona|usted)|a\s+secas|informal(?:es)?|"
    # "de tú, sin tanto usted"
    r"sin\s+tant[oa]s?\s+usted(?:es)?|"
    # "No me hables de usted", "no me hables tan formal": the formality refused is the
    # informal one asked for.
    r"no\s+(?:me|la|le|lo|les|los|las)\s+"
    r"(?:hables|trates|llames|escribas|hablemos|tratemos|llamemos|escribamos)\s+"
    r"(?:de\s+usted|senora?|don|dona|(?:tan\s+|de\s+forma\s+|de\s+manera\s+)?formal)"
    # "ni de usted" after a formality refused
    r"|ni\s+(?:de\s+)?usted)|"
    r"(?P<formal>formal(?:es)?)|de\s+usted\b|usted)"
    # A value that is only "tú".
    r"|^\s*tu\s*$"
)


def _inside(slot: Slot, match: re.Match[str]) -> bool:
    return match.start() <= slot.start and slot.end <= match.end()


def _labelled(folded: str) -> list[Slot]:
    slots: list[Slot] = []
    for pattern, value in _CHANNEL:
        slots.extend(
            Slot("channel", value, *m.span())
            for m in pattern.finditer(folded)
            if not _RING.match(folded, m.end())
        )
    for pattern, value in _PAYMENT:
        slots.extend(Slot("payment_method", value, *m.span()) for m in pattern.finditer(folded))
    # What is refused is the value only when no way of paying is given instead ("ya no
    # acepta pagarés, solo transferencia" is transferencia).
    for match in _REFUSED.finditer(folded):
        instead = [s for s in slots if s.kind == "payment_method" and not _inside(s, match)]
        if instead:
            continue
        value = f"no acepta {_REFUSED_NAMES.get(match.group('what')[:4], 'Bizum')}"
        slots.append(Slot("payment_method", value, *match.span()))
    for match in _INSTALMENTS.finditer(folded):
        n = _number(match.group("n")) if match.group("n") else None
        value = f"en {n} plazos" if n else "a plazos"
        if match.group("when"):
            value += ", " + re.sub(r"\s*,\s*", ", ", match.group("when"))
        slots.append(Slot("payment_method", value, *match.span()))
    for match in _TONE.finditer(folded):
        formal = (
            match.group("formal")
            or match.group("refused")
            or ("usted" in match.group(0) and not match.group("plain"))
        )
        value = "usted" if formal else "tú"
        slots.append(Slot("tone", value, *match.span()))
    return slots


# --- identifiers: tax IDs, IBANs, e-mails, phones, addresses ----------------------------------

_TAX_ID = re.compile(
    r"\b[A-Za-z]?[\s.\-]?\d{2}[\s.]?\d{3}[\s.]?\d{3}[\s.\-]?[A-Za-z0-9]?\b"
    # A NIE as people write it: "X-6135241-Z", "Y 1234567 Z".
    r"|\b[XYZxyz][\s.\-]?\d{7}[\s.\-]?[A-Za-z]\b"
)
_EMAIL = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
# An address said aloud or dictated: "jalcaniz arroba hotmail punto com", with the dots of
# its user said too ("laura punto munoz punto alb arroba hotmail punto com").
_SPOKEN_EMAIL = re.compile(
    r"\b(?P<user>[\w.+\-]+(?:\s+punto\s+[\w+\-]+)*)\s+arroba\s+"
    r"(?P<domain>[\w\-]+(?:\s+punto\s+[\w\-]+)+)\b",
    re.IGNORECASE,
)
# A phone dictated digit by digit, as a voice note says it: "el seis seis cero cuatro cinco uno
# dos ocho nueve". Nine digits, the first one a mobile's or a landline's.
_DIGIT_WORDS = ("cero", *_UNITS_SAID)
_DIGIT_SAID = "|".join(_DIGIT_WORDS)
_PHONE_SAID = re.compile(
    rf"\b(?:seis|siete|ocho|nueve)(?:[\s,]+(?:{_DIGIT_SAID})){{8}}\b(?![\s,]+(?:{_DIGIT_SAID})\b)"
)
_PHONE = re.compile(r"(?<![\d\w])(?:\+?34[\s.\-]?)?[6789](?:[\s.\-]?\d){8}(?!\d)")
_ADDRESS = re.compile(
    r"\b(?:calle|c/|avenida|avda\.?|av\.|plaza|pza\.?|paseo|camino|carretera|ctra\.?|"
    r"pol[ií]gono|pol\.|nave|urbanizaci[oó]n|urb\.|ronda|traves[ií]a|partida|"
    # the same kinds of street in Valencian ("carrer sant vicent 12"); "plaça" only with its
    # cedilla, since "la placa de las baxi" is a part
    r"carrer|avinguda|plaça|passeig|cam[ií])\s+"
    # a street's name, which no "que" runs through ("la calle de atrás y hay que llamar al 2ºB")
    # and its number; in an industrial estate the street and the unit are numbered instead
    # ("Polígono Industrial Mas del Jutge, calle 4, nave 12")
    r"(?:(?!\bque\b)[^,.;:\n()]){2,60}?"
    r"(?:,?\s*(?:n[ºo°.]?|n[uú]m(?:ero|\.)?|calle|parcela|nave)?\s*\d{1,4}(?:\s*[a-z]\b)?)"
    r"(?:\s*,?\s*(?:\d{1,2}(?:[ºª]|a\b)(?:\s*[a-z]\b(?!\s*\d))?|bajo|puerta\s+\d+|"
    r"(?:nave|parcela)\s+\d+))*"
    # the town, after its postal code if one is given ("bajo, 46006 Valencia")
    r"(?:\s*,?\s*(?:en\s+)?(?:de\s+)?(?:(?:cp|c\.p\.)\s*)?(?:\d{5}\s*,?\s*)?"
    r"[A-ZÁÉÍÓÚÑ][\wáéíóúñ]+(?:\s+[A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)?)?",
    re.IGNORECASE,
)


_TOWN_BEFORE = re.compile(r"\ben\s+(?P<town>[a-zñ]{3,}(?:\s+[a-zñ]{3,})?)\s*,\s*$")
# Words after "en" that open no town's name.
_NOT_TOWNS = frozenset(["el", "la", "los", "las", "su", "sus", "mi", "casa", "otra", "otro"])


def tax_id_of(raw: str) -> str | None:
    """A valid Spanish NIF, NIE or CIF in compact form, or None."""
    compact = re.sub(r"[\s.\-]", "", raw).upper()
    return compact if len(compact) == 9 and es_nif.is_valid(compact) else None


def _identifiers(text: str, folded: str) -> list[Slot]:
    slots = []
    iban = find_iban(text)
    if iban:
        # Where it is written, spaces and dots included, so that no name it follows claims it.
        written = re.search(r"[\s.\-]?".join(iban), text, re.IGNORECASE)
        start, end = written.span() if written else (0, len(iban))
        slots.append(Slot("iban", iban, start, end))
    for match in _TAX_ID.finditer(text):
        start, end = match.span()
        tax_id = tax_id_of(match.group(0))
        shorter = re.search(r"[\s.\-][A-Za-z0-9]$", match.group(0))
        if not tax_id and shorter is not None:
            # "NIF B91672147 y teléfono…": the word after it is not its letter
            end = start + shorter.start()
            tax_id = tax_id_of(text[start:end])
        if tax_id:
            slots.append(Slot("tax_id", tax_id, start, end))
    for match in _EMAIL.finditer(text):
        slots.append(Slot("email", match.group(0).lower().rstrip("."), *match.span()))
    for match in _SPOKEN_EMAIL.finditer(text):
        user, domain = (
            re.sub(r"\s+punto\s+", ".", match.group(part), flags=re.IGNORECASE)
            for part in ("user", "domain")
        )
        slots.append(Slot("email", f"{user}@{domain}".lower(), *match.span()))
    for match in _PHONE.finditer(text):
        digits = re.sub(r"\D", "", match.group(0))[-9:]
        slots.append(Slot("phone", f"{digits[:3]} {digits[3:6]} {digits[6:]}", *match.span()))
    for match in _PHONE_SAID.finditer(folded):
        words = re.split(r"[\s,]+", match.group(0))
        digits = "".join(str(_DIGIT_WORDS.index(word)) for word in words)
        slots.append(Slot("phone", f"{digits[:3]} {digits[3:6]} {digits[6:]}", *match.span()))
    for match in _ADDRESS.finditer(text):
        address = re.sub(r"\s+", " ", match.group(0)).strip(" ,")
        start = match.start()
        town = _TOWN_BEFORE.search(folded[: match.start()])
        if town and town.group("town").split()[0] not in _NOT_TOWNS:
            # "vive en alzira, c/ mayor 12": the town said first is the address's too.
            start = town.start("town")
            address += ", " + text[start : town.end("town")].title()
        slots.append(Slot("address", address[0].upper() + address[1:], start, match.end()))
    return slots


# --- people ----------------------------------------------------------------------------------

# The name the writer goes by, as people say it: "todos me dicen Andreu" (or "m dicen", typed
# short), Valencian "pots dir-me Carme" / "em diuen", English "call me Lu" / "everyone calls me".
CALLED_BY = (
    r"(?:me|m)\s+(?:dicen|llaman)|(?:pots|podeu|pot)\s+dir-me|dis-me|digueu-me|digue'm|"
    r"crida'm|em\s+(?:diuen|criden|dic)|(?:just\s+)?call\s+me|calls\s+me|"
    # "a mí dime Carmeta": with "a mí" before it, "dime" is what to call her, not "tell me"
    r"a\s+mi\s+(?:dime|decidme)"
)
_CAP = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+"
_KIN = r"(?:hij[oa]|sobrin[oa]|yerno|nuera|soci[oa]|herman[oa]|mujer|marido|cunad[oa])"
_ROLES = (
    r"(?:due[nñ][oa]|jef[ea]|encargad[oa]|encargao|director[a]?|gerente|admin(?:istrador[a]?)?|president[ea]|"
    r"responsable|contable|conserje|porter[oa]|secretari[oa]|tecnic[oa]|recepcionista|"
    r"mecanic[oa]|comercial|agente|representante|delegad[oa]|"
    # "el gestor de cuenta es Iván Roig": who looks after the account there, not the gestoría
    r"gestor[a]?\s+de\s+(?:la\s+)?cuentas?|"
    # the same roles said in English inside Spanish ("el que paga es el owner, Sergio")
    r"owner|manager|boss)"
)
_ROLE_HOLDER = (
    # "son del mismo dueño, Enrique Mas": one person holding the role at both
    rf"(?:(?:el|la|del|al|nuestr[oa]|vuestr[oa])\s+(?:mism[oa]\s+)?{_ROLES}"
    # "el comercial q nos atiende en Telefonía…", "el q nos atiende es Fermín" ("tiende": the
    # "a" dropped, as typed fast)
    r"(?:\s+(?:que|q)\s+(?:nos|me|les?)\s+(?:atiende|lleva))?"
    r"|(?:el|la)\s+(?:que|q)\s+(?:nos|me|les?)\s+(?:atiende|tiende|lleva)"
    r"|(?:el|la)\s+(?:que|q)\s+(?:lleva|llevan|se\s+encarga\s+de)\s+(?:las|los|el|la)\s+[a-z]{4,}"
    # "el q controla de placas es el Quique", "la que se ocupa de los pedidos es…"
    r"|(?:el|la)\s+(?:que|q)\s+(?:controla|se\s+ocupa|sabe)\s+(?:de\s+)?(?:(?:las|los|el|la)\s+)?"
    r"[a-z]{4,}"
    # "la q manda es la hermana mayor, Reme", "quien decide es su hijo": who decides there
    r"|(?:(?:el|la)\s+(?:que|q)|quien)\s+(?:manda|decide)"
    # who signs or pays there: "el q firma es Paco", "quien firma los pedidos es Rosa"
    r"|(?:(?:el|la)\s+(?:que|q)|quien)\s+(?:firma|paga|aprueba)(?:\s+(?:las|los)\s+[a-z]{4,})?)"
    r"(?:\s+(?:alli|ahi|ahora|aqui|de\s+alli|nuev[oa]))?"
    # where: "la presidenta nueva de Las Palmeras, la Reme", "nuestra agente en la mutua es …"
    # (a capitalised name, or a first name and surname closing the clause: "el dueño del bar es
    # primo de Lucía" names no one; _full_name_after_where)
    r"(?P<where>\s+(?:de|del|en)\s+[^,.;:]{2,30}?)?"
    r"(?:\s*,|\s+es|\s+son)"
    rf"(?:\s+(?:el|la|su)\s+{_KIN}(?:\s+(?:mayor|menor|pequen[oa]))?\s*,?|\s+(?:un|una)\s+tal"
    # a title before the name: "el q firma los presupuestos es el dr. Alberto Roig"
    r"|(?:\s+(?:el|la))?\s+(?:dr|dra|doctor|doctora|sr|sra|senor|senora|don|dona)\.?)?"
    r"|preguntar?\s+x|pregunta\s+x"
)
# The role alone before a name: only a capitalised word is one ("la directora Mª Carmen").
_ROLE_BESIDE = rf"(?:el|la|del|al)\s+{_ROLES}"
_PERSON_CUE = re.compile(
    r"\b(?:se\s+llama|se\s+llamaba|llamad[oa]|preguntar?\s+(?:siempre\s+)?por|pregunta\s+por|"
    r"preguntad\s+por|"
    r"hablar\s+con|habla\s+con|hablad\s+con|llamar\s+a|llama\s+a|atiende|lo\s+lleva|la\s+lleva|"
    r"las\s+lleva|los\s+lleva|es\s+ahora|ahora\s+es|ya\s+es|el\s+contacto\s+es|contacto:|"
    r"encargad[oa]\s+es|responsable\s+es|llamame|llamadme|me\s+llamo|"
    # whom the invoices go to: "la factura a la atención de Paloma"
    r"(?:a\s+la\s+)?atencion\s+de|"
    r"mi\s+nombre\s+(?:completo\s+|entero\s+|real\s+)?es|"
    rf"{CALLED_BY}|me\s+llama|nombre:|puedes\s+llamarme|un\s+tal|una\s+tal|"
    r"me\s+(?:podeis|puedes|pueden|podes)\s+llamar|"
    # a title before the name ("a Dña. Sonia Pérez"), never the name itself
    r"(?:dra?|sra?|srta|don|dona|dna|senorita)\.?|"
    # "la persona con la que debemos hablar es la Doctora Ortiz"
    r"(?:la\s+)?persona\s+con\s+(?:la\s+que|quien)\s+(?:[a-z]+\s+){1,3}?es(?:\s+(?:el|la))?|"
    # A name someone goes by: "me conocen como el Rubio", "firma todo como Paco Peña".
    r"(?:me|le|la)\s+conocen\s+(?:como|por)(?:\s+(?:el|la))?|"
    r"firma(?:\s+(?:todo|siempre))?\s+como|"
    # in English: "our account manager is Helen Park", "ask for Tom"
    r"(?:account\s+manager|manager|contact(?:\s+person)?|sales\s+rep)\s+is|"
    r"ask\s+for|"
    # "a guy called Mark Hollis", "a lady named Sue"
    r"(?:guy|man|woman|lady|bloke|someone)\s+(?:called|named)|"
    # Who holds a role there, said with the role ("el dueño es Chimo", "la directora Mª Carmen",
    # "el que lleva las cuentas es el hijo david", "pregunta x Amparo", "del dueño, Paco").
    rf"{_ROLE_HOLDER}|"
    # "tienen un comercial, Xuacu, que…": the role they have, then who holds it
    rf"(?:tienen|tiene|hay)\s+(?:un|una)\s+(?:nuev[oa]\s+)?{_ROLES}(?:\s+nuev[oa])?\s*,|"
    # whom to deal with, a relative: "hablemos con su hijo ruben", "la factura a su hija Puri"
    rf"(?:con|a|por)\s+su\s+{_KIN}(?:\s+(?:mayor|menor|pequen[oa]))?\s*,?|"
    # a relative who is it now, then the name: "es la hija, sandra garcia"
    rf"(?:es|son)\s+(?:el|la|su)\s+{_KIN}\s*,|"
    # Weak cues: only a capitalised word after them is a name ("lleva las facturas Marisa",
    # "el hijo, Dani", "una chica nueva, Nerea").
    # Asturian "ye" is "es": "el que nos lleva ye Xuan Fernández"
    # a title spelt out after "es" ("nuestra agente es señora Rocío Blasco")
    rf"(?P<weak>{_ROLE_BESIDE}|es\s+(?:el\s+|la\s+)?senora?|soy|es|ye|son|ahora|con|por|a|"
    r"(?:persona\s+de\s+|el\s+|la\s+)?contacto:?|"
    r"se\s+encargan?|"
    r"(?:que\s+)?(?:le|la|lo)\s+(?:llamemos|llamen|llaman|llama|dicen|dice|decimos)|llamadle|"
    # "y llámala Tere, que así la conoce todo el mundo"
    r"llamal[aeo]|llamadl[aeo]|"
    r"le\s+(?:podeis|puedes|pueden|podes)\s+llamar|"
    r"(?:nos\s+|me\s+|les?\s+)?llevan?"
    r"(?:\s+(?:las|los|el|la)\s+[a-z]{4,})?|"
    # the same in Valencian ("ens porta Yolanda", "ahora nos porta Yolanda")
    r"(?:nos|ens)\s+porta|"
    r"(?:hij[oa]|chic[oa]|nuev[oa]|nou|nova|sobrin[oa]|yerno|nuera|soci[oa]|herman[oa]|mujer|"
    r"marido)\s*,|"
    # a relative named after the word ("su hija Lidia"); only a capitalised word is a name
    r"su\s+(?:hij[oa]|sobrin[oa]|yerno|nuera|soci[oa]|herman[oa]|mujer|marido|espos[oa]|"
    r"cunad[oa]|niet[oa]|pareja)))"
    # a hesitation in a voice note: "se llama, eh… Rubén"
    r"(?:\s*,?\s*(?:eh|em|ehm|este|esto|mm+)(?:…|\.{2,3})?\s*,?)?"
    r"\s+(?:(?:ahora|siempre|ya|tambien|es|era|sera)\s+)?"
    # a title said in full after the cue, with its article or without: "es ahora la señora Eva
    # Climent", "nuestro agente es señor Luis Peiró" (not before it: "El señor Císcar es viudo"
    # is about him)
    r"(?:(?:el|la)\s+(?:senor|senora|senyor|senyora|doctor|doctora)\s+|"
    # or in the writer's other languages: "es ahora Herr Jordi Mas", "is Mrs. Lang"
    r"(?:senor|senora|senyor|senyora|herr|frau|mrs?\.?|ms\.?|signora?)\s+)?"
    # or written short after a label: "contacto: Dra. Elvira Soto", "será D. Hugo Sellés"
    r"(?:(?<=:\s)(?:dra?|sra?|srta|dna|d)\.\s*)?"
    # who they are, then the name: "nos atiende ahora un pana, Deivis"
    # or which relative: "el contacto es ahora la hija, sandra garcia"
    rf"(?:(?:(?:un|una)\s+[a-z]{{3,}}(?:\s+nuev[oa])?|(?:el|la|su)\s+{_KIN})\s*,\s*)?"
    # the article before a first name, as said in much of Spain ("es el Quique", "el encargado
    # es el Rubén"): only before a capitalised word, and not after "a" or "con" ("a la Central",
    # "con la Dra. Sanchis"), where the cue is read without it (_ARTICLE_BEFORE_NAME)
    r"(?:(?P<article>el\s+|la\s+|l')(?=[a-zñ]{2,}))?"
    # a first name said again with the surname: "Rubén, Rubén Soler" is Rubén Soler
    r"(?:(?P<said>[a-zñ]{2,}),\s+(?=(?P=said)\b))?"
    r"(?P<name>[a-zñ]{2,}(?:\s+(?!y\b|de\b|que\b|en\b|o\b|pero\b)[a-zñ]{3,})?)"
)
# Words a cue may be followed by that are not a name.
_NOT_PERSON = frozenset(
    [
        # a title before the name is read by its own cue: "es ahora don ernesto sanchis"
        "don",
        "dna",
        "dona",
        "sra",
        "srta",
        *["herr", "frau", "mr", "mrs", "ms", "signor", "signora"],
        # what to do, said after the role between commas: "es un tal raul, el gerente,
        # preguntad x el"
        *["preguntad", "preguntar", "llamad", "avisad", "decidle", "hablad"],
        # English words after a name: "the contact is Laura from reception"
        *["from", "who", "and", "the"],
        "lo",
        "le",
        "me",
        "te",
        "se",
        "mi",
        "su",
        "al",
        "os",
        "nos",
        "ha",
        "he",
        "va",
        "da",
        "di",
        "mas",
        "pero",
        "asi",
        "igual",
        "porque",
        "aunque",
        "mundo",
        "gente",
        "que",
        "el",
        "la",
        "los",
        "las",
        "un",
        "una",
        "de",
        "del",
        "en",
        "por",
        "para",
        "con",
        "sin",
        "ya",
        "no",
        "si",
        "mas",
        "muy",
        "mejor",
        "siempre",
        "nunca",
        "ahora",
        "antes",
        "luego",
        "todo",
        "como",
        "toda",
        "todos",
        "nada",
        "nadie",
        "alguien",
        "quien",
        "este",
        "esta",
        "ese",
        "esa",
        "eso",
        "esto",
        "aqui",
        "alli",
        "tambien",
        "pues",
        "bueno",
        "vale",
        "ok",
        "oficina",
        "tienda",
        "taller",
        "hostal",
        "hotel",
        "recepcion",
        "administracion",
        "contabilidad",
        "caja",
        "almacen",
        "encargado",
        "encargada",
        "jefe",
        "jefa",
        "duena",
        "dueno",
        "gerente",
        "responsable",
        "manana",
        "tarde",
        "noche",
        "semana",
        "mes",
        "email",
        "correo",
        "telefono",
        "whatsapp",
        "bizum",
        "transferencia",
        "efectivo",
        "contado",
        "ella",
        "el",
        "ellos",
        "usted",
        "tu",
        "yo",
        "suma",
        "factura",
        "facturas",
        "pedido",
        "pedidos",
        "precio",
        "autonomo",
        "autonoma",
        "fontanero",
        "fontanera",
        "electricista",
        "persona",
        "mismo",
        "misma",
        "otro",
        "otra",
        "nuevo",
        "nueva",
        "cliente",
        "proveedor",
        "proveedora",
        "cuenta",
        "mail",
        # what follows a name in a request: "call me Pau please", "llámame Quique porfa"
        *["please", "thanks", "porfa", "porfi", "gracias"],
        # a tax and the holidays: "con IVA incluido", "por Fallas no abrimos"
        *["iva", "vat", "navidad", "navidades", "fallas", "pascua", "christmas", "easter"],
    ]
)


# First words of a business's name: a name they open is no person ("Bar Paco", "Fincas Turia").
BUSINESS_WORDS = frozenset(
    [
        "bar",
        "hotel",
        "hostal",
        "restaurante",
        "cafeteria",
        "talleres",
        "taller",
        "fincas",
        "construcciones",
        "reformas",
        "grupo",
        "farmacia",
        "clinica",
        "peluqueria",
        "ferreteria",
        "gestoria",
        "asesoria",
        "comunidad",
        "residencia",
        "colegio",
        "panaderia",
        "fruteria",
        "inmobiliaria",
        "lavanderia",
        "recambios",
        "saneamientos",
        "distribuciones",
        "seguros",
        "gasoleos",
        "telefonia",
        "autoescuela",
        "gimnasio",
        "administraciones",
        "academia",
        "bodega",
        "bodegas",
        "forn",
        # trades a supplier or a customer is named by ("Climatización Turia Norte", "Motos
        # Quique", "Suministros Levante")
        *["climatizacion", "calefaccion", "instalaciones", "electricidad", "suministros"],
        *["materiales", "transportes", "motos", "neumaticos", "carpinteria", "cerrajeria"],
        *["pinturas", "limpiezas", "floristeria", "papeleria", "optica", "viveros", "muebles"],
        *["cristaleria", "almacenes", "maderas", "aluminios", "excavaciones", "fontaneria"],
    ]
)
# Capitalised words that open a sentence and name nobody ("Hoy, el de la ferretería…").
_OPENERS = frozenset(
    [
        *[
            "hoy",
            "ayer",
            "oye",
            "mira",
            "pues",
            "bueno",
            "vale",
            "ojo",
            "nota",
            "aviso",
            "recuerda",
            "apunta",
            "anota",
        ],
        *["importante", "perdona", "vamos", "entonces", "tambien", "ademas"],
        *WEEKDAYS,
        *MONTHS,
    ]
)
_NICKNAME_CUE = re.compile(
    rf"^(?:{CALLED_BY}|llamame|llamadme|me\s+llama|puedes\s+llamarme|"
    r"(?:me|le|la)\s+conocen|firma\b|llamal[aeo]|llamadl[aeo]|"
    r"(?:que\s+)?(?:le|la|lo)\s+(?:llamemos|llamen|llaman|llama|dicen|dice|decimos)|llamadle|"
    r"(?:me|le)\s+(?:podeis|puedes|pueden|podes)\s+llamar)\b"
)
# A name said before the role it has ("Julián, el del hostal", "Pepe, el hijo del dueño",
# "Nerea es la que lleva los pedidos") or between commas after one ("el del bar, Quique, dice").
_NAME = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})?"
_APPOSITION = re.compile(
    rf"(?:^|(?<=[\s,:;]))(?P<name>{_NAME})(?:,\s+|\s+)es\s+(?:con\s+)?quien\b"
    rf"|(?:^|(?<=[\s,:;]))(?P<name2>{_NAME})(?:,\s+|\s+es\s+)(?:el|la)\s+(?:que\b|del?\b|"
    # a relative of the owner's: "Paco, el hermano mayor, es el que firma"
    rf"{_KIN}\b|"
    r"encargad[oa]|due[nñ][oa]|jef[ea]|comercial|responsable|director[a]?|president[ea]|"
    r"administrador[a]?|agente|gerente|conserje|portero|portera|secretari[oa]|t[eé]cnic[oa]|"
    r"mec[aá]nic[oa]|recepcionista|contable)"
    r"|\b(?:[Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+de(?:l|\s+la|\s+los)?\s+[^,.;:]{2,40},\s+"
    rf"(?P<between>{_NAME}),"
    # in English: "the chef, Toni Mas, is the one to talk to", "their new manager, Rosa Vila,"
    rf"|\b[Tt]he(?:ir)?\s+(?:new\s+)?[a-z]{{3,}},\s+(?P<between_en>{_NAME}),"
)
# A card's label that names a role, then the person ("Persona de contacto para pedidos: Maite",
# "Agente asignado: Marisa Llopis", "Contact person: Mr. Thompson").
_LABELLED_PERSON = re.compile(
    rf"(?:^|(?<=[\n:;,\-–]))\s*(?:persona\s+de\s+)?(?:contact(?:o|\s+person)?|agente|interlocutora?|"
    rf"{_ROLES})\b[^:\n]{{0,40}}:\s*(?:(?:sra?|srta|dra?|dna|don|dona|mrs?|ms|dr)\.?\s+)?"
    r"(?P<name>[a-zñ]{3,}(?:\s+[a-zñ]{3,}){0,2})"
)


# A name said before its role as the contact ("julian de recepcion es el contacto"), in any
# case: the role names it.
# What follows a name that is the contact, its role or department first: "… de recepcion es el
# contacto". Also read by extraction, to tell a contact person from another name.
IS_THE_CONTACT = (
    r"(?:(?:\s+(?:de|del|de\s+la)\s+[a-zñ]+)?\s+es\s+(?:el|la|su|nuestro|nuestra)\s+"
    r"(?:persona\s+de\s+)?contacto\b"
    # in English: "Toni Mas is the one to talk to", "Rosa is our contact there"
    r"|,?\s+is\s+(?:the\s+(?:one|person)\s+to\s+(?:talk|speak)\s+(?:to|with)|"
    r"(?:our|the|their)\s+(?:new\s+)?contact)\b)"
)
# A name in lowercase opening the message, then its role there: "noelia, la gerente", the
# answer to who the contact is.
_NAME_THEN_ROLE = re.compile(
    rf"^\s*(?P<name>[a-zñ]{{3,}}(?:\s+[a-zñ]{{3,}})?)\s*,\s*(?:el|la)\s+{_ROLES}\b"
)
_CONTACT_NAMED_BEFORE = re.compile(r"(?:^|[:;,]\s*|\by\s+)(?P<name>[a-zñ]{3,})" + IS_THE_CONTACT)
# The name the invoices must carry ("quiere las facturas a nombre de VetBeni S.L."): capitalised
# words, a legal form's dots included.
_BILLED_TO = re.compile(
    r"\ba\s+nombre\s+de\s+(?P<name>[A-ZÁÉÍÓÚÑ][\w&'.\-]*(?:\s+(?:[A-ZÁÉÍÓÚÑ][\w&'.\-]*|de|del|y))*)"
)


# "Mª Carmen", "M.ª José": María written short, a first name of two letters.
_SHORT_MARIA = frozenset(["Mª", "M.ª", "Mª."])


# A name someone goes by, said before the words that say so: "María José es la Maripepa de
# Catarroja, así la llama todo el mundo", "es el Rubio, así le conocen en el barrio".
_NICKNAME_BEFORE = re.compile(
    r"\b(?:es|es\s+ahora)\s+(?:el|la|l')\s*(?P<name>[a-zñ]{3,})\b[^.;]{0,40}?[,;]\s*(?:que\s+)?"
    r"(?:asi|aixi)\s+(?:le|la|lo|li)\s+"
    r"(?:llama|llaman|llamamos|dice|dicen|decimos|conoce|conocen|diuen|coneixen|criden)\b"
)


# The name the writer goes by said first, then the words that say so: "Carmencita me llaman en
# el taller", "Pep em diuen tots", "Lu everyone calls me".
_OWN_NICKNAME_FIRST = re.compile(
    # also after what it puts right: "a mí Andrés no, Ander me llaman en casa"
    r"(?:^|[,;.]\s*)\s*(?:a\s+mi\s+|a\s+mi,\s+)?(?P<name>[a-zñ]{2,})\s*,?\s+"
    r"(?:(?:me|m)\s+(?:llaman|dicen|suelen\s+llamar)|em\s+(?:diuen|criden)|(?:everyone|people)\s+calls?\s+me)\b"
    # "Lourdes me dicen que paga mañana": what someone was told, no name
    r"(?!\s+(?:que|q|de)\b|\s*:)"
)


_NOT_OWN_NICKNAMES = frozenset(
    [
        *["todos", "todas", "todo", "aqui", "alli", "ahi", "siempre", "casi", "ahora", "tambien"],
        *["ya", "asi", "antes", "hoy", "ellos", "ellas", "aun", "luego", "bueno", "pues", "si"],
        "no",
    ]
)


_WITHOUT_ARTICLE = re.compile(
    _PERSON_CUE.pattern.replace(
        r"(?:(?P<article>el\s+|la\s+|l')(?=[a-zñ]{2,}))?", r"(?P<article>(?!))?"
    )
)
# The weak cues an article may stand after before a name: "es el Quique", "ye la Xuana".
_ARTICLE_AFTER = frozenset(["es", "ye", "son"])


def _article_before_name(match: re.Match[str], text: str) -> bool:
    """Whether the article a cue was read with stands before a person's name: a capitalised
    word that names no business ("es el Bar Paco" is none), after a cue that allows it."""
    start = match.start("name")
    first = match.group("name").split()[0]
    return (
        text[start].isupper()
        and first not in BUSINESS_WORDS
        # a title is read by its own cue: "el Sr. Cuesta", "la Dra. Sanchis"
        and first.rstrip(".") not in _NOT_PERSON | {"sr", "dr", "dra", "sra", "srta"}
        and (not match.group("weak") or match.group("weak") in _ARTICLE_AFTER)
    )


def _cues(text: str, folded: str) -> list[re.Match[str]]:
    """Every person cue; the words after one that names nobody may hold the next cue
    ("ahora lleva las facturas Marisa": "ahora" names nobody, "lleva las facturas" does)."""
    found, position = [], 0
    while match := _PERSON_CUE.search(folded, position):
        if match.group("article") and not _article_before_name(match, text):
            match = _WITHOUT_ARTICLE.match(folded, match.start()) or match
        found.append(match)
        position = match.start("name")
    return found


_THIRD_WORD = re.compile(r" ([A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})\b")


# A title right after the word for a shop opens the shop's name, not a person's.
_SHOP_BEFORE_TITLE = re.compile(
    r"\b(?:" + "|".join(BUSINESS_WORDS) + r"|[a-z]{3,}eria|casa|kiosko|quiosco)\s+$"
)
_TITLE_WORD = re.compile(r"(?:don|dona|dna)\b")
_SO_CALLED = re.compile(r"\b(?:un|una)\s+tal\s+$")
# What may end the clause a lowercase name closes: "… es raul benavent", "…, y paga a 30".
_NAME_ENDS_CLAUSE = re.compile(r"\s*(?:$|[,.;:!?]|\s+y\s)")


def _full_name_after_where(match: re.Match[str], text: str, folded: str) -> bool:
    """After a role said with where it is ("el comercial de Termotécnicas es …"), a name:
    capitalised, after "un tal", or in lowercase a first name and a surname closing the clause
    ("… es raul benavent"); "el dueño del bar es primo de Lucía" names no one."""
    if text[match.start("name")].isupper() or _SO_CALLED.search(folded, 0, match.start("name")):
        return True  # "… es un tal raul": whatever follows "un tal" is a name
    words = match.group("name").split()
    return (
        len(words) == 2
        and not any(w in _NOT_PERSON for w in words)
        and _NAME_ENDS_CLAUSE.match(folded, match.end("name")) is not None
    )


def _people(text: str, folded: str) -> list[Slot]:
    slots: list[Slot] = []
    for match in _cues(text, folded):
        if slots and match.start("name") < slots[-1].end:
            continue
        if _SHOP_BEFORE_TITLE.search(folded, 0, match.start()) and _TITLE_WORD.match(
            folded, match.start()
        ):
            continue  # "la botillería don lucho", "el bar doña rosa": a business's name
        words = text[match.start("name") : match.end("name")].split()
        if match.group("article") and not _article_before_name(match, text):
            continue
        if match.group("where") and not _full_name_after_where(match, text, folded):
            continue
        if match.group("weak"):
            # After a plain "es" or "con" only a capitalised word is a name ("es Carmen").
            words = [w for w in words[:2] if w[:1].isupper()][:2]
            if not words or not text[match.start("name")].isupper():
                continue
        if match.group("weak") and len(words[0].rstrip(".")) < 3 and words[0] not in _SHORT_MARIA:
            continue  # "es Av. Blasco Ibáñez": two letters after a weak cue are no name
        kept: list[str] = []
        for word in words:
            # A capitalised word after a capitalised first name is a surname, even one that is
            # also a common word ("Enrique Mas").
            after_first = bool(kept) and word[:1].isupper() and words[0][:1].isupper()
            if fold_aligned(word.casefold()) in _NOT_PERSON and not after_first:
                break
            kept.append(word[0].upper() + word[1:])
        if not kept:
            continue
        start = match.start("name")
        end = start + len(" ".join(words[: len(kept)]))
        # the surnames after a capitalised first name, up to four words in all: "Andrés Emilio
        # Pons Reyes", two first names and two surnames, as in an ID card
        while (
            2 <= len(kept) < 4
            and all(w[:1].isupper() for w in words[:2])
            and (surname := _THIRD_WORD.match(text, end)) is not None
            and fold_aligned(surname.group(1)).lower() not in _NOT_PERSON | _OPENERS
        ):
            kept.append(surname.group(1))
            end = surname.end()
        kind = "nickname" if _NICKNAME_CUE.search(match.group(0)) else "person"
        slots.append(Slot(kind, " ".join(kept), start, end))
    for match in _NICKNAME_BEFORE.finditer(folded):
        start, end = match.span("name")
        # "es el Rubio, así le conocen": the name the article stood before is what he is called
        slots = [s for s in slots if not (s.kind == "person" and s.start == start and s.end <= end)]
        if text[start].isupper() and not any(s.start < end and start < s.end for s in slots):
            slots.append(Slot("nickname", text[start:end], start, end))
    own_first = _OWN_NICKNAME_FIRST.search(folded)
    if own_first is not None:
        start, end = own_first.span("name")
        named_after = re.match(r"\s+[A-ZÁÉÍÓÚÑ]", text[own_first.end() :])
        if (
            text[start].isupper()
            and folded[start:end] not in _NOT_OWN_NICKNAMES
            # "Todos me llaman Luci": the name after the words is the one
            and named_after is None
            and not any(s.start < end and start < s.end for s in slots)
        ):
            slots.append(Slot("nickname", text[start:end], start, end))
    for match in _LABELLED_PERSON.finditer(folded):
        start = match.start("name")
        words = text[start : match.end("name")].split()
        kept = list(itertools.takewhile(lambda w: w[:1].isupper(), words))
        end = start + len(" ".join(kept))
        if kept and not any(s.start < end and start < s.end for s in slots):
            slots.append(Slot("person", " ".join(kept), start, end))
    for match in _NAME_THEN_ROLE.finditer(folded):
        start, end = match.span("name")
        words = folded[start:end].split()
        if not set(words) & _NOT_PERSON and not any(s.start < end and start < s.end for s in slots):
            name = " ".join(w[:1].upper() + w[1:] for w in text[start:end].split())
            slots.append(Slot("person", name, start, end))
    for match in _CONTACT_NAMED_BEFORE.finditer(folded):
        start, end = match.span("name")
        if folded[start:end] not in _NOT_PERSON and not any(
            s.start < end and start < s.end for s in slots
        ):
            slots.append(Slot("person", text[start].upper() + text[start + 1 : end], start, end))
    for match in _BILLED_TO.finditer(text):
        if "factur" not in folded[max(0, match.start() - 40) : match.start()]:
            continue  # "un sobre a nombre de Dirección": no invoice, no name to bill
        name = re.sub(r"(?:\s+(?:de|del|y))+$", "", match.group("name"))
        start = match.start("name")
        slots.append(Slot("billing_name", name, start, start + len(name)))
    for match in _APPOSITION.finditer(text):
        group = next(g for g in ("name", "name2", "between", "between_en") if match.group(g))
        start, end = match.span(group)
        name = text[start:end]
        if any(s.start < end and start < s.end for s in slots):
            continue
        if re.search(r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü]*\.?\s+$", text[:start]):
            continue  # the end of a longer name: "Bar Paco, el de la esquina"
        # a capitalised word after the first name is a surname, even a common word ("Toni Mas")
        if fold_aligned(name.split()[0]).lower() in _NOT_PERSON | _OPENERS:
            continue
        if fold_aligned(name.split()[0]).lower() in BUSINESS_WORDS:
            continue
        if _spelt_by_a_domain(name, folded):
            continue  # "Ciclos Bernat, … hola@ciclosbernat.es": the business the address is of
        slots.append(Slot("person", name, start, end))
    # A name followed by its legal form is a business's ("un cliente nuevo, Bodegas Requena
    # S.L."), never a person's.
    slots = [s for s in slots if s.kind != "person" or not _LEGAL_FORM_AFTER.match(text, s.end)]
    return sorted((_corrected(s, text) for s in slots), key=lambda s: s.start)


# A name taken back at once and said again: "Maite Soler no, Maite Sanchís, perdón", "Jorge
# Pons, no, perdona, Jorge Ponsoda".
_NAME_TAKEN_BACK = re.compile(
    r"\s*,?\s*no\s*,\s*(?:(?:perdona|perdon|perdón|espera|digo)\s*,?\s*)?"
    r"(?P<name>[A-ZÁÉÍÓÚÑ][\wáéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][\wáéíóúñü]+){0,2})"
)


def _corrected(slot: Slot, text: str) -> Slot:
    """The name said instead of ``slot``'s when the writer takes it back at once."""
    if slot.kind != "person":
        return slot
    match = _NAME_TAKEN_BACK.match(text, slot.end)
    if match is None or match["name"].split()[0] != slot.value.split()[0]:
        return slot
    return Slot("person", match["name"], match.start("name"), match.end("name"))


_DOMAIN = re.compile(r"@([a-z0-9-]+)\.")


def _spelt_by_a_domain(name: str, folded: str) -> bool:
    """Whether an e-mail address in the message has ``name``'s words run together as its
    domain."""
    joined = re.sub(r"[^a-z0-9]", "", fold_aligned(name).lower())
    return len(joined) >= 6 and any(joined == d for d in _DOMAIN.findall(folded))


_LEGAL_FORM_AFTER = re.compile(
    r",?\s+(?:S\.?\s?L\.?(?:U\.?)?|S\.?\s?A\.?(?:U\.?)?|S\.?\s?C\.?|C\.?\s?B\.?)(?![\wÁÉÍÓÚÑáéíóúñ])",
    re.IGNORECASE,
)


# "prefiere email, ana@x.es", "prefers email": the channel is preferred, not a label.
_PREFERRED_BEFORE = re.compile(r"\b(?:prefier[eo]n?|preferimos|prefers?)\s+(?:el\s+|por\s+)?$")


def _labels(slots: list[Slot], folded: str) -> list[Slot]:
    """A channel word that labels an address given with it ("mi correo es ana@x.es") is the
    address's label, not a channel to prefer, unless the preference is said before it."""
    if not any(s.kind == "email" for s in slots):
        return slots
    return [
        s
        for s in slots
        if not (s.kind == "channel" and s.value == "email")
        or _PREFERRED_BEFORE.search(folded[max(0, s.start - 24) : s.start])
    ]


# A value taken back at once, as a voice note or a quick message does: "45 días, no perdona,
# 60", "a 90 días, ay no, a 60", "paga a 45… no, espera, a 60", "plazo 60d… no, perdona, 45d".
TAKEN_BACK = (
    r"\s*(?:…|\.{2,3})?\s*,?\s*(?:no\s*,?\s*(?:perdona|perdon|espera|digo|mejor\s+dicho)\b"
    r"|(?:ay|uy|ay\s+perdona|uy\s+perdona)\s*,?\s+no\b"
    # a voice note putting itself right: "a treinta y cinco, eh… no, no, a treinta y dos"
    r"|(?:(?:eh|em|ehm)\s*(?:…|\.{2,3})?\s*,?\s*)?no\s*,\s*no\b)"
)
# The number that replaces it, bare: the same kind and unit as the value taken back.
_BARE_NUMBER = (
    r"(?:a\s+|al\s+|el\s+|en\s+|un\s+)?"
    rf"(?P<n>\d{{1,3}}(?:,\d+)?|{_NUMBER_WORD})\s*(?P<unit>dias|dies|d\b|%|por\s*ciento\b)?"
    r"(?!\s*(?:€|e\b|eur|de\b|h\b|:|,\d|\.\d|/))"
)
_REPLACED_BY = re.compile(TAKEN_BACK + r"\s*,?\s*(?:(?:que\s+)?(?:es|son)\s+)?" + _BARE_NUMBER)
# A value refused, then the one wanted instead: "ya no quiere 15 días, q mejor 30", "no a 30
# días, ahora 45".
_REFUSED_BEFORE = re.compile(r"\b(?:ya\s+no|no)\b[^,.;:]{0,20}$")
_WANTED_INSTEAD = re.compile(
    r"\s*,?\s*(?:(?:q|que)\s+)?(?:mejor|ahora|sino)\s+(?:(?:que\s+)?(?:es|son)\s+)?" + _BARE_NUMBER
)


def _replacements(slots: list[Slot], folded: str) -> list[Slot]:
    """The bare number a value taken back or refused is replaced by, as a value of its kind."""
    found = []
    for slot in slots:
        if slot.kind not in ("term", "percent"):
            continue
        match = _REPLACED_BY.match(folded, slot.end)
        if match is None and _REFUSED_BEFORE.search(folded[max(0, slot.start - 30) : slot.start]):
            match = _WANTED_INSTEAD.match(folded, slot.end)
        if match is None:
            continue
        n = _number(match.group("n"))
        if n is None or n <= 0:
            continue
        if slot.kind == "term" and n == n.to_integral_value() and n <= 365:
            value = f"{int(n)} días"
        elif slot.kind == "percent" and n < 100:
            value = f"{spanish_number(n)} %"
        else:
            continue
        found.append(Slot(slot.kind, value, match.start("n"), match.end()))
    return found


def find_slots(text: str, today: datetime.date | None = None) -> list[Slot]:
    """Every typed value in ``text``, with its span, in order; overlapping spans all kept."""
    today = today or datetime.date.today()
    folded = fold_aligned(text).lower()
    slots = [
        *_terms(folded),
        *_amounts(folded),
        *_dates(folded, today),
        *_labelled(folded),
        *_identifiers(text, folded),
        *_people(text, folded),
    ]
    slots.extend(_replacements(slots, folded))
    # A value inside a longer one is part of it: "agosto" in "del 1 al 15 de agosto".
    kept = [
        slot
        for slot in slots
        if not any(
            other.start <= slot.start
            and slot.end <= other.end
            and other.end - other.start > slot.end - slot.start
            and other.kind not in ("person", "nickname")
            for other in slots
        )
    ]
    # "Que le llamemos Salva" names him; the verb is no channel.
    named = [s.start for s in kept if s.kind == "nickname"]
    kept = [
        s
        for s in kept
        if not (s.kind == "channel" and any(0 <= start - s.end <= 3 for start in named))
    ]
    return sorted(set(_labels(kept, folded)), key=lambda s: (s.start, -s.end, s.kind))


def canonical(kind: str, raw: str, today: datetime.date | None = None) -> str | None:
    """The canonical form of ``raw`` read as a ``kind`` slot (for comparing values)."""
    for slot in find_slots(raw, today):
        if slot.kind == kind:
            return slot.value
    return None
