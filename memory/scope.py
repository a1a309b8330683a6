"""Scope from intent: which layer a person asked for, read from what they wrote (DESIGN §5).

Deterministic, no model. Two things are read from a message:

- **explicit markers**, in any phrasing: "solo para mí", "para mí", "no lo compartas", "entre
  nosotros", "que no lo vea nadie", "privado"… narrow it to the writer, in this organization
  (private); "para todos", "para la empresa", "compártelo"… ask for it to be shared. A
  narrowing marker always wins over a sharing one ("no lo compartas" holds "compartas").
- **facts about the writer's own life** (family, plans, tastes, their own health, where they
  live) default to personal (the writer's, in every organization), with or without a
  narrowing marker, unless the marked remark talks money (then it is a business remark).

A narrowing word said not to apply ("no es privado, compártelo") is no marker.

Private is the narrowest (one person, one organization), then personal, then shared.

``requested_visibility`` turns both into the visibility a write asks for; the ladder
(``memory/ladder.py``) may narrow it further and never widens it. See docs/memory.md, "Scope".
"""

from __future__ import annotations

import re

from memory.policy import KEPT_FROM_ANYONE_ASKING, expand_shorthand, is_injection, is_own_health
from memory.policy_secrets import blank_matches, find_iban, fold_aligned
from sumalos.platform.text import fold
from sumalos.rls.rule import Visibility

