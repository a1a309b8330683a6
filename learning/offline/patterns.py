"""Facts about the writer's life and the company that no attribute of the classifier names.

Family ("mi hija se llama Lucía"), what the company does and how many work in it, dated
events ("el martes que viene tengo la auditoría") and the language the writer wants answers in,
said in Spanish, Valencian or English ("contéstame en valenciano", "contesta'm en valencià",
"always answer me in Spanish"): each
pattern yields one fact. They run
before the classifier, and a sentence one of them explains is not read again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from learning.base import ExtractedFact

_PERSON = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)?"
_DAY = r"(?:lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)"
_MONTH = (
    r"(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
    r"noviembre|diciembre)"
)
_WHEN = (
    rf"(?:(?:el\s+|este\s+|próximo\s+|el\s+próximo\s+)?{_DAY}(?:\s+\d{{1,2}})?(?:\s+que\s+viene)?"
    # "mañana" is tomorrow, not a part of the day ("por la mañana hay niños")
    rf"|el\s+\d{{1,2}}\s+de\s+{_MONTH}|(?:la\s+)?semana\s+que\s+viene|(?<!la\s)(?<!las\s)mañana"
    r"|pasado\s+mañana"
    rf"|(?:el\s+)?mes\s+que\s+viene)"
)
RELATIVES = (
    "hijo|hija|mujer|marido|pareja|hermano|hermana|madre|padre|novia|novio|socio|socia|"
    "perro|perra|gata|gato"
)
_FAMILY = (
    re.compile(
        rf"\bmi\s+(?P<rel>{RELATIVES})\s+(?:pequeñ[oa]\s+|mayor\s+)?se\s+llama\s+(?P<name>{_PERSON})",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\btengo\s+(?:un|una)\s+(?P<rel>{RELATIVES})\s*(?:,|que\s+se\s+llama|llamad[oa])\s*"
        rf"(?P<name>{_PERSON})",
        re.IGNORECASE,
    ),
)
_ACTIVITY = re.compile(
    r"\b(?:nos\s+dedicamos\s+a|(?:la|mi|nuestra)\s+empresa\s+se\s+dedica\s+a|"
    r"somos\s+(?=un[ao]?\s)|nuestro\s+negocio\s+es)\s*(?P<what>[^.!?\n]+)",
    re.IGNORECASE,
)
_STAFF = re.compile(
    r"\bsomos\s+(?P<n>\d+)\s+(?:en\s+el\s+taller|en\s+la\s+empresa|trabajando)"
    r"|\btenemos\s+(?P<m>\d+)\s+(?:empleados|trabajadores|personas\s+en\s+plantilla)",
    re.IGNORECASE,
)
_EVENT = (
    re.compile(
        rf"(?P<when>{_WHEN})\s*,?\s+(?P<what>(?:tengo|me\s+voy|voy|vamos|nos\s+vamos|hay|"
        rf"estaré|estoy|viene|vienen)\b[^.!?\n]*)",
        re.IGNORECASE,
    ),
    re.compile(
        rf"(?P<what>(?:me\s+voy|estaré|tengo\s+(?:una\s+)?(?:reunión|cita|auditoría|"
        rf"inspección))[^.!?\n]*?)\s+(?P<when>{_WHEN})\b",
        re.IGNORECASE,
    ),
)


_LANGUAGES = {
    "valenciano": "valenciano",
    "valencia": "valenciano",
    "valencià": "valenciano",
    "catalán": "catalán",
    "catalan": "catalán",
    "català": "catalán",
    "castellano": "castellano",
    "castella": "castellano",
    "castellà": "castellano",
    "español": "castellano",
    "inglés": "inglés",
    "ingles": "inglés",
    "anglès": "inglés",
    "spanish": "castellano",
    "english": "inglés",
    "valencian": "valenciano",
}
# Answer me in a language: the Spanish and the Valencian forms of the verbs, with the pronoun
# joined ("contéstame", "contesta'm", "contestam", "respon-me", "parla'm", "escriu-me") or
# before it ("me hables en valenciano", "que em contestes en valencià").
_LANGUAGE = re.compile(
    r"\b(?:(?:contést|contest|respónd|respond|escríb|escrib|háb?l|habl|parl)[a-záéíó]*"
    r"(?:me|m|'m|-me)|respon(?:-me|'m)|escriu(?:-me|'m)|(?:me|em|m')\s*"
    r"(?:contest|respond|escrib|habl|parl|escriv)[a-zàèéíòóú]*)"
    r"\s+(?:(?:siempre|sempre|mejor|millor)\s+)?en\s+(?P<lang>"
    + "|".join(sorted(_LANGUAGES, key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
# In English: "always answer me in Spanish", "please reply to me in Valencian".
_LANGUAGE_EN = re.compile(
    r"\b(?:answer|reply|respond|write|talk|speak)(?:\s+to)?\s+(?:me|us)\s+(?:always\s+)?in\s+"
    r"(?P<lang>spanish|english|valencian|catalan)\b",
    re.IGNORECASE,
)
_SPEAK = re.compile(r"\b(?:h[aá]b?l|parl|talk|speak)", re.IGNORECASE)
_ALWAYS = re.compile(r"\b(?:siempre|sempre|always)\b", re.IGNORECASE)


def _sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,;")
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def pattern_facts(clause: str) -> Iterator[ExtractedFact]:
    """The family, company and dated-event facts a clause states."""
    for pattern in _FAMILY:
        for match in pattern.finditer(clause):
            rel, name = match.group("rel").lower(), match.group("name")
            yield ExtractedFact("perfil_usuario", rel, name, f"Su {rel} se llama {name}.")
    if activity := _ACTIVITY.search(clause):
        what = activity.group("what").strip(" ,")
        yield ExtractedFact("empresa", "actividad", what, _sentence(f"La empresa: {what}"))
    if staff := _STAFF.search(clause):
        n = staff.group("n") or staff.group("m")
        yield ExtractedFact("empresa", "empleados", n, f"La empresa tiene {n} personas trabajando.")
    if language := _LANGUAGE.search(clause) or _LANGUAGE_EN.search(clause):
        said = _LANGUAGES[language.group("lang").lower()]
        always = "siempre " if _ALWAYS.search(clause) else ""
        # Suma is the one who answers: the text says so, not "Prefiere contestar"; with the
        # verb said ("que em parles en valencià" is to be spoken to, and answered).
        verb = "hablen y le respondan" if _SPEAK.search(language.group(0)) else "respondan"
        yield ExtractedFact(
            "preferencia",
            "preferencia",
            f"contestar en {said}",
            f"Prefiere que le {verb} {always}en {said}.",
        )
    for pattern in _EVENT:
        if event := pattern.search(clause):
            when, what = event.group("when").strip(), event.group("what").strip()
            yield ExtractedFact("evento", "evento", f"{when}: {what}", _sentence(f"{when} {what}"))
            return
