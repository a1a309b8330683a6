"""Who a fact is about: a contact of the organization, the writer, the company, or a name.

The contact matcher reads the way people name their customers and suppliers: partial names
("los de Turia", a first name no other contact carries), typos
("Talleres Garsia"), missing accents ("ferreteria ruiz") and role words ("los del hostal",
"la de la pelu", "el gestor"); business names written in lowercase ("gasoleos ribera") are
read from their trade word (``trade_names``, docs/memory.md "Offline extraction round 6"), or
from the description the writer puts between commas right after them (``apposed_names``:
"fisioterapia alba, la clienta nueva de mislata, …"). A place or a thing said as the complement
of a word ("el señor de Alzira", "el correo de Hotmail") is no one.
It only ever sees the contacts the writer may read (the caller
passes them), so the writer's access decides what can be linked. A role word that fits several
contacts links none, nor one followed by another name ("Hotel Sorolla"). Decision records:
docs/decisions/0020, 0026.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path

from learning.base import ContactName
from memory.policy_secrets import fold_aligned

WRITER = "writer"
ORGANIZATION = "organization"
CONTACT = "contact"
NAMED = "named"


@dataclass(frozen=True)
class Mention:
    """A subject named in the message: a known contact or a name that links to nothing."""

    name: str
    start: int
    end: int
    contact: ContactName | None = None
    score: float = 0.0


# Legal forms and joining words: never what tells two contacts apart.
_NOISE = frozenset(
    [
        "s",
        "l",
        "sl",
        "s.l",
        "s.l.",
        "sa",
        "s.a",
        "s.a.",
        "slu",
        "s.l.u",
        "sc",
        "cb",
        "c.b",
        "de",
        "del",
        "la",
        "las",
        "el",
        "los",
        "y",
        "e",
        "i",
        "en",
        "hermanos",
    ]
)
# Role words people use for a contact, and the word of the contact's name they point at.
ROLE_WORDS = {
    "pelu": "peluqueria",
    "peluqueria": "peluqueria",
    "peluquera": "peluqueria",
    "peluquero": "peluqueria",
    "hostal": "hostal",
    "hotel": "hoteles",
    "hoteles": "hoteles",
    "ferreteria": "ferreteria",
    "ferre": "ferreteria",
    "ferretero": "ferreteria",
    "gestoria": "gestoria",
    "gestor": "gestoria",
    "gestora": "gestoria",
    "asesoria": "gestoria",
    "asesor": "gestoria",
    "farmacia": "farmacia",
    "farmaceutica": "farmacia",
    "farmaceutico": "farmacia",
    "colegio": "colegio",
    "cole": "colegio",
    "guarderia": "colegio",
    "gimnasio": "gimnasio",
    "gym": "gimnasio",
    "gimnasia": "gimnasio",
    "autoescuela": "autoescuela",
    "cafeteria": "cafeteria",
    "fruteria": "fruteria",
    "frutero": "fruteria",
    "frutera": "fruteria",
    "panaderia": "panaderia",
    "panadero": "panaderia",
    "panaderos": "panaderia",
    "horno": "panaderia",
    "restaurante": "restaurante",
    "bar": "bar",
    "inmobiliaria": "inmobiliaria",
    "inmo": "inmobiliaria",
    "lavanderia": "lavanderia",
    "tintoreria": "lavanderia",
    "dentista": "dental",
    "dentistas": "dental",
    "clinica": "clinica",
    "residencia": "residencia",
    "resi": "residencia",
    "aseguradora": "seguros",
    "seguro": "seguros",
    "seguros": "seguros",
    "mutua": "mutua",
    "telefonia": "telefonia",
    "telefonica": "telefonia",
    "gasoleo": "gasoleos",
    "gasoil": "gasoleos",
    "gasolina": "gasoleos",
    "gasolinera": "gasoleos",
    "gasoleos": "gasoleos",
    "recambios": "recambios",
    "saneamientos": "saneamientos",
    "talleres": "talleres",
    "taller": "talleres",
    "distribuidora": "distribuciones",
    "distribuidor": "distribuciones",
    "almacen": "distribuciones",
    "comunidad": "comunidad",
}
# Role words that also name the writer's own premises ("el taller cerrado"): they point at a
# contact only as a group ("los del taller").
GROUP_ONLY_ROLES = frozenset(["taller"])
# Everyday words that also appear in names ("Gimnasio Fuerza Libre"): alone, they name nobody.
COMMON_WORDS = frozenset(
    [
        "libre",
        "central",
        "costa",
        "azul",
        "levante",
        "ruta",
        "huerta",
        "fuerza",
        "blanca",
        "nieves",
        "sonrisas",
        "dental",
        "infantil",
        "mayor",
        "paz",
        "fontaneros",
        "calderas",
        "residencial",
        "propietarios",
        "calle",
        "avenida",
        "plaza",
        "comunidad",
        "hermanos",
        "norte",
        "sur",
        "centro",
        "nuevo",
        "nueva",
    ]
)
# The trade words names carry ("cafeteria"): said short with the other words of the name.
TRADE_WORDS = frozenset(ROLE_WORDS.values())
_ARTICLE_BEFORE = re.compile(r"\b(?:el|la|los|las)\s+$", re.IGNORECASE)
_AFTER_DE = re.compile(r"\b(?:los|las|el|la)\s+de(?:l)?\s+$")
# Never the word alone, as a name to link is: "turia" on its own names no one.
_AT_OR_NEXT = re.compile(r"(?:^|[.;:\n]\s*)y\s+$|[.;:\n]\s*$|\ben\s+$")
_TOKEN = re.compile(r"[a-z0-9ñ]+(?:\.[a-z]\.?)*")


# Words written short that a contact's name carries in full ("Av del Puerto 88").
SHORT_WORDS = {"av": "avenida", "avda": "avenida", "hnos": "hermanos", "hmnos": "hermanos"}
_SHORT_WORD = re.compile(r"\b(?P<word>[A-Za-z]+)\.?(?=\s|$)")


def _tokens(text: str) -> list[tuple[str, int, int]]:
    folded = fold_aligned(text).lower()
    return [
        (SHORT_WORDS.get(m.group(0), m.group(0)), m.start(), m.end())
        for m in _TOKEN.finditer(folded)
    ]


_LEGAL_FORM = re.compile(r"\b(?:s\.?\s?(?:l\.?[ul]?|a\.?u?)|s\.?c|c\.?b)\.?$", re.IGNORECASE)


def has_legal_form(name: str) -> bool:
    """Whether ``name`` ends in a legal form ("S.L.", "SA", "S.L.U.", "S.L.L.", "C.B.")."""
    return bool(_LEGAL_FORM.search(name.strip()))


def is_company(contact: ContactName) -> bool:
    """A business's name (a legal form, a trade word), not a person's."""
    words = [t for t, _, _ in _tokens(contact.name)]
    trade = set(ROLE_WORDS) | set(ROLE_WORDS.values()) | set(COMMON_WORDS)
    return has_legal_form(contact.name) or any(w in trade for w in words)


def _close(a: str, b: str) -> bool:
    """Same word, give or take a typo or a missing accent ("garsia" ~ "garcia")."""
    if a == b:
        return True
    if _southern(a, b) or _southern(b, a):
        return True
    if min(len(a), len(b)) < 5:
        return False
    # Above 0.8, not at it: "mundo" and "munoz" share four letters of five and are not alike.
    return SequenceMatcher(None, a, b).ratio() > 0.8


_PATRONYMIC_ENDINGS = ("ez", "az", "iz", "oz")


def _southern(said: str, word: str) -> bool:
    """The word as said in the south: the final "z" or "s" dropped ("la farmasia Núñe" is
    Farmacia Núñez), and "c", "z" said as "s" ("farmasia")."""
    if len(said) < 4 or len(word) - len(said) != 1 or not word.endswith(("z", "s")):
        return False
    return _seseo(said) == _seseo(word[:-1])


def _seseo(word: str) -> str:
    return re.sub(r"c(?=[ei])|z", "s", word)


def _patronymic_of(token: str, word: str) -> bool:
    """Whether ``token`` is the first name a surname was made from ("fernando" and
    "fernandez", "martin" and "martinez", "rodrigo" and "rodriguez"): another name, not the
    surname typed wrong."""
    if not word.endswith(_PATRONYMIC_ENDINGS) or token.endswith(("z", "s")):
        return False
    if token == word[:-1]:
        return False  # the surname with its final "z" dropped, as said in the south
    return token.rstrip("aeiou") == word[:-2].rstrip("aeiou")


def _name_words(contact: ContactName) -> list[str]:
    return [t for t, _, _ in _tokens(contact.name) if t not in _NOISE and len(t) > 1]


def _run_of_name(
    text: str,
    hits: list[tuple[int, int]],
    indexes: list[int],
    words: list[str],
    shared: set[str],
) -> bool:
    """Two words of a name that follow each other in it, written one after the other ("costa
    azul" of Telefonía Costa Azul): the name said short, however everyday its words. A trade
    word counts only before the name's last word ("la dental sonrisas")."""
    for i in range(len(hits) - 1):
        (_, end), (start, _) = hits[i], hits[i + 1]
        pair = (words[indexes[i]], words[indexes[i + 1]])
        closes_the_name = indexes[i + 1] == len(words) - 1 and pair[1] not in TRADE_WORDS
        if (
            indexes[i + 1] == indexes[i] + 1
            and 0 < start - end <= 1
            and text[end:start].isspace()
            and not any(w in shared or w.isdigit() for w in pair)
            and (closes_the_name or not any(w in TRADE_WORDS for w in pair))
        ):
            return True
    return False


def _role_owner(role: str, contacts: list[ContactName]) -> ContactName | None:
    """The one contact a role word points at; none when it fits several (or none)."""
    word = ROLE_WORDS[role]
    fits = [c for c in contacts if word in _name_words(c)]
    return fits[0] if len(fits) == 1 else None


def _frequent_words(contacts: list[ContactName]) -> set[str]:
    """Words that several contacts share ("comunidad", "propietarios", "calle")."""
    seen: dict[str, int] = {}
    for contact in contacts:
        for word in set(_name_words(contact)):
            seen[word] = seen.get(word, 0) + 1
    return {word for word, count in seen.items() if count > 1}


# A name the writer sets apart from another ("(no el Miramar)", "no son los López", "nada que
# ver con el de Valencia", "no es el Vicente de la calle Colón"): what follows the cue, up to
# the end of its clause or bracket, names no one the message is about.
_DENIAL = re.compile(
    r"(?i:\bno\s+(?:es|son|era|eran)\s+(?:(?:el|la|los|las)\s+)?|\bno\s+(?:el|la|los|las)\s+|"
    r"\bno\s+(?:confundir|confundas|confundais|mezclar|mezcles)\s+con\s+(?:(?:el|la|los|las)\s+)?|"
    r"\bnada\s+que\s+ver\s+con\s+(?:(?:el|la|los|las)\s+)?|"
    # a bracket that opens with the other name: "Talleres Gomez (no Garcia eh)"
    r"\(\s*no\s+)"
    r"(?=[A-ZÁÉÍÓÚÑ0-9]|(?i:del?\s))[^,;:.()\n]*"
)


# In brackets, the one set apart may be named by its trade: "(no el hostal de Gandía)".
# "(otro, no el miramar)": after the word for another one too, and in lowercase.
_BRACKETED_DENIAL = re.compile(
    r"\(\s*(?:otr[oa]s?\s*,\s*)?no\s+(?:es\s+|son\s+)?(?:el|la|los|las)\s+[^()\n]*", re.I
)


def _denied_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for p in (_DENIAL, _BRACKETED_DENIAL) for m in p.finditer(text)]


