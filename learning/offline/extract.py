"""Offline extraction: a message becomes atomic facts (subject, attribute, typed value, sentence).

Each sentence of the message is read three ways: who it is about (``subjects.py``: a contact
the writer may read, the writer, the company, or an unknown name), which typed values it holds
(``slots.py``) and which attribute it states (``attributes.py``, a classifier over the local
embeddings). A value that a negation or an earlier state marks ("ya no", "no a 30", "antes",
"nada de") is passed over, so a correction states the new value and supersedes the old one.
When no attribute is confident the cleaned sentence is kept as one note about its subject:
a remembered fact is never dropped here. Decision record: docs/decisions/0020.
"""

from __future__ import annotations

import datetime
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from learning.base import ContactName, ExtractedFact, KnownAttribute
from learning.offline.attributes import (
    ATTRIBUTE_SLOTS,
    COMBINED,
    CONFIDENT,
    NOTE,
    NOTHING,
    SELF_EVIDENT,
    classify,
)
from learning.offline.occasions import told_for_one_occasion
from learning.offline.patterns import pattern_facts
from learning.offline.slots import (
    BUSINESS_WORDS,
    CALLED_BY,
    IS_THE_CONTACT,
    TAKEN_BACK,
    Slot,
    find_slots,
)
from learning.offline.subjects import (
    CONTACT,
    NAME_OPENERS,
    NAMED,
    ORGANIZATION,
    ROLE_WORDS,
    WRITER,
    Mention,
    apposed_names,
    domain_owner,
    has_legal_form,
    inside_another_name,
    is_company,
    link,
    look_alike,
    match_contacts,
    name_run_on,
    nickname_after,
    own_name_of_trade,
    role_groups,
    sets_apart,
    trade_names,
    unknown_names,
)
from memory.policy_secrets import fold_aligned, iban_on_one_line
from memory.scope import is_own_life, strip_markers
from sumalos.platform.text import MONTHS

MAX_NOTE = 300
# The writer's own organization, shown to the matcher as one more name ("Fontanería Martín
# cierra en agosto" is the company, not Rosa María Martínez).
OWN = "organization"
# A typed value that fills its attribute is worth this much on top of the classifier's word.
SLOT_BONUS = 0.35
# A second attribute in the same sentence needs its own value and at least this probability.
SECOND_FACT = 0.08
# Values that state their attribute even as the second fact of a sentence ("Bizum y al contado",
# "Paco es con quien hay que hablar, y solo por las tardes").
SECOND_EVIDENT = frozenset({"payment_method", "term", "time"})


@dataclass(frozen=True)
class Subject:
    kind: str  # writer | organization | contact | named | "" (nobody in particular)
    name: str = ""
    contact: ContactName | None = None
    span: tuple[int, int] | None = None
    set_apart: bool = False  # a name the message tells apart from a similar contact

    def category(self, clause: str, attribute: str) -> str:
        if self.kind == CONTACT and self.contact is not None:
            return "proveedor" if self.contact.kind == "supplier" else "cliente"
        if self.kind == NAMED:
            return (
                "proveedor" if _SUPPLIER_HINTS.search(fold_aligned(clause).lower()) else "cliente"
            )
        if self.kind == WRITER:
            return "preferencia" if attribute in _PREFERENCES else "perfil_usuario"
        return "empresa"


_WRITER_ATTRIBUTES = frozenset({"nombre", "apodo", "tono", "canal_preferido", "preferencia"})
# How to reach the writer, given in her own life's words ("mi correo personal es …").
_WRITER_ADDRESSES = frozenset({"email", "telefono"})
_PREFERENCES = frozenset({"tono", "canal_preferido", "preferencia", "horario"})
_SUPPLIER_HINTS = re.compile(
    r"\bproveedor|\bnos\s+(?:cobra|cobran|fia|fian|sirve|sirven|vende|venden|suministra|"
    r"trae|traen|hace|hacen|factura|facturan|descuenta|rebaja|deja|da|dan|sube|ha\s+subido)|"
    # someone the company works with: "el electricista con el que hacemos las obras"
    r"\bcon\s+(?:el|la|los|las|quien|quienes)\s+(?:que\s+)?[a-z]+(?:amos|emos|imos)\b|"
    r"\ble\s+(?:pagamos|compramos|pedimos)|\bles\s+(?:pagamos|compramos|pedimos)|"
    # "A Pinturas Mestre se le paga a 60 días": what the company pays them
    r"\bse\s+les?\s+paga\b|"
    r"\b(?:pagamos|pagarle|pagarles)\b|"
    # a supplier's letter to the company: "le aplicaremos un descuento del 7 %"
    r"\b(?:le|les|os)\s+(?:aplicaremos|aplicamos|facturaremos|cobraremos)\b"
)
_WRITER_CUES = re.compile(
    rf"\b(?:{CALLED_BY}|(?:me|m)\s+llamo|mi\s+nombre|soy\b|llamame|llamadme|tuteame|"
    r"hablame|tratame|trates|prefiero|avisame|no\s+(?:cojo|contesto|respondo|estoy)\b|escribeme|mandame|me\s+gusta|no\s+me\s+|"
    r"quiero\s+que\s+me|puedes\s+llamarme|contestame|respondeme|respuestas|"
    # "no hace falta que me expliques qué es un asiento": how she wants to be answered
    r"(?:no\s+hace\s+falta|no\s+necesito)\s+que\s+me\b|"
    r"(?:no\s+)?me\s+(?:pongas|mandes|envies|escribas)\b|mis?\s+(?:email|correo|movil|telefono|numero|dni|nif|"
    r"nie|direccion|cuenta|iban|horario|nombre|apodo)|"
    # "tengo móvil nuevo", "tengo un correo nuevo": the writer's own
    r"tengo\s+(?:un\s+|otro\s+)?(?:nuevo\s+)?(?:email|correo|movil|telefono|numero)\b|"
    # "yo solo trabajo mañanas"; "las pendientes pásamelas en tabla": the writer's own way
    r"^\s*yo\b|\b(?:pasa|manda|envia|pon|ensena|muestra)mel[oa]s\b)"
)
# The writer saying who she is at the start of a clause ("soy Carmen Vidal eh, no me confundas
# con la Carmen Ruiz", "me llamo Andrés"): her name, whichever contact looks like it.
_OWN_NAME = re.compile(
    r"^\s*(?i:soy|me\s+llamo|mi\s+nombre\s+es"
    # in English, also after her role: "I'm the owner here btw, Pablo", "my name is Lucía"
    r"|i['’]?m|i\s+am|my\s+name\s+is)\s+(?i:the\s+[a-z]+(?:\s+[a-z]+){0,2}\s*,\s+)?"
    r"(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)?)\b"
)
# The writer's own name put right: "mi apellido está mal, es Pons Ibarra, Andrés Pons Ibarra",
# "tenéis mal mi nombre, es Lucía Serrano", "mi nombre lo tienes mal escrito: Mª José Gil".
_OWN_NAME_FIXED = re.compile(
    r"\b(?:mi\s+(?:nombre|apellido|segundo\s+apellido)\s+(?:(?:lo|la)\s+)?"
    r"(?:esta|estan|tienes|teneis|tenes|has\s+puesto|habeis\s+puesto)"
    r"|(?:tienes|teneis|tenes|has\s+puesto|habeis\s+puesto)\s+(?:mi\s+(?:nombre|apellido)|"
    r"el\s+(?:nombre|apellido)\s+mio)(?:\s+(?:muy|todo))?)\s+mal(?:\s+escrito)?\s*[,.:;]?\s*"
    r"(?:(?:que\s+)?(?:es|son|pon|ponme|pones)\s+)?"
)
_NAME_RUN = re.compile(r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)*")


# The writer's full name, every surname said: "mi nombre completo es andres pons i pons".
_FULL_OWN_NAME = re.compile(
    r"(?:\bmi\s+nombre\s+(?:completo|entero)\s+es"
    # "ahora firmo como lucia serrano gil"; "me falta el segundo apellido en el perfil, es …"
    r"|\b(?:ahora\s+)?firmo\s+como|\bsegundo\s+apellido\b[^.:;]{0,40}?[,:]\s*(?:que\s+)?es)"
    r"\s+(?P<name>[a-zñ]{2,}(?:\s+[a-zñ]+){1,4})"
)
# Words joining surnames, kept in lowercase inside a full name ("Pons i Pons", "Gil de la Torre").
_SURNAME_JOINERS = frozenset({"i", "y", "de", "del", "la"})
# Words that end a name said without a comma after it: "… es andres pons pero ponlo bien".
_AFTER_A_NAME = frozenset(
    {"que", "q", "pero", "por", "para", "con", "en", "no", "ya", "pues", "eh"}
)


def _full_own_name(clause: str) -> str:
    """The writer's full name said after "mi nombre completo es", up to the clause's end, with
    the words joining surnames; "" when none is said."""
    said = _FULL_OWN_NAME.search(fold_aligned(clause).lower())
    if said is None:
        return ""
    words = list(
        itertools.takewhile(
            lambda w: fold_aligned(w).lower() not in _AFTER_A_NAME,
            clause[said.start("name") : said.end("name")].split(),
        )
    )
    while words and fold_aligned(words[-1]).lower() in _SURNAME_JOINERS:
        words.pop()
    if len(words) < 2:
        return ""
    return " ".join(
        w if fold_aligned(w).lower() in _SURNAME_JOINERS else w[0].upper() + w[1:] for w in words
    )


def _own_name_fixed(clause: str) -> str:
    """The writer's name as she puts it right, the longest said ("Pons Ibarra, Andrés Pons
    Ibarra" is Andrés Pons Ibarra), or ""."""
    fixed = _OWN_NAME_FIXED.search(fold_aligned(clause).lower())
    if fixed is None:
        return ""
    runs = _NAME_RUN.findall(clause, fixed.end())
    return max(runs, key=len, default="")


# The name the writer goes by, given as the word after these: never a subject of its own.
_CALL_ME = re.compile(
    rf"\b(?:{CALLED_BY}|me\s+(?:podeis|puedes|pueden)\s+llamar|llamadme|"
    r"todo\s+el\s+mundo\s+me\s+llama)\b"
)
# The writer's own address ("mi mail es …"): hers even beside the company's ("el de la empresa
# no lo miro nunca").
_OWN_ADDRESS = re.compile(
    r"\bmis?\s+(?:e-?mail|mail|correo|movil|telefono|numero|whatsapp)\b"
    # a phone or address asked about and answered as hers: "el mío es el 684…" (Asturian "ye")
    r"|\bel\s+mio\s+(?:es|ye)\b"
)
# An address the writer says she uses, in the first person ("ya no uso el correo de Hotmail"):
# the bare address the message gives next is hers, not the company's.
_ADDRESS_I_USE = re.compile(
    r"\b(?:uso|usaba|utilizo|miro|tengo|he\s+cambiado\s+de)\s+(?:(?:el|la|un|otro|de)\s+)?"
    r"(?:e-?mail|mail|correo|movil|telefono|numero)\b"
)
# The writer's own hours: "mi horario", "mi jornada", or a verb in the first person.
_MY_HOURS = re.compile(
    r"\bmis?\s+(?:horarios?|jornada|turnos?|dias\s+libres)\b"
    r"|(?<!\bel\s)(?<!\bun\s)\b(?:no\s+)?(?:trabajo|curro|vengo|libro|entro|salgo|fichar?\s+a)\b"
    r"|\bno\s+estoy\b"
    # "hago jornada intensiva", "por la mañana estoy en la oficina y por la tarde en obra"
    r"|\b(?:hago|tengo|empiezo|acabo|termino)\s+(?:la\s+|el\s+)?(?:jornada|horario|turno)\b"
    r"|\bestoy\s+en\s+(?:la\s+oficina|obra|el\s+taller|la\s+calle|casa)\b"
    # a card of the writer's own data: "Carmen – datos - jornada: L-J de 8 a 15"
    r"|\bjornada\s*:"
)
# Someone else to reach: "llamarles", "le llamemos", "no lo mira", "a esta gente".
# Someone else's name to call them by: "llámala Tere", "así la conoce todo el mundo".
_THEIR_NAME = re.compile(
    r"\b(?:llamal[aeo]s?|llamadl[aeo]s?|(?:le|la|lo)\s+(?:llaman|llama|dicen|conocen|conoce))\b"
)
_REACH_THEM = re.compile(
    r"\b(?:llamarl[eo]s?|llamadl[eo]s?|llamal[eo]s?|escribirl[eo]s?|escribidl[eo]s?|"
    r"l[eo]s?\s+(?:llamemos|llamamos|llamen|escribamos|escribimos|mandemos|mandamos)|"
    r"(?:no\s+)?l[oa]s?\s+(?:mira|miran|lee|leen|abre|abren|contesta|contestan|coge|cogen)|"
    r"li\s+(?:cridem|truquem|escrivim)|"
    r"esta\s+gente|no\s+tiene\s+(?:movil|email|correo|whatsapp|telefono))\b"
)
_COMPANY_CUES = re.compile(
    r"\b(?:cerramos|abrimos|trabajamos|cobramos|nuestr[oa]s?|nos\s+vamos|estaremos|"
    r"hacemos|damos|aplicamos|subimos|bajamos|la\s+empresa|el\s+taller|la\s+oficina|"
    r"el\s+local|el\s+negocio|somos|estamos|nos\s+hemos\s+(?:cambiado|mudado|trasladado)|"
    # in English: "our default payment terms", "we close in August"
    r"our|we)\b"
)
_NEGATED_BEFORE = re.compile(
    r"(?:\bno|\bnada\s+(?:de|por|x|en)|\bni|\bantes|\ben\s+vez\s+de|\ben\s+lugar\s+de|\bolvida|"
    r"\bdej[ae]d?\s+de|\bsin|\bya\s+no|"
    # "mejor mensajes que llamadas": the second is what is not wanted.
    r"\bmejor\s+[a-z]+(?:\s+[a-z]+)?\s+que)\b"
    # an aside's negation stays in its brackets: "(asesoria puchades, no es la nuestra) cobra a…";
    # "sino" ends it too: "no a 30 sino a 45"
    r"(?:(?!\bsino\b)[^,;.:)]){0,24}$"
)
# Reaching someone ("llamarla", "pillarle", "localizarlos") and being busy then ("curra",
# "está liada", "no coge"): that time is when not to reach them.
_REACH_VERB = re.compile(r"\b(?:llam|localiz|pill|contact|escrib)[a-z]*\b")
_BUSY_AFTER = re.compile(
    r"\s*(?:(?:el|ella|ellos|ellas)\s+)?(?:curra|curran|trabaja|trabajan|"
    r"esta(?:n)?\s+(?:a\s+tope|liad|ocupad|fuera|en\s+(?:la\s+)?(?:obra|tienda|consulta|clase))|"
    r"no\s+(?:esta|estan|puede|pueden|contesta|contestan|coge|cogen|lo\s+coge))"
)
# An amount something must pass for a rule to hold is no price: "si el trabajo pasa de 300 €".
_THRESHOLD_BEFORE = re.compile(
    r"\b(?:pasa(?:n)?\s+de|supera(?:n)?(?:\s+los|\s+las)?|mas\s+de|menos\s+de|"
    r"por\s+encima\s+de|por\s+debajo\s+de)\s+$"
)
# A value said in the past tense ("a los particulares les dábamos 15 días; desde enero, al
# contado"): what held before, no longer.
_EARLIER_STATE = re.compile(
    r"\b(?:dabamos|daban|daba|pagaba|pagaban|pagabamos|cobraba|cobraban|cobrabamos|tenia|"
    # "era" alone corrects what was just said ("perdona, era los jueves"); after "antes" it is
    # what held before.
    # "lo de 45 días estaba mal, pagan a fin de mes": what is right comes after the wrong.
    r"tenian|teniamos|hacia|hacian|haciamos|estaba|estaban|antes\s+(?:era|eran))\b"
    r"(?!\s+mal\b)[^.;:]{0,12}$"
    # what is done with: "se acabó lo de pagá a 45"
    r"|\bse\s+(?:acabo|termino)\s+lo\s+de\b[^.;:]{0,16}$"
)
# What introduces the value that replaces an earlier one in the same sentence.
_CORRECTION_LEAD = re.compile(
    r"(?:,|\by)\s*(?:(?:no|que)\s+)?(?:es|son|sera|seria|ahora(?:\s+es)?|sino|mejor|en\s+realidad)"
    r"\s+(?:a\s+|por\s+|en\s+|con\s+|de\s+)?$"
)
# A report of what was done ("ya he mandado la factura", "he metido el ticket de ayer"):
# an event of the day, not a lasting fact, unless it says what holds from now on.
_DONE = re.compile(
    r"^\s*(?:(?:hoy|ayer|ya|esta\s+manana|esta\s+tarde)\s+)?(?:le\s+|les\s+)?(?:he|hemos)\s+"
    r"(?:mandado|enviado|metido|estado|pasado|hecho|arreglado|instalado|puesto|llevado|"
    r"subido|apuntado|revisado|cambiado|terminado|acabado|cobrado|entregado|llamado|ido)\b"
)
# What happened this week, told as news ("esta semana saneamientos nos ha traido la
# multicapa tarde"): no lasting fact either, unless it says what holds from now on.
_THIS_TIME = re.compile(
    r"^\s*(?:esta\s+semana|hoy|ayer|esta\s+manana|esta\s+tarde|el\s+otro\s+dia)\b"
    r"[^.;]*\b(?:ha|han)\s+[a-z]+(?:ado|ido)\b"
    # the writer's day ("hoy llego a las 10 q tengo medico") and a receipt to file ("ticket
    # ferreteria ruiz 23,40 …, pagado con tarjeta")
    r"|^\s*hoy\s+(?:no\s+)?(?:llego|vengo|salgo|entro|me\s+voy)\b|^\s*(?:ticket|tiquet|tique)\b"
    # a receipt the writer holds ("tengo el ticket de Gasóleos Ribera de 62,40 €", "me han dado
    # un recibo de 30 €"): an expense to file, not a price
    r"|\b(?:tengo|tenemos|me\s+han\s+dado|me\s+dieron|he\s+cogido)\s+(?:el|un|este|ese|los|unos)\s+"
    r"(?:ticket|tiquet|tique|recibo|justificante)s?\b"
    # what is missing this week ("esta semana no tienen multicapa, lo traen el lunes"): news
    r"|^\s*esta\s+semana\b[^.;]*\bno\s+(?:tiene|tienen|hay|les\s+queda|les\s+quedan)\b"
)
# A value said wrong or done with after it ("lo de 45 días estaba mal", "de sesenta días se
# acabó", "los 60 días ya no valen"): what no longer holds.
_WRONG_AFTER = re.compile(
    r"\s*(?:(?:ya\s+)?(?:estaba|esta|era|estaban|eran)\s+mal\b|(?:era|fue)\s+un\s+error\b|"
    r"(?:se\s+|s['’]\s*)?(?:acabo|termino)\b|ya\s+no\s+(?:vale|valen|va|van|sirve|sirven)\b|"
    r"(?:ya\s+)?no\s+(?:es|son)\s+asi\b|(?:queda|quedan)\s+anulad"
    # "de 60 días nada, desde este mes a 30"
    r"|\s*,?\s*nada\s*(?:[,.;:]|$)"
    # taken back at once in a voice note: "a treinta, no, perdona, a cuarenta y cinco", "a 45…
    # no, espera, a 60", "a 90 días, ay no, a 60"
    r"|" + TAKEN_BACK + r")"
)
# Bringing or handing something over before "en mano": how it is delivered.
_HANDED_BEFORE = re.compile(r"\b(?:llev|entreg)[a-z]*\b(?:(?!\bpag|\bcobr)[^.;])*$")
_FROM_NOW = re.compile(r"\b(?:ahora|a\s+partir\s+de|desde\s+ahora|siempre|nunca|cada)\b")
# A value said for one occasion only ("esta vez lo he pagado con tarjeta", "nos paga a 60, pero
# solo este mes", "excepcionalmente en efectivo"): no lasting fact, unless it says what holds
# from now on.
_ONE_OFF = re.compile(
    # not "una vez al año", "una vez firmado": how often, or after what
    r"\b(?:(?:solo|por)\s+)?(?:esta|esa|aquella)\s+vez\b|\bpor\s+una\s+vez\b|"
    r"\b(?:excepcionalmente|puntualmente)\b|"
    r"\bde\s+(?:forma|manera|modo)\s+(?:puntual|excepcional)\b|"
    r"\bsolo\s+(?:este|esta|ese|esa)\s+(?:mes|semana|trimestre|ano|factura|pedido|obra)\b|"
    # a visit put off for the day ("que hoy no vayamos, mejor el viernes")
    r"\bhoy\s+no\s+(?:vay|veng|pase|pasa|pasem|pod)[a-z]*\b"
)
# Words near a name that make it the contact person ("el director, el Sr. Cuesta",
# "persona de contacto Vicen", "preguntar por Rosana"), or that follow it ("Julián, el del
# hostal", "Nerea es la que lleva los pedidos").
_ROLE_BEFORE = re.compile(
    r"(?:contacto|encargad[oa]|director[a]?|president[ea]|administrador[a]?|comercial|agente|"
    r"gerente|jef[ea]|duen[oa]|responsable|secretari[oa]|conserje|porter[oa]|contable|"
    r"manager|owner|boss|ask\s+for|"
    # "our contact there is the building manager, a guy called Mark Hollis"
    r"\bcontact\s+(?:there\s+|here\s+)?is\b[^.;:]{0,50}|"
    r"preguntar?\s+(?:por|x)|\b(?:chic[oa]|hij[oa]|nuev[oa])\s*,|"
    r"hablar\s+con|\bsra?\b\.?|\bdon\b|\bdona\b|(?:lleva|nos\s+porta|se\s+encarga)\b[^,.;:]{0,20}|"
    # who signs there, whom the invoices go to: "el q firma es Paco", "a la atención de Paloma"
    r"\b(?:que|q|quien)\s+(?:firma|paga|aprueba)\b[^,.;:]{0,20}|\batencion\s+de|"
    r"persona\s+con\s+(?:la\s+que|quien)\s+(?:[a-z]+\s+){1,3}es|\b(?:el|la)\s+de(?:l|\s+la)?\s+"
    r"[^,.;:]{2,40},|"
    # A relative who deals with it for them: "las facturas las paga su hija Lidia".
    r"\bsu\s+(?:hij[oa]|mujer|marido|espos[oa]|herman[oa]|madre|padre|sobrin[oa]|yerno|nuera|"
    r"cunad[oa]|suegr[oa]|niet[oa]|pareja|soci[oa])\b)\s*[^,.;:]{0,12}$"
)
# Matched at the name's end (no "^": with a start position it would never match).
_ROLE_AFTER = re.compile(
    r"(?:,\s+|\s+es\s+)(?:el|la)\s+(?:que|del?)\b|,\s+(?:el|la)\s+[a-z]+\b"
    # "julian de recepcion es el contacto"
    r"|" + IS_THE_CONTACT
)