_SEE = (
    r"(?:vea|vean|sepa|sepan|lea|lean|oiga|oigan|entere|enteren|lo\s+sepa|lo\s+sepan|"
    r"se\s+entere|se\s+enteren|"
    # Policy round 31: the past subjunctive, "me gustaría que no lo supiera nadie más".
    r"viera|vieran|supiera|supieran|leyera|leyeran|enterara|enteraran|se\s+enterara|"
    r"se\s+enteraran)"
)
# Things that are private by nature ("su número privado", "un parking privado", "la clínica
# privada"): "privado" after one of them describes it, and asks nothing of Suma.
_PRIVATE_THINGS = [
    *["numero", "movil", "telefono", "fijo", "correo", "email", "mail", "whatsapp", "parking"],
    *["camino", "garaje", "acceso", "colegio", "hospital", "seguro", "centro", "club", "vado"],
    *["aparcamiento", "terreno", "sector", "evento", "jardin", "domicilio", "clinica", "piso"],
    *["chalet", "barrio", "medico", "detective", "jet", "vuelo", "coche", "banco", "cliente"],
]
_NOT_OF_A_THING = "".join(rf"(?<!{thing}\s)" for thing in _PRIVATE_THINGS)
_OTHERS = (
    r"(?:nadie|los\s+demas|las\s+demas|el\s+resto|los\s+companeros|mis\s+companeros|"
    r"el\s+equipo|ningun\s+companero|los\s+otros|ni\s+dios|los\s+chicos|las\s+chicas|"
    r"los\s+chavales|la\s+plantilla|el\s+personal|los\s+trabajadores|los\s+empleados)"
)
# "Nothing more" after who may know: "tú y yo nada más", "entre nos no más" (policy round 32).
_NO_MORE = r"(?:nada\s+mas|nomas|no\s+mas|y\s+nadie\s+mas)"
# Spreading a note, and anybody it could reach (policy round 30).
_SPREAD = (
    r"(?:compart\w*|coment\w*|contar\w*|cuent(?:es|e|en)|decir\w*|dig(?:as|a|an)|difund\w*|divulg\w*|"
    r"public\w*|ensen\w*|mostr\w*|muestr\w*|saber(?:lo|la)?|sep(?:a|an|ais)|enter\w*|ver(?:lo|la)?|"
    r"vea|vean|viera|vieran|supier\w*|filtr\w*|reenvi\w*|llegue|lleguen)"
)
_ANYONE = (
    r"(?:" + _OTHERS + r"|ninguno|ninguna|la\s+oficina|las\s+companeras|todos|todo\s+el\s+mundo|"
    r"la\s+gente|el\s+grupo)"
)
# "Para mí" is also an opinion ("para mí que va a llover"): narrowing an opinion costs nothing,
# sharing a private note costs a leak, so it counts as a marker wherever it stands.
_NARROW = re.compile(
    r"(?<!\w)(?:"
    r"(?:solo|solamente|unicamente)\s+(?:(?:lo|la|es|esto|lo\s+quiero|quiero)\s+)?(?:para|pa)\s+"
    r"(?:mi\s+mism[oa]|mi|nosotros)(?:\s+sol(?:it)?[oa])?|"
    r"(?:para|a)\s+mi\s+(?:sol(?:it)?[oa]|mism[oa](?:it[oa])?)\b|"
    # Asked as a question: "¿me lo guardas a mí solita?", "me lo apuntas solo para mí porfa".
    r"(?:me\s+)?(?:lo|la|los|las|esto)\s+(?:guardas|apuntas|anotas|recuerdas|dejas)\s+(?:solo\s+|"
    r"solamente\s+)?(?:a|para|pa)\s+mi\b(?!\s+(?:empresa|negocio|taller|equipo))|"
    # "ni una palabra a los demás", "ni mu al resto".
    # "ni una palabra a los demás", "ni mu al resto"; turned round: "a los compañeros ni pío";
    # "esto prefiero llevarlo yo solo".
    r"a\s+(?:los\s+companeros|las\s+companeras|los\s+demas|las\s+demas|el\s+resto|nadie|los\s+otros)\s+"
    r"ni\s+(?:una\s+)?(?:palabra|mu|pio)\b|"
    r"(?:prefiero|quiero|voy\s+a)\s+llevar(?:lo|la|los|las)?\s+yo\s+sol[oa]\b|"
    r"ni\s+(?:una\s+)?(?:palabra|mu|pio)\s+(?:a\s+|al\s+)?(?:nadie|los\s+demas|las\s+demas|"
    r"el\s+resto|resto|los\s+otros)\b|"
    r"(?:apuntalo|apuntatelo|guardalo|guardatelo|anotalo|anotatelo|recuerdalo)\s+(?:para\s+)?mi\b|"
    # Kept for the writer in the words of the request: "apúntamelo a mí: llamar a…",
    # "guárdamelo solo a mí", "a mí: …" as a heading.
    r"(?:apunta|anota|guarda|recuerda|apuntate|anotate|reserva|deja|ten)(?:melo|mela|me)\s+"
    r"(?:(?:solo|nomas|solamente)\s+)?(?:a|para|pa)\s+"
    r"mi\b|^\W*(?:solo\s+)?(?:a|para|pa)\s+mi\s*:|"
    # Catalan and Valencian: "només per a mi", "privat", "entre tu i jo", "no ho compartisques".
    r"(?:nomes|sols|solament|unicament)\s+(?:per\s+a\s+|per\s+|pa\s+)mi\b|per\s+a\s+mi\s+(?:sol[a]?|mateix[a]?)\b|"
    r"^\W*privat\b|\bprivat\s*[:,.]|entre\s+(?:tu\s+i\s+jo|nosaltres)|"
    # Galician: "só para min", "para min soamente", "entre ti e min", "non o compartas".
    r"(?:so|soamente|unicamente|somente)\s+(?:para|pra|pa)\s+min\b|"
    # Policy round 30, by composition: a verb of spreading, negated, towards anybody ("esto no
    # lo tienen que saber los demás", "no comentar con el equipo", "que no se entere ninguno");
    # said alone at the end ("esto no se comparte", "no para compartir"); keeping quiet
    # ("tú calladito", "punto en boca", "no lo saques a la luz", "es un secreto", "a nadie más").
    r"\b(?:no|ni|nunca|sin|tampoco)\s+(?:[a-z]+\s+){0,3}?"
    + _SPREAD
    + r"\b[^.,;:!?\n]{0,20}?\b"
    + _ANYONE
    + r"\b|"
    r"\b(?:no|nunca)\s+(?:se\s+|lo\s+|la\s+|(?:es\s+)?para\s+)?(?:comparte|compartas|compartir|comenta|comentes|"
    r"comentar|cuentes|contar|difunde|difundas|difundir|publiques|publicar)\s*(?:[.!):]|$)|"
    r"\b(?:tu\s+)?calladit[oa]s?\b|\bpunto\s+en\s+boca\b|\bchiton\b|\ben\s+petit\s+comite\b|"
    # Where it is to stay (policy round 31): "que se quede en mi parte", "déjalo en lo mío".
    r"\b(?:que\s+(?:se\s+)?quede|dejalo|dejala|guardalo|guardala)\s+en\s+(?:mi\s+parte|lo\s+mio|"
    r"mi\s+lado|mi\s+espacio|mis\s+cosas)(?=\s*(?:[,.;:!]|$))|"
    r"\bbajo\s+secreto\b|\blo\s+se\s+(?:solo\s+)?yo\s+y\s+(?:ahora\s+)?tu\b|"
    r"no\s+(?:lo|la|los|las)\s+saques\s+a\s+la\s+luz|"
    r"(?:^|(?<=[.!;:,]\s)|(?<=[.!;:,]))(?:esto\s+|eso\s+)?es\s+(?:un\s+)?secreto\s*(?:[.!,]|$)|"
    r"(?:^|(?<=[.!;:]\s)|(?<=[.!;:]))a\s+nadie\s+mas\s*(?:[.!]|$)|"
    # Policy round 30, everyday words: "sin decírselo a nadie", "pero solo yo", "te lo digo a
    # ti solo", "guárdalo para ti", "de esto ni una palabra", "es algo mío", "solo lo necesito
    # yo", "que no lo vea ni Pablo", "a mi nombre solo", "que no se sepa".
    r"sin\s+(?:decir|contar|comentar|ensenar)(?:selo|sela|lo|la)?\s+a\s+nadie\b|"
    r"\bpero\s+(?:solo|solamente)\s+(?:yo|para\s+mi)\b|"
    r"(?:te\s+lo|esto\s+te\s+lo|te\s+la)\s+(?:digo|cuento|comento|confieso|dejo)\s+(?:solo\s+)?a\s+ti\b|"
    r"(?:guarda|guardate|quedate|apunta|apuntate)(?:lo|la|telo|tela)?\s+(?:solo\s+)?para\s+ti\b|"
    r"\bni\s+(?:una\s+|media\s+)?palabra\s*(?:[.,;:!]|$)|\bes\s+algo\s+(?:mio|mia|personal|privado)\b|"
    r"(?:solo|solamente)\s+lo\s+(?:necesito|uso|quiero|miro|consulto)\s+yo\b|"
    r"que\s+no\s+(?:lo|la|se\s+lo)\s+(?:vea|sepa|lea)n?\s+ni\s+(?:siquiera\s+)?(?:el\s+|la\s+)?[a-z]{3,}|"
    r"a\s+mi\s+nombre\s+(?:solo|solamente|nada\s+mas)\b|\bque\s+no\s+se\s+sepa\b|"
    # Portuguese (policy round 30): "guarda isso só pra mim", "não partilhes", "só eu posso ver".
    r"(?:so|somente|apenas)\s+(?:para|pra|pa)\s+mim\b|(?:para|pra)\s+mim\s+(?:so|somente|apenas)\b|"
    r"nao\s+(?:o\s+|a\s+|isso\s+)?(?:compartilhe|compartilhes|partilhe|partilhes|contes|conte)\b|"
    r"(?:so|somente|apenas)\s+eu\s+(?:posso\s+|devo\s+)?(?:ver|saber|ler)\b|(?:para|pra)\s+min\s+"
    r"(?:so|soa|soamente|mesmo|mesma)\b|entre\s+ti\s+e\s+min\b|non\s+o\s+(?:compartas|digas|"
    r"contes)\b|"
    # Policy round 29: kept for oneself in Galician ("isto queda para min", "que ningún
    # compañeiro o vexa", "que non o vexa ninguén"); seen by the writer alone, said as what
    # the writer does ("esto lo veo solo yo", "solo lo leo yo").
    r"(?:isto|iso|esto|eso)\s+(?:queda|fica)\s+(?:para|pra|pa)\s+(?:min|mi)\b|"
    r"que\s+(?:ningun|ninguen)\s+(?:\w+\s+)?o\s+(?:vexa|saiba|lea|lia)\b|"
    r"que\s+non\s+o\s+(?:vexa|saiba|lea)\s+(?:ninguen|ningun)\b|"
    r"(?:lo|la|esto)\s+(?:veo|leo|se|miro|tengo)\s+(?:solo|solamente|nomas)\s+yo\b|"
    r"solo\s+(?:lo|la)\s+(?:veo|leo|se|miro)\s+yo\b|"
    r"no\s+ho\s+(?:compartisques|compartixques|comparteixis|compartiscas|digues|contes|expliques)\b|"
    r"que\s+no\s+ho\s+(?:sapia|sapiga|vegen|vegin|veja|vegi)\s+(?:ningu|la\s+resta|els\s+altres)|"
    r"(?:para|pa)\s+mi\b(?!\s+(?:empresa|negocio|taller|equipo|cliente|proveedor|socio|jef))|"
    # Only for Suma: "solo para ti", "que quede entre tú y yo".
    r"(?:solo|solamente|unicamente)\s+(?:(?:para|pa)\s+ti|lo\s+sabes\s+tu)\b|"
    r"(?:para|pa)\s+ti\s+y\s+(?:para|pa)\s+mi|"
    # "nadie más lo tiene que saber", "no lo pongas para todos" (a negated sharing request).
    r"nadie\s+(?:mas\s+)?(?:lo\s+|la\s+)?(?:tiene\s+que|debe|puede|necesita|ha\s+de)\s+"
    r"(?:saber(?:lo)?|ver(?:lo)?|leer(?:lo)?|enterarse)|"
    r"no\s+(?:lo|la|los|las|se\s+lo)?\s*(?:pongas|pongais|subas|guardes|dejes|mandes|envies|"
    r"pases|apuntes)\s+(?:para|pa|a|con)\s+(?:todos|todo\s+el\s+mundo|el\s+equipo|la\s+empresa|"
    r"los\s+demas|el\s+resto)(?!\s+(?:de|del|los|las)\b)|"
    r"no\s+(?:lo|la|los|las|se\s+lo)?\s*(?:compartas|comparta|compartais|compartir|publiques|"
    r"digas|cuentes|ensenes|muestres|difundas)\b(?:\s+(?:a|con)\s+" + _OTHERS + r")?|"
    r"sin\s+compartir(?:lo)?|no\s+(?:para|pa)\s+(?:la\s+empresa|todos|el\s+equipo)|"
    # "nada de compartirlo", "que lo recuerdes tú y solo tú", "only you".
    r"nada\s+de\s+compartir(?:lo|la)?|\btu\s+y\s+(?:solo|solamente|nadie\s+mas\s+que)\s+tu\b|"
    r"(?:que\s+)?(?:lo\s+)?(?:recuerdes|sepas|guardes)\s+(?:solo|solamente|unicamente)\s+tu\b|"
    r"only\s+you\s+(?:and\s+me\s+|and\s+i\s+)?(?:should\s+|can\s+|may\s+)?(?:know|see|read)\b|"
    # "no lo pongas en lo de la empresa", "no lo metas en lo compartido".
    r"no\s+(?:lo|la|los|las)\s+(?:pongas|subas|guardes|metas|apuntes|dejes)\s+en\s+(?:lo\s+del?\s+)?"
    r"(?:la\s+empresa|lo\s+compartido|lo\s+comun|la\s+memoria\s+de\s+la\s+empresa|el\s+equipo|"
    r"(?<=del\s)(?:equipo|grupo)|"
    # "no lo pongas en común", "no lo dejes en abierto", "no lo pongas a la vista".
    r"comun|abierto|publico|general)|no\s+(?:lo|la|los|las)\s+(?:pongas|subas|dejes)\s+a\s+la\s+vista\b|"
    # "No lo quiero en las notas comunes", "no lo metas en la carpeta del equipo".
    r"no\s+(?:lo|la|los|las)\s+(?:quiero|pongas|subas|guardes|metas|apuntes|dejes)\s+en\s+(?:las?\s+|el\s+)?"
    r"(?:notas|nota|memoria|carpeta|ficha|tablon)s?\s+(?:comun(?:es)?|compartid[oa]s?|del\s+equipo|de\s+"
    r"(?:la\s+)?empresa|de\s+todos|general(?:es)?)|"
    r"no\s+(?:lo|la|los|las)\s+(?:pongas|subas|guardes|metas|apuntes|dejes|pases)\s+a\s+lo\s+"
    r"(?:comun|compartido|de\s+la\s+empresa|de\s+todos)|"
    # "esto solo lo puedo ver yo", "apúntalo solo a mi nombre", "que no trascienda:".
    r"(?:solo|solamente|unicamente)\s+(?:lo\s+|la\s+)?(?:puedo|debo|tengo\s+que|voy\s+a)\s+"
    r"(?:ver|saber|leer)(?:lo|la)?\s+yo\b|(?:solo|solamente|unicamente)\s+a\s+mi\s+nombre\b|"
    r"^\W*que\s+no\s+(?:trascienda|salga\s+de\s+aqui)\b|"
    r"no\s+quiero\s+que\s+(?:esto|eso)\s+(?:lo\s+|la\s+)?" + _SEE + r"\s+" + _OTHERS + r"|"
    r"uso\s+(?:interno\s+)?(?:mio|mia)\b|"
    r"entre\s+(?:nosotros|tu\s+y\s+yo|usted\s+y\s+yo)|"
    # "que no lo vea nadie", "no quiero que lo sepan los demás", "que nadie se entere".
    r"(?:que|quiero\s+que)\s+no\s+(?:lo|la|los|las|se\s+lo|se\s+la)?\s*"
    + _SEE
    + r"\s+"
    + _OTHERS
    + r"|no\s+quiero\s+que\s+(?:lo|la|los|las|se\s+lo|se\s+la)?\s*"
    + _SEE
    + r"\b(?:\s+"
    + _OTHERS
    + r")?|"
    r"(?:que|quiero\s+que)\s+" + _OTHERS + r"\s+(?:mas\s+)?(?:lo\s+|la\s+|se\s+)?" + _SEE + r"|"
    # Kept among the writer's own notes: "guárdalo en mis notas", "que sea una nota mía, de
    # nadie más", "esto es mío y de nadie más".
    r"(?:apunta|anota|guarda|pon|mete|deja)(?:l[oa]s?|mel[oa]s?)?\s+en\s+mis\s+(?:notas|apuntes)\b|"
    r"(?:que\s+(?:sea|quede(?:\s+como)?)\s+)?(?:una\s+)?nota\s+(?:solo\s+|solamente\s+)?mia(?:\s*,?\s+(?:y\s+)?de\s+nadie\s+mas)?\b|"
    r"(?:que\s+sea\s+|es\s+)?(?:mi[oa]s?|para\s+mi)\s*,?\s+(?:y\s+)?de\s+nadie\s+mas\b|"
    r"que\s+sea\s+(?:solo\s+)?mi[oa]\b|"
    # Kept from the others, or from people by name, as what they cannot do: "que Andrés y
    # Carmen no puedan verlo", "que nadie más pueda leerlo", "que no lo pueda ver nadie".
    r"que\s+(?:(?:el|la|mi)\s+)?[a-z]{3,}(?:\s*(?:,|\by\b|\be\b|\bni\b)\s*(?:(?:el|la|mi)\s+)?[a-z]{3,})*\s+"
    r"(?:mas\s+)?no\s+(?:lo\s+|la\s+)?(?:pueda|puedan)\s+(?:ver|leer|saber)(?:lo|la)?\b|"
    r"que\s+nadie\s+(?:mas\s+)?(?:lo\s+|la\s+)?pueda\s+(?:ver|leer|saber)(?:lo|la)?\b|"
    r"que\s+no\s+(?:lo|la)\s+(?:pueda|puedan)\s+(?:ver|leer|saber)\s+(?:nadie|(?:el\s+|la\s+)?[a-z]{3,})|"
    # Somebody, by name or as the others, need not know: "Lucía no tiene por qué enterarse",
    # "no hace falta que Andrés lo sepa", "los demás no necesitan saberlo".
    r"(?:^|[,;:.]\s*|\bpero\s+)(?:(?:el|la|mi)\s+)?(?:[a-z]{3,}|"
    + _OTHERS
    + r")\s+no\s+(?:tiene|tienen|"
    r"necesita|necesitan)\s+(?:por\s+que\s+|que\s+)?(?:enterarse|saber(?:lo|la)?|ver(?:lo|la)|"
    r"leer(?:lo|la))(?:\s+(?:de\s+)?(?:esto|eso|nada))?(?=\s*(?:$|[,.;:!]|(?:pero|y)\b))|"
    r"no\s+(?:hace\s+falta|es\s+necesario|tiene\s+por\s+que)\s+que\s+(?:(?:el|la|mi)\s+)?(?:[a-z]{3,}|"
    + _OTHERS
    + r")\s+(?:lo\s+|la\s+|se\s+)?(?:sepa|sepan|entere|enteren|vea|vean|lea|lean)\b|"
    # The note itself kept from one person: "que no lo vea Andrés: …" (decision 0024).
    r"que\s+no\s+(?:lo|la|esto)\s+(?:vea|vean|lea|lean|sepa|sepan)\s+(?:el\s+|la\s+|mi\s+)?[a-z]{3,}|"
    # "que no le llegue a Lucía", "que no les llegue a los de obra" (policy round 33).
    r"que\s+no\s+(?:le|les|se\s+lo|se\s+la)\s+(?:llegue|lleguen)\s+a\s+(?:el\s+|la\s+|los\s+|las\s+|mi\s+)?"
    r"(?!tiempo\b|hora\b|casa\b|destino\b|obra\b|tienda\b|almacen\b|oficina\b)[a-z]{3,}|"
    # "esto es mío mío", "mía mía": the writer's own, twice over.
    r"\bmi[oa]\s+mi[oa]\b|"
    # "que el resto no lo sepa", "q los demás no se enteren".
    r"(?:que|q|quiero\s+que)\s+" + _OTHERS + r"\s+(?:mas\s+)?no\s+(?:lo\s+|la\s+|los\s+|las\s+|"
    r"se\s+lo\s+|se\s+la\s+)?" + _SEE + r"|"
    # "solo yo", "solo lo sé yo", "para uso personal", "mis ojos nada más".
    r"(?:solo|solamente)\s+yo\s+lo\s+(?:se|sabre|veo|vere)\b|"
    r"^\W*(?:solo|solamente)\s+yo\b|(?:solo|solamente)\s+(?:lo\s+)?(?:se|sabre|veo|vere)\s+yo\b|"
    r"(?:para|de)\s+uso\s+(?:personal|privado|propio)|"
    # "personal" alone is also the staff ("el personal de limpieza"): only as a heading.
    # "privado" said of a thing ("su número privado, el 655…", "un camino privado") is no wish.
     + _NOT_OF_A_THING + r"(?:privado|privada|confidencial)\s*[:,.]|^\s*personal\s*:|"
    r"(?:en|de\s+forma|de\s+manera)\s+(?:privad[oa]|confidencial|personal)|"
    r"^\W*(?:privado|privada|confidencial)\b|"
    r"\b(?:es\s+)?" + _NOT_OF_A_THING + r"(?:privado|privada|confidencial)\s*$|"
    r"(?:nota|apunte)\s+(?:privad[oa]|personal)|"
    # Keeping it quiet, in everyday words: "guárdatelo", "ni una palabra a nadie", "que no salga
    # de aquí", "no lo comentes", "en secreto", "de tapadillo", "es personal", "confidencial".
    r"confidencial(?:es|mente)?|en\s+confianza|ni\s+mu\b|secreto\s+de\s+sumario|"
    r"^\W*(?:reservad[oa]|secreto)\s*[:,.!]|"
    r"no\s+(?:lo|la|se\s+lo)?\s*" + _SEE + r"\s+nadie|no\s+lo\s+sabe\s+nadie|"
    r"(?:solo|solamente)\s+(?:es\s+)?(?:mio|mia|lo\s+mio)\b|(?:en|para)\s+lo\s+mio\b|"
    r"(?:para|pa)\s+mi\s+sol[oa]|"
    r"que\s+quede\s+(?:aqui|aca|en\s+casa|entre\s+(?:nosotros|nosotras|tu\s+y\s+yo|los\s+dos))|"
    r"no\s+(?:lo|la)\s+hagas\s+public[oa]|"
    r"no\s+quiero\s+que\s+(?:esto\s+|se\s+)?(?:trascienda|salga|se\s+sepa|se\s+filtre)|"
    r"guardatel[oa]s?|callatel[oa]s?|(?:ni|sin)\s+(?:una\s+)?palabra\s+a\s+nadie|"
    r"(?:que\s+)?no\s+(?:salga|sale|trascienda)\s+de\s+(?:aqui|aca|nosotros|esta\s+conversacion)|"
    r"no\s+(?:lo|la|los|las|se\s+lo)?\s*comentes\b|"
    r"no\s+(?:lo|la|los|las|se\s+lo)\s+(?:sueltes|filtres|reenvies|pases)\b|"
    r"(?:en|es|esto\s+es|eso\s+es|top|alto)\s+secreto|de\s+tapadillo|a\s+escondidas|"
    r"privadit[oa]|(?:es|esto\s+es|eso\s+es|va|lo\s+digo)\s+(?:algo\s+)?(?:privad[oa]|personal)\b"
    r"(?!\s+(?:de|del|nuevo|nueva|contratad[oa]|extern[oa]|propio|fijo|temporal|sanitario|laboral)\b)|"
    r"(?:solo|solamente|unicamente)\s+(?:lo\s+)?(?:tienes\s+que|debes|puedes|necesitas)\s+saber(?:lo)?\s+tu|"
    r"(?:solo|solamente)\s+(?:para\s+)?(?:ti|tus\s+ojos)\s+y\s+(?:para\s+)?mi|"
    # "ni se te ocurra compartirlo", "mantenlo privado", "para mis ojos", "keep this to myself".
    r"ni\s+se\s+te\s+ocurra\s+(?:compartir|decir|contar|ensenar|pasar)\w*|"
    r"(?:mantenl[oa]|dejal[oa]|tenl[oa]|guardal[oa])\s+(?:en\s+)?(?:privad[oa]|secreto|reservad[oa])|"
    # Kept out of others' sight, said of the note: "mantén esto oculto para el resto de
    # usuarios", "déjalo escondido a los demás", "en modo privado", "le ruego discreción".
    r"(?:manten|deja|guarda|ten)(?:l[oa])?\s+(?:esto\s+|eso\s+)?(?:ocult[oa]|escondid[oa]|en\s+secreto|"
    r"en\s+reserva)|"
    # "oculta a los demás…" opening a clause is an order on records, not this marker.
    r"(?:oculto|(?:esta|este|quede|queda)\s+oculta|escondid[oa]|invisible|vedad[oa])\s+(?:para|a|de)\s+"
    + _OTHERS
    + r"|"
    r"(?:en\s+)?(?:modo|plan)\s+(?:privad[oa]|confidencial|secreto|incognito|personal)|"
    r"(?:ruego|pido|con|maxima|absoluta|total|mucha|toda\s+la)\s+discrecion|"
    r"discrecion\s+(?:absoluta|total|maxima|por\s+favor)|"
    # Policy round 32: discretion asked on its own ("…del último aviso. discreción porfa"), the
    # River Plate's and Mexico's "entre nos", the writer and Suma as the only ones to know ("que
    # lo sepamos tú y yo nada más"), not wanting to tell yet ("no lo quiero contar todavía"), and
    # the polite "quédeselo usted conmigo".
    r"(?:^|(?<=[.,;:!¡]\s)|(?<=[.,;:!¡]))discrecion\s*,?\s*(?:(?:porfa\w*|por\s+favor|please|eh|vale|ok)\b"
    r"\s*)?(?:[.!,;]|$)|"
    r"\b(?:(?:que\s+)?(?:queda|quede)\s+)?entre\s+nos(?:\s+" + _NO_MORE + r")?\b|"
    r"\blo\s+sepamos\s+(?:(?:solo|solamente)\s+)?(?:tu|usted|vos)\s+y\s+yo"
    r"(?:\s+" + _NO_MORE + r")?\b|"
    r"\b(?:tu|usted|vos)\s+y\s+yo\s+(?:" + _NO_MORE + r"|sol[oa]s|y\s+(?:ya|punto))\b|"
    r"\b(?:(?:todavia|aun)\s+)?no\s+(?:lo\s+|la\s+)?(?:quiero|pienso)\s+(?:contar|decir|comentar|"
    r"compartir|soltar)(?:lo|la)?(?:\s+(?:todavia|aun|de\s+momento|por\s+ahora))?\b|"
    # Policy round 32, second pass: the note hidden from everybody "pa los demás"; kept in reserve
    # in the usted form ("le ruego mantenga en reserva la siguiente información"); not visible to
    # the others; "solo quiero verlo yo"; a list of people none of whom may know ("ni a Lucía ni
    # a Andrés ni a nadie", "ni a Carmen ni a Andrés, eh"); "tú esto te lo callas"; kept in the
    # writer's own account; "nada de pasarlo al resto".
    r"(?:oculto|oculta|escondid[oa])\s+pa\s+" + _OTHERS + r"|"
    r"\b(?:mantenga|guarde|tenga|deje)(?:l[oa])?\s+(?:esto\s+|eso\s+)?(?:en\s+reserva|en\s+secreto|"
    r"reservad[oa]|ocult[oa]|en\s+privado|en\s+confianza)\b|"
    r"\bno\s+(?:sea|este|quede|resulte)\s+visible\s+(?:para|a|por)\s+(?:" + _OTHERS + r"|nadie)|"
    r"(?:solo|solamente|unicamente)\s+(?:lo\s+|la\s+)?quiero\s+(?:ver|saber|tener|leer)(?:lo|la)?\s+yo\b|"
    r"(?:^|(?<=[.,;:!¡]\s)|(?<=[.,;:!¡]))ni\s+a\s+[a-z]{3,}(?:\s+ni\s+a\s+[a-z]{3,})+\b|"
    r"\bte\s+(?:lo|la)\s+(?:callas|calles|guardas|quedas)\b|"
    r"(?:solo|solamente)?\s*en\s+mi\s+(?:cuenta|espacio|zona|apartado|parte)\b"
    r"(?!\s+(?:de|del|bancaria|corriente)\b)|"
    r"\b(?:" + _OTHERS + r")(?:\s+del?\s+(?:la\s+)?[a-z]{3,})?\s+no\s+"
    r"(?:tienen|tiene|necesitan|necesita|deben|debe)\s+(?:por\s+que\s+|porque\s+|que\s+)?(?:saber(?:lo|la)?|enterarse|ver(?:lo|la))\b|"
    r"\bnada\s+de\s+(?:pasar|compartir|contar|decir|ensenar|mandar)(?:lo|la|selo|sela)?\s+(?:a|al|con)\s+"
    r"(?:" + _OTHERS + r"|resto|nadie)\b|"
    r"\b(?:lo\s+)?(?:tenemos|sabemos)\s+(?:solo\s+)?(?:tu|vos|usted)\s+(?:y|e)\s+(?:yo|io)\b|"
    r"\b(?:nadie|ninguno|ninguna)\s+(?:mas\s+)?(?:salvo|menos|excepto|aparte\s+de)\s+yo\b|"
    r"\bnotas?\s+(?:de\s+las\s+)?mias\b|"
    r"\b(?:fuera|lejos)\s+de\s+(?:la\s+)?vista\s+de\s+(?:" + _OTHERS + r"|los\s+otros|todos)\b|"
    r"\brestringid[oa]\s+a\s+(?:mi|mi\s+usuario|mi\s+cuenta|mi\s+persona)\b|"
    r"\bme\s+(?:guardas|apuntas|anotas|dejas|reservas)\s+(?:esto\s+|eso\s+)?(?:solo\s+|nomas\s+)?"
    r"(?:a|para|pa)\s+mi\b|"
    r"\bno\s+(?:hace\s+falta|es\s+necesario)\s+que\s+(?:lo\s+|se\s+)?(?:sepa|sepan|entere|enteren|vea|"
    r"vean)\s+(?:" + _OTHERS + r"|la\s+oficina|el\s+resto|el\s+equipo)\b|"
    r"\bno\s+quiero\s+que\s+(?:esto\s+|eso\s+)?(?:sea|este|quede)\s+(?:visible|accesible|a\s+la\s+vista)\b|"
    r"\b(?:ocultal[oa]|escondel[oa]|ocultalo|escondelo)\s+(?:a|al|de|del)\s+(?:resto|"
    + _OTHERS
    + r")|"
    r"\blo\s+(?:se|tengo|llevo|manejo)\s+yo\s+(?:y\s+ya|y\s+punto|sol[oa]|nada\s+mas|nomas)\b|"
    # Kept from colleagues by name: "que la Lucía y el Andrés no lo vean".
    r"\bque\s+(?:(?:el|la)\s+)?[a-z]{3,}(?:\s+(?:y|e|ni)\s+(?:(?:el|la)\s+)?[a-z]{3,})+\s+no\s+(?:lo|la|se\s+lo)\s+"
    + _SEE
    + r"\b|"
    r"\bde\s+(?:los|las)\s+(?:que|q)\s+no\s+(?:se\s+)?(?:comparten|ven|ensenan|cuentan|sabe|saben)\b|"
    r"\b(?:quedesel[oa]|guardesel[oa]|quedatel[oa])(?:\s+usted)?(?:\s+conmigo)?"
    r"(?:\s+" + _NO_MORE + r")?\b|"
    r"(?:para|pa)\s+(?:tu|su)\s+conocimiento\s+y\s+(?:el\s+)?mio|"
    r"(?:para|pa)\s+mis\s+ojos|"
    # "Para mis notas personales:", "pa mis apuntes": the writer's own notebook.
    r"(?:para|pa)\s+mis\s+(?:notas|apuntes|cosas)(?:\s+(?:personales|privadas))?\b"
    r"(?!\s+(?:de|del)\b)|"
    # Hidden from people named: "apúntalo sin que lo vean Andrés ni Carmen".
    r"sin\s+que\s+(?:lo\s+|la\s+|se\s+)?"
    + _SEE
    + r"\s+(?:"
    + _OTHERS
    + r"|[a-z]{3,}\s+ni\s+[a-z]{3,}|(?:los\s+de\s+)?la\s+oficina|el\s+taller|la\s+empresa|"
    r"todo\s+el\s+mundo|todos|los\s+jefes|el\s+jefe|la\s+jefa)|"
    r"no\s+(?:lo\s+|la\s+)?(?:tiene|tienen|debe|puede|necesita)\s+(?:que\s+)?"
    r"(?:ver|saber|leer)(?:lo)?\s+nadie|"
    r"(?:to|for)\s+myself|just\s+for\s+me|only\s+for\s+me|for\s+me\s+only|"
    # Policy round 31: "note to self", "not for the team (memory)".
    r"notes?\s+to\s+(?:self|myself)|not\s+for\s+(?:the\s+)?(?:team|company|others|everyone|shared)\b|"
    # As a heading or an aside: "only me: …", "just me, …", "me only".
    r"(?:^|[(\-–—,;]\s*)(?:only|just)\s+me\s*[:,.)\-–—]|\bme\s+only\b|keep\s+(?:it|this(?:\s+one)?|that(?:\s+one)?)\s+(?:private|to\s+yourself|secret|"
    r"between\s+us|quiet)|"
    r"(?:don'?t|do\s+not|never)\s+(?:share|tell\s+(?:anyone|anybody|the\s+others|the\s+team|"
    r"the\s+rest|everyone|people))|"
    r"for\s+(?:my|your)\s+eyes\s+only|confidential|off\s+the\s+record|private\s+note|"
    r"between\s+(?:us|you\s+and\s+me)|(?:it'?s\s+)?private\s*[:,.]|personal\s+note|"
    # Policy round 28. Seen by the writer alone: "que esto lo vea solo yo", "de forma que solo
    # lo vea yo", "prefiero que lo sepa yo solo", "sólo lo quiero ver yo".
    r"(?:vea|lea|sepa|veamos|sepamos)\s+(?:solo|solamente|unicamente)\s+(?:yo|tu\s+y\s+yo)\b|"
    r"(?:solo|solamente|unicamente)\s+(?:lo|la)\s+(?:vea|lea|sepa|veamos|sepamos)\s+(?:yo|tu\s+y\s+yo)\b|"
    r"(?:lo|la)\s+(?:sepa|vea)\s+yo\s+sol[oa]\b|"
    r"(?:solo|solamente)\s+lo\s+quiero\s+(?:ver|saber|tener)\s+yo\b|"
    # Nobody else: "a mí, y a nadie más", "tú y yo y nadie más", "y la de nadie más".
    r"\by\s+(?:a\s+|(?:la|el)\s+de\s+)?nadie\s+mas\s*(?:[,.:;!)\-–—]|$)|"
    # Kept from the boss and everybody: "que no lo vea ni el jefe ni nadie".
    r"no\s+(?:lo|la|se\s+lo)?\s*" + _SEE + r"\s+ni\s+[^.:;!?\n]{1,40}?\bni\s+nadie\b|"
    r"que\s+(?:esto|eso)\s+no\s+trascienda\b|"
    r"no\s+lo\s+(?:tiene|tienen)\s+que\s+saber\s+ni\b|"
    # The writer's own notebook: "en mi cajón, no en el de todos", "apúntalo en mi libreta",
    # "en mi memoria personal", "mantenlo en mi perfil nada más", "solo en mis notas".
    r"(?:en|a)\s+mi\s+(?:cajon|libreta|cuaderno|memoria|perfil|agenda)(?:\s+(?:personal|privad[oa]))?\b"
    r"(?!\s+(?:de\s+)?(?:la\s+)?(?:empresa|equipo|oficina|taller))|"
    r"(?:solo\s+|solamente\s+)?en\s+mis\s+(?:notas|apuntes)\b(?!\s+(?:de|del)\b)|"
    # Mine: "esto es mío, no del grupo", "esto es mío mío", "cosa mía".
    r"(?:esto|eso)\s+es\s+mio(?:\s+mio|\s+y\s+de\s+nadie\s+mas|\s+y\s+solo\s+mio)?\b|\bcosa\s+mia(?:\s+y\s+de\s+nadie\s+mas)?\b|"
    r"(?:me\s+lo|esto\s+me\s+lo)\s+(?:guardo|apunto|anoto|quedo)\s+(?:yo|para\s+mi|a\s+mi)\b|"
    r"(?:apuntatelo|guardatelo|anotatelo)\s+(?:solo\s+)?a\s+ti\b|"
    # Not on the common board: "no lo pongas en el tablón", "no lo subas a lo de empresa".
    r"no\s+lo\s+(?:pongas|subas|metas|dejes|cuelgues)\s+(?:en|a)\s+(?:el\s+tablon|lo\s+(?:de\s+)?"
    r"(?:la\s+)?empresa|lo\s+comun|lo\s+compartido|la\s+memoria\s+(?:comun|compartida|de\s+(?:la\s+)?"
    r"empresa|del\s+equipo)|el\s+grupo)|"
    r"lejos\s+de(?:l)?\s+(?:resto|los\s+demas|las\s+demas|la\s+plantilla|equipo|los\s+companeros)\b|"
    # Reserved, in formal words: "nota reservada", "con carácter (estrictamente) personal",
    # "a título personal y sin difusión al equipo".
    r"(?:nota|dato|apunte|informacion|info)\s+reservad[oa]|"
    r"caracter\s+(?:estrictamente\s+)?(?:reservado|personal|privado)|"
    r"a\s+titulo\s+(?:estrictamente\s+)?personal|sin\s+difusion\b|"
    r"(?:ponlo|ponla|guardalo|marcalo|dejalo|marca\s+esto|marca\s+eso)\s+como\s+(?:personal|privad[oa])\b|"
    r"(?:no\s+(?:lo\s+|la\s+)?quiero|sin\s+que\s+(?:este|quede))\s+compartid[oa]|"
    r"que\s+(?:se\s+)?quede\s+(?:solo\s+|nomas\s+|solamente\s+)?conmigo\b|"
    # Valencian, Italian and English: "per a mi només", "només ho vull saber jo", "solo per me",
    # "my eyes only", "eyes only".
    r"per\s+a\s+mi\s+nomes|nomes\s+per\s+a\s+mi|nomes\s+ho\s+(?:vull\s+)?saber\s+jo|"
    r"solo\s+per\s+me\b|(?:my\s+)?eyes\s+only|only\s+for\s+my\s+eyes|"
    # Mexican and Colombian: "eso nomás pa' mí", "no le andes contando a los demás"; nobody
    # but the two of us: "quédatelo para ti y para mí"; neither the team nor the company.
    r"(?:nomas|nada\s+mas|solo)\s+(?:para|pa'?)\s+mi\b|"
    r"no\s+(?:se\s+lo\s+|le\s+|les\s+|lo\s+)?(?:andes|vayas)\s+(?:contando|diciendo|ensenando|"
    r"regando)(?:\s+a\s+(?:los\s+demas|nadie|el\s+resto|los\s+otros))?|"
    r"(?:para|pa)\s+ti\s+y\s+(?:para\s+|pa\s+)?mi\b|"
    r"ni\s+(?:para|pa)\s+(?:el\s+equipo|la\s+empresa|todos|los\s+demas|el\s+resto)\b|"
    r"(?:solo|solamente)\s+(?:a|para)\s+mis\s+(?:notas|apuntes)\b|"
    r"(?:don'?t|do\s+not)\s+put\s+(?:this|it)\s+in\s+(?:the\s+)?(?:shared|common|team)|"
    # As a heading or an aside: "ojo: solo yo.", "Visibilidad: solo yo", "(tú a mí, nadie más)".
    r"(?:para|pa|xa|p\s+a)\s+mi\s+sol[oa]\b|(?:solo|solamente)\s+(?:xa|p\s+a)\s+mi\b|"
    # Shared with nobody, whatever the verb (or its spelling): "no lo comaprtas con nadie".
    r"no\s+(?:lo|la|se\s+lo)\s+[a-z]{4,12}s\s+con\s+nadie\b|"
    r"no\s+quiero\s+que\s+(?:[a-z]+\s+){0,2}compartid[oa]|"
    r"(?:mantenga|mantengas|quede|guarde|guardes)\s+como\s+(?:privad[oa]|personal|reservad[oa])\b"
    r")|"
    # As a heading or an aside: "ojo: solo yo.", "Visibilidad: solo yo", "(tú a mí, nadie más)".
    r"(?:^|[:;,.(\-–—]\s*)(?:solo|solamente)\s+yo\s*(?:[.:,;)!\-–—\n]|$)|"
    r"[,(]\s*(?:y\s+)?(?:a\s+)?nadie\s+mas\b|"
    # A field saying so: {"privado": true}.
    r"[\"']priva(?:do|da|te)[\"']\s*:\s*(?:true|si|1)\b|"
    r"\(\s*[¡!]+\s*(?:privad[oa]|confidencial)\s*[!.]*\s*\)|"
    # A marker in parentheses or after a dash: "(privado)", "– confidencial".
    r"\(\s*(?:esto\s+(?:es\s+)?)?(?:privad[oa]|confidencial|personal|secreto)\s*\)|"
    # Shortened: "(priv.) …", "priv: …", "(conf.)".
    r"\(\s*(?:priv|conf|pers)\.?\s*\)|^\W*(?:priv|conf)\.?\s*[:\-–—]|"
    r"[-–—]\s*(?:privad[oa]|confidencial)\b|"
    # A marker as a hashtag: "#privado Frutería La Huerta…", "#confidencial".
    r"#(?:privad[oa]|confidencial|private|secreto)\b|"
    # Kept quiet: "sin que trascienda", "guárdamelo bajo llave", "shhh", a locked padlock or a
    # zipped mouth; "guárdalo como privado", "no lo hagas visible a los compañeros".
    r"\b(?:sin\s+que|que\s+no)\s+trascienda\b|\bbajo\s+(?:siete\s+|7\s+|mil\s+)?llaves?\b|\bsh{2,}\b|\U0001f512|\U0001f910|"
    # Policy round 33: the shushing face and the monkey covering its mouth.
    r"\U0001f92b|\U0001f64a|"
    r"\b(?:guarda|apunta|anota|marca|pon|deja)(?:me|te)?(?:lo|la|los|las)?\s+(?:como\s+)?"
    r"(?:privad[oa]s?|confidencial(?:es)?)\b|"
    r"\bno\s+lo\s+(?:hagas|pongas|dejes)\s+visible\s+(?:a|para)\s+(?:nadie|los\s+demas|el\s+resto|"
    r"los\s+companeros|las\s+companeras|los\s+otros)\b"
)
# A narrowing word said not to apply: "no es privado, compártelo", "esto no es secreto".
_NOT_NARROW = re.compile(
    r"\b(?:no\s+(?:es|son|va|hace\s+falta\s+que\s+sea)\s+(?:nada\s+|ningun\s+|algo\s+)?"
    r"(?:privad[oa]s?|confidencial(?:es)?|secreto|personal)|"
    # "Para la empresa, no solo para mí", "no lo guardes solo para ti", "not just for me".
    r"no\s+(?:es\s+|lo\s+guardes\s+|lo\s+dejes\s+)?(?:solo|solamente|unicamente)\s+(?:para|pa)\s+"
    r"(?:mi|ti)(?:\s+sol[oa])?|no\s+(?:para|pa)\s+mi\s+sol[oa]|"
    # "pa la empresa, no pa mí": the writer's own space, refused.
    r"(?<=[,;]\s)no\s+(?:para|pa)\s+mi\b|"
    r"not\s+(?:just|only)\s+(?:for\s+)?me|"
    r"(?:it'?s|this\s+is|is)\s+not\s+(?:private|confidential|secret|personal)|"
    # "Apúntalo en lo común, no en lo mío": the writer's own space, refused; "que quede en la
    # empresa, no solo en lo mío": more than the writer's own space.
    r"no\s+(?:solo\s+|solamente\s+|unicamente\s+)?(?:en|a)\s+lo\s+(?:mio|personal|privado)|"
    r"\bno\s+(?:solo|solamente|unicamente)\s+(?:mio|mia|(?:para|pa)\s+mi)\b|"
    r"no\s+(?:solo|solamente|unicamente)\s+(?:en|a)\s+mis\s+(?:notas|apuntes|cosas)|"
    # More than the writer's: "apúntalo en lo de la casa, que no sea solo mío" (policy round 32).
    r"no\s+(?:sea|es|quede|este)\s+(?:solo|solamente|unicamente)\s+(?:mio|mia|lo\s+mio|(?:para|pa)\s+mi)\b|"
    # Policy round 33: "que no se quede solo en mi usuario", "no solo la mía", "nada de
    # guardártelo para mí solo": the writer's own place, as the only place, refused.
    r"\bno\s+(?:[a-z]+\s+){0,3}(?:solo|solamente|unicamente)\s+(?:en|a|para|pa)\s+(?:mi|mis|lo\s+mio)\b|"
    r"\bno\s+(?:solo|solamente|unicamente)\s+(?:la|el|lo)\s+(?:mia|mio)\b|"
    r"\bno\s+(?:[a-z]+\s+){0,3}(?:para|pa)\s+mi\s+sol[oa]\b|"
    r"\bnada\s+de\s+(?:guard|apunt|dej|qued|reserv)\w*\s+(?:[a-z]+\s+)?(?:para|pa)\s+mi(?:\s+sol[oa])?\b|"
    r"\bno\s+hace\s+falta\s+que\s+(?:lo|la|me\s+lo)\s+(?:guardes|pongas|dejes|apuntes)\s+(?:en|como)\s+privad[oa]\b|"
    # Said as an aside after what is asked: "Público para la empresa, no privado: …".
    r"(?<![^\W\d_])(?:(?<=[,;(])|(?<=[,;(]\s))no\s+(?:privad[oa]s?|confidencial(?:es)?|secreto))\b"
)
_NOTE_KIND = (
    r"(?:nota|notas|info|informacion|dato|datos|aviso|apunte)\s+(?:comun(?:es)?|compartid[oa]s?|"
    r"de\s+(?:todos|equipo))\b"
)
# Everybody, in other words: "todo el grupo", "toda la gente de la oficina", "todos los
# compañeros".
_ALL_OF_US = (
    r"(?:todo\s+el\s+grupo|toda\s+la\s+gente(?:\s+(?:de\s+la|del|de)\s+(?:oficina|empresa|taller|equipo|"
    r"tienda|obra|casa))?|todos\s+los\s+(?:companeros|trabajadores|empleados|chicos|tecnicos|"
    r"operarios|fontaneros)|todas\s+las\s+(?:companeras|chicas|trabajadoras)|"
    # Policy round 30: the place for its people, the colleagues, the rest of the team.
    r"todo\s+el\s+(?:taller|almacen|personal)|toda\s+la\s+(?:tienda|plantilla|oficina)|"
    r"los\s+companeros|las\s+companeras|el\s+resto\s+del\s+(?:equipo|personal|taller|grupo)|"
    r"el\s+resto\s+de\s+la\s+(?:empresa|oficina|plantilla)|"
    # Policy round 31: the crowd in Spain's slang, "info pa toda la peña".
    r"toda\s+la\s+(?:pena|basca|cuadrilla|tropa|panda))"
)
_SHARE = re.compile(
    r"(?<!\w)(?:"
    # Policy round 33: the note said to belong to everybody: "esto es de todos, no mío", "no me lo
    # guardes, es de la empresa: …" (never "la furgoneta es de la empresa", a fact).
    r"\b(?:(?:que\s+)?para\s+)?(?:esto|eso|este\s+dato|esta\s+info(?:rmacion)?|esta\s+nota)\s+es\s+(?:de\s+todos|del\s+equipo|"
    r"de\s+la\s+empresa|de\s+la\s+casa)\b|(?:^|(?<=[,;.])\s*)es\s+(?:de\s+todos|del\s+equipo|de\s+la\s+empresa)(?=\s*[:.])|"
    # Policy round 32: kept as the team's ("apúntalo como nota compartida", "guárdalo como
    # conocimiento del equipo", "como dato compartido con el equipo").
    r"\bcomo\s+(?:una\s+)?(?:nota|dato|informacion|info|conocimiento)\s+(?:compartid[oa]|comun|"
    r"del\s+equipo|de\s+(?:la\s+)?empresa|de\s+todos)\b|"
    # Policy round 30, by composition: everybody must know it ("todo el equipo debe saberlo",
    # "esto lo tienen que saber todos"), keep it in mind ("tenedlo todos en cuenta", "que lo
    # tenga en cuenta todo el mundo"), passed to the team ("pásalo al equipo", "comparte con
    # la oficina"), public ("esto es público").
    r"(?:todos|todo\s+el\s+mundo|todo\s+el\s+equipo|el\s+equipo|los\s+demas|el\s+resto|toda\s+la\s+"
    r"(?:empresa|oficina|plantilla)|"
    + _ALL_OF_US
    + r")\s+(?:lo\s+|la\s+)?(?:debe|deben|tiene|tienen|deberia|deberian|tendria|tendrian|ha|han|"
    r"teneis|debeis|tenemos|debemos)\s+"
    r"(?:que\s+|de\s+)?(?:saber|conocer|tener\s+en\s+cuenta)"
    r"(?:lo|la)?\b|"
    r"(?:hazlo|hazla|haz)\s+saber\s+(?:a\s+todos|al\s+equipo|a\s+todo\s+el\s+(?:equipo|mundo|personal)|"
    r"al\s+resto|a\s+los\s+demas|a\s+la\s+plantilla)\b|"
    r"para\s+que\s+conste\s+(?:en\s+la\s+empresa|para\s+todos|en\s+lo\s+comun)\b|"
    r"\bes\s+de\s+la\s+empresa\s*,?\s+no\s+(?:mio|mia|personal)\b|"
    r"(?:lo|la|esto|eso|que)\s+(?:lo\s+|la\s+)?(?:debe|deben|tiene|tienen|deberian|tendrian)\s+(?:que\s+|de\s+)?"
    r"(?:saber|conocer)\s+(?:todos|todo\s+el\s+mundo|todo\s+el\s+equipo|los\s+demas|el\s+resto|"
    + _ALL_OF_US
    # "… que tiene que saber todos los precios" names what, not who.
    + r")(?!\s+(?:los|las|el|la|sus|de)\b)|"
    r"tened(?:lo|la|los|las)?\s+(?:todos\s+)?en\s+cuenta\b|"
    r"(?:tenga|tengan|tengais)\s+en\s+cuenta\s+(?:todos|todo\s+el\s+mundo|todo\s+el\s+equipo|"
    r"los\s+demas|el\s+resto)\b|"
    r"(?:tengan|tengais)\s+(?:todos|todo\s+el\s+mundo)\s+en\s+cuenta\b|"
    r"(?:pasa|comparte|sube|reenvia)(?:lo|la|selo|sela)?\s+(?:a|al|con)\s+(?:el\s+|la\s+)?(?:equipo|"
    r"oficina|plantilla|resto\s+del\s+equipo)\b|"
    r"(?:esto|eso)\s+es\s+public[oa]\b|"
    # Policy round 30: "súbelo a lo compartido", "para el resto del equipo".
    r"(?:sube|pasa|pon|mete|guarda|deja)(?:lo|la|los|las)?\s+(?:a|en)\s+lo\s+(?:compartido|comun)\b|"
    r"(?:para|pa)\s+" + _ALL_OF_US + r"|"
    r"(?:para|pa)\s+(?:todos|todo\s+el\s+mundo|toda\s+la\s+empresa|la\s+empresa|el\s+equipo|"
    r"todo\s+el\s+equipo|toda\s+la\s+oficina|"
    r"toda\s+la\s+organizacion|la\s+organizacion|los\s+companeros|el\s+resto|"
    r"toda\s+la\s+plantilla|la\s+plantilla|todo\s+el\s+personal|" + _ALL_OF_US + r")"
    # "para el equipo de Paterna" names one team, not everybody.
    r"(?!\s+(?:de|del)\b)|"
    # "que quede en la empresa", "que se quede en lo común": where the note is to stay.
    # Policy round 29: "esto que quede para todos los de la empresa", read whole.
    r"(?:que\s+(?:se\s+)?(?:quede|este|sea)\s+)?(?:para|pa)\s+todos\s+(?:los|las)\s+de\s+(?:la\s+empresa|"
    r"la\s+oficina|la\s+casa|casa|aqui|el\s+taller)\b|"
    r"que\s+(?:se\s+)?quede\s+(?:en|para)\s+(?:la\s+empresa|el\s+equipo|lo\s+comun|lo\s+compartido|"
    r"la\s+memoria\s+de\s+(?:la\s+empresa|todos))(?!\s+(?:de|del)\b)|"
    # "apúntalo en lo común", "guárdalo en lo compartido".
    r"(?:guarda|apunta|anota|pon|mete)(?:lo|la|melo)?\s+(?:en|a)\s+lo\s+(?:comun|compartido)\b|"
    # Wherever the note is to go, in any words: "lo quiero en lo común", "déjalo a la vista de
    # todos", "en la memoria de la empresa"; the writer's own space refused: "no en la mía".
    # A negated form ("no lo pongas en lo común") is read first, as a private marker.
    r"en\s+lo\s+(?:comun|compartido)\b(?!\s+(?:de|del)\b)|en\s+lo\s+de\s+todos\b|"
    # Passed on to the others, read by all, of general interest: "pásalo a los compañeros",
    # "comparte con el resto", "súbelo a lo de todos", "que lo lean todos", "es de interés
    # general", "que le llegue a todos".
    r"(?<!\bse\s)(?:pasa|comparte|sube|manda|reenvia|hazlo\s+llegar|haz\s+llegar)(?:lo|la|selo|sela)?\s+"
    r"(?:a|con)\s+(?:los\s+companeros|las\s+companeras|el\s+resto|los\s+demas|todos|todo\s+el\s+equipo|"
    r"lo\s+de\s+todos|lo\s+comun|toda\s+la\s+(?:empresa|oficina|plantilla))\b"
    r"(?!\s+(?:de|del|los|las|mis|sus|nuestros|nuestras)\b)|"
    r"que\s+(?:lo\s+|la\s+|esto\s+)?(?:lean|lea|oigan|conozcan|reciban)\s+(?:todos|todo\s+el\s+mundo|"
    r"todo\s+el\s+equipo|los\s+demas|el\s+resto|los\s+companeros)\b|"
    r"(?:es\s+)?de\s+interes\s+general\b|"
    r"que\s+(?:le|les)\s+llegue\s+a\s+(?:todos|todo\s+el\s+equipo|los\s+demas|el\s+resto|"
    r"los\s+companeros)\b|"
    r"(?<!fuera\sde\s)(?<!lejos\sde\s)(?:a\s+la\s+vista|a\s+disposicion)\s+de\s+(?:todos|todo\s+el\s+(?:mundo|equipo|personal)|"
    r"toda\s+la\s+(?:empresa|oficina|plantilla)|los\s+demas|el\s+resto|los\s+companeros)\b|"
    r"en\s+la\s+memoria\s+(?:de\s+la\s+empresa|de\s+todos|comun|compartida|general)\b|"
    r"\bno\s+(?:en|a)\s+(?:la\s+mia|mi\s+memoria|mis\s+notas)\b|"
    # "guárdalo como dato de empresa:", "apúntalo en lo de la empresa".
    r"(?:guarda|apunta|anota|pon|mete)(?:lo|la|melo)?\s+(?:como|en)\s+(?:(?:un|una)\s+)?(?:dato|nota|"
    r"info|informacion|lo)\s+de\s+(?:la\s+)?empresa|"
    # Catalan and Valencian: "per a tots", "per a l'empresa", "compartix-ho".
    r"per\s+a\s+(?:tots|totes|tothom|l'empresa|l'equip|tot\s+l'equip)|compart\w*-ho\b|"
    r"compartix|amb\s+(?:tothom|tot\s+l'equip|l'equip|els\s+companys|les\s+companyes)\b|que\s+ho\s+(?:sapiga|sapia|sapien|vegen|vegin)\s+"
    r"(?:tothom|tots|l'equip)|"
    r"compartel[oa]s?(?:\s+con\s+(?:todos|el\s+equipo|la\s+empresa|el\s+resto|los\s+demas))?|"
    # Policy round 29: said to everybody in the "usted" form too ("compártale a todo el mundo
    # que…", "compártalo con el equipo").
    r"compart[ae](?:l[eoa]s?|selo)\s+(?:a|con)\s+(?:todo\s+el\s+mundo|todos|el\s+equipo|todo\s+el\s+equipo|"
    r"la\s+empresa|el\s+resto|los\s+demas|toda\s+la\s+(?:empresa|oficina|plantilla))\b|"
    # Policy round 30: "para que la vea toda la empresa", "quiero que esto lo sepa todo el equipo".
    r"(?<!\bsin\s)(?:(?:me\s+gustaria|quiero|quisiera|querria|prefiero|preferiria)\s+)?"
    r"(?:para\s+)?que\s+(?:(?:esto|eso)\s+)?(?:(?:lo|la|los|las)\s+)?(?:sepa|sepan|vea|"
    # Policy round 31: the wish in the past subjunctive ("me gustaría que lo tuviera todo el
    # equipo").
    r"vean|tenga|tengan|sepais|tengais|conozca|conozcan|lea|lean|tuviera|tuvieran|viera|vieran|"
    r"supiera|supieran|conociera|conocieran|leyera|leyeran)\s+(?:todos|todo\s+el\s+mundo|"
    r"el\s+equipo|todo\s+el\s+equipo|toda\s+la\s+empresa|los\s+demas|el\s+resto|la\s+plantilla|"
    + _ALL_OF_US
    + r")|"
    # Everybody would do well to know it: "a todo el grupo le vendrá bien saberlo", "les
    # conviene saberlo a todos", "que le sirve a cualquiera que vaya".
    r"(?:a\s+)?(?:todos|todo\s+el\s+mundo|todo\s+el\s+equipo|toda\s+la\s+(?:empresa|oficina|plantilla)|"
    r"los\s+demas|el\s+resto|los\s+companeros|cualquiera|"
    + _ALL_OF_US
    + r")\s+(?:les?\s+)?(?:vendra|viene|vendria|ira|iria|conviene|convendra|interesa|interesara|"
    r"sirve|servira|ayudara|ayuda)\s+(?:bien\s+|mucho\s+)?(?:saber(?:lo|la)?|conocer(?:lo|la)?|"
    r"tener(?:lo|la)\s+(?:en\s+cuenta|presente))\b|"
    r"(?:les?\s+)?(?:vendra|viene|vendria|ira|iria|conviene|convendra|interesa|interesara|sirve|"
    r"servira)\s+(?:bien\s+|mucho\s+)?(?:saber(?:lo|la)?|conocer(?:lo|la)?)?\s*a\s+(?:todos|todo\s+el\s+"
    r"mundo|todo\s+el\s+equipo|toda\s+la\s+(?:empresa|oficina|plantilla)|los\s+demas|el\s+resto|"
    r"los\s+companeros|cualquiera\s+(?:que|del|de\s+la)|" + _ALL_OF_US + r")|"
    r"comparte(?:lo|la)?\s+(?:esto|eso)\s+con\s+(?:todos|el\s+equipo|la\s+empresa|el\s+resto|"
    r"los\s+demas|los\s+companeros)|"
    r"(?:pueden|puede|que\s+lo\s+pueden)\s+(?:saberlo|verlo|saber|ver)\s+todos|"
    r"(?:lo\s+)?puede(?:n)?\s+saber(?:lo)?\s+todo\s+el\s+mundo|puedes\s+compartir(?:lo|la)|"
    r"share\s+(?:it\s+|this\s+)?with\s+(?:everyone|everybody|the\s+team|all)|"
    r"(?:no\s+pasa\s+nada|no\s+me\s+importa)\s+(?:si|que)\s+lo\s+(?:saben|sepan|ven|vean)\s+"
    r"(?:todos|los\s+demas|el\s+equipo)|"
    r"(?:lo|la)\s+compartimos|compartir\s+con\s+(?:todos|el\s+equipo|la\s+empresa)|"
    # The colleagues named who are to see it: "Esto que lo vean también Lucía, Andrés y Carmen:".
    r"que\s+(?:lo|la|esto)\s+(?:vean|sepan|lean|tengan)\s+tambien\s+[a-z]{3,}(?:\s*,\s*[a-z]{3,})*"
    r"\s+y\s+[a-z]{3,}\b|"
    # Said formally or in the passive: "solicito que esto se comparta con todo el equipo".
    r"(?:que\s+)?(?:esto\s+|eso\s+|lo\s+siguiente\s+)?se\s+(?:comparta|compartan|comparte|"
    r"difunda|haga\s+llegar)\s+(?:a|con)\s+(?:todos|todo\s+el\s+(?:equipo|personal|mundo)|"
    r"toda\s+la\s+(?:empresa|plantilla|oficina)|el\s+equipo|la\s+empresa|la\s+plantilla)"
    r"(?!\s+(?:de|del|los|las)\b)|"
    # Said as what the note is, as its heading: "nota compartida:", "info común pa la oficina,
    # …", "ponlo en común". "La nota compartida con Talleres" inside a sentence is a document.
    r"(?:^\W*"
    + _NOTE_KIND
    + r"|"
    + _NOTE_KIND
    + r"(?=\s*[:\-–])|(?:(?<=[\-–(]\s)|(?<=[\-–(]))"
    + _NOTE_KIND
    + r"(?=\s*\)?\W*$))|"
    r"(?:pon|deja|dejad|poned|apunta|anota|guarda|mete|sube)(?:lo|la|los|las)?\s+(?:en|a)\s+"
    r"(?:lo\s+)?comun|"
    # Kept as common, or in the general space: "guárdalo como común:", "apúntalo en lo
    # general", "mételo en la carpeta general", "márcalo como compartido".
    r"(?:pon|deja|apunta|anota|guarda|mete|sube|marca)(?:lo|la|melo|mela)?\s+como\s+(?:(?:algo|"
    r"una?\s+nota|un\s+dato|info)\s+)?(?:comun|compartid[oa]|de\s+todos|general)\b|"
    r"(?:pon|deja|apunta|anota|guarda|mete|sube|pasa)(?:lo|la|melo|mela)?\s+(?:en|a)\s+(?:lo\s+general|"
    r"(?:la|las)\s+(?:memoria|notas|carpeta|parte|seccion)\s+(?:general(?:es)?|comun(?:es)?|compartid[oa]s?))\b|"
    # "pásalo a la memoria compartida", "guárdalo en la memoria de todos".
    r"(?:pasa|pon|deja|apunta|anota|guarda|mete|sube)(?:lo|la|los|las)?\s+(?:en|a)\s+la\s+memoria\s+"
    r"(?:compartida|comun|de\s+todos|de\s+la\s+empresa)|"
    r"(?:team|company|office)-?\s?wide|"
    # "para conocimiento de todos", "a todo el equipo:" as a heading, "que se entere todo el
    # equipo", "comparte esto con la plantilla".
    r"(?:para|pa)\s+(?:el\s+)?conocimiento\s+de\s+(?:todos|todo\s+el\s+equipo|toda\s+la\s+plantilla)|"
    r"^\W*(?:a|para|pa)\s+(?:todo\s+el\s+equipo|toda\s+la\s+plantilla|todo\s+el\s+personal|"
    r"todos\s+los\s+companeros)(?=\s*[:,\-–])|"
    r"que\s+se\s+enteren?\s+(?:todos|todo\s+el\s+mundo|todo\s+el\s+equipo|toda\s+la\s+plantilla|"
    r"toda\s+la\s+oficina|los\s+demas|el\s+resto|" + _ALL_OF_US + r")|"
    r"comparte(?:lo|la)?\s+(?:esto\s+|eso\s+)?con\s+(?:la\s+plantilla|el\s+personal|los\s+chicos|"
    r"toda\s+la\s+oficina|todo\s+el\s+equipo)|"
    r"for\s+every(?:one|body)|share\s+(?:it|this)|"
    r"(?:for|with)\s+the\s+whole\s+(?:crew|team|company|office|staff|gang)|"
    # "for the team lunch" is a meal, not an audience.
    r"for\s+the\s+(?:whole\s+|entire\s+)?(?:team|company|office)(?![ \t]+[a-z])|"
    # Policy round 28. Facing the team: "de cara al equipo", "a todo el personal", "para
    # compañeros y jefes", "para la oficina", "para el grupo", "para el resto de compañeros".
    r"de\s+cara\s+a(?:l|\s+todo\s+el|\s+la)?\s+(?:equipo|todos|empresa|oficina|plantilla)|"
    r"a\s+(?:todo\s+el\s+personal|la\s+totalidad\s+del\s+personal)|"
    r"(?:para|pa|xa)\s+(?:compañeros|companeros|la\s+oficina|la\s+ofi|el\s+grupo|los\s+chicos|"
    r"el\s+resto\s+de\s+(?:companeros|la\s+gente|usuarios))\b(?!\s+(?:de|del)\b)|"
    # Everybody, in chat or regional spelling: "pa tol mundo", "pa tó er mundo", "xa tos",
    # "pa toa la plantilla", "pa tol equipo", "todo cristo".
    r"(?:para|pa|xa)\s+(?:tol|to|toa|toda|todo)\s+(?:el\s+|er\s+|la\s+)?(?:mundo|equipo|plantilla|"
    r"empresa|gente)\b|(?:para|pa|xa)\s+(?:tos|toos)\b|todo\s+cristo\b|"
    # Everybody must or should know: "todos deben saberlo", "que todo el mundo lo tenga en
    # cuenta", "que lo tengan presente todos", "que lo sepamos todos", "que lo veáis todos".
    r"(?:todos|todo\s+el\s+mundo|todo\s+el\s+equipo)\s+(?:deben|deberian|tienen\s+que|han\s+de)\s+"
    r"(?:saber|conocer|tener)\w*|"
    r"que\s+(?:todo\s+el\s+mundo|todos|todo\s+el\s+equipo)\s+(?:en\s+[a-z ]{3,30}?\s+)?"
    r"(?:lo\s+)?(?:tenga|tengan|sepa|sepan)\b|"
    r"que\s+(?:lo\s+|la\s+)?(?:tengan|tengamos|sepamos|veais|veamos|vea|sepa|tenga)\s+(?:presente|en\s+cuenta)?\s*"
    r"(?:tambien\s+)?(?:todos|cualquiera\s+del\s+equipo|cada\s+uno|la\s+oficina|el\s+resto)\b|"
    r"(?:lo\s+)?vea\s+(?:tambien\s+)?(?:la\s+oficina|cualquiera\s+del\s+equipo|cada\s+uno\s+de\s+los)|"
    # Shared, as a heading or a field: "compartido: …", "compartir: …", "memoria compartida sí",
    # "compartido con todos", "información compartida", "ficha común", "notas del equipo",
    # "lo pongo en común", "compartidlo", "visibilidad: empresa".
    r"^\W*(?:compartid[oa]|compartir|publico|public|general)(?=\s*[:\-–—,]|\s+(?:con\s+todos|pls|pa|para)\b)|"
    r"compartid[oa]\s*:\s*si\b|memoria\s+compartida\s*:?\s*si\b|compartid[oa]\s+con\s+todos|"
    r"(?:como\s+)?informacion\s+compartida|ficha\s+comun|notas\s+del\s+equipo|"
    r"(?:lo\s+)?pongo\s+en\s+comun|compartidl[oa]|deixa-ho\s+compartit|"
    r"[\"']?visibilidad[\"']?\s*:\s*[\"']?(?:empresa|equipo|todos|compartid[oa])|"
    # Boards and notices: "ponlo en el tablón", "súbelo al board común", "nota general de la
    # empresa", "aviso general", "comunicado interno", "difusión general", "difúndelo".
    r"(?:(?:pon|sube|cuelga|deja|mete|apunta)\w*\s+(?:en\s+el|al)|para\s+el)\s+(?:tablon|board)\b|"
    r"comparte(?:lo|la)?\s+con\s+(?:la\s+empresa|el\s+equipo|todo\s+el\s+mundo)|xa\s+todos|"
    r"(?:para|pa)\s+toda\s+la\s+casa|(?:esto|eso)\s+es\s+general\b|"
    r"que\s+(?:lo\s+|la\s+)?(?:viera|vieran|supiera|supieran)\s+(?:todo\s+el\s+equipo|todos|todo\s+el\s+mundo)|"
    r"(?:nota|aviso|info|informacion)\s+(?:general|de\s+empresa)\b|comunicado\s+interno|"
    r"difusion\s+general|difunde(?:lo|la)?\b|difundelo|"
    r"(?:publica|publicalo|hazlo\s+publico)\s+(?:esto\s+)?(?:para|dentro\s+de|en)\s+(?:el\s+resto|la\s+empresa|"
    r"el\s+equipo|todos)|publico\s+(?:pa|para)\s+la\s+ofi|"
    r"conocimiento\s+(?:general|comun|de\s+toda\s+la\s+empresa)|interes\s+comun|"
    r"(?:info|informacion|dato)\s+de\s+(?:la\s+)?empresa,?\s+no\s+(?:personal|privad[oa])|"
    r"que\s+sea\s+de\s+(?:la\s+)?empresa|a\s+nivel\s+(?:de\s+)?empresa|#(?:equipo|empresa|todos)\b|"
    # Galician, Portuguese, Italian and Valencian: "para toda a xente", "fica para toda a
    # equipa", "per tutti", "per a tota l'empresa".
    r"(?:para|pra)\s+toda\s+a\s+(?:empresa|xente|equipa|gente)|per\s+tutti\b|"
    r"per\s+a\s+tota\s+l'(?:empresa|equip)|que\s+ho\s+sapiga\s+tot\s+l'equip|"
    # English: "make this visible to the whole team", "make this a team memory", "FYI team".
    # Told to the whole team in Latin American words: "díganle a todos los chavos", "avísale a
    # toda la raza"; whoever of the team, never "todos los clientes".
    r"(?:diganle|digale|dile|diles|decidle|avisale|avisales|avisa|avisad|avisen)\s+a\s+(?:toda\s+la\s+"
    r"raza|la\s+raza|la\s+banda|todos\s+los\s+(?:chavos|chicos|muchachos|companeros|del\s+taller|de\s+la\s+"
    r"oficina)|todo\s+el\s+equipo|toda\s+la\s+plantilla|los\s+demas|el\s+resto)|"
    r"(?:make|keep)\s+(?:this|it)\s+(?:visible\s+to\s+(?:the\s+whole\s+team|everyone|everybody|all)|"
    r"a\s+team\s+(?:memory|note))|fyi\s+(?:team|all|everyone)\b|\beverybody\b"
    r")\b"
)