# The writer says a name is not the business she works with: "(no el nuestro de Gandía)",
# "q no es la nuestra", "(otros, …)".
_NOT_OURS = re.compile(
    r"\bno\s+(?:es\s+|son\s+)?(?:el|la|los|las)\s+nuestr[oa]s?\b|\(\s*otr[oa]s\b"
    # "que es cliente nuevo", "que és client nou": a new customer is none of the contacts
    r"|\bque\s+(?:es|és|son|són)\s+(?:un\s+|una\s+)?(?:client[ae]?s?|proveedor(?:es|a)?)\s+"
    r"(?:nuev[oa]s?|nou|nova|nous|noves)\b",
    re.IGNORECASE,
)


def sets_apart(text: str) -> bool:
    """Whether ``text`` tells a name apart from another ("(no el Miramar)", "no la nuestra")."""
    return bool(_denied_spans(text)) or _NOT_OURS.search(text) is not None


# The other one named by its place, not by another name: "q no son los de paterna".
_OTHER_BY_PLACE = re.compile(
    r"\b(?:no\s+(?:es|son)\s+|nada\s+que\s+ver\s+con\s+|no\s+)(?:el|la|los|las)\s+del?\s",
    re.IGNORECASE,
)


def _apart_by_place(text: str) -> bool:
    """Whether ``text`` tells a name apart from one of the writer's by where each is ("q no es
    la nuestra", "no son los de paterna"), not by another name ("que no es el Miramar")."""
    return _NOT_OURS.search(text) is not None or _OTHER_BY_PLACE.search(text) is not None


# A town after a business's name: "Talleres García de Alzira", "la Farmacia Nuñez de Xativa".
_TOWN_AFTER = re.compile(r" de (?P<town>[A-ZÁÉÍÓÚÑ][\wáéíóúñü]+)")


def look_alike(text: str, mention: Mention) -> str:
    """The name as written of a business that only looks like the contact ``mention`` links
    to: one the message tells apart and places in a town its name does not carry ("Talleres
    García de Alzira (otros, nada que ver con los de Paterna)"). Empty when it is the contact.
    The town stays in the name: it is what tells the two apart."""
    town = _TOWN_AFTER.match(text, mention.end)
    if mention.contact is None or town is None or not sets_apart(text):
        return ""
    if fold_aligned(town["town"]).lower() in _name_words(mention.contact):
        return ""
    return text[mention.start : town.end()]


# The key of a "key: value" line ("Asunto:", "Agente asignado:"), read on from the line before.
_LABEL = re.compile(r"[\wáéíóúñü]+(?:\s+[a-záéíóúñü]+){0,2}\s*:")


def name_run_on(text: str, mention: Mention) -> str:
    """The name as written of a business whose name runs on past the contact's, in capitals,
    into words the contact does not carry: another business of the same trade and surname
    ("Farmacia Núñez Beltrán" is not Farmacia Núñez). Empty when it is the contact."""
    contact = mention.contact
    written = _PROPER.match(text, mention.start)
    if contact is None or not is_company(contact) or written is None:
        return ""
    if written.end() < mention.end:
        return ""  # the contact named in scattered words: "la autoescuela ahora … Ruta"
    end = mention.end
    following = _NEXT_WORD.match(text, end)
    while following is not None:
        word = fold_aligned(following.group(1)).lower()
        if word in _NOISE or word in _NOT_NAMES_FOLDED or _LABEL.match(text, following.start(1)):
            break
        if any(_close(word, w) for w in _name_words(contact)):
            return ""
        end = following.end()
        following = _NEXT_WORD.match(text, end)
    return text[mention.start : end] if end > mention.end else ""