_QUESTION_OR_ORDER = re.compile(
    r"^\s*¿|\?\s*$|^\s*(?:haz|hazme|hazle|hazles|crea|creame|manda|mandale|envia|enviale|dime|busca|"
    r"pasame|dame|prepara|preparame|genera|factura(?:le)?|cambia|borra|anade|calcula|revisa|"
    r"recuerdame|recordadme|"
    r"muestrame|ensename)\b"
    # Setting the state of a record: "marca como pagada la factura de …", "déjala como cobrada".
    r"|^\s*[a-z]+\s+como\s+[a-z]+(?:ad|id)[oa]s?\b"
)
# An order to Suma after the statement ("voy al médico el jueves, cancela la cita").
_TRAILING_ORDER = re.compile(
    r"[,;:]\s*(?:y\s+)?(?:cancela|anula|haz|hazme|crea|creame|manda|mandale|envia|enviale|"
    r"dime|busca|borra|cambia|pasame|dame|prepara|preparame|avisa|avisale|llama|llamale|"
    # "mañana hay que llevar la furgoneta al taller, recuérdamelo esta noche": a reminder asked
    r"recuerdamel[oa]s?|recuerdame|recordadmel[oa]s?|remind\s+me)\b"
    # How to reach the person, not an order: "llámale a él directamente".
    r"(?!\s+(?:a\s+(?:el|ella)\b|(?:directamente|siempre|solo|antes)\b))"
)
_UNSURE = re.compile(
    r"\ble\s+(?:di|he\s+dado|pase|he\s+pasado|mande|he\s+mandado)\s+mi\b|"
    r"^\s*(?:igual|a\s+lo\s+mejor|quizas?|puede\s+que|no\s+se\s+si|ojala|creo\s+que\s+igual)\b"
    r"|^\s*si\s+(?:\w+\s+){0,5}?(?:\w{2,}(?:ara|iera|ase|iese|aran|ieran)|dier[ao]n?|diese)\b"
    r"|\bya\s+veremos\b"
    # "No me acuerdo" after a question, a retraction, a payment that happened today.
    r"|^\s*(?:(?:es\s+)?que\s+)?(?:no\s+me\s+acuerdo|ni\s+idea|no\s+lo\s+se|no\s+estoy\s+segur[oa])\b"
    # the same doubt said anywhere, or in a southern spelling: "no zé si pagan a 30", "yo ni
    # idea", "pregúntale a Lucía que ella lo sabrá"
    r"|\bno\s+(?:se|ze|sabria\s+decirte)\s+si\b|\byo\s+ni\s+idea\b"
    r"|\b(?:que|q)\s+(?:el|ella|ellos|ellas)\s+(?:lo\s+)?(?:sabra|sabran|sabe|saben)\b"
    # two values the writer cannot choose between: "pagan a 30 o a 45"
    r"|\ba\s+\d+\s+o\s+a\s+\d+\b"
    r"|\bera\s+(?:broma|cona|mentira|un\s+error)\b|\bsigue\s+todo\s+igual\b"
    # "igual cambia de dueño, pero no es seguro": a rumour the writer herself doubts
    r"|\bno\s+es\s+seguro\b"
    # a change that may come but has no value yet ("a lo mejor cambia de teléfono pero todavía
    # no lo tiene"); a question the writer cannot answer ("¿paga al contado o no? que no me
    # acuerdo")
    r"|\b(?:todavia|aun|tovia)\s+no\s+(?:lo|la|los|las)\s+(?:tiene|tienen|sabe|saben)\b"
    r"|\b(?:a\s+lo\s+mejor|igual|quizas?)\s+(?:se\s+)?cambia[n]?\s+de\b"
    r"|\?\s*(?:(?:es\s+)?que\s+|porque\s+)?no\s+me\s+acuerdo\b"
    # a change only thought about ("estoy pensando en ponerles a todos 30 dias pero no lo tengo
    # claro", "capaz que nos pide pagar por Bizum, lo están pensando", "igual-yos ofrecemos…,
    # pero tovía nun ta decidío")
    r"|\b(?:estoy|estaba|estamos|estabamos|esta|estan|estaban)\s+pensando\s+(?:en|si)\b"
    r"|\blo\s+(?:esta|estan|estamos|estoy)\s+pensando\b|^\s*capaz\s+que\b"
    r"|\bno\s+lo\s+tengo\s+(?:muy\s+)?claro\b"
    # "…no? no sé, lo hablo con Pablo": a doubt left to talk over
    r"|\bno\s+se\s*[,.]\s*(?:ya\s+)?(?:lo|la)\s+(?:hablo|hablamos|miro|miramos|consulto|consultamos)\b"
    r"|\b(?:no|nun)\s+(?:esta|ta)\s+(?:(?:todavia|tovia|aun)\s+)?decidid?[oa]\b"
    # and what closes such a message: "ya te diré", "cuando se decidan te aviso", "de momento
    # déjalo como está"
    r"|^\s*(?:ya\s+te\s+(?:dire|digo|contare|aviso)|cuando\s+se\s+decidan\b[^.;]*)\s*[.!]*\s*$"
    r"|\bdejalo\s+como\s+esta\b"
    r"|\b(?:ha|han|hemos|he)\s+(?:pagado|cobrado|abonado|ingresado)\s+(?:hoy|ayer|esta\s+manana)\b"
    r"|\bya\s+(?:ha|han)\s+(?:pagado|abonado|ingresado)\b"
)
_FILLERS = re.compile(
    r"^\s*(?:ojo(?:\s+que)?|oye|mira|por\s+cierto|que\s+sepas(?:\s+que)?|recuerda(?:\s+que)?|"
    r"apunta(?:\s+que)?|anota(?:\s+que)?|una\s+cosa|importante|nota|aviso|atencion|"
    r"te\s+cuento(?:\s+que)?|para\s+que\s+lo\s+sepas|pues|bueno|vale|nada|[Hh]ola|"
    r"[Bb]uen(?:os|as)\s+(?:d[ií]as|tardes|noches)|[Bb]uenas|[Ee]stimad[oa]s?(?:\s+[a-záéíóúñ]+)?|"
    r"[Hh]ello|[Hh]i|[Dd]ear(?:\s+[a-z]+)?)\s*[:,.!\-–]*\s+",
)
# "Reenvío el correo de Inmaculada:", "Te paso lo que dice Nacho:": who the next lines quote.
_FORWARD_FRAME = re.compile(
    r"^\s*(?:te\s+|os\s+)?(?:reenv[ií]o|paso|copio|pego)\b.*\b(?:de|dice|manda|escribe)\b"
    r"|^\s*(?:de|from)\s*:",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"^\s*[\"“«']")
# A forwarded e-mail's frame and formalities: they state nothing about anyone.
_LETTER_LINE = re.compile(
    r"^\s*(?:-{3,}.*|[>\s]*(?:mensaje\s+)?(?:reenviado|forwarded(?:\s+message)?|fwd?|rv)\s*:?\s*|"
    r"(?:asunto|subject|para|to|cc|fecha|date|enviado|sent)\s*:.*|"
    r"(?:(?:un\s+)?(?:saludo|abrazo)s?|saludos\s+cordiales|atentamente|(?:muchas\s+)?gracias|"
    r"cordialmente|best\s+regards|regards)[\s,.!]*)$",
    re.IGNORECASE,
)
# "d" typed short for "de" ("del 1 al 15 d enero"): said in full, so the patterns that read
# "de" read it too. ("x" for "por" is left as typed: "NUNCA x recepcion" read as "por" turns
# a delivery's warning into a wish of the writer's.)
_SHORT_DE = re.compile(r"(?<=[\wÁÉÍÓÚÑáéíóúñ])\s+[dD]\s+(?=[A-Za-zÁÉÍÓÚÑáéíóúñ])")
# Valencian's elided article before a name ("L'Hotel Les Arenes"): no part of the name.
_ELIDED_ARTICLE = re.compile(r"(?<![\w'’])[Ll]['’](?=[A-ZÁÉÍÓÚ])")
_BULLET = re.compile(r"^\s*(?:[-*•·>]+|\d{1,2}[.)])\s+")
_CLAUSES = re.compile(
    # Not after a title or a short form: "el Sr. Cuesta", "la Dra. Sanchis", "Avda. del Puerto".
    r"(?<=[.!?;])(?<![Ss]r\.)(?<![Ss]ra\.)(?<![Dd]r\.)(?<![Dd]ra\.)(?<![Ss]rta\.)"
    r"(?<!\b[Dd]\.)(?<![Dd]ña\.)(?<![Aa]vda\.)(?<![Aa]v\.)(?<![Nn]º\.)"
    # "Att. Elena Sanchis" on a card
    r"(?<![Aa]tt\.)(?<![Aa]tn\.)"
    # short forms inside business names: "Hnos. Cervera", "Hmnos.", "Cía.", "Dist."
    r"(?<![Hh]nos\.)(?<![Hh]mnos\.)(?<![Cc]ía\.)(?<![Cc]ia\.)(?<![Dd]ist\.)"
    # the label of a number on a letterhead: "S.L. - Tel. 961 27 45 83", "Tfno. 96…"
    r"(?<![Tt]el\.)(?<![Tt]elf\.)(?<![Tt]lf\.)(?<![Tt]fno\.)(?<![Tt]eléf\.)"
    # a pause in dictation goes on with the same sentence: "el nuevo seis siete uno... no
    # espera te lo escribo: 671 203 448"
    # and after a hesitation not even before a capital: "se llama, eh… Rubén, Rubén Soler"
    r"(?<!\.\.\.)(?<!…)\s+|(?:(?<=\.\.\.)|(?<=…))(?<!\b[Ee]h…)(?<!\b[Ee]h\.\.\.)"
    r"(?<!\b[Ee]m…)(?<!\b[Ee]m\.\.\.)(?<!\b[Ee]ste…)(?<!\b[Ee]sto…)\s+(?![a-záéíóúñ])"
    r"|\n+|\s+(?:y\s+)?además,?\s+|,\s+y\s+también\s+"
    # "Me llamo Pablo pero todos me dicen Pau", "em dic Josep però em diuen Pep": a name, then
    # the name the writer goes by.
    r"|,?\s+(?:pero|però|but)\s+(?=(?:todo\s+el\s+mundo|todos|la\s+gente|aqui|aquí)\b|"
    r"[^.;,]{0,40}?\b(?:dicen|llaman|diuen|criden|call|calls)\b)"
    # "mi móvil es 654… y prefiero que me contestes corto": how she wants answers, its own
    # statement after the datum
    r"|,?\s+y\s+(?=(?:prefiero|quiero\s+que\s+me|me\s+gusta\s+que)\b)"
    # "…a 60 dias, y los de recambios turia nos dan 45": the next subject, its own statement.
    r"|,\s+y\s+(?=(?:los|las|el|la)\s+del?\s)"
    # "la ferretería abre a las 7 y nosotros abrimos a las 8": we, after someone else, are
    # another statement's subject
    r"|,?\s+y\s+(?=(?:nosotros|nosotras)\s)"
    # an emoji and "y" after it close what was said before, as a full stop would: "ponme Andy
    # 😎 y el almacén cierra a las 6" ("Eh 👍 Clínica Dental…" goes on with the same sentence)
    r"|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF])\s+y\s+(?=\w)"
    # "…ya no abre los sábados, y a Talleres García les hacemos un 3 %": someone new, named
    # and taken up again by "le"/"les", is the next statement's subject.
    r"|,\s+y\s+(?=a\s+(?:(?:los|las|la|el)\s+)?[^\s,.;:]+(?:\s+[^\s,.;:]+){0,3}\s+l[ea]s?\s)"
)
_ROLE_LEAD = re.compile(
    r"(?:\b(?:los|las|el|la|a\s+los|a\s+las|al|a\s+la)\s+de(?:l)?\s+(?:la\s+|el\s+|los\s+|las\s+)?"
    r"|\b(?:los|las|el|la|al|a\s+la|a\s+los|a\s+las|en\s+la|en\s+el|con\s+la|con\s+el)\s+)$",
    re.IGNORECASE,
)
_ITEM = re.compile(
    r"\b(?:el|la|los|las|del|de|un|una)\s+(?P<item>[a-záéíóúñ]{3,}(?:\s+de\s+[a-záéíóúñ]{3,})?)"
)
# Verb forms the item pattern may catch after a pronoun ("los cobramos", "la subimos").
_VERB_ENDINGS = ("amos", "emos", "imos")
_NOT_ITEMS = frozenset(
    [
        *MONTHS,
        *["hoy", "ayer", "partir", "dos", "tres", "uno"],
        "precio",
        "precios",
        "litro",
        "hora",
        "metro",
        "kilo",
        "unidad",
        "caja",
        "tarifa",
        "euros",
        "mes",
        "trimestre",
        "semestre",
        "ano",
        "semana",
        "dia",
        "dias",
        "pago",
        "factura",
        "facturas",
        "proveedor",
        "cliente",
        "ahora",
        "momento",
        "descuento",
        "contado",
        "todo",
        "toda",
        "plazo",
        "lunes",
        "martes",
        "miercoles",
        "jueves",
        "viernes",
        "sabado",
        "domingo",
        "semana",
        # "(gestoria llopis, no es la nuestra) nos cobra 90 €": whose, not what
        "nuestra",
        "nuestro",
        "vuestra",
        "vuestro",
        "suya",
        "suyo",
    ]
)


def _clean(text: str) -> str:
    """The message without markers, openers or letter formalities, one line per line: a list
    or a "key: value" card says one thing per line."""
    lines = [
        _as_written(_clean_line(strip_markers(line)), line)
        for line in iban_on_one_line(text).splitlines()
    ]
    cleaned = "\n".join(line for line in lines if line) or _clean_line(text)
    return cleaned[:1].upper() + cleaned[1:]


def _as_written(cleaned: str, line: str) -> str:
    """A line's first word in the case it was written in: a message split over lines ("la
    señora amparo / es sorda de un oído / hablarle alto") has no name at each line's start."""
    if _BULLET.match(line):
        return cleaned  # a list's item opens as a card's does, with its subject
    first = cleaned.split(maxsplit=1)[0] if cleaned else ""
    lowered = first[:1].lower() + first[1:]
    if first[:1].isupper() and re.search(rf"(?<!\w){re.escape(lowered)}(?!\w)", line):
        return lowered + cleaned[len(first) :]
    return cleaned


def _clean_line(line: str) -> str:
    if _LETTER_LINE.match(line):
        return ""
    line = _BULLET.sub("", line)
    previous = None
    while previous != line:
        previous = line
        line = _FILLERS.sub("", line, count=1)
    line = _SHORT_DE.sub(" de ", line)
    line = _ELIDED_ARTICLE.sub("el ", line)
    return re.sub(r"\s+", " ", line).strip(" ,;:-")


def sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip(" ,;:")
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _clauses(text: str) -> list[str]:
    return [c.strip(" ,") for c in _CLAUSES.split(text) if c and c.strip(" ,.")]


# "mensajes cortitos", "correos breves": how long the answers are, not the channel; nor is
# "entre llamada y llamada" a way to reach anyone.
_LENGTH_AFTER = re.compile(r"\s+(?:muy\s+|bien\s+)?(?:cort|breve)")
# A way of sending that fails them: "que en papel se les pierden", "el correo no lo miran".
_LOST_AFTER = re.compile(
    r"\s+(?:se\s+(?:les?\s+|nos\s+)?pierde|(?:no\s+)?(?:lo|la|los|las)\s+pierde|"
    r"no\s+(?:lo|la|los|las)\s+(?:mira|lee|ve|coge))"
)
# The word that labels a number ("teléfono nuevo 963…", "otro tlf, el 961…"), not said as the
# way to reach them ("mejor por teléfono, el 961…").
_NUMBER_LABEL = re.compile(r"^(?:telefono|tlf|telf|telefon|movil)$")
_BY_BEFORE = re.compile(r"\b(?:por|x|al|mejor)\s+$")
LABEL_REACH = 30


def _labels_a_number(slot: Slot, slots: list[Slot], folded: str) -> bool:
    """Whether a channel word only names the number that follows it."""
    if slot.kind != "channel" or not _NUMBER_LABEL.match(folded[slot.start : slot.end]):
        return False
    if _BY_BEFORE.search(folded[max(0, slot.start - 8) : slot.start]):
        return False
    return any(o.kind == "phone" and 0 <= o.start - slot.end <= LABEL_REACH for o in slots)


_BETWEEN_BEFORE = re.compile(r"\bentre\s+(?:[a-z]+\s+y\s+)?$")


_TALKED_BY = re.compile(
    r"\b(?:hablamos|hablado|quedamos|acordamos|dijo|dicho|comentado|avisado)\b[^,.;:]*\b(?:por|x)\s+$"
)