# The writer's own life, in the first person. Family and people close to them; plans that are
# theirs (holidays, moving, leaving, studies); tastes; health; where and how they live.
_OWN_LIFE = re.compile(
    r"(?<!\w)(?:"
    # family and close people
    # Galician and Catalan: "os meus pais", "a miña nai", "la meua mare", "els meus fills".
    r"(?:os\s+meus|as\s+minas|d?o\s+meu|da\s+mina|a\s+mina|els\s+meus|les\s+meves|les\s+meues|d?el\s+meu|"
    r"la\s+meva|la\s+meua)\s+(?:pais|pares|nai|mare|pai|pare|fill[oa]s?|fill[ae]?s?|irmans?|irmas?|"
    r"germans?|germanes?|home|muller|dona|marit|parella|avos?|avis?|avoa|avia|poble|pobo|aldea)\b|"
    r"mis?\s+(?:hij[oa]s?|mujer|marido|espos[oa]|pareja|novi[oa]|madre|padre|padres|mama|mami|papa|papi|"
    r"guel[oa]s?|aguel[oa]s?|yay[oa]s?|"
    r"herman[oa]s?|abuel[oa]s?|niet[oa]s?|suegr[oa]s?|cunad[oa]s?|prim[oa]s?|ti[oa]s?|"
    r"sobrin[oa]s?|familia|peques?|crios?|(?:ninos?|ninas?)(?!\s*(?:[,!:.?]|$))|bebe|perr[oa]s?|gat[oa]s?|"
    r"mascota|amig[oa]s?|vecin[oa]s?)|"
    # A child on the way: "con el segundo niño en camino".
    r"(?:nino|nina|bebe|hijo|hija|peque|crio|cria)\s+en\s+camino|"
    r"(?:tengo|tenemos)\s+(?:un|una|dos|tres|cuatro|cinco)\s+(?:hij[oa]s?|nin[oa]s?|perr[oa]s?|gat[oa]s?|"
    r"bebe|niet[oa]s?|sobrin[oa]s?)|"
    # Policy round 28: a match, a race or a tournament of one's own ("el finde tengo torneo de
    # fifa"); quitting smoking; where one comes from ("soy de Lugo y vine a Valencia en 2010",
    # Galician "son de Lugo e vin a Valencia").
    r"(?:tengo|juego|jugamos|corro|corremos)\s+(?:un\s+|una\s+|el\s+|la\s+)?(?:torneo|partido|"
    r"campeonato|maraton|media\s+maraton|carrera\s+popular|liga)\b|"
    r"(?:dejar|deje|dejo|dejando)\s+de\s+fumar|"
    # Policy round 29: a Basque mother or father ("a ver a la ama", "mi aita"); the village's
    # feast and one's group of friends ("me bajo a las fiestas del Pilar con los de la
    # cuadrilla"); slipping away at weekends ("me escapo a Bilbao"); one's vegetable patch.
    r"(?:mi|la|a\s+la)\s+(?:ama|amatxu|amona)\b(?!\s+de\b)|(?:mi|el|al)\s+(?:aita|aitatxo|aitona)\b|"
    r"(?:me\s+)?(?:voy|bajo|subo|vamos|bajamos|subimos)\s+a\s+(?:las\s+)?(?:fiestas|romeria|verbena)\b|"
    r"con\s+(?:los|las)\s+de\s+(?:la|mi)\s+cuadrilla\b|"
    r"me\s+(?:escapo|escapare|escapamos|piro)\s+(?:a|al|pa)\b|"
    r"(?:he|hemos)\s+(?:plantad?o|sembrad?o)\b|\b(?:mi|el)\s+huerto(?:\s+del\s+pueblo)?\b(?!\s+de\b)|"
    # Riding, watching one's team, going vegetarian; a list of chores at home.
    r"(?:vaig|anem|voy|vamos|salgo|salimos)\s+(?:amb|en|con\s+la)\s+bici\b|"
    r"(?:veo|vemos)\s+(?:al|a\s+los|el\s+partido\s+del)\s+[a-z]+\s+(?:si\s+o\s+si|todos\s+los|cada)|"
    r"(?:go|going|become|becoming|turn|turning)\s+(?:vegetarian|vegan)\b|"
    r"^\W*(?:cosas|tareas|pendientes)\s+de\s+(?:casa|mi\s+casa)\b|"
    r"(?:soy|son|soc)\s+de\s+[a-z]{3,}\s+(?:y|e|i)\s+(?:vine|vin|me\s+vine|vaig\s+venir)\b|"
    r"(?:estoy|estamos)\s+(?:casad[oa]|divorciad[oa]|separad[oa]|solter[oa]|embarazad[oa])|"
    r"me\s+(?:caso|divorcio|separo)|"
    # Catalan and Valencian, in the first person: "m'agrada el cafè sol", "me'n vaig de
    # vacances a Menorca", "les meves vacances".
    r"m['’]?\s?(?:agrada|agraden|encanta|encanten)|me['’]?n\s+(?:vaig|anire)\s+de\s+(?:vacances|viatge)|"
    r"(?:les\s+meves|les\s+meues)\s+vacances|"
    # plans of one's own
    r"me\s+(?:voy|ire|marcho|marchare)\s+(?:de\s+(?:vacaciones|vacas|viaje|la\s+empresa|aqui)|"
    r"a\s+vivir|a\s+jubilar|fuera)|"
    r"me\s+(?:mudo|mude|mudare|jubilo|jubilare|cambio\s+de\s+casa|cambie\s+de\s+casa)|(?:estoy|estamos)\s+de\s+mudanza|"
    # Exams and courts of one's own: "he aprobado el teórico", "tengo el juicio del divorcio".
    r"(?:he|ya\s+he)\s+(?:aprobado|suspendido|sacado)\s+(?:el|la|las|los)\s+(?:examen|teorico|practico|"
    r"carnet|oposiciones|oposicion|curso|master|carrera|selectividad)|"
    r"(?:mi|del|de\s+mi)\s+divorcio|"
    r"(?:voy|vamos)\s+a\s+(?:casarme|casarnos|mudarme|mudarnos|jubilarme|tener\s+un\s+bebe|"
    r"dejar\s+la\s+empresa|irme\s+de)|"
    # Policy round 31: a plan only thought of ("ando pensando en mudarme"), a treatment begun
    # ("inicio un tratamiento de fisioterapia los miércoles").
    r"(?:pensando|pienso|planeo|planeando|me\s+planteo|quiero|queremos)\s+(?:en\s+)?(?:mudarme|"
    r"mudarnos|cambiarme\s+de\s+casa|jubilarme|casarme|casarnos|irme\s+a\s+vivir)|"
    r"(?:empiezo|empezare|inicio|iniciare|comienzo|comenzare|voy\s+a\s+(?:empezar|iniciar|comenzar))\s+"
    r"(?:un|una|el|la|mi)\s+(?:tratamiento|terapia|rehabilitacion|fisioterapia|fisio|dieta)\b|"
    r"(?:dejo|dejare)\s+(?:la\s+empresa|el\s+trabajo|el\s+taller)|"
    r"mis\s+(?:vacaciones|vacas)|(?:estare|estoy|estaremos)\s+de\s+(?:vacaciones|vacas)|"
    # Leave of one's own, said formally too: "le comunico que estaré de permiso de paternidad".
    r"(?:estare|estoy|me\s+cojo|me\s+cogere|cogere|pedire|tomare)\s+(?:de\s+|el\s+|un\s+)?(?:permiso|baja|"
    r"excedencia)\s+(?:de\s+|por\s+)?(?:paternidad|maternidad|nacimiento|lactancia|matrimonio)|"
    r"mi\s+(?:permiso|baja)\s+(?:de|por)\s+(?:paternidad|maternidad|nacimiento)|"
    r"me\s+(?:cojo|cogere|pillo|tomo)\s+(?:vacaciones|vacas|unos\s+dias|el\s+dia)|"
    r"mi\s+(?:cumpleanos|cumple|bday|b-day|birthday|boda|santo|aniversario|jubilacion|mudanza|viaje)|"
    # Catalan and Valencian: "el meu aniversari" (a birthday), "el meu sant".
    r"(?:el\s+meu|al\s+meu|del\s+meu)\s+(?:aniversari|sant|casament)\b|"
    # A day off of one's own, in English: "I always take that day off".
    r"i\s+(?:always\s+|usually\s+|normally\s+)?(?:take|book|get)\s+(?:that|the|this|a)\s+(?:day|week)\s+off\b|"
    # Years of one's own: "cumplo 50", "el mes que viene hago 20 años casado", "hacemos 10
    # años de casados". "Cumplimos 25 años como empresa" is the company's.
    r"(?:cumplo|cumplire|hago|hare)\s+(?:ya\s+)?(?:\d{1,2}\s+)?anos\b(?!\s+(?:en|de|con|como|trabajando)\b)|"
    # "cumplo 45 el 3 de febrero": one's age, without "años".
    r"cumplo\s+\d{2}\b(?!\s*(?:€|euros?|%|dias|meses|semanas|horas|clientes|facturas|pedidos|obras|anos))|"
    r"(?:hago|hare|hacemos|haremos|cumplo|cumplimos|llevo|llevamos)\s+(?:ya\s+)?\d{1,2}\s+anos\s+"
    r"(?:de\s+)?(?:casad[oa]s?|de\s+boda|juntos|de\s+novios)|"
    # A purchase of one's own, whatever it is for: "estoy pensando en comprarme una moto pa ir
    # a las obras". Bought for the business ("para la empresa") it is the company's.
    r"(?:comprarme|me\s+(?:compro|comprare|voy\s+a\s+comprar|he\s+comprado|quiero\s+comprar))\s+"
    r"(?:un|una|el|la|otro|otra)\s+(?:\w+\s+)?(?:moto|coche|bici|bicicleta|piso|casa|apartamento|"
    r"chalet|caravana|autocaravana|patinete|barco)\b(?![^.\n]{0,40}?\b(?:para|pa)\s+(?:la\s+empresa|"
    r"el\s+taller|el\s+negocio|la\s+oficina|la\s+nave))|"
    r"(?:estudio|estoy\s+estudiando|empiezo|empezare)\s+(?:la\s+universidad|el\s+master|"
    r"un\s+curso|ingles|la\s+carrera)|"
    # tastes
    r"me\s+(?:gusta|gustan|encanta|encantan|chifla|apasiona)|no\s+me\s+gusta|"
    # Policy round 29: liked in other words, and in French ("adoro el jazz", "me flipan las
    # motos", "soy muy fan de…", "j'adore le cinéma"); what one never misses ("cada verano voy a
    # las fiestas del pueblo, no me lo pierdo").
    r"(?:^|[.!,;:]\s*)(?:yo\s+)?adoro\b|me\s+(?:flipa|flipan|pirra|pirran|mola\s+mucho|molan\s+mucho)\b|"
    r"j['’]?\s?(?:adore|aime)\b|no\s+me\s+(?:l[oa]s?\s+)?(?:pierdo|perderia)\b|"
    r"(?:cada|todos\s+los|todas\s+las)\s+(?:verano|veranos|invierno|inviernos|ano|anos|navidad(?:es)?|"
    r"semana\s+santa|puente|fallas|domingos?|sabados?)\s+(?:me\s+)?(?:voy|vamos|vuelvo|volvemos|subo|"
    r"subimos|bajo|bajamos)\s+(?:a|al|pa|para)\b|"
    r"(?:odio|detesto)\s+(?:el|la|los|las)|mi\s+(?:\w+\s+)?favorit[oa]|"
    r"soy\s+(?:vegetarian[oa]|vegan[oa]|del\s+\w+|aficionad[oa]|fan)|"
    r"(?:mi|mis)\s+(?:hobby|hobbies|aficion|aficiones)|"
    # health
    r"(?:tengo|tuve)\s+(?:cita|hora)\s+(?:con|en)\s+el\s+(?:medico|dentista|hospital|"
    r"fisio|centro\s+de\s+salud)|mi\s+(?:medico|dentista|salud|operacion|tratamiento)|"
    r"(?:estoy|estare)\s+(?:de\s+baja|malo|mala|enferm[oa])|me\s+operan|"
    # Errands of one's own day: "mañana llevo al perro al veterinario", "entraré tarde".
    r"(?:llevo|llevare|voy\s+a\s+llevar|tengo\s+que\s+llevar|recojo|tengo\s+que\s+recoger)\s+"
    r"(?:al|a\s+la|a\s+mi|a\s+mis|a\s+los|a\s+las)\s+(?:\w+\s+)?(?:perr[oa]s?|gat[oa]s?|nin[oa]s?|"
    r"crios?|peques?|hij[oa]s?|madre|padre|abuel[oa]s?|mascota)\b|"
    r"(?:entrare|llegare|saldre|vendre|me\s+ire|entro|llego|salgo|me\s+voy)\s+(?:un\s+poco\s+|mas\s+|"
    r"algo\s+|bastante\s+)?(?:tarde|antes|pronto)\b|"
    # "estoy fatal de la espalda", "ando jodido del hombro".
    r"(?:estoy|ando|sigo|voy)\s+(?:fatal|mal|muy\s+mal|jodid[oa]|fastidiad[oa]|hech[oa]\s+polvo|"
    r"regular)\s+(?:de|del|con)\s+(?:la\s+|el\s+|las\s+|los\s+|mi\s+)?(?:espalda|rodillas?|"
    r"cuello|hombros?|lumbares|cervicales|tobillos?|munecas?|pies?|piernas?|brazos?|muelas?|"
    r"cabeza|estomago|tripa|ciatica|codo)|"
    r"(?:estoy|ando|sigo|estare)\s+(?:con\s+(?:gripe|fiebre|catarro|covid|tos|migrana|dolor|"
    r"lumbago|la\s+espalda|el\s+estomago|antibiotico)|fastidiad[oa]|pachuch[oa]|resfriad[oa]|"
    r"malit[oa])|"
    r"(?:tengo|tuve|tendre)\s+(?:que\s+ir\s+al\s+)?(?:medico|dentista|fisio|revision|analisis|"
    r"consulta|rehabilitacion|rehabilitacion|gripe|fiebre|migrana|lumbago|cita\s+medica)\b|"
    r"me\s+(?:duele|duelen|han\s+operado|han\s+diagnosticado|han\s+detectado|han\s+quitado|"
    r"han\s+puesto\s+(?:un\s+)?tratamiento|han\s+dado\s+la\s+baja|vacunan)|"
    r"(?:tomo|estoy\s+tomando)\s+(?:pastillas|medicacion|antibioticos?|\w+\s+para\s+(?:la|el))|"
    # Habits of one's own: "he dejado de fumar hace 2 semanas", "llevo un mes sin beber".
    r"(?:he\s+dejado|estoy\s+dejando|(?:estoy\s+)?intentando\s+dejar|intento\s+dejar|quiero\s+dejar|voy\s+a\s+dejar|dejo|deje|"
    r"he\s+vuelto\s+a|vuelvo\s+a)\s+(?:de\s+)?(?:fumar|beber|el\s+tabaco|el\s+alcohol|la\s+bebida|el\s+vaper|"
    r"el\s+cafe|el\s+azucar)|(?:llevo|estoy)\s+(?:\w+\s+){0,3}?sin\s+(?:fumar|beber|probar\s+el\s+alcohol)|"
    r"(?:ya\s+)?no\s+fumo\b|i\s+(?:quit|stopped)\s+(?:smoking|drinking)|"
    r"(?:nos\s+mudamos|nos\s+vamos\s+a\s+vivir|nos\s+casamos)|"
    # how they like to be answered, when they work, how to reach them
    r"prefiero\s+que\s+me\s+(?:contestes|respondas|hables|escribas|llames|avises)|"
    r"(?:yo\s+)?no\s+trabajo\s+(?:los|el|por|en|hasta|antes|despues)\b|"
    # When the writer is away, in their own words: "antes de la 1 no estoy", "los viernes por
    # la tarde no estoy", "no estoy hasta las 10".
    r"(?:(?:antes|despues)\s+de\s+las?\s+\d{1,2}(?:[:.]\d{2})?|(?:los|el)\s+(?:lunes|martes|miercoles|"
    r"jueves|viernes|sabados?|domingos?|findes?|fines\s+de\s+semana)(?:\s+por\s+la\s+(?:manana|tarde))?)"
    r"\s+(?:yo\s+)?no\s+estoy\b|(?:yo\s+)?no\s+estoy\s+(?:ni\s+)?(?:hasta|antes\s+de)\s+las?\s+\d|"
    # Religious practice of one's own: "voy a misa los domingos", "hago el ramadán".
    r"(?:voy|vamos|ire|iremos|suelo\s+ir)\s+a\s+(?:misa|la\s+iglesia|la\s+mezquita|la\s+sinagoga|"
    r"catequesis|la\s+procesion)|(?:hago|hacemos|estoy\s+haciendo)\s+(?:el\s+)?ramadan|"
    r"mi\s+(?:email|e-mail|correo\s+personal|dni|movil\s+personal|telefono\s+personal)\b"
    r"(?!\s+(?:de\s+la\s+empresa|de\s+empresa|del\s+trabajo|del\s+taller|corporativo|profesional))|"
    # where and how they live
    r"(?:vivo|vivimos)\s+en|mi\s+(?:casa|piso|coche|moto)\b|"
    # English
    r"my\s+(?:daughter|son|wife|husband|partner|kids?|children|mother|father|family|dog|cat|"
    r"dad|mum|mom|parents|brother|sister|grandma|grandpa|girlfriend|boyfriend|"
    r"birthday|bday|b-day|holidays?|vacation|doctor|health|hobby|hobbies)|i\s+(?:like|love|hate|prefer)\b|i\s+live\s+in|"
    r"i'?m\s+(?:moving|leaving|getting\s+married|going\s+on\s+holiday|sick|ill|off\s+sick)|"
    r"i\s+have\s+(?:a\s+)?(?:doctor|dentist|flu|fever)|"
    r"my\s+(?:back|knees?|shoulders?|neck|hips?|physio|therapist|appointment)\b(?!\s+office)|"
    r"i'?m\s+going\s+to\s+the\s+(?:physio|doctor|dentist|gym|hospital)|"
    r"i\s+(?:go|have\s+to\s+go)\s+to\s+the\s+(?:physio|doctor|dentist|gym|hospital)|"
    # A heading that says it is about the writer: "Cosas mías:", "Sobre mí:", "About me:".
    r"cosas\s+mias\s*:|sobre\s+mi\s*:|about\s+me\s*:|"
    # what they eat and drink
    r"no\s+(?:como|bebo|tomo|pruebo)\s+(?:nada\s+de\s+)?(?:carne|pescado|marisco|cerdo|alcohol|gluten|"
    r"lactosa|azucar|cafe|vino|cerveza|huevos?|leche|picante|fritos)|"
    r"(?:sigo|hago|empiezo|empezare|estoy\s+(?:a|con|haciendo))\s+(?:una\s+|la\s+)?dieta|"
    r"\bdieta\s+(?:sin|keto|vegana|vegetariana|mediterranea)|"
    r"(?:sigo|hago|empiezo|empezare|estoy\s+haciendo)\s+(?:la\s+|el\s+)?(?:keto|paleo|"
    r"ayuno\s+intermitente)|estoy\s+a\s+dieta|"
    r"i\s+(?:don'?t|do\s+not|never|can'?t)\s+(?:eat|drink)\b|"
    r"i'?m\s+(?:vegan|vegetarian|on\s+a\s+diet|teetotal)"
    r")"
)


