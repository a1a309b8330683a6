"""Query normalisation for the knowledge search: chat spelling, typos and synonyms (DESIGN §4).

People ask in colloquial Spanish ("q", "pa", "iba reducido"). Before the lexical leg runs, the
question is folded (lower case, no accents), chat abbreviations are expanded, colloquial words
gain the terms the entries use, and words the corpus does not know are corrected to the most
frequent corpus word one edit away (``knowledge.retrieval``). Everything is deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from sumalos.platform.text import fold

_WORD = re.compile(r"[a-z0-9]+")

CHAT_ABBREVIATIONS: Mapping[str, str] = {
    "q": "que",
    "k": "que",
    "pa": "para",
    "xq": "porque",
    "pq": "porque",
    "x": "por",
    "tb": "tambien",
    "tmb": "tambien",
}

# Colloquial words and the terms the entries use for the same thing.
_COLLOQUIAL: Mapping[str, str] = {
    "freelance": "profesional autonomo",
    "autonomo": "profesional",
    "casero": "arrendador alquiler",
    "alquilo": "alquiler arrendamiento",
    "desgravar": "deducir deducible",
    "desgravo": "deducir deducible",
    "paguen": "cobro cobras",
    "renta": "irpf",
    "ticket": "factura simplificada",
    "tique": "factura simplificada",
    "1t": "primer trimestre",
    "2t": "segundo trimestre",
    "3t": "tercer trimestre",
    "4t": "cuarto trimestre",
    "subcontrata": "subcontratista construccion",
    # The entries write VERI*FACTU, which the text search reads as two words.
    "verifactu": "veri factu",
    "isp": "inversion sujeto pasivo",
    "constructora": "contratista construccion",
    # Trades and works: the renovation and plumbing entries use the formal words.
    "fontanero": "fontaneria",
    "fontanera": "fontaneria",
    "fontaneria": "fontanero",
    # "reforma", "reformar" and "reformas" share a stem, and the entries use "obra" and
    # "reforma" side by side, so neither needs a synonym; "arreglo" also means fixing an
    # invoice ("cómo lo arreglo"), so it is left alone.
    "averia": "reparacion",
    "corrijo": "corregir rectificar rectificativa",
    "corregir": "rectificar rectificativa",
    "fuga": "reparacion fontaneria",
    "piso": "vivienda",
    "casa": "vivienda",
    "sl": "sociedad limitada",
    "slu": "sociedad limitada",
    "vecinos": "comunidad propietarios",
    "caldera": "termo calentador",
    "termo": "caldera calentador",
    "calentador": "caldera termo",
    # Vehicles and fuel.
    "furgo": "furgoneta vehiculo",
    "furgoneta": "vehiculo",
    "coche": "vehiculo turismo",
    "gasoil": "gasoleo combustible",
    "gasoleo": "combustible",
    "gasolina": "combustible",
    "diesel": "gasoleo combustible",
    "repostar": "combustible",
    "modulos": "estimacion objetiva",
}

# Other European Union member states (and their people): a customer or supplier there makes
# an intra-community operation, which the entries call "intracomunitaria" / "UE".
_EU_COUNTRIES = (
    "alemania aleman alemana austria austriaco belgica belga bulgaria bulgaro chipre croacia "
    "dinamarca danes eslovaquia eslovenia estonia finlandia francia frances francesa grecia "
    "griego hungria irlanda irlandes italia italiano italiana letonia lituania luxemburgo "
    "malta holanda holandes holandesa neerlandes polonia polaco polaca portugal portugues "
    "portuguesa rumania rumano suecia sueco chequia checo europa europeo europea"
)
EU_SYNONYM = "intracomunitaria ue"
SYNONYMS: Mapping[str, str] = {**_COLLOQUIAL, **dict.fromkeys(_EU_COUNTRIES.split(), EU_SYNONYM)}

# Question words and fillers: they say that something is asked, not what about.
QUESTION_WORDS = frozenset(
    [
        "cuanto",
        "cuanta",
        "cuantos",
        "cuantas",
        "cuando",
        "como",
        "donde",
        "quien",
        "quienes",
        "cual",
        "cuales",
        "hay",
        "tengo",
        "tiene",
        "tienen",
        "tenia",
        "puedo",
        "puede",
        "hacer",
        "hago",
        "saber",
        "eso",
        "toca",
    ]
)

# Words never corrected: too short or too common to say anything.
MIN_CORRECTABLE_LENGTH = 3


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def _edits1(word: str) -> set[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    transposes = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    replaces = {a + c + b[1:] for a, b in splits if b for c in letters}
    inserts = {a + c + b for a, b in splits for c in letters}
    return deletes | transposes | replaces | inserts


def correct(word: str, known: Mapping[str, int]) -> str:
    """Return the most frequent corpus word one edit away from ``word``, or ``word`` itself."""
    if len(word) < MIN_CORRECTABLE_LENGTH or word.isdigit():
        return word
    candidates = [w for w in _edits1(word) if w in known]
    if not candidates:
        return word
    return max(candidates, key=lambda w: (known[w], w))


def is_year(word: str) -> bool:
    """A year says when, not what: the date travels separately, so it is not searched for."""
    return len(word) == 4 and word.isdigit() and 1900 <= int(word) <= 2099


def expand(question: str) -> list[str]:
    """Fold the question, expand chat abbreviations, drop years and question words, add synonyms."""
    out: list[str] = []
    for word in words(question):
        word = CHAT_ABBREVIATIONS.get(word, word)
        if is_year(word) or word in QUESTION_WORDS:
            continue
        out.append(word)
        if word in SYNONYMS:
            out.extend(SYNONYMS[word].split())
    return out