def _live(slots: list[Slot], folded: str) -> list[Slot]:
    """The values a negation, an earlier state or a threshold does not mark ("no a 30", "antes
    30", "les dábamos 15 días", "si pasa de 300 €"), nor one a later value of its kind corrects
    ("paga a 60, es a 30"; "en efectivo, ahora bizum"), nor the time someone is busy when the
    clause says when to reach them ("mejor llamarla x la tarde, x la mañana curra")."""
    reaching = _REACH_VERB.search(folded) is not None
    live = [
        s
        for s in slots
        if not _NEGATED_BEFORE.search(folded[max(0, s.start - 28) : s.start])
        and not _THRESHOLD_BEFORE.search(folded[max(0, s.start - 20) : s.start])
        and not _EARLIER_STATE.search(folded[max(0, s.start - 24) : s.start])
        and not _WRONG_AFTER.match(folded, s.end)
        # "la factura se la llevemos en mano": handed over, not paid in cash
        and not (
            s.kind == "payment_method"
            and folded.startswith("en mano", s.start)
            and _HANDED_BEFORE.search(folded[max(0, s.start - 50) : s.start])
        )
        and not (reaching and s.kind == "time" and _BUSY_AFTER.match(folded, s.end))
        and not (s.kind == "channel" and _LENGTH_AFTER.match(folded, s.end))
        and not (s.kind == "channel" and _LOST_AFTER.match(folded, s.end))
        and not _labels_a_number(s, slots, folded)
        and not (
            s.kind == "channel" and _BETWEEN_BEFORE.search(folded[max(0, s.start - 30) : s.start])
        )
        # "lo hablamos ayer por tlf": how it was said once, not how to reach them
        and not (s.kind == "channel" and _TALKED_BY.search(folded[max(0, s.start - 30) : s.start]))
    ]
    corrected = {
        s.kind
        for s in live
        if _CORRECTION_LEAD.search(folded[max(0, s.start - 20) : s.start])
        and any(o.kind == s.kind and o.start < s.start for o in live)
    }
    return [
        s
        for s in live
        if s.kind not in corrected or not any(o.kind == s.kind and o.start > s.start for o in live)
    ]


def _mention_subject(mention: Mention, text: str) -> Subject:
    if mention.contact is not None and mention.contact.kind == OWN:
        return Subject(ORGANIZATION)
    lead = _ROLE_LEAD.search(text[: mention.start])
    start = lead.start() if lead else mention.start
    kind = CONTACT if mention.contact is not None else NAMED
    return Subject(kind, mention.name, mention.contact, (start, _name_end(mention, text)))


_FOLLOWING = re.compile(r"\s+([\wáéíóúñü]{4,})")  # no article: "en las palmeras las llaves"


def _name_end(mention: Mention, text: str) -> int:
    """Where the words that named a contact end: with the words of its name that follow the one
    that matched ("la clinica dental" is Clínica Dental Sonrisas said short, all of it), and
    with the bracket the name ran into."""
    if mention.contact is None:
        return mention.end
    carried = set(_words(mention.contact.name))
    end = mention.end
    following = _FOLLOWING.match(text, end)
    while following is not None and set(_words(following.group(1))) <= carried:
        end = following.end()
        following = _FOLLOWING.match(text, end)
    opened = text.rfind("(", mention.start, end)
    closing = text.find(")", end)
    if opened != -1 and ")" not in text[opened:end] and closing != -1:
        # "ruiz saez (carmen, la clienta)": the bracket that the name ran into says who she is
        end = closing + 1
    return end


_ROLE_NAMED = re.compile(r"\b(?:el|la|los|las|al|del)\s+(?P<word>[a-zñ]+)\b")


def find_subject(
    text: str, slots: list[Slot], contacts: Sequence[ContactName], attribute: str
) -> Subject:
    """Who ``text`` is about, for a fact of ``attribute``."""
    folded = fold_aligned(text).lower()
    # a name to invoice under is someone else's ("las facturas a nombre de VetBeni S.L.")
    billed = any(s.kind == "billing_name" for s in slots)
    if (attribute == "nombre" and not billed) or (
        attribute in ("apodo", "tono") and _WRITER_CUES.search(folded)
    ):
        return Subject(WRITER)
    known = list(contacts)
    own_hours = _MY_HOURS.search(folded) if attribute in ("horario", "cierre") else None
    # The value is never the subject: "se llama Teresa" names the person, not Teresa Muñoz.
    values = [(s.start, s.end) for s in slots if s.kind in ATTRIBUTE_SLOTS.get(attribute, ())]
    traded = trade_names(text)
    longer = [*traded, *unknown_names(text, [])] if sets_apart(text) else []
    mentions = [
        m
        for m in match_contacts(text, known)
        if not any(b <= m.start and m.end <= e for b, e in values)
        and not _another_business(m, traded, text)
        and not _runs_on(m, longer)
        and not _describes_the_name_before(m, text)
        and not _theirs(m, text)
        and not _taken_back(m, text)
    ]
    if (
        own_hours
        and mentions
        and own_hours.start() < mentions[0].start
        and not re.search(r"[,;.:]", text[own_hours.end() : mentions[0].start])
    ):
        # "yo los lunes x la mañana no curro q llevo a los crios al cole": the writer's hours,
        # whoever she names after saying them in the same breath ("yo salgo a las 3, y la
        # panadería cierra todo agosto": what follows the comma is the bakery's)
        return Subject(WRITER)
    if mentions and (renamed := _renamed_after(mentions[0], text)) is not None:
        return replace(_mention_subject(renamed, text), set_apart=True)
    if mentions:
        other = (
            look_alike(text, mentions[0])
            or name_run_on(text, mentions[0])
            or inside_another_name(text, mentions[0])
        )
        if other:
            return Subject(NAMED, other, span=(mentions[0].start, mentions[0].end), set_apart=True)
        bracketed = _bracketed_instead(text, mentions[0], traded)
        if bracketed is not None:
            return Subject(
                NAMED, bracketed.name, span=(mentions[0].start, bracketed.end), set_apart=True
            )
        return _mention_subject(mentions[0], text)
    for group in role_groups(text):
        contact = link(group.name, known)
        if contact is not None and not _taken_back(group, text):
            mention = Mention(contact.name, group.start, group.end, contact)
            if (renamed := _renamed_after(mention, text)) is not None:
                return replace(_mention_subject(renamed, text), set_apart=True)
            return _mention_subject(mention, text)
    owner = group_by_address(text, known) if attribute == "email" else None
    if owner is not None:
        return _mention_subject(owner, text)
    if _CALL_ME.search(folded):
        return Subject(WRITER)
    # A business read as a person's name ("A Aislamientos Turia, que nos sirve…") is a subject.
    taken = [(s.start, s.end) for s in slots if not _introduced(s, folded) and not _business(s)]
    names = sorted(
        [*unknown_names(text, taken), *_unclaimed([*traded, *apposed_names(text)], taken)],
        key=lambda m: m.start,
    )
    names = [m for m in names if not _informant(m, text) and not _taken_back(m, text)]
    if names:
        name = _named_in_apposition(names, text)
        apart = sets_apart(text) or own_name_of_trade(text, name)
        return replace(_mention_subject(name, text), set_apart=apart)
    groups = role_groups(text)
    if groups and groups[0].name.split()[0] in ROLE_WORDS:
        # "los de la ferretería" the writer may not link: still a third party, never the company.
        return _mention_subject(groups[0], text)
    role = _ROLE_NAMED.search(folded)
    if role and role["word"] in ROLE_WORDS and not any(c.kind != OWN for c in contacts):
        # A writer who may read no contacts cannot tell which one "la mutua" is: the name as
        # written, for someone who may (decision 0035).
        return Subject(NAMED, text[role.start("word") : role.end("word")])
    if attribute in _WRITER_ADDRESSES and _OWN_ADDRESS.search(folded):
        return Subject(WRITER)
    if own_hours:
        # "Mi horario en la oficina: L-J de 8 a 15", "los viernes por la tarde no trabajo"
        return Subject(WRITER)
    if _WRITER_CUES.search(folded) and not _COMPANY_CUES.search(folded):
        return Subject(WRITER)
    if attribute == "canal_preferido" and _REACH_THEM.search(folded):
        # "a esta gente hay que llamarles", "q le llamemos al fijo": how to reach someone else,
        # the one the message or the one before it names.
        return Subject("")
    if _COMPANY_CUES.search(folded) or attribute in ("horario", "cierre", "precio", "recargo"):
        return Subject(ORGANIZATION)
    if attribute == "apodo" and _THEIR_NAME.search(folded):
        # "y llámala Tere": what to call the one the message is about, not the writer
        return Subject("")
    if attribute in ("preferencia", "canal_preferido", "apodo", "tono"):
        return Subject(WRITER)
    return Subject("")


def group_by_address(text: str, contacts: list[ContactName]) -> Mention | None:
    """The contact "los de …" means when the words link to none but the address they give
    spells its name ("los de los tubos de levante: pedidos@saneamientoslevante.com")."""
    groups = role_groups(text)
    owner = domain_owner(text, [c for c in contacts if c.kind != OWN]) if groups else None
    if owner is None:
        return None
    return Mention(owner.name, groups[0].start, groups[0].end, owner)


# Who decided or told it, not whom it is about: "— Pablo decided it this morning", "lo ha
# decidido Pablo", "según Pablo", "Pablo says".
_TOLD_BEFORE = re.compile(
    r"\b(?:segun|lo\s+(?:ha\s+)?(?:decidido|dicho|confirmado)|lo\s+(?:decidio|dijo|dice|confirmo)|"
    # and in Galician, the pronoun after the verb: "eso díxolo Pablo"
    r"dixolo|dixomo|"
    r"(?:decided|said|confirmed)\s+by"
    # where a datum is on record: "tal como figura en el censo de la Agencia Tributaria"
    r"|(?:tal\s+)?(?:como|segun)\s+(?:figura|consta|aparece|viene)\s+en\s+(?:[a-z]+\s+){0,4}?"
    r"(?:de\s+)?(?:la|el|los|las))\s+$"
)
_TOLD_AFTER = re.compile(
    r"^\s+(?:decided|says|said|confirmed|lo\s+(?:ha\s+)?decidido|lo\s+decidio)\b"
)


# "el Pablo dijo que la hora de ayudante la subimos": someone who said what we (the company)
# do is a colleague passing it on, not whom it is about.
_SAID_THAT = re.compile(
    r"^\s+(?:(?:me|nos)\s+)?(?:dijo|dice|ha\s+dicho|comento|ha\s+comentado|says|said)"
    r"\s+(?:que|that)\b"
)


def _informant(mention: Mention, text: str) -> bool:
    """Whether an unknown name is only who decided or told what the clause says."""
    before = fold_aligned(text[: mention.start]).lower()
    after = fold_aligned(text[mention.end :]).lower()
    if (said := _SAID_THAT.match(after)) and _COMPANY_CUES.search(after[said.end() :]):
        return True
    return _TOLD_BEFORE.search(before) is not None or _TOLD_AFTER.match(after) is not None


# A name taken back at once in a voice note: "los de la autoescuela… no, no, no, los de la
# academia de inglés" is about the academy.
_TAKEN_BACK_AFTER = re.compile(
    r"^\s*(?:…|\.{2,3})?\s*,?\s*no(?:\s*,\s*no)*\s*,\s*(?:(?:perdona|espera)\s*,\s*)?"
    r"(?:los|las|el|la|al|a)\b"
)


def _taken_back(mention: Mention, text: str) -> bool:
    return _TAKEN_BACK_AFTER.match(fold_aligned(text[mention.end :]).lower()) is not None


# "su gestor", "la seua gestoria": someone's own gestor, not the one among the contacts.
_THEIR_BEFORE = re.compile(
    r"\b(?:su|sus|el\s+seu|la\s+seua|la\s+seva|els\s+seus|les\s+seues|les\s+seves)\s+$"
)


def _theirs(mention: Mention, text: str) -> bool:
    """A role word said as someone's own ("mándale las facturas a su gestor")."""
    said = fold_aligned(text[mention.start : mention.end]).lower()
    before = fold_aligned(text[: mention.start]).lower()
    return said in ROLE_WORDS and _THEIR_BEFORE.search(before) is not None


_APPOSED_NAME = re.compile(r",\s+(?:(?:el|la|los|las|l')\s*)?")


def _named_in_apposition(names: list[Mention], text: str) -> Mention:
    """The first name, or the capitalised name set right after it between commas: "el forn de
    patraix, el Forn Sant Josep, tanca…" describes a business, then names it."""
    first = names[0]
    after = _APPOSED_NAME.match(text, first.end)
    if after is None:
        return first
    for other in names[1:]:
        if (
            other.start == after.end()
            and text[other.start].isupper()
            and text[first.start].islower()
        ):
            return other
    return first


# A bracket that follows a role word closely: "la asesoria de mi cuñado (asesoria puchades, …".
_BRACKET_AFTER = re.compile(r"[^(),.;:\n]{0,30}\(\s*")


def _bracketed_instead(text: str, mention: Mention, traded: list[Mention]) -> Mention | None:
    """The business a role word means when a bracket right after it names one that is not the
    contact the word links to and the message tells the two apart ("la asesoria de mi cuñado
    (asesoria puchades, no es la nuestra)", "el taller del barrio (talleres soler, otro)")."""
    said = fold_aligned(text[mention.start : mention.end]).lower()
    bracket = _BRACKET_AFTER.match(text, mention.end)
    if mention.contact is None or said not in ROLE_WORDS or bracket is None:
        return None
    named = next((t for t in traded if t.start == bracket.end()), None)
    if named is None or link(named.name, [mention.contact]) is not None or not sets_apart(text):
        return None
    return named


def _describes_the_name_before(mention: Mention, text: str) -> bool:
    """A role word in a bracket right after a name the contacts do not hold describes that
    name ("En Grifería Sueca (el almacén de la carretera de Sueca) nos hacen…"): it is not
    the contact the role word would link to."""
    said = fold_aligned(text[mention.start : mention.end]).lower()
    opened = text.rfind("(", 0, mention.start)
    if said not in ROLE_WORDS or opened == -1 or ")" in text[opened : mention.start]:
        return False
    before = text[:opened].rstrip()
    return any(n.end == len(before) for n in unknown_names(before, []))


def _another_business(mention: Mention, traded: list[Mention], text: str) -> bool:
    """A contact named only by the trade word of a longer lowercase name that is not its own
    ("fontaneria gomez" is not Fontanería Martín). A role word keeps its contact: "la
    ferreteria" names the one ferretería whatever word follows it."""
    if fold_aligned(text[mention.start : mention.end]).lower() in ROLE_WORDS:
        # unless the role word is followed by a name of its own that is not the contact's:
        # "el bar la tasca del carme" is not the bar the contacts hold
        return mention.contact is not None and any(
            mention.end < t.start <= mention.end + 1 and link(t.name, [mention.contact]) is None
            for t in traded
        )
    return mention.contact is not None and any(
        t.start <= mention.start < t.end
        and mention.end <= t.end
        and link(t.name, [mention.contact]) is None
        for t in traded
    )


# The rest of a description up to the comma that sets a name after it: "el del taller de motos
# de al lado, Motos Quique, …".
_REST_OF_DESCRIPTION = re.compile(
    r"(?:\s+(?:de|del|d')\b[^,.;:()\n]{0,40}?)?,\s+(?:(?:el|la|los|las|l')\s*)?"
)


def _renamed_after(mention: Mention, text: str) -> Mention | None:
    """A business named between commas right after a role word written in lowercase, one the
    word's contact does not carry: "el del taller de motos de al lado, Motos Quique, nos va a
    pasar trabajos" is about Motos Quique, not the taller among the contacts. A person named
    there is the business's contact person ("el del bar, Quique, dice…"), so it stays."""
    said = fold_aligned(text[mention.start : mention.end]).lower()
    if mention.contact is None or said not in ROLE_WORDS:
        return None
    rest = _REST_OF_DESCRIPTION.match(text, mention.end)
    if rest is None:
        return None
    for name in unknown_names(text, []):
        if name.start != rest.end() or not text[name.start].isupper():
            continue
        first = fold_aligned(name.name.split()[0]).lower()
        if first in BUSINESS_WORDS and link(name.name, [mention.contact]) is None:
            return name
    return None


def _runs_on(mention: Mention, names: list[Mention]) -> bool:
    """Beside a contrast, a contact's name inside a longer one with a word it does not carry
    is another business: "Talleres García Hermanos (no confundir con Talleres García S.L.)",
    "el Hotel Miramar de Dénia (no el hostal de Gandía)" beside Hostal Miramar."""
    if mention.contact is None:
        return False
    carried = set(_words(mention.contact.name))
    for name in names:
        if not name.start <= mention.start <= mention.end <= name.end:
            continue
        around = (
            f"{name.name[: mention.start - name.start]} {name.name[mention.end - name.start :]}"
        )
        if not set(_words(around)) <= carried:
            return True
    return False


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9ñ]+", fold_aligned(text).lower())


def _unclaimed(names: list[Mention], taken: list[tuple[int, int]]) -> list[Mention]:
    return [n for n in names if not any(s < n.end and n.start < e for s, e in taken)]


def _outside_names(slots: list[Slot], text: str, contacts: Sequence[ContactName]) -> list[Slot]:
    """An address that is a contact's name is no value ("la comunidad de Avenida del Puerto
    88"): it overlaps the words that named the contact and carries the number in its name.
    Nor is a word of a business's name a person ("La autoescuela Ruta, el jefe se llama
    Hamid": Ruta is the school, Hamid its boss)."""
    mentions = match_contacts(text, list(contacts))
    named = [(m.start, m.end, set(re.findall(r"\d+", m.name))) for m in mentions]
    # said in one breath ("autoescuela Ruta"), not two words far apart, and more than the name
    businesses = [
        (m.start, m.end)
        for m in mentions
        if m.contact and is_company(m.contact) and m.end - m.start <= len(m.contact.name) + 3
    ]
    slots = [
        s
        for s in slots
        if s.kind != "person"
        or not any(b <= s.start and s.end <= e and e - b > s.end - s.start for b, e in businesses)
    ]

    # A name that runs into the address is the name of the place ("Comunidad Calle Colón 41").
    unknown = [(n.start, n.end) for n in unknown_names(text, [])]

    def in_a_name(slot: Slot) -> bool:
        numbers = set(re.findall(r"\d+", text[slot.start : slot.end]))
        return any(slot.start < e and b < slot.end and numbers & n for b, e, n in named) or any(
            b < slot.start < e for b, e in unknown
        )

    return [s for s in slots if s.kind != "address" or not in_a_name(s)]