# Words a marker is made of, to read one run together as a hashtag: "#soloparami",
# "#paratodoelequipo", "#nolocompartas" (policy round 30).
_HASHTAG = re.compile(r"#([a-z]{6,40})\b")
_MARKER_WORDS = frozenset(
    "solo para pa mi ti nadie mas todos todo toda el la los las lo equipo empresa oficina "  # noqa: SIM905
    "privado privada confidencial no compartas compartir comparte compartelo que se sepa vea "
    "uso interno personal entre nosotros de nota notas comun general info plantilla resto demas "
    "mundo interes mio mia only just for me team everyone private share yo".split()
)


def _words_of(hashtag: str) -> list[str] | None:
    """``hashtag`` split into marker words, if it is made of them only (two at least)."""
    best: list[list[str] | None] = [[]] + [None] * len(hashtag)
    for end in range(1, len(hashtag) + 1):
        for start in range(max(0, end - 13), end):
            before = best[start]
            if before is not None and hashtag[start:end] in _MARKER_WORDS:
                best[end] = [*before, hashtag[start:end]]
                break
    words = best[-1]
    return words if words is not None and len(words) >= 2 else None


def _hashtags_spelled(folded: str) -> str:
    def spelled(match: re.Match[str]) -> str:
        words = _words_of(match.group(1))
        return " ".join(words) if words else match.group(0)

    return _HASHTAG.sub(spelled, folded)