def inside_another_name(text: str, mention: Mention) -> str:
    """The name as written of a business, in capitals, that holds the contact's word in the
    middle of words of its own: "Hotel Puerta del Mar" is not Bar Restaurante El Puerto. Two
    such words, one of them before the contact's, tell it apart. Empty when it is the contact."""
    contact = mention.contact
    if contact is None or not is_company(contact):
        return ""
    run = next(
        (m for m in _PROPER.finditer(text) if m.start() < mention.start and mention.end <= m.end()),
        None,
    )
    if run is None or run.group().isupper():
        return ""  # a message in capitals makes one run of every word
    own = _name_words(contact)
    # a capital that opens the sentence tells nothing ("Tlf de …", "A Rosa …") unless it is a
    # trade word that opens a business's name ("Hotel …")
    words = re.findall(r"[\wáéíóúñü]+", text[run.start() : run.end()])
    opens = (
        not text[: run.start()].strip() or text[: run.start()].rstrip()[-1] in ".!?:\n"
    ) and fold_aligned(words[0]).lower() not in NAME_OPENERS
    foreign = [
        word
        for word in (words[1:] if opens else words)
        if word[:1].isupper()
        and not any(_close(fold_aligned(word).lower(), w) for w in own)
        and fold_aligned(word).lower() not in _NOISE
    ]
    before = text[run.start() : mention.start]
    if len(foreign) < 2 or not any(word in before for word in foreign):
        return ""
    name = text[run.start() : run.end()]
    return name if has_legal_form(name) else name.rstrip(".")


def _other_number(tokens: list[tuple[str, int, int]], end: int, number: str) -> bool:
    """A number right after the words of a name that carries another number: a different
    place ("Calle Colón 41" is not the community of Calle Colón 14)."""
    following = next((t for t, s, _ in tokens if s >= end), None)
    return following is not None and following.isdigit() and following != number


def _another_place(
    text: str, tokens: list[tuple[str, int, int]], end: int, owner: ContactName
) -> bool:
    """A role word whose name runs on to another number than the contact's ("Comunidad Calle
    Colón 22" is not the community of Calle Colón 14)."""
    number = next((w for w in _name_words(owner) if w.isdigit()), None)
    if number is None:
        return False
    following = _NEXT_WORD.match(text, end)
    while following is not None:
        end = following.end()
        following = _NEXT_WORD.match(text, end)
    return _other_number(tokens, end, number)


# The part of an e-mail address that names its owner: "talleresgarcia" of
# "administracion@talleresgarcia.es".
_MAIL_DOMAIN = re.compile(r"[\w.+-]+@(?P<label>[a-z0-9-]+)\.[a-z]{2,}", re.IGNORECASE)


def domain_owner(text: str, contacts: list[ContactName]) -> ContactName | None:
    """The one contact whose name the domain of the first e-mail address in ``text`` spells,
    its words run together with the joining words left out ("saneamientoslevante.es" is
    Saneamientos del Levante S.L.): who sent a forwarded mail. None when no address or no
    single contact fits."""
    address = _MAIL_DOMAIN.search(text)
    if address is None:
        return None
    label = address["label"].lower().replace("-", "")
    fits = [c for c in contacts if label in _spellings(_name_words(c))]
    return fits[0] if len(fits) == 1 else None


def _spellings(words: list[str]) -> set[str]:
    """The name's words run together, all of them or any two or more in their order."""
    return {
        "".join(chosen)
        for size in range(2, len(words) + 1)
        for chosen in itertools.combinations(words, size)
    }


# Someone described by where they are, after the clause has begun: "las llaves las tiene
# Manolo, el del bar de abajo".
_DESCRIBED_PERSON = re.compile(
    r"(?<=\S\s)[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+,\s+(?P<where>(?:el|la)\s+de(?:l|\s+la)?\s+[^,.;:()\n]*)"
)


def _third_persons(text: str) -> list[tuple[int, int]]:
    """Where a third person, not the subject, is described by a place or business: the
    place names no one the message is about."""
    return [m.span("where") for m in _DESCRIBED_PERSON.finditer(text)]


def match_contacts(text: str, contacts: list[ContactName]) -> list[Mention]:
    """The known contacts ``text`` names, best first; each with the span that named it."""
    denied = _denied_spans(text)
    # Beside a contrast, the name is exactly as written: no typo, no word cut short.
    exact_only = bool(denied)
    aside = denied + _third_persons(text)
    tokens = [(t, s, e) for t, s, e in _tokens(text) if not any(b <= s < d for b, d in aside)]
    shared = _frequent_words(contacts)
    first_words = {words[0] for words in map(_name_words, contacts) if words}
    found: dict[int, Mention] = {}
    for contact in contacts:
        words = _name_words(contact)
        if not words:
            continue
        company = is_company(contact)
        hits: list[tuple[int, int]] = []
        hit_words: list[str] = []
        hit_indexes: list[int] = []
        weight = 0.0
        first_only = False
        for index, word in enumerate(words):
            for token, start, end in tokens:
                if token == word or (
                    not exact_only
                    and (
                        (_close(token, word) and not _patronymic_of(token, word))
                        or (
                            len(token) >= 5
                            and word.startswith(token)
                            and len(word) - len(token) <= 3
                            # people's surnames are not cut short: "Martí" is not Martínez
                            and company
                        )
                        # a trade word said short ("la cafe central"): with the other words
                        or (len(token) >= 4 and word in TRADE_WORDS and word.startswith(token))
                    )
                ):
                    hits.append((start, end))
                    hit_words.append(word)
                    hit_indexes.append(index)
                    if (
                        word not in ROLE_WORDS.values()
                        and word not in COMMON_WORDS
                        and not word.isdigit()
                    ):
                        weight += 0.5 if word in shared else 1.0
                    first_only = index == 0
                    break
        if len(hits) == len(words) >= 2 or _run_of_name(text, hits, hit_indexes, words, shared):
            weight = max(weight, 1.0)  # every word of the name, however ordinary
        if len(hits) == 1 and hit_words[0] in COMMON_WORDS and hit_words[0] not in shared:
            # An everyday word of one contact's name, capitalised after an article, is that
            # name said short ("en la Central", "la Huerta").
            start = hits[0][0]
            if text[start].isupper() and _ARTICLE_BEFORE.search(text[:start]):
                weight = 1.0
        if not hits or weight == 0:
            continue
        numbers = [w for w in words if w.isdigit()]
        named_ends = [e for (_, e), w in zip(hits, hit_words, strict=True) if not w.isdigit()]
        if numbers and named_ends and _other_number(tokens, max(named_ends), numbers[0]):
            continue
        # One word of a longer name: a first name alone ("José") or a lowercase everyday word
        # ("libre") names nobody.
        if (
            len(hits) == 1
            and len(words) >= 2
            and not _short_first_before(text, hits[0][0], words, company, hit_indexes)
        ):
            if hit_words[0] in shared and hit_words[0] in first_words:
                continue  # a first name several contacts carry ("José") names none of them
            start, end = hits[0]
            named_as_group = _AFTER_DE.search(text[:start].lower()) or (
                # "en ruiz pregunta x Manolo", "… y ruiz ahora nos da 45 días": a business
                # called by its own word alone, as where one goes or as the next subject
                company and _AT_OR_NEXT.search(text[:start].lower())
            )
            if first_only and not _only_first_name(text, start, end, words[0], contacts):
                continue
            if not first_only and not (text[start].isupper() or named_as_group) and weight < 1:
                continue
            if not text[start].isupper() and fold_aligned(text[start:end]).lower() != hit_words[0]:
                continue  # a lowercase near-miss of one word: "la puerta" is not El Puerto
            if not first_only and _in_another_name(text, start, end, words, hit_words[0]):
                continue  # "Luis Ferrando" is not José Luis Moreno, "Eva Martí" not Martínez
        score = len(hits) / len(words) + weight
        if first_only and len(hits) == 1:
            score = FIRST_NAME_SCORE  # any other mention in the sentence names the subject
        start, end = min(s for s, _ in hits), max(e for _, e in hits)
        if not company and 0 not in hit_indexes:
            # "Inma Castelló": the first name said short before the surname is part of the
            # mention, so the rewritten text leaves no "Inma" behind.
            before = _PREVIOUS_WORD.search(text[:start])
            if before and _short_form(fold_aligned(before.group(1)).lower(), words[:1]):
                start = before.start(1)
        found[contact.id] = Mention(contact.name, start, end, contact, score)
    folded = fold_aligned(text).lower()
    for token, start, end in tokens:
        if token in ROLE_WORDS:
            if token in GROUP_ONLY_ROLES and not _AFTER_DE.search(folded[:start]):
                continue
            if _OTHER_BEFORE.search(folded[:start]):
                # "es otra farmacia", "hay un bar nuevo": not the one the writer works with
                continue
            if _OURS_BEFORE.search(folded[:start]) or _OURS_AFTER.match(folded, end):
                # "el almacén de la empresa", "nuestro taller": the company's own, no contact
                # ("la mutua nuestro agente es…" is still the mutua's)
                continue
            if _THEIRS_BEFORE.search(folded[:start]) or _THEIRS_AFTER.match(folded, end):
                # "donde las mira la gestora de ellos", "su gestoría": somebody else's, not ours
                continue
            owner = _role_owner(token, contacts)
            if owner is not None and (
                _names_another(text, end, owner, exact=exact_only)
                or _another_place(text, tokens, end, owner)
            ):
                continue
            if owner is not None and owner.id not in found:
                found[owner.id] = Mention(owner.name, start, end, owner, 0.9)
    mentions = sorted(found.values(), key=lambda m: (-m.score, m.start))
    return _without_overlaps(mentions)