# How people ask Suma to write to them, said in a few words ("sin emojis", "respuestas
# cortas", "en pdf"), with the attribute it is: how to be written to is the tone.
_PREFERENCE_VALUES = (
    (
        "tono",
        re.compile(
            r"\b(?:no\s+(?:me\s+)?(?:pongas|mandes|envies|metas|uses|escribas\s+con)|sin|nada\s+de)"
            r"\s+(?:mas\s+|tantos\s+)?(?:emojis?|emoticonos?|caritas)\b"
        ),
        "sin emojis",
    ),
    (
        "preferencia",
        re.compile(
            r"\bno\s+me\s+(?:pongas|mandes|envies|metas)\s+(?:mas\s+)?(?P<what>[a-z]+(?:\s+de\s+[a-z]+)?)"
        ),
        "sin {what}",
    ),
    (
        "tono",
        re.compile(
            r"\b(?:respuestas|contest\w*|respond\w*|escrib\w*)\b.{0,20}\b(?:cort|breve)"
            # in English: "keep it short", "short answers", "be brief"
            r"|\bkeep\s+it\s+(?:short|brief)\b|\bshort\s+(?:answers|replies)\b|\bbe\s+brief\b"
        ),
        "respuestas cortas",
    ),
    # amounts with or without the tax: "los importes con IVA incluido", "totals with VAT
    # included", "dame los precios sin IVA", "prices before VAT"
    (
        "preferencia",
        re.compile(
            r"\b(?:(?:con|with)\s+(?:el\s+|the\s+)?(?:iva|vat)|(?:iva|vat)\s+(?:incluido|included)|"
            r"including\s+vat|vat[\s-]inclusive)\b"
        ),
        "importes con IVA incluido",
    ),
    (
        "preferencia",
        re.compile(
            r"\b(?:sin|without|before|excluding)\s+(?:el\s+|the\s+)?(?:iva|vat)\b|"
            r"\b(?:iva|vat)\s+(?:aparte|excluded|not\s+included|no\s+incluido)\b"
        ),
        "importes sin IVA",
    ),
    # "mándamelas siempre en pdf, no en foto": the format things are sent in
    ("preferencia", re.compile(r"\ben\s+(?P<what>pdf|excel|word)\b"), "en {what}"),
    # The register she wants, said against the one she gets: "no me hables tan fino", "más
    # coloquial", "un poco más cercano"
    (
        "tono",
        re.compile(
            r"\bno\s+me\s+(?:hables|escribas|contestes|respondas)\s+tan\s+"
            r"(?P<how>fino|formal|serio|estirado|pedante|tecnico|seco|raro)\b"
        ),
        "menos {how}",
    ),
    (
        "tono",
        re.compile(
            r"\b(?:mas|un\s+poco\s+mas)\s+"
            r"(?P<how>coloquial|cercan[oa]|informal|natural|campechan[oa]|llan[oa])\b"
        ),
        "más {how}",
    ),
    # "los resúmenes con viñetas": how a summary or a list should be laid out
    (
        "preferencia",
        re.compile(
            r"\b(?P<what>resumenes|resumen|respuestas|listados?|informes?)\s+(?:con|en)\s+"
            r"(?P<how>vinetas|puntos|tablas?|negritas?)\b"
        ),
        "{what} con {how}",
    ),
    # How answers are laid out, whatever is sent: "los gastos en una tabla", "ponme las cosas con
    # emojis", "los summaries en bullet points", "todo en una lista"
    (
        "preferencia",
        re.compile(
            r"\b(?:(?P<what>(?:los|las)\s+[a-z]{4,}(?:\s+(?![a-z]+me(?:los|las)?\b)[a-z]{4,})?)\s+"
            r"(?:[a-z]+(?:melos|melas|noslos|noslas)\s+)?)?"
            r"(?P<how>(?:en|con)\s+(?:una\s+|un\s+|forma\s+de\s+|formato\s+)?"
            r"(?:tablas?|listas?|lista\s+de\s+puntos|bullet\s*points|bullets|vinetas|"
            r"esquemas?|emojis?|emoticonos?|negritas?|puntos|columnas?))\b"
        ),
        "{what} {how}",
    ),
    # The order things come in: "primero el total y luego el detalle"
    (
        "preferencia",
        re.compile(
            r"\b(?P<order>primero\s+(?:el|la|los|las|lo)\s+[a-z]+(?:\s+[a-z]+)?\s*,?\s+y\s+"
            r"(?:luego|despues|al\s+final|mas\s+tarde)\s+(?:el|la|los|las|lo)\s+[a-z]+)"
        ),
        "{order}",
    ),
)
# Answers without greetings, straight to the point: "no me saludes en cada mensaje, ve al
# grano", "sin saludos", "directo al tema", "skip the greetings, get to the point".
_NO_GREETINGS = re.compile(
    r"\bno\s+(?:me\s+)?(?:saludes|des\s+los\s+buenos\s+dias)|\bsin\s+(?:tantos\s+)?saludos|"
    r"\bahorrate\s+los\s+saludos|\bskip\s+the\s+greetings|\bno\s+greetings"
)
_TO_THE_POINT = re.compile(
    r"\b(?:ve|vete|ir|vayas|ves|directo|directa|directamente)\s+al\s+(?:grano|tema)|"
    r"\bget\s+(?:straight\s+)?to\s+the\s+point"
)


def _preference_value(clause: str) -> tuple[str, str]:
    """The attribute and the short value of a preference said in few words, or two blanks."""
    folded = fold_aligned(clause).lower()
    plain = [
        part
        for pattern, part in ((_NO_GREETINGS, "sin saludos"), (_TO_THE_POINT, "ir al grano"))
        if pattern.search(folded)
    ]
    if plain:
        return "tono", ", ".join(plain)
    # "contéstame corto y sin emojis": every way of writing she asked for, in her order
    tones = sorted(
        (match.start(), template.format(**match.groupdict()))
        for attribute, pattern, template in _PREFERENCE_VALUES
        if attribute == "tono" and (match := pattern.search(folded))
    )
    if tones:
        return "tono", " y ".join(template for _, template in tones)
    for attribute, pattern, template in _PREFERENCE_VALUES:
        if match := pattern.search(folded):
            said = {k: v or "" for k, v in match.groupdict().items()}
            return attribute, template.format(**said).strip()
    return "", ""


def _business(slot: Slot) -> bool:
    """A person value that names a business ("Fincas Turia"): a person's name comes first."""
    first = fold_aligned(slot.value.split()[0]).lower()
    return slot.kind == "person" and (first in BUSINESS_WORDS or first in NAME_OPENERS)


def _value(attribute: str, live: list[Slot]) -> str:
    kinds = ATTRIBUTE_SLOTS[attribute]
    fitting = [s for s in live if s.kind in kinds]
    if attribute in COMBINED:
        values: list[str] = []
        for slot in fitting:
            if slot.value not in values:
                values.append(slot.value)
        return ", ".join(values)
    by_preference = sorted(fitting, key=lambda s: (kinds.index(s.kind), _business(s), s.start))
    return by_preference[0].value if by_preference else ""


_PAY_WITH = {"efectivo": "en", "tarjeta": "con", "pagaré": "con", "cheque": "con"}


def _fact_text(attribute: str, value: str, subject: Subject, clause: str) -> str:
    """One plain sentence for the fact; the clause itself when no template says it better."""
    who = subject.name
    supplier = subject.contact is not None and subject.contact.kind == "supplier"
    if subject.kind in (CONTACT, NAMED):
        if attribute == "plazo_pago":
            term = value if value in ("al contado", "por adelantado") else f"a {value}"
            term = f"el {value}" if value.startswith("día ") else term
            return f"A {who} le pagamos {term}." if supplier else f"{who} paga {term}."
        if attribute == "metodo_pago" and value.startswith("no acepta "):
            return f"Con {who} no se aceptan {value.removeprefix('no acepta ')}."
        if attribute == "metodo_pago":
            said = value.startswith(("en ", "a "))  # "en 2 plazos", "a plazos"
            how = value if said else f"{_PAY_WITH.get(value, 'por')} {value}"
            return f"A {who} se le paga {how}." if supplier else f"{who} paga {how}."
        templates = {
            "persona_contacto": f"El contacto en {who} es {value}.",
            "canal_preferido": f"{who} prefiere que le contactemos por {value}.",
            "nif": f"El NIF de {who} es {value}.",
            "iban": f"La cuenta de {who} es {value}.",
            "telefono": f"El teléfono de {who} es {value}.",
            "email": f"El correo de {who} es {value}.",
            "direccion": f"La dirección de {who} es {value}.",
            "nombre": f"{who} quiere las facturas a nombre de {value}.",
            "apodo": f"A {who} se le conoce como {value}.",
        }
        if attribute in templates:
            return templates[attribute]
    if subject.kind == WRITER:
        templates = {
            "nombre": f"Se llama {value}.",
            "apodo": f"Prefiere que le llamen {value}.",
            "tono": f"Prefiere que le traten de {value}.",
            "canal_preferido": f"Prefiere que le escriban por {value}.",
        }
        # a tone said in words ("respuestas cortas") keeps what else she said ("sin rollos")
        if attribute in templates and (attribute != "tono" or value in ("tú", "usted")):
            return templates[attribute]
    if subject.kind == ORGANIZATION and attribute in ("nif", "iban", "telefono", "email"):
        label = {"nif": "El NIF", "iban": "La cuenta", "telefono": "El teléfono"}
        return f"{label.get(attribute, 'El correo')} de la empresa es {value}."
    return sentence(_named(clause, subject))


def _named(clause: str, subject: Subject) -> str:
    """The clause with the way it named a contact replaced by the contact's name."""
    if subject.kind != CONTACT or subject.span is None:
        return clause
    start, end = subject.span
    return f"{clause[:start]}{subject.name}{clause[end:]}"


# What joins a thing to its complement: "la revision de la caldera", "la cuota del trimestre".
_COMPLEMENT = re.compile(r"\s+de(?:l|\s+(?:la|las|los|el))?\s+")


def _attribute_name(attribute: str, clause: str, subject: Subject, said: tuple[int, int]) -> str:
    """Prices are per item ("precio_gasoil"): a new price of one item keeps the others. The
    item is the last thing named before the price ("tiene el teflón a 1,20"), in the stretch
    ``said`` where that price is said; with none, the price is plain "precio" (the second
    case of one thing priced twice, "fuera de Valencia a 45", is not the first one's)."""
    if attribute != "precio":
        return attribute
    folded = fold_aligned(clause).lower()
    named = set(_words(subject.name))
    item, item_end = "", 0
    for match in _ITEM.finditer(folded, *said):
        if subject.span and subject.span[0] <= match.start("item") < subject.span[1]:
            continue
        if item and _COMPLEMENT.fullmatch(folded, item_end, match.start("item")):
            continue  # "la revision de la caldera", "la cuota del trimestre": the first one
        head, _, tail = match.group("item").partition(" de ")
        tail_at = match.start("item") + len(head) + len(" de ")
        if not _an_item(head, clause[match.start("item")], named):
            continue
        item = f"{head}_de_{tail}" if tail and _an_item(tail, clause[tail_at], named) else head
        item_end = match.end()
    return f"precio_{re.sub(r'[^a-z0-9]+', '_', item)}" if item else attribute


def _an_item(word: str, first_letter: str, named: set[str]) -> bool:
    """Whether ``word`` names a thing sold: not a month, a time, a unit or a verb ("los
    cobramos"), not a proper name written capitalised ("de Sagunto"), not the subject's name."""
    return not (
        word in _NOT_ITEMS
        or word in named
        or word.endswith(_VERB_ENDINGS)
        or first_letter.isupper()
    )


def _clause_facts(
    clause: str, contacts: Sequence[ContactName], today: datetime.date | None
) -> list[ExtractedFact]:
    folded = fold_aligned(clause).lower()
    if not states_something(clause):
        return []
    own_name = _OWN_NAME.match(clause)
    name = _full_own_name(clause) or (
        own_name["name"] if own_name is not None else _own_name_fixed(clause)
    )
    if name:
        return [ExtractedFact("perfil_usuario", "nombre", name, f"Se llama {name}.")]
    patterned = list(pattern_facts(clause))
    if patterned:
        return patterned
    slots = _people_not_contacts(
        _outside_names(find_slots(clause, today), clause, contacts), contacts
    )
    slots = _opening_name(slots, clause, contacts)
    slots = [*slots, *_by_that_address(slots, folded)]
    slots = [s for s in slots if not _introduced(s, folded)]
    delivery_said = _DELIVERY.search(folded)
    # "las llaves las tiene Manolo, el del bar": who holds the keys is part of the instruction
    live = [s for s in _live(slots, folded) if not _holds_the_keys(s, delivery_said)]
    not_open = _NOT_OPEN.search(folded)
    if not_open is not None:
        live += [
            s for s in slots if s.kind in _WHEN and s.start >= not_open.end() and s not in live
        ]
    live_kinds = {s.kind for s in live}
    closed_on = _CLOSED_ON.search(folded)
    closed_said = closed_on is not None and any(
        s.kind in _WHEN and s.start >= closed_on.end() for s in live
    )
    guess = classify(clause, slots)
    scored: list[tuple[float, str, float]] = []
    for attribute, p in guess.ranked:
        if attribute == NOTHING:
            continue
        kinds = ATTRIBUTE_SLOTS[attribute]
        if kinds and not live_kinds & set(kinds):
            continue
        bonus = SLOT_BONUS if kinds else 0.0
        if any(SELF_EVIDENT.get(k) == attribute for k in live_kinds):
            bonus += SLOT_BONUS
        if attribute == "preferencia" and _preference_value(clause)[1]:
            # a preference said in its own few words ("contéstame corto") states itself, as a
            # typed value of its kind would (the value, then the kind)
            bonus += 2 * SLOT_BONUS
        scored.append((p + bonus, attribute, p))
    scored.sort(key=lambda item: -item[0])
    p_nothing = dict(guess.ranked)[NOTHING]
    unsure = not scored or scored[0][0] < CONFIDENT or (p_nothing > 0.5 and scored[0][2] < 0.2)
    unsure = unsure and not closed_said
    if scored and scored[0][1] in ("preferencia", "tono") and _preference_value(clause)[1]:
        # a preference said in its own few words ("keep it short") states itself
        unsure = False
    delivery = delivery_said is not None
    if unsure and not delivery and not _contact_person(live, folded):
        return []
    chosen = [NOTE if unsure else scored[0][1]]
    if chosen == ["descuento"] and _SURCHARGE.search(folded) and not _DISCOUNT.search(folded):
        chosen = ["recargo"]  # "un 10 % de recargo por el desplazamiento": added, not taken off
    if (not_open is not None or closed_said) and chosen[0] in ("horario", NOTE):
        chosen = ["cierre"]
    if chosen[0] == NOTE and delivery:
        chosen = ["instrucciones_entrega"]
    elif (
        delivery
        and (_IN_PERSON.search(folded) or _DELIVERY_DAY.search(folded))
        and "instrucciones_entrega" not in chosen
    ):
        # "…que la factura se la llevemos en papel y en mano": how it is handed over, beside
        # the channel it goes by
        chosen.append("instrucciones_entrega")
    if _contact_person(live, folded) and "persona_contacto" not in chosen:
        # A name given as someone's contact person states it, whatever else the clause says.
        if chosen[0] in (NOTE, "preferencia", "instrucciones_entrega"):
            chosen = []
        chosen.insert(0, "persona_contacto")
    used = set().union(*(_kinds_taken(a, live_kinds) for a in chosen))
    for _, attribute, p in scored[1:]:
        if attribute == "horario" and closed_said:
            attribute = "cierre"  # "…, and they're closed on Sundays": days closed, not open
        fills = set(ATTRIBUTE_SLOTS[attribute])
        evident = (
            any(SELF_EVIDENT.get(k) == attribute for k in live_kinds)
            or bool(fills & SECOND_EVIDENT & {s.kind for s in live if not _deadline(s)})
            or (attribute == "precio" and any(_per_unit(s, folded) for s in live))
        )
        closing = attribute in ("horario", "cierre") and (
            _CLOSING.search(folded) is not None or closed_said
        )
        if fills and not fills & used and (p >= SECOND_FACT or evident or closing):
            chosen.append(attribute)
            used |= _kinds_taken(attribute, live_kinds)
    facts = []
    for attribute, value_at in _each_price(chosen, live, folded):
        after = [s for s in live if s.start >= value_at]
        value = _value(attribute, after)
        price_at = next((s.start for s in after if s.value == value), len(clause))
        subject = find_subject(clause, slots, contacts, attribute)
        if attribute == "persona_contacto" and _the_subject_itself(value, subject):
            # "Con Reformas Puchades mejor no empezar…": the business read as a person's name
            # is who the clause is about, so what it says is a note.
            attribute, value = NOTE, ""
        if attribute == "preferencia" and subject.kind == WRITER:
            said, value = _preference_value(clause)
            # a tone said in words is the tone, unless the clause sets one already ("de tú")
            if said == "tono" and "tone" not in live_kinds:
                attribute = said
        text = _fact_text(attribute, value, subject, clause)
        facts.append(
            ExtractedFact(
                category=subject.category(clause, attribute),
                attribute=_attribute_name(attribute, clause, subject, (value_at, price_at)),
                value=value or text[:MAX_NOTE],
                text=text,
                subject_name=subject.name,
                subject_tax_id=value if attribute == "nif" and subject.kind != ORGANIZATION else "",
                subject_contact_id=subject.contact.id if subject.contact else None,
                note=attribute == NOTE,
                subject_set_apart=subject.set_apart,
                subject_hint=_hint(clause, subject, contacts),
            )
        )
    return facts


# "email reservas@… y quieren todo x ahí": the way is the address just given; so is writing
# there ("dice que le escribas ahí nomás", "que le escribamos a ese").
_THERE = re.compile(
    r"\b(?:por|x)\s+(?:ahi|alli|ese|ese\s+correo|ese\s+mail)\b"
    r"|\bescrib[a-z]*\s+(?:(?:solo|siempre)\s+)?(?:ahi|alli|a\s+ese|a\s+esa\s+direccion)\b"
)


def _by_that_address(slots: list[Slot], folded: str) -> list[Slot]:
    """The channel "por ahí" means after an e-mail address said before it."""
    there = _THERE.search(folded)
    if there is None:
        return []
    said = [s for s in slots if s.kind == "email" and s.end <= there.start()]
    return [Slot("channel", "email", *there.span())] if said else []


def _the_subject_itself(value: str, subject: Subject) -> bool:
    """Whether a person's name read is the whole name of the subject (its legal form aside):
    "Angela" is the owner of Peluquería Ángela, "Reformas Puchades" is Reformas Puchades."""
    name = subject.name.rsplit(" ", 1)[0] if has_legal_form(subject.name) else subject.name
    return bool(value) and fold_aligned(value).lower() == fold_aligned(name).lower()


def _holds_the_keys(slot: Slot, delivery: re.Match[str] | None) -> bool:
    return slot.kind == "person" and delivery is not None and 0 <= slot.start - delivery.end() <= 1


# "La hora pasa a 40 € y el desplazamiento a 32 €": another thing named after "y" opens the
# next price of the same clause; so does another case priced "a" its own amount ("dentro de
# Valencia a 35 € y fuera de Valencia a 45").
_NEXT_ITEM = re.compile(r"\by\s+(?:(?:el|la|los|las)\s+[a-z]{3,}|[a-z]{3,}\b.*\sa\s*$)")


_SURCHARGE = re.compile(r"\b(?:recargo|recargos|suplemento|plus)\b")
_DISCOUNT = re.compile(r"\b(?:descuento|descuentos|dto|rebaja|rebajan|descuentan)\b")


def _kinds_taken(attribute: str, live_kinds: set[str]) -> set[str]:
    """The slot kinds a fact of ``attribute`` takes: a discount said as a share leaves the
    amount to a price ("a 95 € cada una y un 10 % de dto")."""
    if attribute in ("descuento", "recargo") and "percent" in live_kinds:
        return {"percent"}
    return set(ATTRIBUTE_SLOTS[attribute])


# "a 95 € cada una", "60 € por visita", "40 €/h": an amount for each unit is a price.
_EACH_AFTER = re.compile(r"\s+(?:cada|por)\s+[a-z]+")


def _per_unit(slot: Slot, folded: str) -> bool:
    return slot.kind == "amount" and (
        "/" in slot.value or bool(_EACH_AFTER.match(folded, slot.end))
    )


def _deadline(slot: Slot) -> bool:
    """A time something must be done before ("los pedidos antes de las 12") is no schedule."""
    return slot.kind == "time" and slot.value.startswith("antes")


def _each_price(chosen: list[str], live: list[Slot], folded: str) -> list[tuple[str, int]]:
    """Each attribute chosen, with where its value is read from: the start of the clause, or
    for a price of each thing priced in turn, where that thing's price is said."""
    pairs = [(attribute, 0) for attribute in chosen]
    if "precio" not in chosen:
        return pairs
    amounts = [s for s in live if s.kind == "amount"]
    for before, after in itertools.pairwise(amounts):
        if _NEXT_ITEM.search(folded, before.end, after.start):
            pairs.append(("precio", before.end))
    return pairs


def _hint(clause: str, subject: Subject, contacts: Sequence[ContactName]) -> str:
    """The clause, for a fact that names no one from a writer who may read no contacts: she
    may have named one in words only the contacts tell apart ("termotecnicas nos deja pagar a
    60"); the linked proposal matches it against them (decision 0035)."""
    if subject.kind not in (ORGANIZATION, "") or any(c.kind != OWN for c in contacts):
        return ""
    return clause