# A sharing wish said not to hold, a few words before it in its clause: "esto no es para el
# equipo", "no hace falta que lo sepan los demás", "no lo quiero en lo compartido" (policy round
# 30). "No, para todos" corrects something else and is no negation.
_NEGATED_BEFORE = re.compile(
    r"\b(?:no|ni|nunca|tampoco|jamas)\b(?!\s*[,;:])(?:\s+(?!pero\b|sino\b|y\b)[a-z]+){0,4}\s*$"
)


def _negated_share(folded: str) -> bool:
    """Whether every sharing wish in ``folded`` is said not to hold."""
    shares = list(_SHARE.finditer(folded))
    return bool(shares) and all(
        _NEGATED_BEFORE.search(folded[max(0, share.start() - 40) : share.start()])
        for share in shares
    )


# Policy round 32: who may see the note, read by composition in each clause when no marker
# above reads it. A clause that speaks of the note (a pronoun, "esto", "la nota", or an order to
# keep it) says where it is to stay or who is to see it: the writer's own place or the writer
# alone ("que se quede en mi rinconcito", "lo sepa yo y ya", "reservada a mi persona") keeps
# it; the company's place or everybody ("guárdalo donde lo vean los demás", "que lo pueda
# consultar cualquiera de la ofi", "ponlo en la ficha general") shares it, unless the clause
# says no ("que los pibes no lo vean", "no en las de todos", "que no aparezca en las notas de
# la empresa"), which keeps it. People outside the company ("que los vecinos vean el
# presupuesto") are no audience here, and a clause with no word for the note is a fact.
_NOTE = (
    r"(?:\b(?:esto|eso|este\s+dato|esta\s+nota|esta\s+anotacion|esta\s+info(?:rmacion)?|"
    r"el\s+dato|la\s+nota|la\s+anotacion)\b|"
    # "lo" and "la" only as the note's pronoun before a verb, never as an article.
    r"\b(?:lo|la)\s+(?:(?:pueda|puedan|pudiera|debe|deben|tiene|tienen|tengo)\s+(?:que\s+)?)?"
    r"(?:vea|vean|viera|vieran|ven|sepa|sepan|lea|lean|tenga|tengan|consulte|consulten|abra|abran|"
    r"maneja|manejo|reservo|necesitan|ver|leer|saber|abrir|consultar|tener|saques|saque|subas|suba|"
    r"pongas|ponga|dejes|muestres|ensenes|amoses|mirar|miren|mire|haga|hagas)\b|\b[a-z]{2,}[aeinr](?:lo|la|melo|mela|telo|tela|selo)\b|"
    # The note as the subject of a wish or of where it stays: "que no salga de mi usuario", "la
    # siguiente anotación quede reservada", "lo que te digo queda en mi carpeta", "compártase",
    # "que esté en la ficha", "que o vexa toda a xente".
    r"\b(?:quede|queda|se\s+quede|se\s+queda|salga|sale|aparezca|compartase|compartanse|"
    r"reservad[oa])\b|\bq(?:ue)?\s+(?:no\s+)?(?:este|vaya|sea)\b|\bque\s+o\s+(?:vexa|vexan)\b)"
)
_SELF_PLACE = (
    r"\b(?:en|a|de|para)\s+(?:mi|mis)\s+(?:usuario|cuenta|carpeta|carpetita|rinconcito|rincon|cosas|"
    r"notas|apuntes|parte|lado|espacio|zona|nombre|persona|cajon|libreta|agenda|perfil|chat|"
    r"cuaderno|caderno|raco)\b(?!\s+(?:de|del)\b)|"
    r"\b(?:no|al|el)\s+meu\s+(?:caderno|raco|quadern|espai|lloc)\b|"
    r"\b(?:en|a)\s+lo\s+(?:mio|meu|meu\s+nomes)\b|\btancat\s+en\s+lo\s+meu\b"
)
_SELF_ONLY = (
    r"\b(?:yo\s+(?:y\s+ya|y\s+solo\s+yo|solit[oa]|sol[oa])|solo\s+yo|salvo\s+yo|menos\s+yo|excepto\s+yo|"
    r"nadie\s+mas\s+que\s+yo|(?:vos|tu)\s+nomas|me\s+lo\s+reservo|reservad[oa]\s+(?:exclusivamente\s+|"
    r"solo\s+|solamente\s+)?a\s+mi\s+persona|(?:solo|solamente)\s+(?:lo\s+|la\s+)?(?:\w+\s+){1,2}yo|"
    r"modo\s+yo[\s-]solo|donde\s+solo\s+(?:entre|entro|mire|miro)\s+yo|(?:aqui\s+|aca\s+)?conmigo)\b"
)
_COMPANY_PLACE = (
    r"\b(?:(?:en|a|al|para|pa)\s+(?:las|la|el|los)\s+(?:notas|nota|ficha|fichas|carpeta|memoria|sitio|tablon|espacio|"
    r"apuntes|cuenta|grupo|chat)\s+(?:de\s+la\s+empresa|de\s+todos|general(?:es)?|comun(?:es)?|compartid[oa]s?|del\s+equipo|"
    r"que\s+ven\s+todos)|(?:en|a)\s+las\s+de\s+todos|(?:en|a)\s+lo\s+(?:compartido|comun|general|de\s+todos)|"
    r"donde\s+(?:lo|la)\s+(?:vean|vea|pueda\s+ver|puedan\s+ver)|onde\s+o\s+(?:poida|poidan)\s+ver|"
    # "para la ficha que ve toda la empresa", "no lo pongas en lo que ve el personal".
    r"(?:ficha|fichas|notas|nota|carpeta|memoria|lo)\s+(?:que|q)\s+(?:ve|ven|vemos|mira|miran)\s+"
    r"(?:todos|toda\s+la\s+empresa|la\s+empresa|el\s+personal|el\s+equipo|los\s+demas|la\s+oficina)|"
    r"(?:sea|es)\s+(?:una\s+)?nota\s+(?:del\s+equipo|de\s+(?:la\s+)?empresa|de\s+todos|comun|compartida))\b"
)
_EVERYONE_INSIDE = (
    r"\b(?:todos(?!\s+(?:los|las|mis|sus|nuestros|nuestras)\b)|todo\s+el\s+mundo|toda\s+la\s+empresa|todo\s+el\s+personal|"
    # "las otras personas de la empresa", "los demás compañeros de la oficina".
    r"(?:los|las)\s+(?:demas|otr[oa]s)\s+(?:personas|gente|companer[oa]s)(?:\s+de\s+la\s+(?:empresa|oficina|ofi))?|"
    r"los\s+demas|las\s+demas|"
    r"los\s+otros|las\s+otras|cualquier\s+(?:companero|companera|persona\s+de\s+la\s+empresa)|"
    r"(?:el|al)\s+resto(?:\s+del?\s+(?:personal|equipo|empresa|oficina|la\s+empresa|la\s+oficina))?|"
    r"cualquiera(?:\s+de\s+la\s+(?:ofi|oficina|empresa))?|"
    r"(?:los|tos\s+los|todos\s+los)\s+(?:chicos|pibes|cabros|chavales|companeros|muchachos|miembros|"
    r"trabajadores|empleados)(?:\s+de\s+la\s+(?:ofi|oficina|empresa)|\s+de\s+\w+\s+\w+)?|"
    r"toda\s+(?:la|a)\s+(?:pega|pena|gente|xente|plantilla|raza)(?:\s+d[ae]\s+(?:la\s+)?empresa)?|el\s+equipo)\b"
)
_NOBODY = (
    r"\b(?:nadie|ninguno|ninguna|naide|ninguen|"
    # "ningún compañero", "ningún otro miembro de la empresa" (policy round 33).
    r"ningun(?:\s+otr[oa])?\s+(?:miembro|companer[oa]|trabajador[a]?|emplead[oa]|persona))\b"
)
_SEEN_OR_KEPT = (
    r"\b(?:(?:ver|leer|saber|consultar|abrir|tener)(?:lo|la)?|vea|vean|viera|vieran|ven|lea|lean|sepa|"
    r"sepan|sabe|consulte|consulten|abra|abran|tenga|tengan|acceder|acceda|accedan|enterarse|enteren|"
    r"vexa|vexan|compart\w*|mirar|miren|mire|chegue|llegue|disponible|mano|ocult\w*|escond\w*|"
    r"saques|saque|sea|"
    r"manejo|maneja|aparezca|aparezcan|visible|accesible|vista|guarda\w*|pon\w*|deja\w*|anota\w*|"
    r"apunta\w*|mete\w*|quede|queda|salga|sale|compartase|compartanse|reserv\w*|"
    # Policy round 33: "que este dato no se comunicara al resto", "que nadie tuviera acceso",
    # "que no constara en las notas que consultan los demás".
    r"comunic\w*|acceso|const[ae]\w*|divulg\w*)\b"
)
_CLAUSE_NO = re.compile(r"\b(?:no|ni|nunca|sin|tampoco)\b")