_OURS_BEFORE = re.compile(r"\b(?:nuestr[oa]s?|mis?)\s+$")
# "el almacén de la empresa"; "el gestor de cuenta", "la gestora de cuentas": who looks after
# an account, no gestoría
_OURS_AFTER = re.compile(r"\s+(?:de\s+la\s+empresa|de\s+casa|de\s+(?:la\s+)?cuentas?)\b")
# Somebody else's own: "su gestoría", "la gestora de ellos", "el taller suyo".
_THEIRS_BEFORE = re.compile(r"\bsus?\s+$")
_THEIRS_AFTER = re.compile(r"\s+(?:de\s+(?:ellos|ellas|ella)|suy[oa]s?)\b")
# Another one, or one not known yet: "otra farmacia", "un bar", "unos talleres".
_OTHER_BEFORE = re.compile(r"\b(?:otr[oa]s?|un[oa]?s?)\s+$")
_PLACE_BEFORE = re.compile(r"\b(?:san|santa|santo|calle|c/|avenida|avda|plaza|paseo|camino)\s+$")
FIRST_NAME_SCORE = 0.5
_PREVIOUS_WORD = re.compile(r"\b([\wáéíóúñü]+)\s+$")
_NEXT_WORD = re.compile(r"\s+([A-ZÁÉÍÓÚÑ][\wáéíóúñü]+)")


# A title before a first name in lowercase ("la señora amparo") names her as a capital would.
_TITLE_BEFORE = re.compile(r"\b(?:senora|senor|sra|sr|dona|don|dna)\.?\s+$")
_DESCRIBED_AFTER = re.compile(r"\s+(?:el|la)\s+del?\s+[a-zñ]")


def _only_first_name(
    text: str, start: int, end: int, word: str, contacts: list[ContactName]
) -> bool:
    """A first name alone names its contact when written capitalised, no other contact
    carries it, and no other surname follows ("Begoña" is Begoña Navarro; "José" is not).
    Typed in lowercase, it names its contact when the writer says where the person is from
    right after ("amparo la de mislata", "salvador el de manises")."""
    written = (
        text[start].isupper()
        or _DESCRIBED_AFTER.match(text, end) is not None
        # after a title: "la señora amparo", "el sr. vicente"
        or _TITLE_BEFORE.search(fold_aligned(text[:start]).lower()) is not None
    )
    if not written or sum(1 for c in contacts if word in _name_words(c)) != 1:
        return False
    if _PLACE_BEFORE.search(fold_aligned(text[:start]).lower()):
        return False  # "calle San Vicente" is a street
    before = _PREVIOUS_WORD.search(text[:start])
    if before is not None:
        word = fold_aligned(before.group(1)).lower()
        capitalised = before.group(1)[0].isupper() and not _opens_sentence(text, before.start(1))
        if word in ROLE_WORDS or (capitalised and word not in _NOT_NAMES_FOLDED):
            return False  # part of a longer name: "Bar Paco", "Talleres Begoña"
    following = _NEXT_WORD.match(text, end)
    return following is None or fold_aligned(following.group(1)).lower() in _NOT_NAMES_FOLDED


# Short forms of Spanish first names that share no prefix with the name.
SHORT_FORMS = {
    "paco": "francisco",
    "curro": "francisco",
    "fran": "francisco",
    "pepe": "jose",
    "chema": "jose",
    "chus": "jesus",
    "quino": "joaquin",
    "quique": "enrique",
    "kike": "enrique",
    "nacho": "ignacio",
    "lola": "dolores",
    "concha": "concepcion",
    "charo": "rosario",
    "maite": "teresa",
    "manolo": "manuel",
    "toni": "antonio",
    "nando": "fernando",
    "merche": "mercedes",
    "lupe": "guadalupe",
    "pili": "pilar",
    "javi": "javier",
    # and the Valencian and Catalan ones: "Quim Benlloch" is Joaquín Benlloch
    "quim": "joaquin",
    "pep": "jose",
    "pepa": "josefa",
    "xavi": "javier",
    "sento": "vicente",
    "xelo": "consuelo",
    "paqui": "francisca",
}


def _short_first_before(
    text: str, start: int, words: list[str], company: bool, hit_indexes: list[int]
) -> bool:
    """Whether a person's surname, however written ("inma castelo"), follows her first name
    said short: both words name her."""
    if company or 0 in hit_indexes:
        return False
    before = _PREVIOUS_WORD.search(text[:start])
    return before is not None and _short_form(fold_aligned(before.group(1)).lower(), words[:1])


def _short_form(word: str, first_names: list[str]) -> bool:
    """Whether ``word`` is how people shorten one of ``first_names`` ("Inma", "Paco")."""
    return any(
        (len(word) >= 3 and name.startswith(word)) or SHORT_FORMS.get(word) == name
        for name in first_names
    )


_BRACKETED_WORD = re.compile(r"\s*\(\s*([A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,})\s*\)")


def nickname_after(text: str, mention: Mention) -> str:
    """A short form of a person's first name in brackets right after the name: what people
    call them ("Francisco Javier Peña (Javi)"). A town in brackets is no nickname."""
    contact = mention.contact
    bracketed = _BRACKETED_WORD.match(text, mention.end)
    if contact is None or bracketed is None or is_company(contact):
        return ""
    word = bracketed.group(1)
    first_names = _name_words(contact)[:-1]
    folded = fold_aligned(word).lower()
    return word if folded not in first_names and _short_form(folded, first_names) else ""


def _in_another_name(text: str, start: int, end: int, words: list[str], hit: str) -> bool:
    """One word of a name written next to a capitalised word that name does not carry: part
    of someone else's name ("Luis Ferrando", "Eva Martí", "Carlos Moreno", "Fontanería Martín").
    A short form of the first name before the exact surname is the same person ("Inma
    Castelló", "Paco Peña")."""
    if not text[start].isupper():
        return False
    exact = fold_aligned(text[start:end]).lower() == hit
    neighbours = []
    before = _PREVIOUS_WORD.search(text[:start])
    if before is not None and before.group(1)[:1].isupper():
        short = fold_aligned(before.group(1)).lower()
        if not (exact and hit == words[-1] and _short_form(short, words[:-1])):
            neighbours.append(before.group(1))
    following = _NEXT_WORD.match(text, end)
    if following is not None:
        neighbours.append(following.group(1))
    for word in neighbours:
        folded = fold_aligned(word).lower()
        if folded in _NOT_NAMES_FOLDED or folded in _NOISE or folded in ROLE_WORDS:
            continue
        if not any(_close(folded, w) for w in words):
            return True
    return False


def _names_another(text: str, end: int, owner: ContactName, *, exact: bool = False) -> bool:
    """A role word followed by a name the contact does not carry: "Hotel Sorolla" is not
    Hoteles del Turia, "Bar Pepe" is not Bar Restaurante El Puerto."""
    following = _NEXT_WORD.match(text, end)
    while following is not None:
        word = fold_aligned(following.group(1)).lower()
        if word not in _NOISE:
            if word in _NOT_NAMES_FOLDED:
                return False
            return not any(w == word or (not exact and _close(word, w)) for w in _name_words(owner))
        # a joining word of a name ("Hermanos", "La"): the next word tells
        following = _NEXT_WORD.match(text, following.end())
    return False