# How to get in or deliver, said as an instruction ("entrar por la puerta de atrás", "ir con
# el furgón pequeño", "el timbre no funciona, llamar antes de subir").
_DAY_THEY_COME = (
    r"\b(?:traen?|reparten?|entregan?|sirven?)\s+(?:el\s+|la\s+|los\s+|las\s+)?[a-z]*\s*"
    r"(?:los|cada|todos\s+los)\s+(?:lunes|martes|miercoles|jueves|viernes|sabados?|domingos?)\b"
)
_DELIVERY = re.compile(
    r"\b(?:entr(?:ar|emos|ad|en)\s+(?:siempre\s+|solo\s+)?(?:por|x)|"
    r"puerta\s+(?:de\s+atras|trasera|lateral)|timbre|"
    # a code to get in: "portal con código 1478", "el código del portal es…"
    r"portal\s+con\s+(?:codigo|clave)|(?:codigo|clave)\s+del\s+(?:portal|garaje|parking)|"
    r"furgo(?:n|neta)?\b|aparca[rdn]?|descarga[rdn]?|montacargas|portero\s+automatico|"
    # "solo sirve a obra si el pedido pasa de 500 €", "nos suben el material a la obra":
    # where the goods are brought
    r"(?:sirven?|servir|llevan?|llevar|suben?|subir|traen?|traer)\s+(?:[a-z]+\s+){0,3}?"
    r"(?:a|en|hasta)\s+(?:la\s+)?obra\b|"
    # who holds the keys, and whom to leave things with ("dejárselos al portero")
    r"\bllaves?\b[^.;]{0,40}\b(?:tiene|tienen)\b|"
    r"dej(?:ar|a|ad|en)(?:se)?(?:l[oa]s?)?\s+(?:al|a\s+la)\s+(?:porter[oa]|conserje|vecin[oa])|"
    r"(?:llamar|avisar|avisad|avisemos)\s+(?:al\s+\w+\s+)?antes\s+de\s+(?:subir|llegar|ir|entrar)|"
    # where to leave things, in any person ("que lo dejemos en conserjería siempre")
    r"dej(?:ar|emos|amos|ad|en|e|a)(?:l[oa]s?)?\s+(?:siempre\s+)?en\s+(?:la\s+|el\s+)?"
    r"(?:porteria|recepcion|conserjeria|almacen|buzon)|"
    # goods the company picks up itself: "el pedido lo recogemos nosotros en la tienda"
    r"\brecog(?:emos|en|e|er)\s+(?:nosotros\s+|ellos\s+|siempre\s+)*en\s+(?:la|el)\s+[a-z]+|"
    r"\bpasamos\s+(?:nosotros\s+)?a\s+recoger|"
    # handed over in person: "la factura se la llevemos en papel y en mano"
    r"\b(?:llev|entreg|d)[a-z]*\s+(?:[a-z]+\s+){0,4}?en\s+mano\b|"
    # how far ahead to order: "los pedidos grandes con 48 horas de antelación"
    r"\bcon\s+(?:\d+|[a-z]+)\s+(?:horas|dias)\s+de\s+(?:antelacion|adelanto|margen)\b|"
    + _DAY_THEY_COME
    + r")"
    # the day the goods come: "ahora traen el gasoil los miércoles"
)
_IN_PERSON = re.compile(r"\ben\s+mano\b")
_DELIVERY_DAY = re.compile(_DAY_THEY_COME)
# Where a sentence that states a typed fact goes on to say something else about the subject
# ("paga a 30 días, pero siempre se retrasan una semana").
_PARTS = re.compile(r",?\s+pero\s+|,\s+y\s+|:\s+|,\s+")
MIN_PART_WORDS = 5
_EXPLANATION = re.compile(
    r"^\s*(?:que|porque|ya\s+que|pues|como|no|ni|nada)\b|.*\bno\s|"
    # The change the typed fact states: "ha cambiado de móvil", "ha subido el teflón".
    r".*\b(?:ha|han)\s+(?:cambiado|subido|bajado|actualizado)\b|.*\b(?:nuev[oa]|ahora)\b"
)
# An order to Suma about the message ("hazlo público en la empresa", "apúntalo").
_ORDER_PART = re.compile(
    r"^\s*(?:haz|pon|guarda|apunta|anota|comparte|di|avisa|manda|envia|recuerda|deja|quita|"
    r"borra|cambia|actualiza|ponme|dile|mandale|avisale)(?:lo|la|los|las|le|les|selo|sela|melo)?\b"
)
# Opening or closing said with the verb ("cierran los martes"): a when of the business.
# "ya no abre los sábados por la mañana": the days and hours after it are when it is closed.
# Not "no abren hasta las 9": that is when it opens.
_NOT_OPEN = re.compile(
    r"\b(?:ya\s+)?no\s+(?:abre|abren|abrimos|trabaja|trabajan)\b(?!\s+(?:hasta|antes\s+de)\b)"
)
_CLOSING = re.compile(r"\b(?:cierra|cierran|abre|abren)\s+(?:los\s+|el\s+|a\s+las?\s+)?\w")
# Closed said in Valencian or in English ("tanca diumenges i dilluns", "they're closed on
# Sundays", "tanquem tot agost"), which the classifier, trained in Spanish, hardly reads: the
# days or dates after it are when the business is closed.
_CLOSED_ON = re.compile(
    r"\b(?:tanca|tanquen|tanquem|tancat|tancada|tancats|tancades|closed|closes|close|"
    # and in Italian: "chiudono tutto agosto", "chiuso il lunedì"
    r"chiude|chiudono|chiuso|chiusi)\b"
)
_WHEN = frozenset({"month", "weekday", "date", "period", "time"})
_SENTENCE_VALUED = frozenset({"instrucciones_entrega", "preferencia"})
# A part the classifier reads as stating nothing with more than this is no note.
LEFTOVER_NOTHING = 0.5
# Below this, "nothing" is a doubt, not a verdict: a statement is kept as a note.
DOUBTFUL_NOTHING = 0.3
DOUBTFUL_MARGIN = 0.1


def _leftover_note(
    clause: str, facts: list[ExtractedFact], today: datetime.date | None
) -> ExtractedFact | None:
    """The clause as a note about its subject when a part of it states something no typed fact
    carries; nothing is lost when a sentence says two things and only one has an attribute."""
    typed = [f for f in facts if not f.note and f.subject_name]
    if not typed or any(f.attribute in _SENTENCE_VALUED for f in facts):
        return None  # an instruction or a preference already keeps the whole sentence
    named = {
        w
        for w in re.findall(r"[a-z0-9ñ]{4,}", fold_aligned(typed[0].subject_name).lower())
        if w not in BUSINESS_WORDS
    }
    values = " ".join(fold_aligned(f.value).lower() for f in typed)
    left = []
    for part in _PARTS.split(clause):
        folded = fold_aligned(part).lower()
        words = re.findall(r"[a-z0-9ñ]+", folded)
        if len(words) < MIN_PART_WORDS or not states_something(part):
            continue
        if _EXPLANATION.match(folded) or _ORDER_PART.match(folded) or named & set(words):
            continue  # a reason, an order to Suma ("hazlo público"), the part naming the subject
        slots = [
            s
            for s in find_slots(part, today)
            if s.kind not in _WHEN or fold_aligned(s.value).lower() in values
        ]
        if slots and not _second_value(slots, typed, values, folded):
            continue  # a value belongs to a typed fact or a correction
        if dict(classify(part, slots).ranked)[NOTHING] > LEFTOVER_NOTHING:
            continue
        left.append(part.strip(" ,.;:"))
    if not left:
        return None
    if all(_THEIR_WISH.match(fold_aligned(part).lower()) for part in left):
        # "…, el nuevo manager, y prefiere que le escribamos en inglés": their preference
        wish = ", ".join(left)
        text = sentence(f"{typed[0].subject_name} {wish}")
        return replace(typed[0], attribute="preferencia", value=wish[:MAX_NOTE], text=text)
    # Only what the typed facts do not say, so the note never reads as one of them.
    text = sentence(f"{typed[0].subject_name}: {', '.join(left)}")
    return replace(typed[0], attribute=NOTE, value=text[:MAX_NOTE], text=text, note=True)


# A part that says what the subject wants from us: "prefiere que le escribamos en inglés".
_THEIR_WISH = re.compile(r"^\s*(?:y\s+)?(?:prefiere|prefieren|quiere|quieren)\s+que\b")


def _second_value(slots: list[Slot], typed: list[ExtractedFact], values: str, folded: str) -> bool:
    """A part holding another value of a kind a typed fact already holds, which no fact
    carries and nothing negates: said of something else ("a 30 días, pero la placa la cobran
    por adelantado"), so the part is kept as a note."""
    held = {kind for fact in typed for kind in ATTRIBUTE_SLOTS.get(fact.attribute, ())}
    live = _live(slots, folded)
    return (
        len(live) == len(slots)
        and all(s.kind in held for s in slots)
        and not any(fold_aligned(s.value).lower() in values for s in slots)
    )


def _contact_person(live: list[Slot], folded: str) -> bool:
    """Whether a live name is given as someone's contact person."""
    return any(
        slot.kind == "person"
        and (
            _ROLE_BEFORE.search(folded[max(0, slot.start - 60) : slot.start])
            or _ROLE_AFTER.match(folded, slot.end)
        )
        for slot in live
    )


def _people_not_contacts(slots: list[Slot], contacts: Sequence[ContactName]) -> list[Slot]:
    """A name that is a contact's whole name is who the sentence is about, not a person value
    ("ya he mandado la factura a Jesús Alcañiz"); businesses come after people's names."""
    return [
        s for s in slots if s.kind != "person" or not any(_whole_name(s.value, c) for c in contacts)
    ]


# Someone new the writer introduces, in apposition or as the one who got in touch ("el vecino
# de amparo, un tal Enrique Soler, …", "ha llamado un señor que se llama Vicent Bosch"): who
# the clause is about. After another verb the name fills a role ("ahora la lleva un tal Rafa
# Gisbert", "nos atiende siempre un tal Quique"): a contact person.
# The same for a newcomer named in apposition ("ha llamado un cliente nuevo, Bodegas Requena",
# "una clienta nueva: Marta Ros") and for a person described by where they live and named after
# ("la señora del tercero, doña Encarna Pérez, paga…", "el vecino del bajo, don Julio, …"); not
# "ahora es una señora, Pepa Moll", who holds a role.
_INTRODUCED = re.compile(
    r"(?:(?:^|[,;(]|\b(?:ha|han|he)\s+(?:llamado|venido|escrito|pasado|preguntado))\s*"
    r"(?:un|una)\s+(?:tal|(?:senor|senora|chico|chica|hombre|mujer|cliente|clienta)\s+"
    r"(?:que\s+se\s+llama|llamad[oa]))\s+"
    r"|\b(?:un|una|el|la|al|a\s+la)\s+(?:cliente|clienta|client|proveedor|proveedora|proveidor)\s+"
    r"(?:nuev[oa]|nou|nova)\s*[,:]\s*"
    # "la clienta nueva se llama Remedios Albiol": the newcomer, named
    r"|\b(?:el|la|un|una)\s+(?:cliente|clienta|client|proveedor|proveedora|proveidor)\s+"
    r"(?:nuev[oa]|nou|nova)\s+(?:se\s+llama|es)\s+"
    r"|\b(?:el|la)\s+(?:senor|senora|senyor|senyora|vecin[oa]|vei|veina|abuel[oa])\s+"
    r"(?:del?|de\s+la)\s+[^,;:.()]{1,40},\s*(?:(?:don|dona|d|dna|na|en)\.?\s+)?)$"
)


# The newcomer said after her name: "la sra Remedios Albiol de Mislata, clienta nueva, …",
# "Marta Ros, que es clienta nueva, …".
_NEWCOMER_AFTER_NAME = re.compile(
    r"(?:\s+(?:de|del)\s+[a-zñ]+)?"
    # described first: "don Emiliano Garrido, el del chalé de Chiva, cliente nuevo"
    r"(?:\s*,\s*(?:el|la)\s+(?:del?|de\s+la|que|q)\s+[^,.;:]{1,40}?(?=\s*,))?"
    r"\s*,?\s*(?:(?:que|q)\s+es\s+)?(?:(?:un|una)\s+)?"
    r"(?:cliente|clienta|proveedor|proveedora)\s+nuev[oa]\b"
)


def _introduced(slot: Slot, folded: str) -> bool:
    return slot.kind == "person" and (
        _INTRODUCED.search(folded, 0, slot.start) is not None
        or _NEWCOMER_AFTER_NAME.match(folded, slot.end) is not None
    )


# What may come before the name that opens a clause: a filler and a title ("pos mira, la Sra.
# Remedios Alarcón, la de la casa de la huerta, paga en efectivo", "Don Julián paga a 30").
_TITLE_OPENING = re.compile(
    r"\s*(?:(?:pos|pues|oye|mira|bueno|vale|ojo)\b[\s,:]*)*"
    r"(?:(?:(?:el|la)\s+)?(?:sra?|srta|don|dona|dna|dr|dra)\.?\s+)?"
)


def _opening_name(slots: list[Slot], clause: str, contacts: Sequence[ContactName]) -> list[Slot]:
    """A name opening the clause is its subject, not a contact person, unless another contact
    is named: "Julián, el del hostal, …" is the hostal's; "Carlos Moreno, el de la reforma de
    Alboraya, paga a 30" is a customer of his own."""
    first = next(
        (
            s
            for s in slots
            if s.kind == "person"
            and _TITLE_OPENING.fullmatch(fold_aligned(clause[: s.start]).lower())
        ),
        None,
    )
    if first is None:
        return slots
    others = [m for m in match_contacts(clause, list(contacts)) if m.start >= first.end]
    holds_a_role = _DECIDES.search(fold_aligned(clause[first.end :]).lower()) is not None
    return slots if others or holds_a_role else [s for s in slots if s is not first]


# Who signs or decides at a business: "Paco, el hermano mayor, es el que firma" names the
# contact person of the business the message (or the one before it) is about.
_DECIDES = re.compile(
    r"\b(?:es|son)\s+(?:(?:el|la|los|las)\s+(?:que|q)|quien)\s+"
    r"(?:firma|firman|manda|mandan|decide|deciden|autoriza|aprueba|paga)\b"
)


def _whole_name(value: str, contact: ContactName) -> bool:
    words = [w for w in re.findall(r"[a-z0-9ñ]+", fold_aligned(contact.name).lower()) if len(w) > 2]
    have = re.findall(r"[a-z0-9ñ]+", fold_aligned(value).lower())
    return len(words) >= 2 and (
        all(w in have for w in words) or (len(have) >= 2 and all(w in words for w in have))
    )


# A tag question after a statement asks nothing ("…, ¿sabes lo que te digo?", "¿vale?",
# "¿me entiendes?", "¿eh?"), nor do its regional forms: Mexican "¿va?", "¿sale?", "¿me copias?",
# Chilean "¿cachai?", Rioplatense "¿viste?", "¿entendés?", and the forms said to "usted"
# ("¿me entiende?", "¿sí me entiende?", "¿me sigue?", "¿mande?", "¿sí?", "¿estamos?"). The
# statement stands. "¿no?" and "¿verdad?" ask to confirm: still questions.
_TAG_QUESTION = re.compile(
    r"[,.]?\s*¿?\s*(?:sabes(?:\s+lo\s+que\s+te\s+digo)?|vale|eh|entiendes|"
    r"(?:si\s+)?(?:me\s+)?entiende(?:s|\s+usted)?|(?:me\s+)?sigues?|si|mande|estamos|entendido|"
    r"me\s+explico|ves|sabe\s+usted|oyes|me\s+oye|ok|okay|you\s+know|"
    r"va|sale|me\s+copias|(?:me\s+)?cachai|cachay|cacha|viste|(?:me\s+)?entendes|"
    # Valencian "¿saps?", "¿entens?"
    r"saps|entens|"
    r"dale|okey|de\s+acuerdo|porfa|plis)"
    # and a word for the one spoken to: "¿vale quillo?", "¿eh, tío?"
    r"(?:\s*,?\s*(?:quillo|quilla|illo|illa|tio|tia|nen|neno|chaval|hijo|hija))?\s*\?+\s*$"
)


# An order or a request about how Suma answers that is meant for good: said with when it
# holds ("cuando te pregunte…", "siempre", "a partir de ahora") or with the writer's reason
# ("…q así lo pillo mejor", "que si no me lío", "que en párrafos no me aclaro"), or asked
# politely ("¿me puede hablar de usted?").
_STANDING_WISH = re.compile(
    r"\b(?:cuando\s+te\s+(?:pregunte|pida|diga)|siempre|a\s+partir\s+de\s+ahora|"
    r"(?:de\s+ahora\s+)?en\s+adelante|(?:que|q|porque|xq)\s+(?:asi|si\s+no)|"
    r"no\s+me\s+aclaro|me\s+lio|lo\s+pillo|lo\s+entiendo|lo\s+leo|mas\s+facil|easier)\b"
    r"|(?:^|¿)\s*(?:me\s+)?(?:puede|puedes|podria|podrias|podes)\s+(?:hablar|tratar|escribir|llamar)"
)


_TONE_SAID = re.compile(r"\b(?:de\s+usted|de\s+tu|tute[a-z]*)\b")


def _a_standing_wish(folded: str) -> bool:
    """An order to Suma that is a lasting wish about her answers, not a task for now."""
    return _STANDING_WISH.search(folded) is not None and (
        bool(_preference_value(folded)[1]) or _TONE_SAID.search(folded) is not None
    )


def states_something(text: str) -> bool:
    """Not a question, an order to Suma, or a maybe: a statement that may be remembered."""
    folded = fold_aligned(text).lower()
    untagged = _TAG_QUESTION.sub("", folded)
    if untagged.strip() and untagged != folded:
        folded = untagged
    if _a_standing_wish(folded):
        return True
    return not (
        _QUESTION_OR_ORDER.search(folded)
        or _TRAILING_ORDER.search(folded)
        or _UNSURE.search(folded)
        or (
            (_DONE.search(folded) or _THIS_TIME.search(folded) or _ONE_OFF.search(folded))
            and not _FROM_NOW.search(folded)
        )
    )


def note_fact(message: str, contacts: Sequence[ContactName]) -> ExtractedFact | None:
    """The cleaned message as one note about its subject, or None when nothing is left."""
    cleaned = _clean(message)
    if not cleaned:
        return None
    slots = find_slots(cleaned)
    subject = find_subject(cleaned, slots, contacts, NOTE)
    text = sentence(_named(cleaned, subject))
    return ExtractedFact(
        category=subject.category(cleaned, NOTE),
        attribute=NOTE,
        value=text[:MAX_NOTE],
        text=text,
        subject_name=subject.name,
        subject_contact_id=subject.contact.id if subject.contact else None,
        note=True,
        subject_set_apart=subject.set_apart,
        subject_hint=_hint(cleaned, subject, contacts),
    )


def worth_a_note(text: str, *, named: bool = False) -> bool:
    """A statement the classifier does not read as nothing: kept as a note if nothing else.
    ``named``: the statement is about a contact it names, where "nothing" by a hair is a doubt
    and the note is kept."""
    cleaned = _clean(text)
    clauses = _clauses(cleaned)
    if not cleaned or not any(states_something(c) for c in clauses):
        return False
    if any(_asks(c) for c in clauses):
        return False  # "¿tiene Sonrisas el email bien? creo que está mal": a doubt to check
    if told_for_one_occasion(cleaned) and not is_own_life(cleaned):
        return False
    guess = classify(cleaned, find_slots(cleaned))
    if guess.attribute != NOTHING:
        return True
    # "a nuria esteve hay q escribirle en valenciano, q le hace ilu": nothing only by a hair,
    # said of a contact by name, is kept as a note rather than dropped.
    runner_up = guess.ranked[1][1] if len(guess.ranked) > 1 else 0.0
    return (
        named
        and guess.probability < DOUBTFUL_NOTHING
        and guess.probability - runner_up < DOUBTFUL_MARGIN
    )


