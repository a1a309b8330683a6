"""Scope from intent: which layer a person asked for, read from what they wrote (DESIGN §5).

Deterministic, no model. Two things are read from a message:

- **explicit markers**, in any phrasing: "solo para mí", "para mí", "no lo compartas", "entre
  nosotros", "que no lo vea nadie", "privado"… narrow it to the writer, in this organization
  (private); "para todos", "para la empresa", "compártelo"… ask for it to be shared. A
  narrowing marker always wins over a sharing one ("no lo compartas" holds "compartas").
- **facts about the writer's own life** (family, plans, tastes, health, where they live): with
  no marker they default to personal (the writer's, in every organization).

Private is the narrowest (one person, one organization), then personal, then shared.

``requested_visibility`` turns both into the visibility a write asks for; the ladder
(``memory/ladder.py``) may narrow it further and never widens it. See docs/memory.md, "Scope".
"""

from __future__ import annotations

import re

from sumalos.platform.text import fold
from sumalos.rls.rule import Visibility

# "Para mí" is also an opinion ("para mí que va a llover"): narrowing an opinion costs nothing,
# sharing a private note costs a leak, so it counts as a marker wherever it stands.
_NARROW = re.compile(
    r"\b(?:"
    r"(?:solo|solamente|unicamente|sólo)\s+(?:para|pa)\s+(?:mi|mi\s+mism[oa]|nosotros)|"
    r"(?:apuntalo|apuntatelo|guardalo|guardatelo|anotalo|anotatelo|recuerdalo)\s+(?:para\s+)?mi\b|"
    r"para\s+mi\b(?!\s+(?:empresa|negocio|taller|equipo|cliente|proveedor|socio|jef))|"
    r"para\s+mi\s+sol[oa]|para\s+ti\s+y\s+para\s+mi|"
    r"no\s+(?:lo|la|los|las|se\s+lo)?\s*(?:compartas|comparta|compartais|compartir|publiques|"
    r"digas|cuentes|ensenes|muestres|difundas)\b|"
    r"sin\s+compartir(?:lo)?|no\s+para\s+(?:la\s+empresa|todos|el\s+equipo)|"
    r"entre\s+(?:nosotros|tu\s+y\s+yo|usted\s+y\s+yo)|"
    r"que\s+no\s+(?:lo|la|se\s+lo)?\s*(?:vea|sepa|lea|oiga)\s+nadie|"
    r"que\s+nadie\s+(?:mas\s+)?(?:lo\s+|la\s+)?(?:vea|sepa|lea|se\s+entere)|"
    # "personal" alone is also the staff ("el personal de limpieza"): only as a heading.
    r"(?:privado|privada|confidencial)\s*[:,.]|^\s*personal\s*:|"
    r"(?:en|de\s+forma|de\s+manera)\s+(?:privad[oa]|confidencial|personal)|"
    r"^\s*(?:privado|privada|confidencial)\b|"
    r"\b(?:es\s+)?(?:privado|privada|confidencial)\s*$|"
    r"(?:nota|apunte)\s+(?:privad[oa]|personal)|"
    r"just\s+for\s+me|only\s+for\s+me|keep\s+(?:it|this)\s+private|don'?t\s+share|"
    r"between\s+(?:us|you\s+and\s+me)|(?:it'?s\s+)?private\s*[:,.]"
    r")"
)
_SHARE = re.compile(
    r"\b(?:"
    r"para\s+(?:todos|todo\s+el\s+mundo|toda\s+la\s+empresa|la\s+empresa|el\s+equipo|"
    r"toda\s+la\s+organizacion|la\s+organizacion|los\s+companeros|el\s+resto)|"
    r"compartel[oa]s?|compartelo\s+con|que\s+lo\s+sepan\s+todos|que\s+lo\s+vean\s+todos|"
    r"(?:lo|la)\s+compartimos|compartir\s+con\s+(?:todos|el\s+equipo|la\s+empresa)|"
    r"for\s+everyone|share\s+it|for\s+the\s+(?:team|company)"
    r")\b"
)