def _audience_wish(folded: str) -> str | None:
    """What a clause about who may see the note asks for (the comment above), or nothing."""
    for clause in re.split(r"[.,;:!?\n]|\s+pero\s+", folded):
        if not re.search(_NOTE, clause) or not re.search(_SEEN_OR_KEPT, clause):
            continue
        if any(re.search(words, clause) for words in (_SELF_PLACE, _SELF_ONLY, _NOBODY)):
            return Visibility.PRIVATE_IN_ORG
        everybody = re.search(_COMPANY_PLACE, clause) or re.search(_EVERYONE_INSIDE, clause)
        if everybody:
            # A "no" keeps the note from them ("que los pibes no lo vean", "no fuera accesible
            # al resto"), unless it only turns, after the place named, to another: "en las notas
            # de la empresa, no en las mías".
            # Only a "no" near them counts: in a dictated ramble with no stops, "no se le puede
            # llamar antes de las diez … para la ficha que ve toda la empresa" is another clause.
            start = max(0, everybody.start() - 50)
            near = clause[start : everybody.end() + 25]
            said_no = _CLAUSE_NO.search(near)
            elsewhere = (
                said_no is not None
                and start + said_no.start() > everybody.start()
                and re.match(r"\s*(?:en|a)\b", near[said_no.end() :]) is not None
            )
            kept = said_no is not None and not elsewhere
            return Visibility.PRIVATE_IN_ORG if kept else Visibility.SHARED
    return None


# Only the writer and Suma: "solo tú y yo lo sabemos", "tenlo tú pa cuando te pregunte yo",
# "lo dejamos en tú y yo", "de tú a tú", or Suma knows nothing when anyone else asks
# (``KEPT_FROM_ANYONE_ASKING``); and other everyday ways to keep it quiet: "que siga siendo un
# secreto", "esto a nadie", "no lo quiero en boca de nadie", "que no corra", "no lo andes
# divulgando", "no me lo saques delante de gente", "para el resto esto no ha pasado", and in
# English "only I should see this", "keep it out of the team notes", "nobody else needs to
# know", "not a word to…" (policy round 33).
_ONLY_WHEN_I_ASK = re.compile(
    KEPT_FROM_ANYONE_ASKING.pattern + r"|"
    r"\b(?:solo|solamente|nomas)\s+(?:tu|vos|usted)\s+y\s+yo\b|"
    r"\b(?:tu|vos|usted)\s+y\s+yo\s+(?:lo\s+)?(?:sabemos|sepamos|y\s+nadie\s+mas)\b|"
    r"\b(?:pa|para)\s+cuando\s+te\s+(?:lo\s+)?(?:pregunte|pida)\s+yo\b|"
    r"\b(?:lo\s+)?(?:dejamos|dejemos|queda|quede)\s+en\s+(?:tu|vos|usted)\s+y\s+yo\b|\bde\s+tu\s+a\s+tu\b|"
    r"\btu\s+lo\s+sabes\W+(?:y\s+)?yo\s+lo\s+se\b|"
    r"\b(?:siga|sigue|seguira)\s+siendo\s+(?:un\s+)?secreto\b|\bsecretito\b|"
    r"\b(?:esto|eso)\s+(?:ni\s+)?a\s+nadie\b|\ben\s+boca\s+de\s+nadie\b|\bque\s+no\s+corra\b|"
    r"\bno\s+(?:lo|la|me\s+lo|me\s+la)\s+(?:andes\s+)?(?:divulg\w+|difund\w+|airees|aireando|pregones|pregonando)\b|"
    r"\bno\s+(?:me\s+)?(?:lo|la)\s+saques\s+delante\s+de\b|"
    r"\b(?:esto|eso)\s+no\s+(?:ha\s+pasado|existe)\b|\b(?:tu\s+)?no\s+has\s+oido\s+nada\b|"
    r"\bque\s+no\s+(?:lo|la)\s+vean\s*(?:[.!,;]|$)|"
    r"\b(?:haz|hazte)\s+(?:el|la)\s+(?:sueco|sueca|longuis|loco|loca|tonto|tonta|despistad[oa])\b"
    r"(?=[^.\n]{0,40}\b(?:pregunt\w*|demas|resto|chavales|companer[oa]s|jefe)\b)|"
    r"\b(?:disimula|haz\s+como\s+si\s+nada)\b(?=[^.\n]{0,30}\bpregunt\w*)|"
    r"\b(?:si|cuando|aunque)\b[^.\n]{0,30}?\bpregunt\w*[^.\n]{0,50}?\b(?:disimula|haz\s+como\s+si\s+nada|"
    r"(?:tu\s+)?no\s+sabes\s+nada|no\s+sueltes\s+prenda|haz\s+el\s+sueco|tu\s+a\s+lo\s+tuyo)\b|"
    r"\bonly\s+(?:i|me)\s+(?:should|can|may|will|get\s+to)\b|"
    r"\bkeep\s+(?:it|this|that)\s+(?:out\s+of|away\s+from|hidden\s+from)\b|"
    r"\b(?:nobody|no\s+one|no-one)\s+else\b|\bnot\s+a\s+word\s+to\b|"
    r"\bwithout\s+(?:the\s+rest|anyone|everyone|anybody|the\s+team|the\s+others|others)\b"
)
# More than the writer's own place, in so many words: "que no se quede solo en mi usuario", "no
# solo la mía", "no lo guardes solo para mí" ask for the note to be shared (policy round 33).
_MORE_THAN_MINE = re.compile(
    r"\bno\s+(?:[a-z]+\s+){0,3}(?:solo|solamente|unicamente)\s+(?:en|a|para|pa)\s+(?:mi|mis|ti|lo\s+mio)\b|"
    r"\bno\s+(?:solo|solamente|unicamente)\s+(?:la|el|lo)\s+(?:mia|mio)\b|"
    r"\bno\s+(?:[a-z]+\s+){0,3}(?:para|pa)\s+mi\s+sol[oa]\b|"
    r"\bnada\s+de\s+(?:guard|apunt|dej|qued|reserv)\w*\s+(?:[a-z]+\s+)?(?:para|pa)\s+mi(?:\s+sol[oa])?\b|"
    r"\bno\s+hace\s+falta\s+que\s+(?:lo|la|me\s+lo)\s+(?:guardes|pongas|dejes|apuntes)\s+(?:en|como)\s+privad[oa]\b|\bnot\s+(?:just|only)\s+(?:for\s+me|mine)\b"
)