def _writer_note(cleaned: str) -> ExtractedFact:
    text = sentence(cleaned)
    return ExtractedFact("perfil_usuario", NOTE, text[:MAX_NOTE], text, note=True)


def _reuse_names(
    fact: ExtractedFact, known: list[KnownAttribute], contacts: Sequence[ContactName]
) -> ExtractedFact:
    """Reuse a stored attribute name that means the same thing for that subject (DESIGN §5)."""
    group = next((g for g in SYNONYMS if fact.attribute in g), None)
    if group is None:
        return fact
    subject = f"contacto:{fact.subject_contact_id}" if fact.subject_contact_id else ""
    for item in known:
        same_subject = not subject or item.subject == subject
        if item.attribute in group and item.attribute != fact.attribute and same_subject:
            return replace(fact, attribute=item.attribute)
    return fact


SYNONYMS = (
    frozenset({"plazo_pago", "condiciones_cobro", "plazo_cobro", "dias_pago", "vencimiento"}),
    frozenset({"persona_contacto", "contacto", "interlocutor", "encargado"}),
    frozenset({"canal_preferido", "canal", "medio_contacto"}),
    frozenset({"metodo_pago", "forma_pago", "forma_de_pago", "medio_pago"}),
    frozenset({"nif", "cif", "nie", "dni"}),
    frozenset({"cierre", "vacaciones", "cierre_vacaciones"}),
    frozenset({"telefono", "movil"}),
    frozenset({"email", "correo"}),
)


def _named_in(
    clause: str, contacts: Sequence[ContactName], today: datetime.date | None
) -> ExtractedFact | None:
    """The contact or name a clause is about, as a fact carrying only its subject."""
    subject = find_subject(clause, find_slots(clause, today), contacts, NOTE)
    if subject.kind not in (CONTACT, NAMED):
        return None
    return _subject_only(subject, clause)


def _subject_only(subject: Subject, text: str) -> ExtractedFact:
    """A fact that carries only its subject: what the lines or clauses after it are about."""
    return ExtractedFact(
        category=subject.category(text, NOTE),
        attribute=NOTE,
        value="",
        text="",
        subject_name=subject.name,
        subject_contact_id=subject.contact.id if subject.contact else None,
        subject_set_apart=subject.set_apart,
    )


# A message forwarded from someone, said in a way the frame reader does not know: "[Reenviado]
# Nuria Esteve: Hola! …", "Me ha escrito Íñigo Zabala, te lo pego: «…»".
_FORWARDED_FROM = re.compile(
    r"^\s*(?:\[\s*(?i:reenviado|reenv[ií]o|fwd?|rv)\s*\]"
    # said in words: "Mensaje reenviado de Vicente Llorens:"
    r"|(?i:(?:el\s+)?mensaje\s+reenviado))\s*(?i:de\s+)?"
    r"(?P<name>[A-ZÁÉÍÓÚÑ][^:\n]{2,60}?)\s*:\s*(?P<body>\S.*)$",
    re.DOTALL,
)
_WROTE_TO_ME = re.compile(
    r"^\s*(?i:me\s+(?:ha|han)\s+(?:escrito|mandado|enviado|reenviado)|me\s+(?:escribe|manda))\s+"
    # the sender's name, capitalised: "me han mandado esto los del camión" names no one
    r"(?P<name>[A-ZÁÉÍÓÚÑ][^,:\n]{2,60}?)\s*[,:]?\s*(?i:te\s+lo\s+(?:pego|paso|copio|reenv[ií]o))?"
    r"\s*:?\s*\n(?P<body>.+)$",
    re.DOTALL,
)
# "Te reenvío lo que me ha mandado una clienta:" and a quote where the sender says who she is
# ("Hola, soy Rosa María Martínez, la de Mislata"): the frame names no one; the quote does.
_UNNAMED_FRAME = re.compile(
    r"^\s*(?:te\s+|os\s+)?(?:reenv[ií]o|paso|copio|pego)\b[^\n]*:\s*\n(?P<body>.+)$",
    re.DOTALL | re.IGNORECASE,
)
_GREETING = re.compile(r"^¡?[^\W\d]+(?:\s+[^\W\d]+)?\s*!+\s*")
# The first name a quoted message opens by, to whom it was written: "Pablo, mi correo es …"
# ("Rosa, la de la panadería, …" says who Rosa is, and stays).
_ADDRESSEE = re.compile(r"^[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+\s*,\s+(?!(?:el|la|los|las)\s+d)")
_I_AM = re.compile(r"\b[Ss]oy\s+(?:el\s+|la\s+)?(?P<name>[A-ZÁÉÍÓÚÑ][^,.;:!?\n]{2,50})")


def _forwarded_as_quoted(message: str, contacts: Sequence[ContactName]) -> str:
    """A message forwarded from someone, as "Te paso lo que dice X:" and the message quoted,
    which is how its first person ("mi correo", "llamadme al…") is read as the sender's."""
    named = _FORWARDED_FROM.match(message) or _WROTE_TO_ME.match(message)
    if named is not None:
        name = named.group("name").strip()
    else:
        unnamed = _UNNAMED_FRAME.match(message)
        said = _I_AM.search(unnamed.group("body")) if unnamed is not None else None
        people = [
            mention.contact
            for mention in (match_contacts(said.group("name"), list(contacts)) if said else [])
            if mention.contact is not None and mention.contact.kind != OWN
        ]
        if unnamed is None or not people:
            return message
        named, name = unnamed, people[0].name
    body = " ".join(
        re.sub(r"^[\s>]+", "", line).strip() for line in named.group("body").splitlines()
    ).strip(' «»"“”')
    # the greeting that opens it ("Kaixo!", "Bo día!") names no one, nor does the one it was
    # written to ("Pablo, mi correo es…")
    body = _ADDRESSEE.sub("", _GREETING.sub("", body))
    return f"Te paso lo que dice {name}:\n«{body}»" if body else message


# A newcomer said first, in a quick message's lowercase and without stops: "cliente nuevo el
# bar nou racó de ruzafa el teléfono es el…", "cliente nuevo jorge sellés el dni es…", "el bar
# casa toni es cliente nuevo, pagan a 30 dias". Said as "Cliente nuevo: Name. …", the way the
# reader knows.
_NEWCOMER_FIRST = re.compile(
    # who came or called first: "Hoy vino un cliente nuevo, el señor …", "Tenemos una señora
    # nueva, …", "ALTA CLIENTE: …"
    r"^\s*(?:(?:hoy|ayer|esta\s+ma[nñ]ana|esta\s+tarde)\s*,?\s+)?"
    r"(?P<came>(?:nos\s+|me\s+)?(?:ha|han)\s+(?:venido|llamado|escrito|entrado)\s+|"
    r"(?:vino|vinieron|llam[oó]|llamaron|entr[oó])\s+)?"
    r"(?:(?:tenemos|hay)\s+)?(?:(?:un|una)\s+)?"
    r"(?P<kind>(?:cliente|clienta|proveedor|proveedora|se[nñ]or|se[nñ]ora)"
    r"\s+(?:nuev[oa]|nou|nova)|alta\s+(?:de\s+)?(?:cliente|proveedor))\s*[,:]?\s+"
    r"(?P<title>(?:el|la)\s+(?:se[nñ]or|se[nñ]ora|sr\.?|sra\.?)\s+|(?:don|do[nñ]a)\s+)?(?P<rest>\S.*)$",
    re.DOTALL | re.IGNORECASE,
)
# The kind of newcomer, as the label says it: a new "señora" is a new customer.
_NEWCOMER_KINDS = {"senor": "cliente nuevo", "senora": "clienta nueva", "alta": ""}
_NEWCOMER_AFTER = re.compile(
    r"^\s*(?:el|la|los|las)\s+(?P<name>[^\W\d][^,.;:()\n]{2,50}?)\s+(?:es|son)\s+(?:(?:un|una)\s+)?"
    r"(?P<kind>(?:cliente|clienta|proveedor|proveedora)\s+(?:nuev[oa]|nou|nova))\b\s*[,.;:]?\s*"
    r"(?P<rest>.*)$",
    re.DOTALL | re.IGNORECASE,
)
# Where the name of a newcomer said in lowercase ends: the words that open what is said of it.
_AFTER_THE_NAME = frozenset(
    [
        *["su", "sus", "tiene", "tienen", "paga", "pagan", "pagara", "que", "q", "y", "con"],
        *["es", "son", "tlf", "tel", "telefono", "movil", "dni", "nif", "cif", "iban", "correo"],
        *["email", "mail", "se", "nos", "le", "les", "vive", "esta"],
    ]
)
# An article ends it only before what is said of it ("el teléfono es…"), not inside it ("el bar
# los pinos").
_SAID_OF_IT = frozenset(
    [
        *["tlf", "tel", "telefono", "movil", "numero", "dni", "nif", "cif", "iban", "cuenta"],
        *["correo", "email", "mail", "direccion", "plazo", "contacto", "encargado", "encargada"],
        "horario",
    ]
)
_NAME_JOINERS = frozenset(["de", "del", "la", "las", "los", "y", "i", "d"])


# A message written all in capitals names nothing by its capitals: read it as lowercase text.
_SHOUTED_SHARE = 0.8
_SHOUTED_LETTERS = 12
_CODE_OR_ADDRESS = re.compile(r"\S*\d\S*|\S+@\S+")


def _unshouted(message: str) -> str:
    """An older writer's capitals ("DESDE ESTE MES EL TALLER ABRE LOS SABADOS") in lowercase,
    codes and addresses as written; capitals would make every word a proper name."""
    letters = [c for c in message if c.isalpha()]
    upper = sum(1 for c in letters if c.isupper())
    if len(letters) < _SHOUTED_LETTERS or upper < _SHOUTED_SHARE * len(letters):
        return message
    return re.sub(
        r"\S+", lambda m: m[0] if _CODE_OR_ADDRESS.fullmatch(m[0]) else m[0].lower(), message
    )


def _newcomer_first(message: str) -> str:
    """A newcomer said before anything else about it, as "Cliente nuevo: Name. …"."""
    after = _NEWCOMER_AFTER.match(message)
    if after is not None and not _QUESTION_OR_ORDER.search(fold_aligned(message).lower()):
        name, rest = after.group("name"), after.group("rest")
    else:
        first = _NEWCOMER_FIRST.match(message)
        if first is None or first.group("rest")[:1] in ",.;:(":
            return message
        opening = fold_aligned(first.group("kind").split()[0]).lower()
        person = opening in ("senor", "senora")
        if person and not re.match(r"\s*[,:]", message[first.end("kind") :]):
            # "tenemos una señora nueva en la oficina": no newcomer named
            return message
        # said after who came or called, or as a label, a name in capitals is the newcomer too
        led = bool(first.group("came") or first.group("title")) or person or opening == "alta"
        words = re.split(r"[,.;:()\n]", first.group("rest"), maxsplit=1)[0].split()
        taken: list[str] = []
        for index, word in enumerate(words):
            folded = fold_aligned(word).lower()
            following = fold_aligned(words[index + 1]).lower() if index + 1 < len(words) else ""
            ends = folded in _AFTER_THE_NAME or (
                folded in ("el", "la", "los", "las") and following in _SAID_OF_IT
            )
            if taken and ends and not word[:1].isupper():
                break
            if not re.fullmatch(r"[^\W\d_][\w'’·.-]*", word):
                break
            taken.append(word)
        while taken and fold_aligned(taken[-1]).lower() in _NAME_JOINERS:
            taken.pop()
        if taken and fold_aligned(taken[0]).lower() in ("el", "la", "los", "las"):
            taken = taken[1:]
        if not taken or len(taken) > 6:
            return message
        rest = first.group("rest")
        rest = rest[rest.find(taken[-1]) + len(taken[-1]) :]
        if taken[0][:1].isupper():
            # a name written with capitals ("Clienta nueva, Marisa Olmos (la vecina de la Sra.
            # Muñoz). Su IBAN: …") ends where they do; what the bracket says of her, aside
            if not all(w[:1].isupper() or w in _NAME_JOINERS for w in taken):
                return message
            # and is read as written unless such an aside follows it
            if not led and not re.match(r"\s*\([^()]*\)\s*[.,;:]", rest):
                return message
            rest = re.sub(r"^\s*\([^()]*\)", "", rest)
        name = " ".join(taken)
        after = first
    if not name.strip() or _QUESTION_OR_ORDER.search(fold_aligned(rest).lower()):
        return message
    name = " ".join(
        w if w in ("de", "del", "y", "i", "d") or w[:1].isupper() else w[:1].upper() + w[1:]
        for w in name.split()
    )
    rest = rest.strip(" ,;:")
    kind = after.group("kind")
    first_word = fold_aligned(kind.split()[0]).lower()
    if first_word in _NEWCOMER_KINDS:
        kind = _NEWCOMER_KINDS[first_word] or f"{kind.split()[-1].lower()} nuevo"
    said = f"{kind[:1].upper()}{kind[1:]}: {name}."
    return f"{said} {rest[:1].upper()}{rest[1:]}" if rest else said


# What the capitals of a shouted message still tell: the names of people.
_NAMED_IN_CAPITALS = frozenset({"persona_contacto", "nombre", "apodo"})


def extract_facts(
    message: str,
    known: list[KnownAttribute],
    *,
    contacts: Sequence[ContactName] = (),
    today: datetime.date | None = None,
    previous: str | None = None,
    organization: str = "",
) -> list[ExtractedFact]:
    """Every fact the message states, once each; one note when none is confident.

    A message written all in capitals is read in lowercase, where capitals no longer make
    every word a name; the people it names about a contact are read from it as written.
    """
    lowered = _unshouted(message)

    def read(text: str) -> list[ExtractedFact]:
        return _facts(text, known, contacts, today, previous, organization)

    facts = read(lowered)
    if lowered == message:
        return facts
    subjects = {(f.subject_name, f.subject_contact_id, f.category) for f in facts if not f.note}
    if len(subjects) != 1 or next(iter(subjects))[1] is None:
        return facts
    # The one contact the lowercase reading found is also the subject of the people named.
    name, contact_id, category = subjects.pop()
    taken = {f.attribute for f in facts}
    named = [
        replace(
            fact,
            category=category,
            value=fact.value.title() if fact.value.isupper() else fact.value,
            subject_name=name,
            subject_contact_id=contact_id,
            subject_set_apart=False,
        )
        for fact in read(message)
        if fact.attribute in _NAMED_IN_CAPITALS - taken and not fact.note
    ]
    return [*facts, *named]


def _facts(
    message: str,
    known: list[KnownAttribute],
    contacts: Sequence[ContactName],
    today: datetime.date | None,
    previous: str | None,
    organization: str,
) -> list[ExtractedFact]:
    """``extract_facts`` of the message in the case it is written in.

    A follow-up that names nobody ("perdona, no a 30, a 45"; "y el contacto allí es Nacho"), or
    only the person the previous message gave as a contact ("y el email de Enrique es…"), is
    about the contact or name the writer's previous message named. One that corrects a value
    of it ("perdona, era los jueves") is that message read again with the new value.
    """
    if organization:
        contacts = [*contacts, ContactName(0, organization, OWN)]
    message = _forwarded_as_quoted(message, contacts)
    message = _newcomer_first(message)
    correction = _corrected_previous(_bare_terms(message, previous, today), previous, today)
    restated = _restated(*correction, known, contacts, today) if correction else []
    if any(not f.note for f in restated):
        return restated
    completed = _completed_name(message, previous, known, contacts, today)
    if completed:
        return completed
    answered = _who_answered(message, previous, contacts, today)
    if answered is not None:
        return [answered]
    moved = _moved_to(message, previous, known, contacts, today)
    if moved:
        return moved
    facts = _message_facts(_bare_terms(message, previous, today), known, contacts, today)
    if restated and all(f.note for f in facts):
        # The follow-up alone states no typed value: the corrected sentence says it.
        return restated
    before = _previous_subject(previous, contacts, today)
    if before is None:
        return [_with_previous(fact, previous) for fact in facts]
    people = _people_named(previous or "", today)
    facts = [
        _about(fact, before)
        if fact.subject_name and fact.subject_contact_id is None and _first(fact) in people
        else fact
        for fact in facts
    ]
    if not {_key(f) for f in facts if f.subject_name} <= {_key(before)}:
        # A follow-up that names another subject is about that one.
        return facts
    about_them = not _WRITER_CUES.search(fold_aligned(message).lower())
    return [
        _about(fact, before)
        if not fact.subject_name
        and not fact.note
        and (
            fact.category not in _WRITER_CATEGORIES
            # "mejor x whatsapp, dice su hija": how to reach the one just named, or what they
            # are called, unless the writer says it of herself
            or (about_them and fact.attribute in _OF_THE_ONE_NAMED)
        )
        else fact
        for fact in facts
    ]


_REACHED = frozenset({"canal_preferido", "horario"})


def _with_previous(fact: ExtractedFact, previous: str | None) -> ExtractedFact:
    """A fact the linked proposal reads from its clause also reads the previous message: a
    follow-up from a writer who may read no contacts names its subject there ("en Ribera")."""
    if not fact.subject_hint or not previous:
        return fact
    return replace(fact, previous_hint=previous)


# What a follow-up says in the third person of the one just named: how to reach them, and what
# they are called ("aquí todos le llaman Chuso").
_OF_THE_ONE_NAMED = _REACHED | {"apodo"}


_WE_OURSELVES = re.compile(r"^\s*(?:y\s+)?(?:nosotros|nosotras)\b")


def _said_of_them(fact: ExtractedFact, clause: str) -> bool:
    """Whether a fact that names no one is about the subject named before it: one of the
    company's, or how to reach someone when the writer does not say it of herself
    ("Reformas Costa nos pasa obras; con Elena mejor x whatsapp")."""
    if fact.category == "empresa":
        # "…y nosotros abrimos a las 8": the company, said outright after someone else
        return _WE_OURSELVES.match(fold_aligned(clause).lower()) is None
    return (
        fact.category in _WRITER_CATEGORIES
        and fact.attribute in _REACHED
        and not _WRITER_CUES.search(fold_aligned(clause).lower())
    )


_FULL_NAME = re.compile(
    r"\s*(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+){1,2})\b"
)


def _completed_name(
    message: str,
    previous: str | None,
    known: list[KnownAttribute],
    contacts: Sequence[ContactName],
    today: datetime.date | None,
) -> list[ExtractedFact]:
    """A follow-up that opens with the full name of the person the previous message gave by
    first name ("se llama Tomás" → "Tomás Ferrer, con dos erres"): that fact with the name."""
    opening = _FULL_NAME.match(message)
    if not previous or opening is None:
        return []
    name = opening["name"]
    first = fold_aligned(name.split()[0]).lower()
    return [
        replace(fact, value=name, text=fact.text.replace(fact.value, name))
        for fact in _message_facts(previous, known, contacts, today)
        if fact.attribute == "persona_contacto"
        and " " not in fact.value
        and fold_aligned(fact.value).lower() == first
    ]


# "uy no, eso era termotecnicas": what the previous message said was of another subject.
_THAT_WAS = re.compile(r"\b(?:eso|esto)\s+(?:era|es)\s+(?:de\s+|para\s+)?(?P<who>[^,.;:]+)")


def _moved_to(
    message: str,
    previous: str | None,
    known: list[KnownAttribute],
    contacts: Sequence[ContactName],
    today: datetime.date | None,
) -> list[ExtractedFact]:
    """A follow-up that moves what the previous message said to another contact ("apunta que
    a saneamientos se les paga a 60" → "uy no, eso era termotecnicas"): its typed facts, said
    of the contact the follow-up names instead."""
    folded = fold_aligned(message).lower()
    moved = _THAT_WAS.search(folded)
    if not previous or moved is None or not _CORRECTION_OPENER.match(folded):
        return []
    named = match_contacts(message[moved.start("who") : moved.end("who")], list(contacts))
    if not named or named[0].contact is None or named[0].contact.kind == OWN:
        return []
    contact = named[0].contact
    facts = [f for f in _message_facts(previous, known, contacts, today) if not f.note]
    if not facts or any(f.subject_contact_id in (None, contact.id) for f in facts):
        return []
    subject = Subject(CONTACT, contact.name, contact)
    return [
        replace(
            fact,
            category=subject.category(message, fact.attribute),
            subject_name=contact.name,
            subject_contact_id=contact.id,
            text=fact.text.replace(fact.subject_name, contact.name),
        )
        for fact in facts
    ]