# The writer's own life, in the first person. Family and people close to them; plans that are
# theirs (holidays, moving, leaving, studies); tastes; health; where and how they live.
_OWN_LIFE = re.compile(
    r"\b(?:"
    # family and close people
    r"mis?\s+(?:hij[oa]s?|mujer|marido|espos[oa]|pareja|novi[oa]|madre|padre|padres|"
    r"herman[oa]s?|abuel[oa]s?|niet[oa]s?|suegr[oa]s?|cunad[oa]s?|prim[oa]s?|ti[oa]s?|"
    r"sobrin[oa]s?|familia|peques?|crios?|ninos?|ninas?|bebe|perr[oa]s?|gat[oa]s?|mascota|"
    r"amig[oa]s?|vecin[oa]s?)|"
    r"(?:tengo|tenemos)\s+(?:un|una|dos|tres)\s+(?:hij[oa]s?|nin[oa]s?|perr[oa]s?|gat[oa]s?|"
    r"bebe)|"
    r"(?:estoy|estamos)\s+(?:casad[oa]|divorciad[oa]|separad[oa]|solter[oa]|embarazad[oa])|"
    r"me\s+(?:caso|divorcio|separo)|"
    # plans of one's own
    r"me\s+(?:voy|ire|marcho|marchare)\s+(?:de\s+(?:vacaciones|viaje|la\s+empresa|aqui)|"
    r"a\s+vivir|a\s+jubilar|fuera)|"
    r"me\s+(?:mudo|mudare|jubilo|jubilare|cambio\s+de\s+casa)|"
    r"(?:voy|vamos)\s+a\s+(?:casarme|casarnos|mudarme|mudarnos|jubilarme|tener\s+un\s+bebe|"
    r"dejar\s+la\s+empresa|irme\s+de)|"
    r"(?:dejo|dejare)\s+(?:la\s+empresa|el\s+trabajo|el\s+taller)|"
    r"mis\s+vacaciones|(?:estare|estoy|estaremos)\s+de\s+vacaciones|"
    r"mi\s+(?:cumpleanos|boda|santo|aniversario|jubilacion|mudanza|viaje)|"
    r"(?:estudio|estoy\s+estudiando|empiezo|empezare)\s+(?:la\s+universidad|el\s+master|"
    r"un\s+curso|ingles|la\s+carrera)|"
    # tastes
    r"me\s+(?:gusta|gustan|encanta|encantan|chifla|apasiona)|no\s+me\s+gusta|"
    r"(?:odio|detesto)\s+(?:el|la|los|las)|mi\s+(?:\w+\s+)?favorit[oa]|"
    r"soy\s+(?:vegetarian[oa]|vegan[oa]|del\s+\w+|aficionad[oa]|fan)|"
    r"(?:mi|mis)\s+(?:hobby|hobbies|aficion|aficiones)|"
    # health
    r"(?:tengo|tuve)\s+(?:cita|hora)\s+(?:con|en)\s+el\s+(?:medico|dentista|hospital|"
    r"fisio|centro\s+de\s+salud)|mi\s+(?:medico|dentista|salud|operacion|tratamiento)|"
    r"(?:estoy|estare)\s+(?:de\s+baja|malo|mala|enferm[oa])|me\s+operan|"
    # where and how they live
    r"(?:vivo|vivimos)\s+en|mi\s+(?:casa|piso|coche|moto)\b|"
    # English
    r"my\s+(?:daughter|son|wife|husband|partner|kids?|children|mother|father|family|dog|cat|"
    r"birthday|holidays?|vacation)|i\s+(?:like|love|hate)\b|i\s+live\s+in|i'?m\s+(?:moving|"
    r"leaving|getting\s+married|going\s+on\s+holiday)"
    r")"
)


def marked_visibility(text: str) -> str | None:
    """The visibility an explicit marker asks for: private (narrow), shared, or none."""
    folded = fold(text)
    if _NARROW.search(folded):
        return Visibility.PRIVATE_IN_ORG
    if _SHARE.search(folded):
        return Visibility.SHARED
    return None


def is_own_life(text: str) -> bool:
    """Whether the text is about the writer's own life (family, plans, tastes, health)."""
    return bool(_OWN_LIFE.search(fold(text)))


_ORDER = {Visibility.PRIVATE_IN_ORG: 0, Visibility.PERSONAL: 1, Visibility.SHARED: 2}


def narrowest(*visibilities: str | None) -> str | None:
    """The narrowest of the requested visibilities; ``None`` asks for nothing."""
    asked = [v for v in visibilities if v is not None]
    return min(asked, key=_ORDER.__getitem__) if asked else None


def requested_visibility(text: str, *, asked: str | None = None) -> str | None:
    """What ``text`` asks for, narrowed by what the caller asked (``asked``).

    A narrowing marker → private; a sharing marker → shared, which overrides only the
    own-life default; a fact about one's own life → personal; else whatever was asked.
    """
    marked = marked_visibility(text)
    if marked is None and is_own_life(text):
        marked = Visibility.PERSONAL
    return narrowest(asked, marked)