def marked_visibility(text: str) -> str | None:
    """The visibility an explicit marker asks for: private (narrow), shared, or none."""
    spelled = _hashtags_spelled(expand_shorthand(fold(text)))
    folded = _NOT_NARROW.sub(" ", spelled)
    if _NARROW.search(folded) or _negated_share(folded) or _ONLY_WHEN_I_ASK.search(folded):
        return Visibility.PRIVATE_IN_ORG
    # A megaphone announces to everybody: "📢📢 Nuevo precio del desplazamiento…".
    if _SHARE.search(folded) or "\U0001f4e2" in text or _MORE_THAN_MINE.search(spelled):
        return Visibility.SHARED
    wish = _audience_wish(folded)
    # Read by composition, a wish to share never makes the writer's own life the company's.
    if wish == Visibility.SHARED and is_own_life(text):
        return None
    return wish


# What is left of "apúntalo solo para mí" once the marker is gone: a verb asking to keep it.
_KEEP_VERB = r"(?:apunta|guarda|anota|recuerda|ten\s+en\s+cuenta)(?:lo|la|telo|tela|melo|mela)?"
_LEFTOVER = re.compile(
    r"^(?:" + _KEEP_VERB + r"(?:\s+que)?|esto(?:\s+es)?|(?:una\s+)?nota|ojo|oye|pero|y|but|"
    r"que\s+quede|porfa(?:vor)?|por\s+favor|please|"
    r"remember(?:\s+that)?|note|keep\s+in\s+mind)\b|"
    r"\b(?:" + _KEEP_VERB + r"|esto(?:\s+es)?|(?:y\s+)?nada\s+mas)$|"
    # The courtesy the marker ended with: "… Que lo sepa todo el equipo, por favor."
    r"[\s,;]*\b(?:por\s+favor|porfa(?:vor)?|please)[\s.!]*$"
)
_EDGES = re.compile(r"^[\s,;:.\-–—()]+|[\s,;:\-–—(]+$")
# What a marker leaves behind: the brackets or emphasis it was written in ("[privado] …",
# "**privado** — …", "[PRIVADO · solo yo] …"), emptied, and punctuation at the edges.
_EMPTIED = re.compile(r"\[[\s·|*]*\]|\*{2,}[\s·|]*\*{2,}|#(?=\s)")
# A bracket that opens at the start stays ("[SMS de BBVA] …"); one left closing there goes.
_MARKER_EDGES = re.compile(r"^[\s,;:.\-–—()*·#_|]*\]|^[\s,;:.\-–—()*·#_|]+|[\s,;:\-–—(\[*·#_|]+$")


def _without_markers(text: str) -> str:
    blanked = blank_matches(text, _NOT_NARROW, _NARROW, _SHARE)
    if blanked == text:
        return text
    return _MARKER_EDGES.sub("", _EMPTIED.sub(" ", blanked))


def strip_markers(text: str) -> str:
    """``text`` without its scope markers and the words that only asked to keep it.

    "Hostal Miramar paga a 90 días, apúntalo solo para mí, no lo compartas" becomes "Hostal
    Miramar paga a 90 días": the note is kept as a fact, its layer already decided.
    """
    cleaned, previous = text, None
    # A marker may open only once the one before it is gone: "Private note, only me: …".
    while previous != cleaned:
        previous = cleaned
        cleaned = _without_markers(cleaned)
    cleaned = re.sub(r"\(\s*(?:esto|eso)?\s*\)", " ", cleaned)
    cleaned = re.sub(r"\s+([,;:.)])", r"\1", re.sub(r"\s{2,}", " ", cleaned))
    cleaned = re.sub(r"([,;:])(?:\s*[,;:])+", r"\1", cleaned)
    # A sentence that was all marker leaves its full stop beside the one before ("… enero..").
    cleaned = re.sub(r"(?<!\.)\.\.(?!\.)", ".", cleaned)
    previous = None
    while previous != cleaned:
        previous = cleaned
        cleaned = _EDGES.sub("", cleaned)
        folded = fold_aligned(cleaned)
        if leftover := _LEFTOVER.search(folded):
            cleaned = cleaned[: leftover.start()] + cleaned[leftover.end() :]
    return cleaned[:1].upper() + cleaned[1:]


# Asked in so many words to keep what follows: "voy conduciendo, apunta que la extensión de
# Lucía es la 214", "ten en cuenta que…", "remember that…". A reminder ("recuérdame que…") is
# a task, not a fact.
_TOLD_TO_KEEP = re.compile(
    r"\b(?:apunta|anota|guarda)(?:me|lo|la|melo|mela|te)?\s+que\b|\brecuerda\s+que\b|"
    r"\bten\s+en\s+cuenta\s+que\b|\btoma\s+nota\s+de\s+que\b|\b(?:remember|note)\s+that\b"
)


def asks_to_keep(text: str) -> bool:
    """Whether a message says where to keep it, asks in so many words to keep it, or tells of
    the writer's own life.

    Such a message is never dropped in silence: when no fact is extracted from it, its
    cleaned sentence (``strip_markers``) is kept as one note at the layer it asked for.
    """
    folded = expand_shorthand(fold(text))
    told_to_keep = bool(_TOLD_TO_KEEP.search(folded)) and "?" not in folded
    return marked_visibility(text) is not None or is_own_life(text) or told_to_keep


_THIRD_PARTY_OR_COMPANY = frozenset({"cliente", "proveedor", "empresa"})
_ABOUT_THE_WRITER = frozenset({"perfil_usuario", "preferencia"})


def note_category(text: str, guessed: str, *, nothing: str = "empresa") -> str:
    """The category of a message kept as written, from the gate's guess and the message.

    A note is never "nothing" (``nothing`` stands in, unless it talks business: then it is the
    company's); one's own life is never a customer, supplier or company fact; a fact the writer
    asks to share is not a personal preference.
    """
    category = nothing if guessed == "ninguno" else guessed
    # With no guess, a note that talks business ("el presupuesto P-2026-088 de la Clínica lo han
    # aceptado") is the company's, not the writer's preference.
    if guessed == "ninguno" and category in _ABOUT_THE_WRITER and _BUSINESS.search(fold(text)):
        category = "empresa"
    # Asked to be shared, a note is the company's even when it tells of the writer's life
    # ("para todos: me caso en junio"): a category about the writer would keep it personal.
    if marked_visibility(text) == Visibility.SHARED:
        return "empresa" if category in _ABOUT_THE_WRITER else category
    if is_own_life(text):
        return "perfil_usuario" if category in _THIRD_PARTY_OR_COMPANY else category
    return category


# A fact that opens with somebody's name and never speaks in the first person is about them:
# "Vicente Llorens, DNI 23831903Q, quiere las facturas a su nombre" is a contact's fact, not the
# writer's profile, whatever category the client (or the gate) gave it.
_OPENS_WITH_A_NAME = re.compile(
    # after an article and a title: "La señora Teresa Muñoz prefiere que…"
    r"^\W*(?:(?:[Ll]a|[Ee]l)\s+)?(?:(?:se[nñ]ora?|sra?\.?|do[nñ]a|don|dra?\.?|doctora?)\s+)?"
    r"[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+(?:\s+(?:de\s+|del\s+|de\s+la\s+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)+\b"
)
_WRITER_SPEAKS = re.compile(
    r"\b(?:yo|me|mi|mis|soy|estoy|tengo|he|prefiero|quiero|llamame|llamadme|i'?m|my)\b|"
    r"\b\w+(?:melos?|melas?|me)\b"
)


def written_category(text: str, category: str, *, shared_in_words: bool = False) -> str:
    """``category`` as the text bears it out.

    Somebody named is never the writer's profile; the writer's own life told with nothing about
    the business or a bank account ("estoy embarazada de 4 meses", "este año quiero sacarme el
    carnet de moto") is not the company's, whatever category the client (or the gate) gave it,
    unless the message it came from asked in words to be shared (``shared_in_words``: the
    marker is no longer in a fact's sentence).
    """
    if (
        category == "perfil_usuario"
        and _OPENS_WITH_A_NAME.match(text)
        and not _WRITER_SPEAKS.search(fold(text))
    ):
        return "cliente"
    # A fact the writer asks to share is not their own preference ("apúntalo en lo general,
    # que le sirve a cualquiera: en la Residencia… hay que firmar al entrar"), as in
    # ``note_category``.
    marked = marked_visibility(text) if category in _ABOUT_THE_WRITER else None
    if marked == Visibility.SHARED and not is_own_life(text):
        return "empresa"
    # Nor is business the writer keeps to herself: "esto prefiero llevarlo yo solo: el gerente
    # me ha dicho que si subimos la tarifa…" is a private business note, not her preference.
    if (
        marked == Visibility.PRIVATE_IN_ORG
        and not is_own_life(text)
        and _talks_business(expand_shorthand(fold(text)))
    ):
        return "empresa"
    if (
        category == "empresa"
        and not shared_in_words
        and is_own_life(text)
        and not _OPENS_WITH_A_NAME.match(text)
        and not _BUSINESS.search(expand_shorthand(fold(text)))
        and not find_iban(text)
    ):
        return "perfil_usuario"
    return category


# A pursuit of the writer's own, in the first person: a flat, a licence, a language, a race, a
# purchase, a plan. It is their life only when nothing in the message is about the business
# ("estoy buscando otro proveedor", "I'm planning to drop Seur as a carrier" are business).
_OWN_PURSUIT = re.compile(
    r"(?<!\w)(?:"
    r"(?:estoy|ando|estamos|andamos)\s+(?:buscando|mirando)\s+(?:un\s+)?(?:piso|casa|apartamento|coche|"
    r"moto|novi[oa])|"
    # A licence or title the writer means to get: "quiero sacarme el título de patrón".
    r"(?:quiero|voy\s+a|pienso|me\s+gustaria|intentare)\s+sacarme\s+(?:el|la)\b|"
    # Teams and tastes in English, season tickets: "favourite team: Valencia CF".
    r"favou?rite\s+(?:football\s+|soccer\s+)?(?:team|club|band|food|dish|singer|series|film|movie|"
    r"book|drink)|season\s+ticket\s+holder|(?:soy|somos)\s+(?:socio|socia|abonad[oa])\s+del?\b|"
    r"(?:me\s+)?estoy\s+sacando|me\s+(?:saco|sacare)\s+el|(?:estoy\s+)?aprendiendo\s+(?:a\s+)?\w+|"
    # Catalan and Valencian: "estic aprenent anglès", "m'estic traient el carnet".
    r"estic\s+aprenent\b|m'?estic\s+traient\b|(?:faig|comence|comencare)\s+un\s+curs\b|"
    r"(?:corro|correre|voy\s+a\s+correr)\s+(?:la|el|una|un)\b|entreno\b|juego\s+al?\b|"
    r"(?:hago|empiezo)\s+(?:yoga|pilates|crossfit|deporte|running|natacion|gimnasio|boxeo)|"
    # Hobbies in the first person: "colecciono radios antiguas", "canto en la coral del pueblo",
    # "toco la batería en una banda", "los domingos salgo a pescar"; Valencian and Catalan
    # ("cante en la coral", "col·lecciono segells", "toque en la banda"), English ("I collect
    # vinyl", "I sing in a choir", "I play the drums").
    r"(?:colecciono|coleccionamos|col\W?lecciono|soy\s+coleccionista|i\s+collect)\b|"
    r"(?:canto|cante|cantamos|i\s+sing)\s+(?:en|a|in|with)\s+(?:el|la|un|una|the|a|our)\s+(?:\w+\s+)?"
    r"(?:coro|coral|cor|choir|orfeon|orfeo|rondalla|tuna)\b|"
    r"(?:toco|toque|tocamos|i\s+play)\s+(?:(?:el|la|the)\s+(?:guitarra|piano|bateria|bajo|violin|"
    r"saxo|saxofon|trompeta|clarinete|flauta|dulzaina|dolcaina|tabal|acordeon|guitar|drums|bass|"
    r"violin|sax|trumpet|clarinet|flute|accordion)|(?:en|a|in)\s+(?:una|la|el|un|a|the)\s+(?:\w+\s+)?"
    r"(?:banda|orquesta|charanga|batucada|grupo\s+de\s+musica|band|orchestra))\b|"
    r"(?:salgo|vamos|voy|vaig|isc|ixc)\s+a\s+(?:pescar|cazar|navegar|escalar|bucear|pescar|"
    r"montar\s+en\s+bici|caminar|andar\s+por\s+la\s+montana|fer\s+muntanya|pescar)\b|"
    r"(?:hago|hacemos|faig)\s+(?:senderismo|escalada|ganchillo|punto|macrame|ceramica|marqueteria|"
    r"maquetas|bolillos|jardineria|submarinismo|buceo|vela|surf|teatro)\b|"
    r"(?:voy|vaig)\s+(?:al|a\s+la|a\s+l')\s*(?:rastro|rastre|mercadillo|ensayo|assaig|coral|coro)\b|"
    r"(?:pinto|dibujo|bailo|ballo)\s+(?:acuarelas?|oleos?|cuadros|salsa|bachata|sevillanas|tango|swing|"
    r"flamenco|en\s+mis\s+ratos)\b|"
    r"voy\s+al\s+gimnasio|comprarme|me\s+(?:compro|comprare|he\s+comprado)\b|"
    r"me\s+(?:apunto|he\s+apuntado|apunte)\s+a|este\s+(?:finde|fin\s+de\s+semana)\s+(?:me|voy)|"
    r"me\s+voy\s+(?:\d+\s+dias\s+)?a\b|me\s+(?:he\s+mudado|opero|operan)\b|nos\s+hemos\s+mudado|"
    r"(?:tengo|tendre)\s+(?:cita|hora|consulta|revision|analiticas?|clases?)\b|"
    r"(?:prefiero\s+que\s+me\s+(?:llamen|digan)|me\s+llamo|llamadme)\b|"
    r"(?:odio|detesto)\s+\w+(?:ar|er|ir)\b|"
    # Leisure at home: "ahora estoy viendo una serie sueca", "me estoy leyendo un libro de…".
    r"(?:estoy|ando|me\s+estoy|me\s+he)\s+(?:viendo|leyendo|escuchando|enganchad[oa]\s+a|visto|leido|"
    r"terminado|acabado)\s+(?:una|un|la|el|otra|otro|toda\s+la|todas\s+las)\s+(?:\w+\s+)?(?:serie|series|"
    r"temporada|peli|pelicula|libro|novela|podcast|documental|saga|comic|anime)\b|"
    r"(?:estoy|ando|sigo)\s+con\s+(?:la|el|los|las)\s+(?:rodillas?|espalda|tobillos?|hombros?|munecas?|"
    r"piernas?|brazos?|cuello|vista|oidos?|muelas?)\b|"
    # Policy round 30: a pastime taken up or gone out to ("salgo a correr por el río", "me he
    # aficionado a la pesca", "un servidor se ha aficionado a…"), retirement plans ("cuando me
    # jubile"), a language learnt in Portuguese ("estou aprendendo"), a trip of weeks at
    # Christmas or in summer ("en Navidad voy a Rumanía tres semanas").
    r"(?:salgo|sali|salimos|voy|vamos)\s+a\s+(?:correr|nadar|pasear|andar|montar|patinar|remar|"
    r"hacer\s+(?:deporte|running|footing|senderismo))\b|"
    r"(?:me|se)\s+(?:he|ha|has)\s+aficionado\s+a\b|(?:me\s+)?(?:he|ha)\s+cogido\s+(?:el\s+)?gusto\s+a\b|"
    r"\bcuando\s+me\s+jubile\b|\bestou\s+(?:a\s+)?aprend\w+|"
    r"(?:he\s+empezado|empiezo|empece|empezare|vuelvo)\s+a\s+ir\s+al\s+(?:gimnasio|gym|polideportivo)\b|"
    r"(?:^|(?<=[.!;:,]\s)|(?<=\byo\s))naci\s+en\b|"
    r"(?:me|nos)\s+(?:voy|vamos)\s+(?:al|a\s+mi|a\s+nuestro)\s+(?:pueblo|chalet|apartamento\s+de\s+la\s+playa)\b|"
    r"(?:en|por)\s+(?:navidad|navidades|semana\s+santa|verano|agosto|pascua|fallas)\s+(?:me\s+)?"
    r"(?:voy|vamos|me\s+voy|nos\s+vamos|estare|estaremos)\s+(?:a|en)\s+[a-z]+[^.\n]{0,30}?"
    r"\b(?:semanas?|dias|mes|quincena|vacaciones)\b"
    r")"
)
# Things of one's own life: said in the first person and with nothing about the business, the
# message is about the writer ("I'm planning to run the Valencia marathon", "I go to the gym").
_PERSONAL_THING = re.compile(
    r"\b(?:maraton|marathon|media\s+maraton|carreras?|triatlon|triathlon|ironman|padel|tenis|golf|"
    r"futbol|football|ciclismo|cycling|natacion|swimming|running|fotografia|photography|gimnasio|gym|yoga|pilates|playa|beach|montana|"
    r"vacaciones|holidays?|vacation|viaje|trip|guitarra|guitar|piano|ingles|aleman|frances|italiano|"
    r"english|german|french|spanish|idiomas?|languages?|carnet|piso|flat|apartment|casa|house|home|"
    r"coche|car|moto|bici|bike|autocaravana|caravana|boda|wedding|bebe|baby|kids|children|ninos|"
    r"crios|cole|guarderia|familia|family|dieta|diet|curso|course|clases?|class(?:es)?|dentista|"
    r"dentist|medico|doctor|cumpleanos|birthday)\b"
)
_FIRST_PERSON_SINGULAR = re.compile(
    r"\b(?:yo|me|mi|mis|estoy|tengo|voy|hago|empiezo|corro|juego|entreno|aprendo|sigo|busco|ando|llevo|"
    r"quiero|prefiero|i|i'?m|i'?ll|i'?ve|my)\b"
)
_BUSINESS = re.compile(
    r"\b(?:client\w*|proveedor\w*|factur\w*|presupuest\w*|albaran\w*|pedidos?|obras?|precios?|"
    r"tarifas?|iva|cobr\w*|pag(?:a|an|o|amos|ar|ado)|euros?|empresa|taller|oficina|nave|furgo\w*|"
    r"local|contratos?|nominas?|emplead\w*|plantilla|descuentos?|margen|stock|material|proyectos?|"
    r"customers?|suppliers?|invoices?|quotes?|prices?|carriers?|orders?|company|business|office|"
    r"jobs?|projects?|employees?|staff|contrat\w*|hir(?:e|ing)|mecanic\w*|mechanics?|"
    r"alquil\w*|rent|furgonetas?|vans?|"
    # How the work is organised: "no puedo hacer turnos de noche" is a matter for the company.
    r"turnos?|guardias?|jornadas?|shifts?)\b|€"
)
# The trade's work (policy round 32): a remark about it is the business's, not the writer's life,
# even beside a word of family or leisure ("le dejo la reparación a 90 porque es familia", "el del
# gimnasio Fuerza Libre me ha dicho que le llame yo para los termos"). Only against those weak
# cues: "tengo una hernia y no puedo cargar calderas" is still the writer's health.
_TRADE = re.compile(
    r"\b(?:repara(?:cion|sion|ciones|siones)|arreglos?|averias?|calderas?|termos?|calentador(?:es)?|"
    r"descalcificador(?:es)?|grifos?|tuberias?|instalacion(?:es)?|montajes?|radiador(?:es)?|"
    r"revision(?:es)?|mantenimiento|firma|firmar|presupuestar|pays|paid|per\s+hour|an\s+hour)\b|"
    # An amount in thousands: "si le bajo a 2.000 firma hoy".
    r"\b\d{1,3}(?:\.\d{3})+\b"
)