# A number of days said alone: "a 45", "son 60", then the end of what is said.
_BARE_NUMBER = re.compile(
    # also after an arrow or a sign in a list ("- farmacia nuñez -> 45", "hoteles: 30")
    # not a price's whole part: "el gasoil a 1,29"
    # or an order that sets it after a question about the term ("¿qué plazo tiene…?" "ponle 45")
    r"(?:\b(?:a|es\s+a|son|serian?|[Pp]onle|[Pp]onles)|(?:->|→|=>|=|:))\s+\d{1,3}(?![.,]\d)"
    r"(?=\s*(?:[,;.!?)]|$|y\b|no\b|pero\b)(?![.,]\d))",
    re.MULTILINE,
)


# A question about someone's payment term: "¿qué plazo tiene…?", "¿a cuántos días paga…?".
_ASKED_TERM = re.compile(r"\bplazo\b[^?]*\?|\bcuantos\s+dias\b[^?]*\?")


# One bare number put right by another, "a" before each: "no a 30 sino a 45", "no a 60, a 90".
_TERM_SWAPPED = re.compile(r"\bno\s+a\s+\d{1,3}\s*,?\s*(?:sino\s+|que\s+|es\s+)?a\s+\d{1,3}\b")


def _bare_terms(message: str, previous: str | None, today: datetime.date | None) -> str:
    """A correction of a payment term says the days as bare numbers ("perdona, no es a 30, es
    a 60"; "paga a 60, bueno no, es a 45"): written out, so the slot reader sees terms."""
    context = f"{previous or ''} {message}"
    terms = [s for s in find_slots(context, today) if s.kind == "term"]
    asked = _ASKED_TERM.search(fold_aligned(previous or "").lower()) is not None
    swapped = _TERM_SWAPPED.search(fold_aligned(message).lower()) is not None
    if not asked and not swapped and not any("dias" in fold_aligned(s.value) for s in terms):
        return message
    return _BARE_NUMBER.sub(lambda m: f"{m.group(0)} días", message)


# A follow-up that corrects a value of the message before ("perdona, era los jueves", "no,
# quería decir el 15", "me he equivocado, son 45 días").
_CORRECTION_OPENER = re.compile(
    r"^\s*(?:perdona|perdon|uy|ups|ay|no\s*,|me\s+he\s+equivocado|error|(?:me\s+)?corrijo|"
    r"rectifico|correccion)"
    r"(?:\s*[,.!:;-])*\s*(?:no\s*,\s*)?(?:era|eran|es|son|queria\s+decir|quise\s+decir|digo)?\b"
)


# "Era el día 15, no el 5": the new number, then the old one.
_NUMBER_INSTEAD = re.compile(
    r"(?<![\d.,])(?P<new>\d+)(?![\d.,]\d),?\s+no\s+(?:(?:el|la|los|las|a|en|de)\s+)?(?P<old>\d+)\b"
)


_NUMBER = re.compile(r"(?<![\d.,])\d+(?:[.,]\d+)?(?![\d.,]\d)")
# A correction that is only the new number: "me corrijo, 195".
_NUMBER_ALONE = re.compile(r"^[^\d]*?[,:]\s*(?P<new>\d+(?:[.,]\d+)?)\s*[.!]?\s*$")


def _corrected_previous(
    message: str, previous: str | None, today: datetime.date | None
) -> tuple[str, str] | None:
    """The previous message with the value a follow-up corrects put in its place, so what it
    stated is read again whole; None when the follow-up corrects no value of it."""
    folded = fold_aligned(message).lower()
    opener = _CORRECTION_OPENER.match(folded)
    if not previous or not opener:
        return None
    instead = _NUMBER_INSTEAD.search(folded)
    if instead is not None and re.search(rf"\b{instead['old']}\b", previous):
        # "era el día 15, no el 5": the number the previous message said, put right.
        corrected = re.sub(rf"\b{instead['old']}\b", instead["new"], previous, count=1)
        return corrected, instead["new"]
    alone = _NUMBER_ALONE.search(folded)
    numbers = _NUMBER.findall(previous)
    if alone is not None and len(numbers) == 1:
        # "me corrijo, 195" after "la gestoria nos cobra 180 al trimestre": the one number.
        return _NUMBER.sub(alone["new"], previous, count=1), alone["new"]
    said = find_slots(previous, today)
    # A value the previous message already said is not the correction ("no, los viernes no,
    # los jueves").
    known = {(s.kind, s.value) for s in said}
    new = [n for n in _live(find_slots(message, today), folded) if (n.kind, n.value) not in known]
    old: list[Slot] = []
    for slot in said:
        if slot.kind in {n.kind for n in new} and all(slot.start >= o.end for o in old):
            old.append(slot)
    if not old:
        return None
    corrected = previous
    for slot in sorted(old, key=lambda s: -s.start):
        value = next(n for n in new if n.kind == slot.kind)
        written = message[value.start : value.end]
        corrected = f"{corrected[: slot.start]}{written}{corrected[slot.end :]}"
    return corrected, written


def _restated(
    corrected: str,
    written: str,
    known: list[KnownAttribute],
    contacts: Sequence[ContactName],
    today: datetime.date | None,
) -> list[ExtractedFact]:
    """What the corrected previous message states with the new value ``written``: the facts
    that carry it, or else its sentence as a note about the same subject."""
    facts = _message_facts(corrected, known, contacts, today)
    new = fold_aligned(written).lower()
    touched = [f for f in facts if new in fold_aligned(f.value).lower()]
    if touched or not facts:
        return touched
    clause = next(c for c in [*_clauses(_clean(corrected)), corrected] if written in c)
    text = sentence(clause)
    note = ExtractedFact(facts[0].category, NOTE, text[:MAX_NOTE], text, note=True)
    return [_about(note, facts[0])]


def _about(fact: ExtractedFact, subject: ExtractedFact) -> ExtractedFact:
    """``fact`` said of the subject of ``subject`` (another fact, or one carrying only it)."""
    return replace(
        fact,
        category=subject.category,
        subject_name=subject.subject_name,
        subject_contact_id=subject.subject_contact_id,
        subject_set_apart=subject.subject_set_apart,
    )


def _key(fact: ExtractedFact) -> object:
    return fact.subject_contact_id or fold_aligned(fact.subject_name).lower()


def _first(fact: ExtractedFact) -> str:
    return fold_aligned(fact.subject_name.split()[0]).lower() if fact.subject_name else ""


def _people_named(previous: str, today: datetime.date | None) -> set[str]:
    """First names of the people a message gives as someone's contact."""
    return {
        fold_aligned(slot.value.split()[0]).lower()
        for slot in find_slots(previous, today)
        if slot.kind == "person"
    }


_WRITER_CATEGORIES = ("perfil_usuario", "preferencia")


def _previous_subject(
    previous: str | None, contacts: Sequence[ContactName], today: datetime.date | None
) -> ExtractedFact | None:
    """The contact the previous message was about, when it names exactly one; else the one
    business or person it named that links to no contact ("Talleres Garcés", a new customer)."""
    if not previous:
        return None
    named = [_named_in(c, contacts, today) for c in _clauses(_clean(previous))]
    linked = {f.subject_contact_id: f for f in named if f is not None and f.subject_contact_id}
    if linked:
        return next(iter(linked.values())) if len(linked) == 1 else None
    unlinked = {_key(f): f for f in named if f is not None and len(f.subject_name.split()) >= 2}
    return next(iter(unlinked.values())) if len(unlinked) == 1 else None


# Suma asked who to talk to at a contact: "¿Quién es el contacto en X?", "¿Con quién hablo en
# X?", "¿Cómo se llama la encargada?".
_ASKED_WHO = re.compile(
    r"\b(?:quien\s+es\s+(?:el|la|su|vuestro|vuestra)\s+(?:persona\s+de\s+)?contacto"
    r"|con\s+quien\s+(?:hablo|hablamos|hablais|trato|tratamos|tratais)"
    r"|por\s+quien\s+(?:pregunto|preguntamos)"
    r"|(?:como\s+se\s+llama|quien\s+es)\s+(?:el|la)\s+(?:encargad[oa]|gerente|responsable|"
    r"persona|contacto|dueno|duena|administrador[a]?))\b"
)


_BARE_NAME = re.compile(
    r"^\s*(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]{2,}){0,2})\s*[.!]?\s*$"
)


def _who_answered(
    message: str,
    previous: str | None,
    contacts: Sequence[ContactName],
    today: datetime.date | None,
) -> ExtractedFact | None:
    """The name that answers Suma's question of who the contact is at a contact ("Suma:
    ¿Quién es el contacto en el gimnasio?" — "noelia, la gerente"): that contact's person."""
    if not previous or not _ASKED_WHO.search(fold_aligned(previous).lower()):
        return None
    before = _previous_subject(previous, contacts, today)
    if before is None:
        return None
    people = [s for s in find_slots(message, today) if s.kind == "person"]
    bare = _BARE_NAME.match(message)
    if people and not message[: people[0].start].strip(" ,.:¡!-"):
        name = people[0].value
    elif bare is not None and not match_contacts(bare.group("name"), list(contacts)):
        name = bare.group("name")  # the name alone: "Noelia", "Toni Mas"
    else:
        return None
    fact = ExtractedFact(
        before.category,
        "persona_contacto",
        name,
        f"El contacto en {before.subject_name} es {name}.",
    )
    return _about(fact, before)


def _nicknames(message: str, contacts: Sequence[ContactName]) -> list[ExtractedFact]:
    """What a contact is called, given in brackets after the name ("Francisco Javier Peña
    (Javi)")."""
    facts = []
    for mention in match_contacts(message, list(contacts)):
        word = nickname_after(message, mention)
        if word and mention.contact is not None:
            subject = Subject(CONTACT, mention.contact.name, mention.contact)
            facts.append(
                ExtractedFact(
                    category=subject.category(message, "apodo"),
                    attribute="apodo",
                    value=word,
                    text=f"A {mention.contact.name} le llaman {word}.",
                    subject_name=mention.contact.name,
                    subject_contact_id=mention.contact.id,
                )
            )
    return facts


# "A los dos les cobramos…", "ambos pagan…": what follows holds for each contact named.
_BOTH = re.compile(
    r"\b(?:(?:a\s+)?(?:los|las)\s+dos|ambos|ambas|cualquiera\s+de\s+(?:los|las)\s+dos)\b"
)


# Two names joined as one subject: "hoteles del turia y la resi los olivos quieren…".
_JOINED = re.compile(r"^\s*(?:y|e)\s+(?:(?:el|la|los|las)\s+(?:del?\s+(?:la\s+|el\s+)?)?)?$")


# The second one named, then "too": "X cierra en agosto y los del gasoleo tb".
# An emoji or two may close it ("… y la cafeteria central tb 😴").
_TOO_AFTER = re.compile(r"^\s*,?\s*(?:tb|tbn|tmb|tambien|tambe|igual|lo\s+mismo)\s*[.!]*[^\w?¿]*$")


def _for_both(
    message: str, facts: list[ExtractedFact], contacts: Sequence[ContactName]
) -> list[ExtractedFact]:
    """The typed facts said of "los dos", of two contacts named together ("X y la Y
    quieren…"), or of one and then "the other too" ("X cierra en agosto y los de Y tb"), when
    the message names two contacts: each gets them."""
    mentions = _two_named(message, contacts)
    if len(mentions) != 2:
        return []
    joined = _JOINED.match(message[mentions[0].end : mentions[1].start]) is not None
    too = _TOO_AFTER.match(fold_aligned(message[mentions[1].end :]).lower()) is not None
    if not joined and not too and not _BOTH.search(fold_aligned(message).lower()):
        return []
    keys = [(m.contact.id if m.contact else None, m.name) for m in mentions]
    copies = []
    for fact in facts:
        key = (fact.subject_contact_id, fact.subject_name)
        if fact.note or key not in keys:
            continue
        other_id, other_name = keys[1 - keys.index(key)]
        copies.append(replace(fact, subject_name=other_name, subject_contact_id=other_id))
    return copies


def _two_named(message: str, contacts: Sequence[ContactName]) -> list[Mention]:
    """The subjects a message names, in order: its contacts, or, for a writer who may link
    none of them, the business names it writes ("Gasóleos Ribera y Saneamientos del Levante")."""
    mentions = sorted(match_contacts(message, list(contacts)), key=lambda m: m.start)
    if mentions:
        unique = {m.contact.id: m for m in mentions if m.contact is not None}
        return [replace(m, name=m.contact.name) for m in unique.values() if m.contact]
    return unknown_names(message, [])


# The business moving its premises ("nos mudamos de nave", "nos trasladamos a un local
# nuevo"): the company's address, not the writer's home.
_COMPANY_MOVE = re.compile(
    r"\bnos\s+(?:mudamos|trasladamos|cambiamos|vamos)\s+(?:de|a)\s+(?:(?:una?|otr[oa])\s+)?"
    r"(?:nave|local|oficina|taller|almacen|sede)\b"
    # "esa será nuestra dirección para todo": the company's address, wherever it is told
    r"|\bnuestra\s+(?:nueva\s+)?direccion\b"
)
# A move told in a story ("firmamos lo de la nave … nos mudamos en enero"): the company's when
# the message speaks of its premises.
_WE_MOVE = re.compile(r"\bnos\s+(?:mudamos|trasladamos|cambiamos)\b")
_PREMISES = re.compile(r"\b(?:la\s+nave|el\s+local|la\s+oficina|el\s+taller|el\s+almacen)\b")


def _company_moves(folded: str) -> bool:
    """Whether the message tells that the company moves to new premises."""
    if _COMPANY_MOVE.search(folded):
        return True
    return _WE_MOVE.search(folded) is not None and _PREMISES.search(folded) is not None


# The writer's own qualifications and share of the work ("tengo el carné de instalador de gas",
# "ya no llevo yo los cobros", "yo solo hago las facturas"): a note about her.
_OWN_WORK = re.compile(
    r"^\s*(?:yo\s+)?(?:tengo|me\s+he\s+sacado|he\s+sacado)\s+(?:el|la|los|las)\s+"
    r"(?:carne|carnet|titulo|certificado|acreditacion|habilitacion)s?\b"
    r"|\b(?:ya\s+)?no\s+(?:llevo|hago)\s+yo\b"
    r"|\byo\s+(?:solo|ya\s+no)\s+(?:llevo|hago|me\s+encargo\s+de)\b"
    # her role: "yo soy el oficial que lleva las calderas", "soy la que hace los presupuestos",
    # "soy la encargada de la oficina", "me encargo yo de los cobros"
    r"|\byo\s+soy\s+(?:el|la)\s+[a-z]+"
    r"|^\s*soy\s+(?:el|la)\s+(?:que|q|oficial|encargad[oa]|jef[ea]|responsable|tecnic[oa]|"
    r"administrativ[oa]|administrador[a]?|gerente|director[a]?|secretari[oa]|contable|aprendiz|"
    r"fontaner[oa]|comercial|soci[oa]|duen[oa])\b"
    r"|\bme\s+encargo\s+yo\s+de\b|^\s*(?:yo\s+)?me\s+encargo\s+de\b"
)


# The writer asking that nothing be kept ("No apuntes nada todavía", "eso no lo guardes aún",
# "don't save this yet"): the message teaches nothing.
_KEEP_NOTHING = re.compile(
    r"\bno\s+(?:(?:me\s+)?(?:lo|la|los|las|ho)\s+)?(?:apuntes|anotes|guardes|registres|memorices)\b"
    # then the end, or the reason after it: "eso no lo apuntes eh q es personal"
    r"(?=\s*(?:nada|todavia|aun|esto|eso|de\s+momento|por\s+ahora|hasta|[.!,;]|$|"
    r"(?:eh\s+)?(?:que|q|porque|xq)\b))"
    r"|\bno\s+(?:apuntes|anotes|guardes)\s+nada\b"
    r"|\bdon'?t\s+(?:save|note|store|keep)\s+(?:anything|this|that|it)\b"
)


# A question from its first word: "¿Tiene Sonrisas el email bien?", "Can you check si…?"; not
# a statement with a tag question after it ("…, niente contanti, capito?").
_A_QUESTION = re.compile(
    r"^\s*(?:¿|(?:can|could|would)\s+you\b|(?:me\s+)?(?:puedes|podrias|puede|podria)\b)"
    r"[^?]*\?\s*$",
    re.IGNORECASE,
)


def _asks(clause: str) -> bool:
    return _A_QUESTION.search(clause) is not None and not states_something(clause)


# The writer's own ID card or tax number: "mi dni es …", "mi NIE:".
_MY_ID = re.compile(r"\bmi\s+(?:dni|nif|nie)\b")


