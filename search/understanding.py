"""What a search question asks for, read from its words alone (DESIGN §7).

Pure functions on folded text, no database: identifiers said any way ("2025/83", "f26-44",
"NIF 46 658 368 Q"), the kinds of item the words ask for ("factura", "presupuesto", "gasto",
"documento", a business or trade word at the head), whether the question is about a past
conversation, the lexicon's extra words for the lexical leg, and the content words left
once a named contact is taken out (to anchor that contact's records instead of the contact).
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterable

from knowledge.lexicon import QUESTION_WORDS
from search.indexing import normalize_identifier
from search.lexicon import ROLE_NOUNS, SYNONYMS, wordlist
from search.models import Kind
from sumalos.platform.text import fold

# Words that carry no subject: articles, prepositions, pronouns, auxiliaries.
STOPWORDS = (
    frozenset(
        wordlist(
            """
    el la los las lo un una unos unas de del a al en con sin por para que y o u e ni se le les
    nos me te mi mis tu tus su sus nuestro nuestra nuestros nuestras este esta estos estas ese
    esa esos esas eso esto aquel aquella donde cuando como cual cuales quien quienes es son era
    fue fueron ha han he hemos hay muy mas ya tambien pero si no sobre entre hasta desde casa
    algo todo toda todos todas otro otra cada qui
    """
        )
    )
    | QUESTION_WORDS
)

# A Spanish tax ID (DNI, NIE, CIF).
TAX_ID = re.compile(r"^(?:[0-9]{8}[a-z]|[xyz][0-9]{7}[a-z]|[a-hj-np-sv-w][0-9]{7}[0-9a-j])$")

_INVOICE_WORDS = r"facturas?|fras?|fact|ftra"
_QUOTE_WORDS = r"presupuestos?|presus?|pres"
_NUMBER_SIGN = r"(?:n\s?o\.?|num\.?|numero|#)"
# An abbreviation may end in a dot: "fact. 26-0004", "pres. 2026/3".
_WORD_BEFORE = (
    rf"(?:(?P<word>{_INVOICE_WORDS}|{_QUOTE_WORDS})\.?\s*(?:de\s+)?(?:{_NUMBER_SIGN}\s*)?)?"
)
# "factura 2025/83", "fact 26/69", "F.2026.0051", "f-2025-0055", "P 2026/0005", "2025/83",
# "F20260051", "fra 2026 51" (a bare space only after a letter or a word).
_NUMBER = re.compile(
    rf"\b{_WORD_BEFORE}(?:(?P<letter>[fp])\s?[-.]?\s?)?"
    r"(?P<year>20[0-9]{2}|[0-9]{2})(?P<separator>\s?[-/.]\s?|\s|(?<=20[0-9]{2}))"
    r"(?P<sequence>[0-9]{1,4})\b"
)
# "factura 83/2025", "F-83/2026": the sequence before a four-digit year.
_NUMBER_REVERSED = re.compile(
    rf"\b{_WORD_BEFORE}(?:(?P<letter>[fp])\s?[-.]?\s?)?"
    r"(?P<sequence>[0-9]{1,3})\s?[-/]\s?(?P<year>20[0-9]{2})\b"
)
# "presupuesto nº 4 de 2026", "factura 12 del 2025".
_NUMBER_OF_YEAR = re.compile(
    rf"\b(?P<word>{_INVOICE_WORDS}|{_QUOTE_WORDS})\.?\s*(?:{_NUMBER_SIGN}\s*)?"
    r"(?P<sequence>[0-9]{1,4})\s+(?:de|del)\s+(?P<year>20[0-9]{2})\b"
)
_IDENTIFIER_FILLER = frozenset(
    {"nif", "cif", "dni", "nie", "numero", "num", "n", "no", "de", "del", "el", "la", "es"}
)

KIND_WORDS: dict[str, str] = {
    **dict.fromkeys(
        wordlist("factura facturas fra fras fact"),
        Kind.INVOICE,
    ),
    **dict.fromkeys(wordlist("presupuesto presupuestos presu presus oferta ofertas"), Kind.QUOTE),
    **dict.fromkeys(
        wordlist("gasto gastos ticket tickets tique tiques"),
        Kind.EXPENSE,
    ),
    **dict.fromkeys(
        wordlist(
            "documento documentos doc archivo archivos fichero ficheros pdf contrato acuerdo "
            "protocolo normas plantilla notas nota certificado apuntes"
        ),
        Kind.DOCUMENT,
    ),
    **dict.fromkeys(wordlist("contacto contactos"), Kind.CONTACT),
}
# Verbs that hint at a kind, unless a business or trade word leads the question ("el almacén
# donde compramos…" asks for the supplier).
KIND_VERBS: dict[str, str] = {
    **dict.fromkeys(
        wordlist(
            "facturado facturada facturados facturadas facturamos facture cobramos cobrado cobrada"
        ),
        Kind.INVOICE,
    ),
    # Work done for a customer: "la caldera que cambiamos", "la ducha que le pusimos".
    **dict.fromkeys(
        wordlist("cambiamos pusimos arreglamos montamos instalamos reparamos sustituimos"),
        Kind.INVOICE,
    ),
    **dict.fromkeys(wordlist("compramos compre compra compras comprado"), Kind.EXPENSE),
}
# Words that ask about a contact's own data: with them a named contact stays the answer.
CONTACT_ATTRIBUTES = frozenset(
    wordlist("""
    telefono movil email correo mail direccion nif cif dni nie iban cuenta datos contacto ficha
    paga pagan pago plazo dias vive ciudad calle web
    """)
)
_CONVERSATION = re.compile(
    r"\b(?:lo que (?:hablamos|me dijiste|te dije|comentamos)|hablamos|me dijiste|me dijo suma|"
    r"te dije|te pregunte|me comentaste|me contaste|me recomendaste|me respondiste|"
    r"(?:en el|del|el|por el) chat|(?:la|una|esa) conversacion|por whatsapp|lo hablado)\b"
)
_WORD_RE = re.compile(r"[a-z0-9]+")
# "la inmobiliaria, lo del plato de ducha": after the trade, "lo de…" names a job done for it,
# so its records are asked for, not the contact.
_MATTER_AFTER_HEAD = re.compile(r" lo del?\b")
# "lo que (le) pagamos a…", "lo que gastamos en…": what the business pays is an expense ("cuánto
# pagamos por el alquiler" may be a contract, and "lo que nos pagan" is an invoice's).
_WHAT_WE_PAY = re.compile(r"\blo que (?:le |les )?(?:pagamos|gastamos|pague|gaste)\b")


def words(text: str) -> list[str]:
    return _WORD_RE.findall(fold(text))


def content_words(text: str) -> list[str]:
    """Words that say what the question is about."""
    return [w for w in words(text) if w not in STOPWORDS and not w.isdigit()]


def _document_number(word: str | None, letter: str | None, year: str, sequence: str) -> list[str]:
    full_year = year if len(year) == 4 else f"20{year}"
    if letter:
        letters = [letter.upper()]
    elif word:
        letters = ["P" if word.startswith("pres") else "F"]
    else:
        letters = ["F", "P"]
    return [f"{prefix}{full_year}{int(sequence):04d}" for prefix in letters]


def find_identifiers(text: str) -> tuple[list[str], str]:
    """Document numbers and tax IDs in folded ``text``, and the text without them.

    A number without a letter or a word before it needs a four-digit year ("2025/83"), so
    dates such as "29/11" are not read as numbers; it may then be an invoice or a quote.
    """
    found: list[str] = []

    def number(match: re.Match[str]) -> str:
        groups = match.groupdict()
        word, letter, separator = groups["word"], groups.get("letter"), groups.get("separator")
        said = bool(word or letter)
        if not said and (len(match.group("year")) != 4 or not (separator or "").strip()):
            return match.group(0)
        if separator == "" and not (letter and len(match.group("sequence")) == 4):
            return match.group(0)
        found.extend(_document_number(word, letter, match.group("year"), match.group("sequence")))
        return " "

    text = _NUMBER_OF_YEAR.sub(number, text)
    text = _NUMBER_REVERSED.sub(number, text)
    text = _NUMBER.sub(number, text)
    # Tax IDs written in groups: "46 658 368 q", "b.75.803.940", "13980520-q".
    tokens = list(re.finditer(r"[a-z0-9]+", text))
    keep: list[tuple[int, int]] = []
    index = 0
    while index < len(tokens):
        matched = 0
        for end in range(min(len(tokens), index + 6), index, -1):
            group = tokens[index:end]
            gaps = [text[a.end() : b.start()] for a, b in itertools.pairwise(group)]
            if any(not re.fullmatch(r"[\s.\-:/]{1,3}", gap) for gap in gaps):
                continue
            joined = "".join(t.group(0) for t in group)
            # An intra-EU VAT number: the country prefix "ES" before the tax ID.
            joined = joined[2:] if joined.startswith("es") and TAX_ID.match(joined[2:]) else joined
            if TAX_ID.match(joined):
                found.append(normalize_identifier(joined))
                matched = end - index
                break
        if matched:
            index += matched
        else:
            keep.append((tokens[index].start(), tokens[index].end()))
            index += 1
    rest = " ".join(text[a:b] for a, b in keep)
    return list(dict.fromkeys(found)), rest


def without_identifier_words(text: str) -> str:
    """Once identifiers were read, "nif", "factura nº", "de" around them say nothing more."""
    return " ".join(
        w
        for w in text.split()
        if w not in _IDENTIFIER_FILLER
        and not re.fullmatch(_INVOICE_WORDS, w)
        and not re.fullmatch(_QUOTE_WORDS, w)
    )


def asks_about_conversation(text: str) -> bool:
    """ "lo que hablamos", "me dijiste", "en el chat": past messages may answer."""
    return bool(_CONVERSATION.search(fold(text)))


def head_word(text: str) -> str | None:
    """The first content word: "el de la gestoría" → "gestoria"."""
    found = content_words(text)
    return found[0] if found else None


# A kind noun misspelled ("presupusto", "factrua") still says the kind: long words only, and
# close enough that no other word of the kind lists or the language is nearer.
_KIND_TYPO_MIN = 7
_KIND_TYPO_RATIO = 0.88


def kind_word(word: str) -> str | None:
    """The kind ``word`` names, also when it is a kind noun with a typo."""
    if word in KIND_WORDS:
        return KIND_WORDS[word]
    if len(word) < _KIND_TYPO_MIN or word in KIND_VERBS or word in CONTACT_ATTRIBUTES:
        return None
    close = difflib.get_close_matches(
        word, [w for w in KIND_WORDS if len(w) >= _KIND_TYPO_MIN], n=1, cutoff=_KIND_TYPO_RATIO
    )
    return KIND_WORDS[close[0]] if close else None


def wanted_kinds(text: str) -> frozenset[str]:
    """The kinds of item the words ask for; empty when they do not say.

    A kind noun ("factura", "presupuesto", "gasto", "documento") says it; else a business or
    trade word at the head ("la gestoría", "el proveedor de gasoil") or a who-question ("el de
    la…", "el que nos…", "de quién es") asks for a contact; else a verb hints ("compramos").
    """
    said = words(text)
    kinds = {kind for kind in map(kind_word, said) if kind is not None}
    if kinds - {Kind.CONTACT}:
        return frozenset(kinds)
    folded = " ".join(said)
    if (
        (head_word(text) in ROLE_NOUNS and not _MATTER_AFTER_HEAD.search(folded))
        or re.match(r"^(?:el|la|los|las) (?:que|de)\b", folded)
        or re.search(r"\bde quien\b|^quien\b", folded)
    ):
        return frozenset(kinds | {Kind.CONTACT})
    if _WHAT_WE_PAY.search(folded):
        kinds.add(Kind.EXPENSE)
    return frozenset(kinds | {KIND_VERBS[w] for w in said if w in KIND_VERBS})


def expansions(text: str) -> list[str]:
    """Words the lexicon adds for what ``text`` says colloquially or with another word."""
    folded = f" {' '.join(words(text))} "
    extra: list[str] = []
    for said, meant in SYNONYMS.items():
        if f" {said} " in folded:
            extra.extend(w for w in meant.split() if f" {w} " not in folded and w not in extra)
    return extra


def _resembles(word: str, names: Iterable[str]) -> bool:
    return any(difflib.SequenceMatcher(None, word, name).ratio() >= 0.75 for name in names)


def words_besides(text: str, names: Iterable[str]) -> list[str]:
    """Content words of ``text`` that are not (nearly) a word of one of the contact ``names``,
    nor a kind word, nor a contact attribute: what is asked about the contact."""
    name_words = {w for name in names for w in words(name)}
    return [
        w
        for w in content_words(text)
        if kind_word(w) is None
        and w not in KIND_VERBS
        and w not in CONTACT_ATTRIBUTES
        and w not in ROLE_NOUNS
        and not _resembles(w, name_words)
    ]