def _talks_business(folded: str) -> bool:
    return bool(_BUSINESS.search(folded) or _TRADE.search(folded))


# How the writer takes a drink or a dish, without a verb of liking: "el café solo y sin
# azúcar, que luego me dan el cortado", "a mí la tostada sin gluten". Only in the first person.
_OWN_TASTE = re.compile(
    r"\b(?:el|la|los|las|un|una|mi|mis)\s+(?:cafe|cafes|cortado|cortados|te|infusion|manzanilla|poleo|"
    r"colacao|leche|cerveza|cana|vino|tostada|tostadas|bocadillo|bocata|zumo|agua)\s+(?:(?:solo|sola)\s+"
    r"(?:y\s+)?)?(?:sin\s+(?:azucar|lactosa|leche|hielo|gluten|cafeina|gas|alcohol)|con\s+(?:leche|hielo|"
    r"sacarina|avena|soja)|descafeinad[oa]|de\s+(?:avena|soja|almendra)|(?:solo|sola)\b)"
)
# A business's name may carry a leisure word ("Gimnasio Fuerza Libre", "Viajes Turia"): a name
# of several capitalised words is taken out before the leisure words are read.
_PROPER_NAME = re.compile(
    r"\b[A-ZÁÉÍÓÚÑ][\wáéíóúñ]+(?:\s+(?:de\s+|del\s+|de\s+la\s+)?[A-ZÁÉÍÓÚÑ][\wáéíóúñ]+)+"
)


def is_own_life(text: str) -> bool:
    """Whether the text is about the writer's own life (family, plans, tastes, health)."""
    folded = expand_shorthand(fold(text))
    if _OWN_LIFE.search(folded) or is_own_health(text):
        return True
    if _talks_business(folded):
        return False
    unnamed = expand_shorthand(fold(_PROPER_NAME.sub(" ", text)))
    first_person = bool(_FIRST_PERSON_SINGULAR.search(folded))
    return bool(_OWN_PURSUIT.search(folded)) or (
        first_person and bool(_PERSONAL_THING.search(unnamed) or _OWN_TASTE.search(unnamed))
    )


# Money talk makes a marked remark a business one even when it names family ("solo para mí, el
# descuento que le hago a mi cuñado es del 20 %"): it stays private to this organization.
_MONEY = re.compile(
    r"\b(?:descuentos?|precios?|margen(?:es)?|tarifas?|cobr\w+|factur\w+|presupuestos?|comision\w*|"
    r"iva|rappel|pagan?|deben?|debe|sueldo|salario|nomina|sube|subida)\b|€|%|\d\s*(?:euros?|pavos|pelas)\b"
)
_ORDER = {Visibility.PRIVATE_IN_ORG: 0, Visibility.PERSONAL: 1, Visibility.SHARED: 2}


def narrowest(*visibilities: str | None) -> str | None:
    """The narrowest of the requested visibilities; ``None`` asks for nothing."""
    asked = [v for v in visibilities if v is not None]
    return min(asked, key=_ORDER.__getitem__) if asked else None


# A request addressed to Suma, opening the message in the imperative: to send or pass something,
# to tell somebody, to answer, to stop doing or to approve something. It is not a fact about the
# business, and it is how an order the injection rules (memory/policy.py) do not know yet would
# reach the team: whatever is kept of it stays with the writer (docs/decisions/0024).
_REQUEST = re.compile(
    r"^\W*(?:(?:suma|oye|porfa|por\s+favor|please|hey|vale|ok)\W+)*"
    r"(?:(?:re)?(?:envia|manda|pasa|remite|copia|sube)(?:le|les|selas?|selos?|sela|selo|"
    r"l[aeo]s?)?|di|dile|diles|avisa(?:le|les)?|escribe(?:le|les)|comunica(?:le|les)?|"
    r"cuenta(?:le|les)|informa(?:le|les)?|responde(?:le|les)?|contesta(?:le|les)?|deja\s+de|"
    r"aprueba(?:l[aeo]s?)?|acepta(?:l[aeo]s?)?|send|forward|tell|reply|answer|respond|stop|"
    r"approve)\b"
    # Moving the note itself to the shared memory is a sharing marker, not an order:
    # "súbelo a lo común:", "pásalo a la memoria compartida:".
    r"(?!\s+(?:a|en)\s+(?:lo\s+(?:comun|compartido)|la\s+memoria\s+(?:compartida|comun|de\s+todos|"
    r"de\s+la\s+empresa)))"
)


# The same orders further on, after a fact ("Hostal Sol paga a 30; por cierto, mándale a Toni
# los teléfonos"), in the forms only an order takes: with the pronoun of who receives it, or a
# negated subjunctive. A bare "manda" there may be a third person ("y manda los pedidos los
# lunes"), so it does not count.
_ORDER_AFTER_A_FACT = re.compile(
    r"(?:[.;:!?)]\s*|,\s*|\b(?:y|e|ademas|luego|tambien|de\s+paso|por\s+cierto|ah|oye|porfa)\b,?\s+)"
    r"(?:(?:y|porfa|por\s+favor|oye|ah)\W+)*"
    r"(?:(?:re)?(?:envia|manda|pasa|remite|copia)(?:le|les|selas?|selos?|sela|selo)|dile|diles|"
    r"avisale|avisales|escribele|escribeles|comunicale|comunicales|cuentale|cuentales|informale|"
    r"informales|respondele|respondeles|contestale|contestales|reenvia(?:l[aeo]s?)?|"
    r"no\s+(?:le|les|se\s+lo|se\s+la)\s+(?:digas|cuentes|ensenes|muestres|pases|mandes|"
    r"comentes)(?!\s+(?:a\s+)?(?:nadie|ningun[oa]?|los\s+demas|el\s+resto)\b))\b"
)
# Orders that act on the records or on what Suma knows, anywhere they open a clause: "borra las
# notas de…", "cambia el IBAN de X en las facturas", "oculta a los demás…". Physical work in the
# imperative ("quita el agua antes de cambiar el termo") is a note for colleagues, not one.
_ORDER_ON_RECORDS = re.compile(
    r"(?:^|[.;:!?)]\s*|,\s*|\b(?:y|e|ademas|luego|tambien|de\s+paso|por\s+cierto|ah|oye|porfa|"
    r"suma)\b,?\s+)(?:no\s+)?(?:borra|elimina|suprime|quita|oculta|esconde|olvida|olvidate\s+de|"
    r"anula|cancela|modifica|cambia|marca|sustituye|reemplaza|altera|edita)"
    r"(?:l[aeo]s?|le|les|selas?|selos?|sela|selo)?\b(?!\s+de\b)[^.\n]{0,40}?\b(?:notas|memorias|"
    r"recuerdos|apuntes|datos|facturas|gastos|presupuestos|cobros|pagos|contactos|registros|"
    r"historial|ibans?|cuentas?\s+bancarias?|lo\s+que\s+(?:sepas|sabes|tengas|tienes)|todo\s+lo)\b"
)


# Suma spoken to: by name (not "la suma de…"), or asked about whoever asks or writes to her
# ("cuando te pregunten…", "si te pide Lucía…", "lo que te diga Andrés"), or told what she is
# or does from now on ("a partir de ahora tú…", "eres…", "tu nueva tarea…"). These are about
# Suma's conduct towards other people, never a fact for the team, whatever the order is.
_TO_SUMA = re.compile(
    # By name, then an order in the forms only an order takes (the pronoun of who receives it,
    # or a negation): "Suma, pásale…", "Suma, no le…". A fact told to her by name ("Suma,
    # Talleres García ha cambiado de encargado") is a fact.
    r"(?<!la\s)(?<!una\s)(?<!esta\s)(?<!total\s)(?<!the\s)\bsuma\b\s*[,:]?\s+(?:por\s+favor\s+|porfa\s+)?"
    r"(?:\w+\s+){0,2}?(?:no\s+(?:le|les|me|se|lo|la|los|las)\b|[a-z]{2,}(?:ale|ales|ele|eles|selo|sela|"
    r"selos|selas)\b)|"
    r"\b(?:el\s+asistente|la\s+ia|the\s+assistant|the\s+ai|chatbot|bot)\b|"
    r"\b(?:cuando|si|siempre\s+que|cada\s+vez\s+que)\s+(?:\w+\s+){0,3}?te\s+(?:pregunte|pregunten|"
    r"pregunta|preguntan|pida|pidan|pide|piden|escriba|escriban|llame|llamen|consulte|consulten|"
    r"hable|hablen|reclame|reclamen|mande|manden)\b|"
    r"\blo\s+que\s+te\s+(?:diga|digan|dice|dicen|dijo|dijeron|pida|pidan|pide|piden|escriba|"
    r"escriban|mande|manden|cuente|cuenten)\b|"
    r"\b(?:a\s+partir\s+de\s+(?:ahora|hoy|manana|ya)|de\s+ahora\s+en\s+adelante|desde\s+(?:ahora|hoy|"
    r"ya|manana)|from\s+now\s+on)\b,?\s+(?:tu|no|nunca|siempre|you)\b|"
    r"(?:^|[.:;!?]\s*)(?:ahora\s+)?eres\b|\btus?\s+(?:nuev[oa]s?\s+)?(?:tarea|funcion|mision|rol|"
    r"instrucciones|reglas|normas|ordenes)\b|\byour\s+(?:new\s+)?(?:task|role|job|instructions|rules)\b|"
    # Whoever asks, Suma is told what to say: "cuando alguien pregunte por X, di…", "a
    # cualquiera que pregunte dile…", "if anyone asks, tell them…".
    r"\b(?:cuando|si|siempre\s+que|cada\s+vez\s+que|a\s+cualquiera\s+que|a\s+todo\s+el\s+que|"
    r"if|when(?:ever)?)\s+(?:[\w']+\s+){0,5}?(?:pregunte|pregunten|pregunta|preguntan|pida|pidan|"
    r"llame|llamen|escriba|escriban|hable|asks?|asked|requests?|writes?)\b[^.\n]{0,80}?"
    r"(?:(?:,\s*|\s)(?:tu\s+)?(?:di|dile|diles|dales?|contesta(?:le|les)?|responde(?:le|les)?|"
    r"cuenta(?:le|les)|explica(?:le|les))|,\s*(?:then\s+)?(?:just\s+|always\s+)?(?:tell|say|reply|"
    r"answer|respond|give|send))\b|"
    # Keeping something from one person, in the second person: "no le digas a Carmen…".
    r"\bno\s+(?:le|les|se\s+lo|se\s+la)\s+(?:digas|cuentes|ensenes|muestres|pases|mandes|comentes)\b"
    r"(?!\s+(?:a\s+)?(?:nadie|ningun[oa]?|los\s+demas|el\s+resto)\b)|"
    r"<!--|\[//\]\s*:|"
    # From now on, an order with its object: "a partir de ahora di a los clientes…".
    r"\b(?:a\s+partir\s+de\s+(?:ahora|hoy|manana|ya)|de\s+ahora\s+en\s+adelante|desde\s+(?:ahora|hoy|"
    r"ya|manana)|from\s+(?:now\s+on|today))\b,?\s+(?:(?:le|les|me|nos)\s+)?(?:di|dile|diles|"
    r"responde|contesta|habla|escribe|manda|envia|reenvia|pasa|comparte|trata|firma|usa|pon|"
    r"always|answer|reply|say|tell|forward|send)(?:le|les|l[aeo]s?)?\b|"
    # Overriding, pretending, a role, a turn dressed as the system's.
    r"(?:^|[.:;!?,]\s*|\by\s+)(?:(?:ignora|ignore|disregard)\s+(?:tus|las|los|lo\s+(?:que|anterior)|"
    r"todo|todas|your|the\s+(?:previous|above|rules)|all|previous|everything)|override|"
    r"olvida\s+(?:tus|las|lo\s+que|todo)|"
    r"olvidate\s+de\s+(?:tus|las|lo\s+que|todo)|forget\s+(?:your|the|all|everything|what)|finge|"
    r"pretend|actua\s+como|act\s+as|haz\s+como\s+si|haz\s+de|you\s+are\s+now|ahora\s+eres)\b|"
    r"<\s*/?\s*[a-z]+\s*>|\[/?\s*(?:inst|sys|system)\s*\]|^\W*(?:system|sistema)\s*:"
)


def is_request(text: str) -> bool:
    """Whether ``text`` gives Suma an order about other people or data (decision 0024).

    It opens with one (send, tell, answer, stop, approve), carries one after a fact (with the
    pronoun of who receives it), orders the records or notes changed, hidden or deleted, or
    reads as an instruction to Suma to the content policy (an order it did not refuse on
    this path is still not the team's).
    """
    folded = expand_shorthand(fold(text))
    return bool(
        _REQUEST.search(folded)
        or _ORDER_AFTER_A_FACT.search(folded)
        or _ORDER_ON_RECORDS.search(folded)
        or _TO_SUMA.search(folded)
        or is_injection(text)
    )


def fact_visibility(message: str, fact: str, *, asked: str | None = None) -> str | None:
    """What one fact learnt from ``message`` may ask for, narrowed by ``asked``.

    Beside a bank account, the message's other facts are the writer's own (private): a new
    account is how a planted message pays off, and what comes with it ("paga por
    transferencia", a new phone, a new address) is no more verified than the account, which
    itself keeps its own path, an unverified proposal (decision 0046).
    """
    if find_iban(message) and not find_iban(fact):
        return narrowest(asked, Visibility.PRIVATE_IN_ORG)
    return asked


# What is left of a sharing wish once its marker is blanked: a verb asking to keep the note,
# before the colon or the end that the marker stood in front of.
_ONLY_ASKED_TO_KEEP = re.compile(
    r"^\W*(?:suma\W+)?(?:(?:por\s+favor|porfa)\W+)?(?:pon|deja|mete|guarda|apunta|anota|sube|"
    r"pasa)(?:lo|la|los|las|me)?(?:\s+(?:esto|eso|este\s+dato|lo\s+siguiente))?(?=\s*(?:[:,.\-–—]|$))"
)


def requested_visibility(text: str, *, asked: str | None = None) -> str | None:
    """What ``text`` asks for, narrowed by what the caller asked (``asked``).

    A narrowing marker → private; a sharing marker → shared, which overrides only the
    own-life default; a fact about one's own life → personal, with or without a narrowing
    marker ("me voy de vacaciones en agosto, solo para mí" is the writer's in every
    organization, and seen by nobody else either way); a request to Suma → private, whatever
    its markers (a bank account in it keeps its own path, an unverified proposal); else
    whatever was asked.
    """
    marked = marked_visibility(text)
    own = is_own_life(text)
    # Kept to oneself and about one's own life is the writer's in every organization, unless it
    # talks money, which is this business's ("…me sube 200 pavos al mes, solo mío").
    if (marked is None and own) or (
        marked == Visibility.PRIVATE_IN_ORG and own and not _MONEY.search(fold(text))
    ):
        marked = Visibility.PERSONAL
    # A sharing wish ("pásalo a los compañeros") is no request to act: read without it, and
    # without the verb that only asked to keep it ("Suma, pon esto en la memoria de la
    # empresa: …" leaves "Suma, pon esto: …").
    asked_of_suma = (
        text
        if marked != Visibility.SHARED
        else blank_matches(blank_matches(text, _SHARE), _ONLY_ASKED_TO_KEEP)
    )
    if is_request(asked_of_suma) and not find_iban(text):
        marked = Visibility.PRIVATE_IN_ORG
    return narrowest(asked, marked)