def _without_overlaps(mentions: list[Mention]) -> list[Mention]:
    kept: list[Mention] = []
    for mention in mentions:
        if all(mention.end <= k.start or mention.start >= k.end for k in kept):
            kept.append(mention)
    return kept


def link(name: str, contacts: list[ContactName], tax_id: str = "") -> ContactName | None:
    """The known contact a written name (or role word) means, or None."""
    if not name:
        return None
    folded = fold_aligned(name).lower()
    for contact in contacts:
        if fold_aligned(contact.name).lower() == folded:
            return contact
    mentions = match_contacts(name, contacts)
    if len(mentions) >= 1 and (len(mentions) == 1 or mentions[0].score > mentions[1].score):
        return mentions[0].contact
    return None


# --- names that are not contacts -------------------------------------------------------------

_CAPITAL = r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü'&\-]*(?:\.[A-Z](?![\wáéíóúñü]))*"
_PROPER = re.compile(
    rf"(?<![\w])(?:{_CAPITAL}\.?)(?:\s+(?:de\s+|del\s+|la\s+|los\s+|y\s+|&\s+)?{_CAPITAL}\.?)*"
)
_ROLE_GROUP = re.compile(
    r"\b(?:los|las|el|la)\s+de(?:l)?\s+(?:la\s+|el\s+|los\s+|las\s+)?(?P<what>[a-záéíóúñ]{3,}"
    r"(?:\s+[a-záéíóúñ]{3,})?)",
    re.IGNORECASE,
)
# Capitalised words that are not names: sentence openers, days, months, channels, brands.
_NOT_NAMES = frozenset(
    [
        # titles before a person's name ("a Dña. Sonia Pérez"): the name is the person's
        "don",
        "dña",
        "dña.",
        "doña",
        "sra.",
        "sr.",
        "srta.",
        "ahora",
        "oye",
        # the same call to the listener said to "usted": "Oiga Suma, …", "Fíjese que…"
        "oiga",
        "oigan",
        "fíjese",
        "mire",
        "pues",
        "ya",
        "no",
        "si",
        "sí",
        "bueno",
        "vale",
        "mira",
        "hoy",
        "mañana",
        "ayer",
        "eso",
        "esto",
        "además",
        "tambien",
        "también",
        "el",
        "la",
        "los",
        "las",
        "un",
        "una",
        "ojo",
        "a",
        "al",
        "con",
        "en",
        "de",
        "del",
        "para",
        "por",
        "desde",
        "que",
        "y",
        "o",
        "ni",
        "lo",
        "le",
        "les",
        "me",
        "te",
        "se",
        "nos",
        "os",
        "mi",
        "su",
        "sus",
        "tu",
        "nuestro",
        "nuestra",
        "nuestros",
        "cuidado",
        "apunta",
        "apúntalo",
        "anota",
        "recuerda",
        "importante",
        "nota",
        "atención",
        "atencion",
        "ok",
        "okay",
        "porfa",
        "gracias",
        "hola",
        "buenas",
        "lunes",
        "martes",
        "miércoles",
        "jueves",
        "viernes",
        "sábado",
        "domingo",
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
        "whatsapp",
        "bizum",
        "email",
        "correo",
        "iva",
        "irpf",
        "nif",
        "cif",
        "nie",
        "iban",
        "dni",
        "suma",
        "paypal",
        # mail providers: "el de Gmail lo vamos a dejar" names an address, never a subject
        *["gmail", "hotmail", "outlook", "yahoo", "icloud", "gmx", "protonmail"],
        "telegram",
        "sms",
        # formats and English weekdays: "send them to me every Monday en un Excel"
        *["excel", "pdf", "word"],
        *["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        "pd",
        "ps",
        "ah",
        "eh",
        "uf",
        "jo",
        "joder",
        "hostia",
        "madre",
        "dios",
        "todo",
        "toda",
        "todos",
        "cada",
        "cuando",
        "si_no",
        "siempre",
        "nunca",
        "antes",
        "después",
        "despues",
        "luego",
        "aviso",
        "lo_de",
        "calle",
        "avenida",
        "plaza",
        "camino",
        "carretera",
        "polígono",
        "poligono",
        "nave",
        "esta",
        "este",
        "estos",
        "estas",
        "ese",
        "esa",
        # a letter's greeting and its first words: "Estimados señores: Somos el Hotel…"
        "estimado",
        "estimada",
        "estimados",
        "estimadas",
        "señor",
        "señora",
        "señores",
        "sres",
        "muy",
        "somos",
        # function words: a verb, pronoun or joining word opening a clause (capitalised when the
        # message starts with it: "es B51…", "hay otro…") is never the start of a name.
        "es",
        "son",
        "era",
        "eran",
        "fue",
        "hay",
        "había",
        "tiene",
        "tienen",
        "dice",
        "dicen",
        "yo",
        "ella",
        "ellos",
        "ellas",
        "usted",
        "ustedes",
        "pero",
        "porque",
        "aunque",
        "como",
        "donde",
        "sino",
        "entonces",
        "así",
        "aquí",
        "allí",
        "ahí",
        "sobre",
        "entre",
        "hasta",
        "sin",
        "según",
        "tampoco",
        # and in Valencian
        "és",
        "els",
        "amb",
        "per",
        "ens",
        "però",
        # and in English: "From January our terms…", "Hi Suma!", "Please always…"
        *["from", "hi", "hello", "please", "our", "we", "and", "since", "until", "every"],
        # "New IBAN: ES21…", "The IBAN is…": an article or "new" opens no English name
        *["the", "new", "their", "my"],
        *["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        *["january", "february", "march", "april", "june", "july", "august"],
        *["september", "october", "november", "december"],
        # holidays: "en Navidad cerramos…", "por Fallas", "at Christmas" name a time
        *["navidad", "navidades", "nochebuena", "nochevieja", "pascua", "fallas"],
        *["christmas", "easter"],
        # languages: "keep it short and in Spanish", "en Valenciano si puede ser" name no one
        *["spanish", "english", "valencian", "catalan", "castellano", "valenciano", "español"],
        *["inglés", "catalán", "valencià", "català"],
        # "no lo coge ni Dios": a saying, no name
        "dios",
    ]
)


_NOT_NAMES_FOLDED = frozenset(fold_aligned(w).lower() for w in _NOT_NAMES)
# As ``unknown_names`` compares its first words (folded, not lowered after folding).
_NOT_NAMES_ALIGNED = frozenset(fold_aligned(w) for w in _NOT_NAMES)


# Who a first name is, said between commas right after it: "Pepe, el del kiosco,", "Rosa, la
# de la panadería,", "Quique, el que nos trae el gasoil,".
_WHO_IT_IS = re.compile(r",\s+(?:el|la)\s+(?:del|de\s+(?:la|los|las)|que|q)\s+[^,.;:!?\n]{3,60},")


def _opens_sentence(text: str, start: int) -> bool:
    return not text[:start].strip() or text[:start].rstrip()[-1] in ".!?¡¿:;,\n"


_STREET = re.compile(r"\b(?:calle|avenida|avda|plaza|paseo|camino)\b")
_STREET_NUMBER = re.compile(r"\s+\d+\b")
_PLACE_WORD = re.compile(
    r"\b(?:poligono|calle|c/|avenida|avda\.?|plaza|paseo|camino|barrio|urbanizacion|partida)"
    r"\s+(?:industrial\s+)?(?:(?:de|del|de\s+la|de\s+los)\s+)?$"
)

# Where someone lives: "ya no vive en Doctor Fleming", "vivía en la Gran Vía".
_LIVES_IN = re.compile(
    r"\b(?:vive|vivia|viven|vivian|vivo|vivimos)\s+(?:ahora\s+)?en\s+(?:la\s+|el\s+)?$"
)
# An insurance line, a plan or a tariff named after its word: a product, never a subject.
_PRODUCT_WORD = re.compile(
    r"\b(?:poliza|seguro|cobertura|modalidad|plan|tarifa|ramo|producto)\s+(?:(?:de|del)\s+)?$"
)


# A lowercase word and "de" before one capitalised word: the word says which or where ("el señor
# de Alzira", "el correo de Hotmail", "dentro de Valencia"); an article before "de" names a
# group by it ("los de Paterna").
_COMPLEMENT_BEFORE = re.compile(r"(?<![\w.])(?!(?:el|la|los|las|lo)\s)[a-zñ]{3,}\s+del?\s+$")
_WORD_BEFORE = re.compile(r"([a-zñ]+)\s+$")


# The papers a business hands over, whose heading or number is pasted with them ("Factura
# F-27/0193", "Albarán 8841", "Presupuesto nº 12"): what the paper is, never who wrote it.
_DOCUMENT_WORDS = frozenset(
    ["factura", "albaran", "presupuesto", "ticket", "recibo", "pedido", "abono", "proforma"]
)


def _a_document(word: str) -> bool:
    return fold_aligned(word).lower().rstrip(".:") in _DOCUMENT_WORDS


def _names_a_thing(text: str, start: int, word: str) -> bool:
    """One capitalised word that says where or which thing, not who: the complement of a
    lowercase word ("el señor de Alzira", "dentro de Valencia") or an acronym qualifying one
    ("instaladora habilitada RITE")."""
    before = fold_aligned(text[:start])
    if _COMPLEMENT_BEFORE.search(before):
        return True
    qualified = _WORD_BEFORE.search(before)
    return word.isupper() and qualified is not None and qualified[1] not in _NAME_STOPS


_ABBREVIATION = re.compile(r"(?:[A-Z]\.)*[A-Z]\.?")
# A legal form written with its dots ("S.L.", "S.A.U."): the end of the name, not of a sentence.
_DOTTED_FORM = re.compile(r"(?:\s+|^)[A-Z](?:\.[A-Z])+\.?$")


def _without_full_stop(name: str) -> str:
    """The name without the sentence's full stop; a dotted legal form keeps its own."""
    return name if _DOTTED_FORM.search(name) else name.rstrip(".")


# Short forms written with a full stop inside a name ("Hnos.", "Avda.") end no sentence.
_DOTTED_SHORT_FORMS = frozenset(
    [
        "hnos",
        "avda",
        "avgda",
        "ctra",
        "dcha",
        "izda",
        "izqda",
        "plza",
        "sres",
        "srta",
        "srtas",
        "dpto",
        "tlfn",
        "telf",
        "apdo",
        "sdad",
        "coop",
        "admon",
        "prov",
        "pral",
    ]
)


def _to_full_stop(words: list[str]) -> list[str]:
    """The words of a name up to a sentence's full stop: "Somos el Hotel Neptuno de Cullera.
    Para la visita…" ends at Cullera, and "Sunset Apartments Dénia. Our contact…" at Dénia. A
    short form ("Hnos.", "Avda.", "Sr.") or a dotted legal form ("S.L.") ends no sentence."""
    for index, word in enumerate(words[:-1]):
        bare = word[:-1]
        if (
            word.endswith(".")
            and len(bare) >= 4
            and bare.isalpha()
            and not word.isupper()
            and fold_aligned(bare).lower() not in _DOTTED_SHORT_FORMS
        ):
            return [*words[:index], bare]
    return words


PLACES_AND_BANKS_FILE = Path(__file__).resolve().parent / "data" / "places_and_banks.txt"


def _places_and_banks() -> frozenset[str]:
    lines = PLACES_AND_BANKS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(
        fold_aligned(line.strip()).lower() for line in lines if line.strip() and line[0] != "#"
    )


# Towns and banks: where a contact is and who holds an account, never a fact's subject.
PLACES_AND_BANKS = _places_and_banks()


def a_place_or_bank(name: str) -> bool:
    """Whether ``name`` is wholly a town or a bank ("Xàtiva", "la de CaixaBank" → "CaixaBank")."""
    return fold_aligned(name.strip()).lower() in PLACES_AND_BANKS


def unknown_names(text: str, taken: list[tuple[int, int]]) -> list[Mention]:
    """Capitalised names that no known contact explains ("Construcciones Pérez")."""
    names = []
    denied = _denied_spans(text)
    apart = _apart_by_place(text)
    for match in _PROPER.finditer(text):
        words = _to_full_stop(match.group(0).split())
        while words and (
            fold_aligned(words[0].lower()) in _NOT_NAMES_ALIGNED
            # at the end of the sentence too: "no lo coge ni Dios."
            or fold_aligned(words[0].lower()).rstrip(".") in _NOT_NAMES_ALIGNED
        ):
            words = words[1:]
        while words and words[-1].lower() in ("de", "del", "la", "los", "y", "&"):
            words = words[:-1]
        if not words:
            continue
        start = match.start() + match.group(0).find(words[0])
        # One capitalised word opening a sentence is how Spanish writes any first word; unless
        # who it is follows between commas ("Pepe, el del kiosco, paga con bizum").
        if (
            len(words) == 1
            and _opens_sentence(text, start)
            and not _WHO_IT_IS.match(text, start + len(words[0]))
        ):
            continue
        if (
            len(words) >= 4
            and words[-2] == "de"
            and words[-3] not in ("de", "del", "la")
            and not apart
        ):
            # "Talleres Garcés de Burjassot": the town where a business is, not its name; but
            # the town of a name told apart is what tells it apart ("la Farmacia Nuñez de
            # Xativa, q no es la nuestra").
            words = words[:-2]
        name = " ".join(words)
        end = start + len(name)
        if " y " in name and all(len(part.split()) >= 2 for part in name.split(" y ", 1)):
            # "Gasóleos Ribera y Saneamientos del Levante": two businesses, one after the other
            first, second = name.split(" y ", 1)
            names.append(Mention(first, start, start + len(first)))
            names.append(Mention(_without_full_stop(second), end - len(second), end))
            continue
        if _ABBREVIATION.fullmatch(name):
            continue  # the letters of an abbreviation ("el C.I.F."), never a name
        if _a_document(words[0]):
            continue  # "Factura F-27/0193", "Albarán 8841": a paper pasted in, not who sent it
        if any(c.isdigit() for c in words[0]):
            continue  # "TCA-27-004512" after "Factura nº": the paper's number, not who sent it
        if a_place_or_bank(_without_full_stop(name)):
            continue  # "la de Xàtiva", "allá en Torrent.": where; "la de CaixaBank": whose account
        if len(words) == 1 and _names_a_thing(text, start, name.rstrip(".")):
            continue
        # A name inside a value ("Calle Doctor Fleming 18") is no subject; one that only runs
        # into a value is ("Comunidad Calle Colón 41").
        if any(s <= start < e for s, e in taken) or any(b <= start < e for b, e in denied):
            continue
        if len(words) > 1 and _TITLE.fullmatch(words[0]) and _value_after(text, start, taken):
            continue  # "contacto: Dra. Elvira Soto": the title of a person who is a value
        if _PLACE_WORD.search(fold_aligned(text[:start]).lower()):
            continue  # "en el polígono Fuente del Jarro": a place, not a name
        if _LIVES_IN.search(fold_aligned(text[:start]).lower()):
            continue  # "ya no vive en Doctor Fleming": where someone lives, not who
        if _PRODUCT_WORD.search(fold_aligned(text[:start]).lower()):
            continue  # "su póliza de Responsabilidad Civil Profesional": what is sold, not who
        number = _STREET_NUMBER.match(text, end)
        if number and _STREET.search(fold_aligned(name).lower()):
            name, end = name + number.group(0), number.end()  # "Comunidad Calle Colón 41"
        names.append(Mention(_in_full(_without_full_stop(name)), start, end))
    return names


# A title written short before a name: "Dra.", "D.", "Sra.", "Dña."
_TITLE = re.compile(r"(?:Dra?|Sra?|Srta|D|Dña|Dª)\.")


def _value_after(text: str, start: int, taken: list[tuple[int, int]]) -> bool:
    """Whether the word after the one at ``start`` begins a value."""
    second = re.compile(r"\S+\s+").match(text, start)
    return second is not None and any(s <= second.end() < e for s, e in taken)


def _in_full(name: str) -> str:
    """A name with its short forms written out, as a contact would store it ("Materiales Hnos.
    Sanchis" is "Materiales Hermanos Sanchis")."""

    def full(match: re.Match[str]) -> str:
        word = match["word"]
        long = SHORT_WORDS.get(word.lower())
        return match[0] if long is None else long.capitalize() if word[0].isupper() else long

    return _SHORT_WORD.sub(full, name)


def role_groups(text: str) -> list[Mention]:
    """ "Los de X", "la de la pelu": the X, for the matcher or as a name."""
    return [
        Mention(m.group("what"), m.start("what"), m.end("what"))
        for m in _ROLE_GROUP.finditer(text)
        if not a_place_or_bank(m.group("what"))
    ]


# Trade words a business's name opens with, as people write them without capitals
# ("gasoleos ribera", "bar el puerto", "fontaneria gomez"), with the accents the word carries.
NAME_OPENERS = {
    "bar": "Bar",
    "restaurante": "Restaurante",
    "hostal": "Hostal",
    "hotel": "Hotel",
    "hoteles": "Hoteles",
    "cafeteria": "Cafetería",
    "fruteria": "Frutería",
    "panaderia": "Panadería",
    "farmacia": "Farmacia",
    "ferreteria": "Ferretería",
    "peluqueria": "Peluquería",
    "gestoria": "Gestoría",
    "asesoria": "Asesoría",
    "autoescuela": "Autoescuela",
    "lavanderia": "Lavandería",
    "tintoreria": "Tintorería",
    "clinica": "Clínica",
    "residencia": "Residencia",
    "telefonia": "Telefonía",
    "gasoleos": "Gasóleos",
    "recambios": "Recambios",
    "saneamientos": "Saneamientos",
    "talleres": "Talleres",
    "distribuciones": "Distribuciones",
    "suministros": "Suministros",
    "azulejos": "Azulejos",
    "fontaneria": "Fontanería",
    "construcciones": "Construcciones",
    "reformas": "Reformas",
    "inmobiliaria": "Inmobiliaria",
    "seguros": "Seguros",
    "gimnasio": "Gimnasio",
    "carpinteria": "Carpintería",
    "cristaleria": "Cristalería",
    "transportes": "Transportes",
    "materiales": "Materiales",
    "gruas": "Grúas",
    "cerrajeria": "Cerrajería",
    "aislamientos": "Aislamientos",
    "electricidad": "Electricidad",
    "pinturas": "Pinturas",
    "ceramicas": "Cerámicas",
    "excavaciones": "Excavaciones",
    "limpiezas": "Limpiezas",
    "carniceria": "Carnicería",
    "floristeria": "Floristería",
    "forn": "Forn",
    "mutua": "Mutua",
    # shops and schools a customer may be, said in passing ("la academia wellington")
    "academia": "Academia",
    "pizzeria": "Pizzería",
    "optica": "Óptica",
    "libreria": "Librería",
    "papeleria": "Papelería",
    "pasteleria": "Pastelería",
    "heladeria": "Heladería",
    "zapateria": "Zapatería",
    "joyeria": "Joyería",
    "perfumeria": "Perfumería",
    "guarderia": "Guardería",
    "cerveceria": "Cervecería",
    "imprenta": "Imprenta",
}
_NAME_JOINERS = ("del", "de la", "de los", "de", "el", "la", "los", "las")
# Words that end a name written in lowercase: what follows a name in a sentence, and places
# that are no name ("el bar de abajo").
_NAME_STOPS = frozenset(
    [
        "nos",
        "ahora",
        "ya",
        "es",
        "son",
        "era",
        "esta",
        "estan",
        "tiene",
        "tienen",
        "q",
        "que",
        "quiere",
        "quieren",
        "pide",
        "piden",
        "paga",
        "pagan",
        "cobra",
        "cobran",
        "dice",
        "dicen",
        "da",
        "dan",
        "no",
        "si",
        "se",
        "le",
        "les",
        "lo",
        "me",
        "te",
        "y",
        "o",
        "pero",
        "con",
        "sin",
        "por",
        "para",
        "en",
        "a",
        "al",
        "de",
        "del",
        "el",
        "la",
        "los",
        "las",
        "un",
        "una",
        "su",
        "sus",
        "mi",
        "tu",
        "siempre",
        "solo",
        "tambien",
        "nunca",
        "ha",
        "han",
        "hace",
        "hacen",
        "acepta",
        "aceptan",
        "manda",
        "mandan",
        "pasa",
        "pasan",
        "debe",
        "deben",
        "va",
        "van",
        "hay",
        "abajo",
        "arriba",
        "enfrente",
        "esquina",
        "lado",
        "barrio",
        "pueblo",
        "nuevo",
        "nueva",
        "nuevos",
        "nuevas",
        "mismo",
        "misma",
        "otro",
        "otra",
        "aqui",
        "alli",
        "cerca",
        "centro",
        "este",
        "esta",
        "estos",
        "estas",
        "ese",
        "esa",
        "eso",
        "esto",
        "todo",
        "toda",
        "todos",
        "todas",
        "cuando",
        "donde",
        "como",
        "porque",
        "pues",
        "entonces",
        "luego",
        "antes",
        "despues",
        "mas",
        "menos",
        "muy",
        "bien",
        "mal",
        "preguntar",
        "pregunta",
        "llamar",
        "llama",
        "hablar",
        "habla",
        "pedir",
        "pide",
        "entrar",
        "dejar",
        "aparcar",
        "ir",
        "pasar",
        "cobrar",
        "pagar",
        "avisar",
        "llevar",
        "traer",
        "mandar",
        "enviar",
        "dar",
        "hacer",
        "poner",
        "subir",
        "bajar",
        "abrir",
        "cerrar",
        "abre",
        "cierra",
        "esta",
        "estan",
        "hay",
        "sabe",
        "saben",
        "vale",
        "cuesta",
        "trabaja",
        "trabajan",
        "llevan",
        "lleva",
        "tenemos",
        "hemos",
        "he",
        "mejor",
        "peor",
        "anda",
        "andan",
        "sigue",
        "siguen",
        "tarda",
        "tardan",
        "trae",
        "traen",
        "sirve",
        "sirven",
        "vende",
        "venden",
        "funciona",
        "queda",
        "quedan",
        "necesita",
        "necesitan",
        "llega",
        "llegan",
        "factura",
        "facturan",
        "envia",
        "envian",
        # more of what a business does, said right after its short name ("Saneamientos
        # reparte solo martes y jueves")
        "reparte",
        "reparten",
        "entrega",
        "entregan",
        "sube",
        "suben",
        "baja",
        "bajan",
        "deja",
        "dejan",
        "cambia",
        "cambian",
        "atiende",
        "atienden",
        "abren",
        "cierran",
        "tanca",
        "tanquen",
    ]
)
_WORD_AT = re.compile(r"[a-zñ]+")
# An article after a word, and no time after the article: that word is a verb ("sube la
# cuota"); "ferreteria ruiz el lunes" is still a name and when.
_OBJECT_NEXT = re.compile(
    r" (?:el|la|los|las|un|una|unos|unas|mi|su|sus)\b(?! (?:lunes|martes|miercoles|jueves|"
    r"viernes|sabados?|domingos?|dia|semana|mes|ano|proxim[oa]|pasad[oa]|mediodia|tarde)\b)"
)
_NEXT_LOWER = re.compile(r" ([a-zñ]+)\b")


def _accented(word: str) -> str:
    """A Spanish surname in -ez carries its written accent ("gomez" is Gómez)."""
    stem = word[:-2]
    if not word.endswith("ez") or len(word) < 5:
        return word
    for index in range(len(stem) - 1, -1, -1):
        letter = stem[index]
        if letter == "u" and index > 0 and stem[index - 1] in "gq":
            continue  # the silent u of "gu", "qu": "rodriguez" is Rodríguez
        if letter in "aeiou":
            return stem[:index] + "áéíóú"["aeiou".index(letter)] + stem[index + 1 :] + "ez"
    return word


# A shop's word is most often a trade and "-ería" after "la" ("la taquería el güero", "a la
# churrería manoli", "la marisquería la perla"): any such word opens a name, not only the
# listed ones. Not a verb ("le agradecería", "la quería"), nor a word of its own.
_SHOP_WORD = re.compile(r"[a-z]{3,}eria")
_NOT_SHOPS = frozenset(
    ["materia", "miseria", "arteria", "bacteria", "histeria", "criteria", "queria", "deberia"]
)
_SHOP_ARTICLE = re.compile(r"\bla\s+$")


def _trade_opener(word: str, before: str) -> str:
    """The trade word as a name shows it ("Taquería"), or "" for a word that opens none."""
    if word in NAME_OPENERS:
        return NAME_OPENERS[word]
    if _SHOP_WORD.fullmatch(word) and word not in _NOT_SHOPS and _SHOP_ARTICLE.search(before):
        return word[:-4].capitalize() + "ería"
    return ""


def trade_names(text: str) -> list[Mention]:
    """Business names written in lowercase: a trade word and the words that name it
    ("gasoleos ribera", "hoteles del turia", "bar el puerto"), shown with capitals."""
    folded = fold_aligned(text).lower()
    lowered = text.lower()
    names = []
    for match in _WORD_AT.finditer(folded):
        opener = _trade_opener(match.group(0), folded[: match.start()])
        if not opener:
            continue
        if not (text[match.start()].islower() or _opens_sentence(text, match.start())):
            continue
        position = match.end()
        joiner = ""
        for candidate in _NAME_JOINERS:
            if folded.startswith(f" {candidate} ", position):
                joiner, position = candidate, position + len(candidate) + 1
                break
        words: list[tuple[int, int]] = []
        while len(words) < 2:
            following = _NEXT_LOWER.match(folded, position)
            if following is None or following.group(1) in _NAME_STOPS:
                break
            if len(following.group(1)) < 3 or following.group(1) in NAME_OPENERS:
                break
            if _described(joiner, text, words) and text[following.start(1)].isupper():
                break
            if (
                not joiner
                and not words
                and _OBJECT_NEXT.match(folded, following.end())
                and _ARTICLE_BEFORE.search(folded[: match.start()])
            ):
                # a verb and its object: "la gestoria sube la cuota", "el bar tiene un…"; a
                # trade word with no article opens a name ("azulejos onda el repartidor…")
                break
            words.append(following.span(1))
            position = following.end()
        if not words:
            continue
        if _described(joiner, text, words) and _NAME_FOLLOWS.match(text, words[-1][1]):
            # "la academia de inglés Speak Up", "la academia de inglés de Paterna / Wise
            # English": what it teaches or sells, then its name
            continue
        if not joiner and text[match.start()].islower() and text[words[0][0]].isupper():
            # "el bar Casa Toni": the writer capitalised the name, not the word for its trade.
            continue
        own = _own_name(folded, lowered, match.end() + 1, words)
        if joiner in _ARTICLES and _ARTICLE_BEFORE.search(folded[: match.start()]) and own:
            names.append(own)
            continue
        shown = [opener]
        if joiner:
            shown.append(joiner)
        shown += [_accented(lowered[s:e]).capitalize() for s, e in words]
        names.append(Mention(" ".join(shown), match.start(), words[-1][1]))
    return names


_ARTICLES = frozenset({"el", "la", "los", "las"})


def _described(joiner: str, text: str, words: list[tuple[int, int]]) -> bool:
    """Whether the words after "trade word de" are lowercase, what it does ("academia de
    inglés"), not a capitalised name ("forn de Sant Josep")."""
    return joiner == "de" and bool(words) and text[words[-1][0]].islower()


# What follows a trade word's description: its place or its name, capitalised.
_NAME_FOLLOWS = re.compile(r"\s+(?:de\s+)?[A-ZÁÉÍÓÚÑ]|\s*\n\s*[A-ZÁÉÍÓÚÑ]")
_TRADE_WORD_BEFORE = re.compile(rf"\b(?:el|la|los|las)\s+(?:{'|'.join(NAME_OPENERS)})\s+$")


def own_name_of_trade(text: str, mention: Mention) -> bool:
    """Whether ``mention`` is a business's own name said after its trade word ("el bar la tasca
    del carme"): the writer names a business, not a person whose name one word looks like."""
    opens = fold_aligned(text[mention.start : mention.end]).lower().split()[0]
    before = fold_aligned(text[: mention.start]).lower()
    return opens in _ARTICLES and _TRADE_WORD_BEFORE.search(before) is not None


_OF_WORD = re.compile(r" (?P<of>del|de) (?P<word>[a-zñ]{3,})\b")


def _own_name(
    folded: str, lowered: str, start: int, words: list[tuple[int, int]]
) -> Mention | None:
    """The name after a trade word said with its article, when it is built as a name is, with
    "del"/"de" and a word ("el bar la tasca del carme", "el hostal la posada del rio"): the
    business's own name, its article included; the trade word before it only says what it is.
    Without that tail the words may be what the sentence goes on about ("la residencia las
    entregas por detrás", "la autoescuela las facturas por correo"), so none is taken."""
    of = _OF_WORD.match(folded, words[-1][1])
    if of is None or of["word"] in _NAME_STOPS or of["word"] in NAME_OPENERS:
        return None
    shown = [lowered[start : words[0][0]].strip().capitalize()]
    shown += [_accented(lowered[s:e]).capitalize() for s, e in words]
    shown += [of["of"], _accented(lowered[of.start("word") : of.end()]).capitalize()]
    return Mention(" ".join(shown), start, of.end())


# A lowercase name opening a sentence and described between commas right after it: "almacenes
# vilaplana, los de sanitarios de alzira, nos dan…", "fisioterapia alba, la clienta nueva de
# mislata, cierra…", "electricidad pascual, el electricista con el que hacemos las obras: …".
_APPOSED = re.compile(
    r"(?:^|(?<=[.!?;\n]))\s*(?P<name>[a-zñ]{3,}(?: [a-zñ]{3,}){1,2}),\s+"
    r"(?:(?:el|la|los|las)\s+[^,:;.()\n]{3,60}"
    # or what the person does, without an article: "jorge mas, administrador de fincas, …"
    r"|[a-zñ]+(?:dora?|ero|era|ista|ante|ente|ado|ada|ogo|oga)\b[^,:;.()\n]{0,50})[,:]\s*\S"
)


# A lowercase name opening a sentence and said to be a customer or supplier, new or ours:
# "hidraulica levantina es nuestro nuevo proveedor de bombas", "cristaleria soler es un cliente
# nuevo".
_SAID_TO_BE = re.compile(
    r"(?:^|(?<=[.!?;\n]))\s*(?P<name>[a-zñ]{3,}(?: [a-zñ]{3,}){1,2})\s+(?:es|son)\s+"
    r"(?:(?:nuestr[oa]s?|un|una|el|la)\s+)?(?:nuev[oa]s?\s+)?(?:proveedor|proveedora|cliente|clienta)"
)


def apposed_names(text: str) -> list[Mention]:
    """Names written in lowercase that the writer describes right after, between commas, as
    someone ("los de sanitarios", "la clienta nueva"), or says to be a customer or supplier
    ("… es nuestro nuevo proveedor"): two or three words, none of them a word that ends a name,
    shown with capitals."""
    folded = fold_aligned(text).lower()
    names = []
    for match in itertools.chain(_APPOSED.finditer(folded), _SAID_TO_BE.finditer(folded)):
        words = match["name"].split()
        if words[0] in _NOT_NAMES_FOLDED or any(w in _NAME_STOPS for w in words):
            continue
        written = text[match.start("name") : match.end("name")].lower().split()
        shown = " ".join(_accented(w).capitalize() for w in written)
        names.append(Mention(shown, match.start("name"), match.end("name")))
    return names