def _message_facts(
    message: str,
    known: list[KnownAttribute],
    contacts: Sequence[ContactName],
    today: datetime.date | None,
) -> list[ExtractedFact]:
    cleaned = _clean(message)
    if not cleaned or not any(states_something(c) for c in _clauses(cleaned)):
        return []
    folded = fold_aligned(cleaned).lower()
    if _KEEP_NOTHING.search(folded):
        return []
    own_life = (
        is_own_life(cleaned) or _OWN_WORK.search(folded) is not None
    ) and not _company_moves(folded)
    if own_life and not match_contacts(cleaned, list(contacts)):
        # The writer's own life: its family facts, how the writer likes to be reached or
        # called and her own hours ("yo curro de 8 a 3"), or else one note about the writer.
        patterned = list(pattern_facts(cleaned))
        own = [
            fact
            for clause in _clauses(cleaned)
            for fact in _clause_facts(clause, (), today)
            if (
                fact.attribute in _WRITER_ATTRIBUTES | _WRITER_ADDRESSES | {"horario"}
                # "mi dni es …": her own ID, said as hers
                or (fact.attribute == "nif" and _MY_ID.search(fold_aligned(clause).lower()))
            )
            and not fact.subject_name
        ]
        said = patterned or own
        if said and _OWN_WORK.search(folded) and not any(f.note for f in said):
            # her role beside her name ("Soy la administradora, Lucía Serrano, así que lo de
            # bancos pásamelo a mí"): the name, and the role as a note about her
            said = [*said, _writer_note(cleaned)]
        return said or [_writer_note(cleaned)]
    if told_for_one_occasion(cleaned):
        return []
    clauses = [
        part for clause in _clauses(cleaned) for part in _each_subject(clause, contacts, today)
    ]
    facts: list[ExtractedFact] = []
    carried: ExtractedFact | None = None
    header: ExtractedFact | None = None
    sender: ExtractedFact | None = None
    writer_addresses = False
    from_header: set[int] = set()
    for clause in clauses:
        person: ExtractedFact | None = None
        framing = len(clauses) > 1 and _FORWARD_FRAME.match(clause) is not None
        # A mail's "De: Nuria Esteve <nuria@…>" gives the sender's address; other frames nothing.
        mail_from = framing and _MAIL_FROM.match(clause) is not None
        clause_facts = [] if framing and not mail_from else _clause_facts(clause, contacts, today)
        if header is not None and (_QUOTED.match(clause) or sender is not None):
            # A forwarded or quoted message speaks with its sender's voice: "mi DNI" is theirs.
            clause_facts = [
                _about(fact, header)
                if not fact.subject_name or fact.category in _WRITER_CATEGORIES
                else fact
                for fact in clause_facts
            ]
        if framing or (not clause_facts and len(clauses) > 1):
            # A clause that states nothing may still name who the next one is about
            # ("ya no hay que preguntar por Sonia en Pequeñines; ahora es Maite").
            named = _named_in(clause, contacts, today)
            person = _card_person(clause, named, header)
            if person is not None:
                # "Distribuciones Termotécnicas" / "Sergio Alandete (comercial)": a card's
                # person under its business is the business's contact, and the card stays hers.
                clause_facts = [person]
            else:
                header = named
            carried = header or carried
            sender = header if framing else sender
            uses = _ADDRESS_I_USE.search(fold_aligned(clause).lower()) is not None
            writer_addresses = writer_addresses or uses
        if writer_addresses:
            clause_facts = [_the_writers(fact) for fact in clause_facts]
        leftover = None if person is not None else _leftover_note(clause, clause_facts, today)
        for fact in [*clause_facts, *([leftover] if leftover else [])]:
            # A clause that names nobody is about the subject of the clause before it; a card
            # under a name ("Cliente: X" / "Condiciones: …") is about that name unless a line
            # names another outright.
            story = header or carried
            if story is not None and story.subject_contact_id and _works_for_it(clause, fact):
                # "Vaya semana con las Palmeras … El nuevo es Alberto Ferrer, de Fincas Ferrer":
                # the firm is where the new person works; the story is about the contact.
                fact = _about(fact, story)
            elif carried is not None and not fact.subject_name and _said_of_them(fact, clause):
                fact = _about(fact, carried)
            elif header is not None and fact.subject_name and not _names_outright(clause, fact):
                fact = _about(fact, header)
            if mail_from:
                from_header.add(len(facts))
            facts.append(_reuse_names(fact, known, contacts))
            if fact.subject_name:
                carried = fact
    facts = _body_addresses_first(facts, from_header)
    if len(clauses) > 1 and not facts and not any(_asks(c) for c in clauses):
        # Read as one sentence, unless a part asks: "¿tiene Sonrisas el email bien? creo que
        # está mal" asks Suma to check, and says nothing to keep.
        facts = [_reuse_names(f, known, contacts) for f in _clause_facts(cleaned, contacts, today)]
    facts = _one_note(message, facts, contacts) if len(clauses) > 1 else facts
    if _company_moves(folded):
        facts = [_the_companys(f) if f.attribute == "direccion" else f for f in facts]
    facts = [*facts, *_nicknames(cleaned, contacts), *_for_both(cleaned, facts, contacts)]
    sender = _letter_sender(message, contacts)
    if sender is not None:
        facts = [_about(f, sender) if _the_companys_own(f) else f for f in facts]
    sender_name, firm = _sender_for(message, contacts)
    if firm is not None:
        # What the sender says of her business's account or terms is the business's; her own
        # address stays hers.
        facts = [
            _about(f, _subject_only(Subject(CONTACT, firm.name, firm), message))
            if f.subject_name == sender_name and f.attribute in _THE_BUSINESS_S
            else f
            for f in facts
        ]
    signed = _signed_person(message, contacts) or _sender_as_contact(message, contacts)
    if signed is not None and not any(
        f.attribute == "persona_contacto" and f.subject_contact_id == signed.subject_contact_id
        for f in facts
    ):
        facts = [*facts, signed]
    if _OUR_THINGS.match(folded) and _only_said_around(facts, cleaned, contacts):
        text = sentence(cleaned)
        return [ExtractedFact("empresa", NOTE, text[:MAX_NOTE], text, note=True)]
    if not facts:
        note = note_fact(message, contacts)
        about_a_contact = note is not None and note.subject_contact_id is not None
        return [note] if note is not None and worth_a_note(cleaned, named=about_a_contact) else []
    unique: dict[tuple[str, str, str], ExtractedFact] = {}
    for fact in facts:
        key = (fact.category, fact.subject_name.casefold(), fact.attribute)
        first = unique.get(key)
        if first is None:
            unique[key] = fact
        elif fact.attribute in _SAID_IN_PARTS and fact.value not in first.value:
            # "L a V 7–14" on one line, "sábados cerrado" on the next: one schedule.
            unique[key] = replace(
                first, value=f"{first.value}; {fact.value}", text=f"{first.text} {fact.text}"
            )
    return list(unique.values())


# The company's own things, said first: "la furgoneta nueva es la 4821 LKD", "la alarma del
# almacén la lleva Prosegur".
_OUR_THINGS = re.compile(
    r"^\s*(?:la|el|las|los|nuestr[oa]s?)\s+(?:furgoneta|furgo|furgon|camion|camioneta|coche|"
    r"alarma|nave|extintor|compresor|maquina)(?:s|es)?\b"
)
_AROUND = frozenset({NOTE, "persona_contacto", "instrucciones_entrega"})


def _only_said_around(
    facts: list[ExtractedFact], cleaned: str, contacts: Sequence[ContactName]
) -> bool:
    """Whether no fact is a typed value and no contact is named outright: what the message
    says of the company's thing is a note about the company, not about whoever it names."""
    named = [
        m for m in match_contacts(cleaned, list(contacts)) if m.contact and m.contact.kind != OWN
    ]
    outright = [
        m for m in named if fold_aligned(cleaned[m.start : m.end]).lower() not in ROLE_WORDS
    ]
    return not outright and all(f.attribute in _AROUND for f in facts)


def _works_for_it(clause: str, fact: ExtractedFact) -> bool:
    """Whether the fact's subject, a name no contact has, is only named as where a person
    works ("Alberto Ferrer, de Fincas Ferrer"; "Marta, from Aislamientos Turia")."""
    if not fact.subject_name or fact.subject_contact_id is not None:
        return False
    firm = re.escape(fact.subject_name)
    return (
        re.search(rf"[A-ZÁÉÍÓÚÑ][\wáéíóúñü]+\s*,?\s+(?:de|del|from)\s+{firm}", clause) is not None
    )


def _body_addresses_first(facts: list[ExtractedFact], from_header: set[int]) -> list[ExtractedFact]:
    """A forwarded mail's "De: … <recepcion@…>" is the address it was sent from, already
    known: when the body gives another address ("remitan las facturas a facturacion@…"),
    that one is the news, and the header's is dropped."""
    body = {(f.attribute, f.value) for i, f in enumerate(facts) if i not in from_header}
    return [
        fact
        for i, fact in enumerate(facts)
        if i not in from_header
        or fact.attribute not in _WRITER_ADDRESSES
        or not any(attribute == fact.attribute and value != fact.value for attribute, value in body)
    ]


def _the_companys(fact: ExtractedFact) -> ExtractedFact:
    """``fact`` about the company itself: where it moves is its own address ("la nueva está en
    Alboraya, en la calle Alquería 7"), whatever place the sentence names first."""
    return replace(
        fact,
        category="empresa",
        subject_name="",
        subject_contact_id=None,
        subject_tax_id="",
        subject_set_apart=False,
        subject_hint="",
    )


def _one_note(
    message: str, facts: list[ExtractedFact], contacts: Sequence[ContactName]
) -> list[ExtractedFact]:
    """Notes only, all about one subject: the whole message as one note about it, so the
    clauses after the one read as a note are not lost ("ojo con el perro de X, muerde. tocar y
    esperar a que lo ate"). What to do at the door after a warning ("tiene un perro suelto.
    Antes de entrar llamad al timbre y esperad a que lo ate") belongs to that note."""
    if not facts or not facts[0].note:
        return facts
    if not all(f.note or f.attribute == "instrucciones_entrega" for f in facts):
        return facts
    whole = note_fact(message, contacts)
    if whole is None or any(_key(f) != _key(whole) for f in facts):
        return facts
    return [replace(facts[0], value=whole.value, text=whole.text)]


_THE_BUSINESS_S = frozenset({"iban", "nif", "direccion", "plazo_pago", "metodo_pago"})
_MAIL_FROM = re.compile(r"^\s*(?:de|from)\s*:", re.IGNORECASE)
# A letter: its greeting ("Estimados clientes:", "Muy Sres. nuestros:") or a mail's sender line.
_LETTER = re.compile(
    r"^[\s\"“«>]*(?:estimad[oa]s?\b|muy\s+(?:se[nñ]ores|sres\.?)|(?:de|from)\s*:.*@)",
    re.IGNORECASE | re.MULTILINE,
)


def _letter_sender(message: str, contacts: Sequence[ContactName]) -> ExtractedFact | None:
    """The contact a forwarded letter comes from: the one its address's domain spells
    ("administracion@talleresgarcia.es"), or else the one its last line signs ("Atentamente,
    Gestoría Ibáñez"). What the letter says of "nuestro" is theirs, not the writer's company."""
    if _LETTER.search(message) is None and not _greeted_and_closed(message):
        return None
    others = [c for c in contacts if c.kind != OWN]
    signature = _signature(message)
    signed = [m for line in signature for m in match_contacts(line, others)]
    contact = domain_owner(message, others) or (signed[0].contact if signed else None)
    if contact is None:
        # a business no contact of the writer's is, signing by its legal name: "Recambios
        # Calderas Turia S.L.", for whoever may read the contacts to link (decision 0035)
        firms = [line.strip() for line in signature if has_legal_form(line.strip())]
        return _subject_only(Subject(NAMED, firms[-1]), message) if firms else None
    return _subject_only(Subject(CONTACT, contact.name, contact), message)


# A letter's greeting on a line of its own ("Buenos días:", "Hola:") or its subject line.
_GREETING_LINE = re.compile(
    r"^[\s>]*(?:(?:buenos\s+d[ií]as|buenas\s+tardes|hola)\s*[:,]|asunto\s*:.*)\s*$",
    re.IGNORECASE | re.MULTILINE,
)


def _greeted_and_closed(message: str) -> bool:
    """A letter that opens with a greeting line and ends with a closing formula ("Buenos
    días:" … "Atentamente,"), pasted without its sender line."""
    return _GREETING_LINE.search(message) is not None and any(
        _CLOSING_FORMULA.match(line) for line in message.splitlines()
    )


# The closing formula of a letter, on a line of its own: the signature follows it.
_CLOSING_FORMULA = re.compile(
    r"^[\s\"“«>]*(?:(?:un\s+)?(?:cordial|afectuoso|atento)?\s*saludo|saludos|atentamente|"
    r"reciba[n]?\s+un\s+cordial|gracias|best\s+regards|regards|kind\s+regards)\b[^\n]{0,30}$",
    re.IGNORECASE,
)
SIGNATURE_LINES = 4


def _signature(message: str) -> list[str]:
    """The lines that sign a letter: those after its closing formula ("Un cordial saludo," /
    "Administración – Residencia Los Olivos" / "Paterna"), or else its last line."""
    lines = [line for line in message.splitlines() if line.strip(' "”»>')]
    closing = [i for i, line in enumerate(lines) if _CLOSING_FORMULA.match(line)]
    if closing:
        return lines[closing[-1] + 1 : closing[-1] + 1 + SIGNATURE_LINES]
    return lines[-1:]


# A signature pasted under a frame: a person's name on a line of its own, her role, and the
# business she signs for on one of the lines below ("Un saludo,\nMª Carmen Ibort\nJefa de
# Mantenimiento\nHoteles del Turia S.A."): she is that business's contact person.
_SIGNING_NAME = re.compile(
    r"^(?:M[ªa]\.?\s*)?[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+(?:de\s+|del\s+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+){1,3}$"
)
# The short line a signature follows: a closing ("Un saludo,", "Agur bero bat,") or nothing.
_BEFORE_SIGNING = re.compile(r"^(?:[^\s,.:;]+\s+){0,3}[^\s,.:;]+\s*,$")


# A department signing for its business ("Departamento Comercial", "Dpto. de Administración"):
# no person.
_DEPARTMENT = re.compile(r"(?:departamento|dpto|dept|area|servicio|oficina)\b", re.IGNORECASE)


def _signed_person(message: str, contacts: Sequence[ContactName]) -> ExtractedFact | None:
    """The contact-person fact of a pasted signature: its name line, under a closing or a blank
    line, above a line that is a known business's name."""
    lines = [re.sub(r"^[\s>]+", "", line).strip() for line in message.splitlines()]
    others = [c for c in contacts if c.kind != OWN and _a_business(c.name)]
    for index, line in enumerate(lines[1:], start=1):
        before = lines[index - 1]
        if not _SIGNING_NAME.match(line) or _a_business(line) or _DEPARTMENT.match(line):
            continue
        if before and not _BEFORE_SIGNING.match(before) and not _CLOSING_FORMULA.match(before):
            continue
        if set(_words(line)) & set(ROLE_WORDS) or match_contacts(line, list(contacts)):
            continue
        for below in lines[index + 1 : index + 4]:
            signed = [
                m.contact
                for m in match_contacts(below, others)
                if m.contact is not None and m.end - m.start >= len(below.rstrip(" .")) - 6
            ]
            if signed:
                return _person_at(signed[0], line)
    return None


def _person_at(contact: ContactName, name: str) -> ExtractedFact:
    return ExtractedFact(
        category="proveedor" if contact.kind == "supplier" else "cliente",
        attribute="persona_contacto",
        value=name,
        text=f"El contacto en {contact.name} es {name}.",
        subject_name=contact.name,
        subject_contact_id=contact.id,
    )


# A mail's sender line with the business in brackets: "De: Sergio Mena (Recambios Turia)".
_SENDER_OF = re.compile(
    r"^[\s>]*(?i:de|from)\s*:\s*(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+){1,3})"
    r"\s*\((?P<firm>[^()\n]{3,60})\)",
    re.MULTILINE,
)
# The sender saying she is the one to deal with from now on: "seré su persona de contacto",
# "soy su nuevo comercial", "seré yo quien les atienda", "les atenderé yo".
_I_AM_THE_CONTACT = re.compile(
    r"\b(?:sere|soy)\s+(?:yo\s+)?(?:su|vuestr[oa])\s+(?:nuev[oa]\s+)?"
    r"(?:persona\s+de\s+contacto|contacto|comercial|interlocutor[a]?|agente|gestor[a]?)\b"
    r"|\bsere\s+yo\s+(?:quien|el\s+que|la\s+que)\s+les?\s+(?:atiend|llev)"
    # the role first: "la persona de contacto para facturas seré yo"
    r"|\b(?:persona\s+de\s+contacto|interlocutor[a]?)\b[^.;\n]{0,40}\bsere\s+yo\b"
    r"|\bles?\s+atendere\s+yo\b"
)


def _sender_as_contact(message: str, contacts: Sequence[ContactName]) -> ExtractedFact | None:
    """The contact-person fact of a forwarded mail whose sender, writing for a known business
    named beside her name, says she is the one to deal with now."""
    if _I_AM_THE_CONTACT.search(fold_aligned(message).lower()) is None:
        return None
    name, firm = _sender_for(message, contacts)
    if firm is not None:
        return _person_at(firm, name)
    sender = _SENDER_OF.search(message)
    if sender is None:
        return None
    others = [c for c in contacts if c.kind != OWN]
    firms = [m.contact for m in match_contacts(sender["firm"], others) if m.contact is not None]
    return _person_at(firms[0], sender["name"]) if firms else None


# A mail's sender line with her address: "From: Marisa Ortí <marisa@talleresgarcia.es>".
_SENDER_ADDRESS = re.compile(
    r"^[\s>]*(?i:de|from)\s*:\s*(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+){1,3})"
    r"\s*<[^<>@\s]+@[^<>\s]+>",
    re.MULTILINE,
)


def _sender_for(message: str, contacts: Sequence[ContactName]) -> tuple[str, ContactName | None]:
    """Who sent a forwarded mail and the contact her address's domain spells, if any: she
    writes for that business ("From: Marisa Ortí <marisa@talleresgarcia.es>")."""
    sender = _SENDER_ADDRESS.search(message)
    if sender is None:
        return "", None
    return sender["name"], domain_owner(sender.group(0), [c for c in contacts if c.kind != OWN])


def _the_companys_own(fact: ExtractedFact) -> bool:
    return not fact.subject_name and fact.category in ("empresa", *_WRITER_CATEGORIES)


# A card's line that only names a person, with a role in brackets or after a dash or comma:
# "Sergio Alandete (comercial)", "Marta Gil - administración", "Att. Rosa Soler".
_CARD_PERSON = re.compile(
    r"^\s*(?i:at[tn]\.?\s+|atenci[oó]n\s*:?\s+)?(?P<name>[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+"
    r"(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+){1,3})\s*(?:\([^)]{2,40}\)|[-–,|]\s*[^\d@]{2,40})?\s*$"
)


def _card_person(
    clause: str, named: ExtractedFact | None, header: ExtractedFact | None
) -> ExtractedFact | None:
    """The contact-person fact of a card's line that names only a person no contact is, under
    a header that names a business; None for any other line."""
    card = _CARD_PERSON.match(clause)
    if card is None or header is None or (named is not None and named.subject_contact_id):
        return None
    if not _a_business(header.subject_name) or _a_business(card["name"]):
        return None
    name = card["name"]
    return replace(
        header,
        attribute="persona_contacto",
        value=name,
        text=f"El contacto en {header.subject_name} es {name}.",
        note=False,
    )


def _a_business(name: str) -> bool:
    return bool(set(_words(name)) & BUSINESS_WORDS) or has_legal_form(name)


def _the_writers(fact: ExtractedFact) -> ExtractedFact:
    """An address given bare after the writer said which one she uses is hers."""
    if fact.attribute in _WRITER_ADDRESSES and not fact.subject_name and fact.category == "empresa":
        return replace(fact, category="perfil_usuario")
    return fact


def _each_subject(
    clause: str, contacts: Sequence[ContactName], today: datetime.date | None
) -> list[str]:
    """A clause that pairs two contacts with a value each, joined by "y" ("teresa muñoz en
    efectivo y oscar tormo por bizum"), read as two clauses; any other clause as it is. A
    colon that opens such a list ("cada uno paga distinto: el gym a 45 días y la autoescuela
    a 15") ends the clause before it; a label ("De:", "Cliente:") is no such clause."""
    colon = clause.find(": ")
    said_before = clause[:colon].split()
    if colon != -1 and len(said_before) >= MIN_LEAD_WORDS and not _typed(clause[:colon], today):
        listed = clause[colon + 2 :]
        opening = _LEAD_WORDS.match(listed)
        named = [m.start for m in match_contacts(listed, list(contacts))]
        if named and min(named) <= (opening.end() if opening else 0) and _typed(listed, today):
            return [clause[: colon + 1], *_each_subject(listed, contacts, today)]
    for joint in _AND.finditer(clause):
        before, after = clause[: joint.start()], clause[joint.end() :]
        opening = _LEAD_WORDS.match(after)
        named_next = [m.start for m in match_contacts(after, list(contacts))]
        if (
            named_next
            and min(named_next) <= (opening.end() if opening else 0)
            and match_contacts(before, list(contacts))
            and _typed(before, today)
            # the next one's value may be where the goods go ("y la ferreteria ruiz que el
            # pedido lo recogemos nosotros en la tienda")
            and (_typed(after, today) or _DELIVERY.search(fold_aligned(after).lower()))
        ):
            return [before, *_each_subject(after, contacts, today)]
    return [clause]


def _typed(text: str, today: datetime.date | None) -> bool:
    return any(s.kind in _PAIRED_VALUES for s in find_slots(text, today))


_AND = re.compile(r",?\s+y\s+")
# Words a clause says before the colon that opens a list of businesses and their values.
MIN_LEAD_WORDS = 3
# The words a name may follow at the start of its clause: "y los de la panadería López a 30",
# "apunta que … y que hoteles del turia el correo es …".
_LEAD_WORDS = re.compile(r"(?:(?:que|a|al|el|la|los|las|de|del|en|con)\s+)*", re.IGNORECASE)
_PAIRED_VALUES = frozenset(
    {"term", "payment_method", "amount", "percent", "channel", "email", "phone"}
)


def _names_outright(clause: str, fact: ExtractedFact) -> bool:
    """Whether ``clause`` writes a word of the fact's subject name, not just a role word
    that the matcher took for it ("su gestor" is no "Gestoría Ibáñez")."""
    written = set(_words(clause))
    return any(len(w) >= 4 and w in written for w in _words(fact.subject_name))


_SAID_IN_PARTS = frozenset({"horario", "cierre", "instrucciones_entrega"})
