"""Content policy: what Suma never learns, checked on every memory write (DESIGN §5).

Deterministic, no model: secrets (passwords, verification codes, API keys, card numbers that
pass Luhn), insults and judgements about people, and GDPR special categories. IBANs are not a
refusal: ``find_iban`` sends them down their own path (an unverified proposal). Each refusal
carries the Spanish sentence the person reads. See docs/memory.md for the corpora.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum

from schwifty import IBAN
from schwifty.exceptions import SchwiftyException
from stdnum import luhn


class Verdict(Enum):
    ALLOW = "allow"
    REFUSE = "refuse"
    # GDPR special category: refused in the background; explicit and only about the writer
    # (or nobody identifiable) it is kept private.
    SPECIAL = "special"


@dataclass(frozen=True)
class PolicyDecision:
    verdict: Verdict
    reason: str = ""


ALLOWED = PolicyDecision(Verdict.ALLOW)

REASON_CONFIDENTIAL = (
    "No guardo contraseñas, códigos de verificación, claves de API ni números de tarjeta: "
    "son secretos y no deben quedar en la memoria."
)
REASON_INSULT = "No guardo insultos ni juicios sobre personas."
REASON_SPECIAL_BACKGROUND = (
    "No aprendo por mi cuenta datos de salud, religión, política, vida sexual, afiliación "
    "sindical, origen étnico ni datos biométricos o genéticos."
)
REASON_SPECIAL_THIRD_PARTY = (
    "No guardo datos de salud, religión, política, vida sexual, afiliación sindical, origen "
    "étnico ni datos biométricos o genéticos de otra persona."
)


def _fold(text: str) -> str:
    """Lowercase without accents, so 'contraseña' and 'CONTRASENA' read alike."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# --- Secrets ---------------------------------------------------------------------------------

# Shapes of credentials, matched on the original text (case matters for most prefixes).
_KEY_SHAPES = re.compile(
    r"""
      \bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_\-]{16,}      # OpenAI / Anthropic style
    | \b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}                   # Stripe secret / restricted
    | \bAKIA[0-9A-Z]{16}\b                                     # AWS access key id
    | \bASIA[0-9A-Z]{16}\b                                     # AWS temporary key id
    | \bgh[pousr]_[A-Za-z0-9]{30,}                             # GitHub tokens
    | \bgithub_pat_[A-Za-z0-9_]{30,}
    | \bglpat-[A-Za-z0-9_\-]{20,}                              # GitLab
    | \bxox[abposr]-[A-Za-z0-9\-]{10,}                         # Slack
    | \bAIza[0-9A-Za-z_\-]{35}                                 # Google API key
    | \bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}           # SendGrid
    | \beyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]+   # JWT
    | \bBearer\s+[A-Za-z0-9._~+/\-]{16,}=*                     # bearer tokens
    | -----BEGIN[ A-Z]*PRIVATE\ KEY-----                       # PEM private keys
    | \bAC[0-9a-f]{32}\b                                       # Twilio account SID
    """,
    re.VERBOSE,
)

# Words that announce a secret, on folded text; the secret itself must follow.
_ANNOUNCING_WORDS = (
    r"contrasena|password|passwd|pass\b|pwd|clave\s+(?:de\s+acceso|secreta|de\s+(?:la\s+)?api|"
    r"api|privada|de\s+firma|del\s+banco|de\s+la\s+banca|de\s+(?:la\s+)?wifi|del\s+wifi)|"
    r"pin|api[\s_-]?key|secret[\s_-]?key|access[\s_-]?token|token(?:\s+de\s+acceso)?|"
    r"usuario\s+y\s+clave|codigo\s+(?:de\s+)?(?:verificacion|seguridad|acceso|confirmacion|"
    r"autenticacion|un\s+solo\s+uso)|codigo\s+(?:otp|sms|2fa)|otp|2fa|cvv|cvc|"
    r"codigo\s+que\s+me\s+(?:ha\s+)?(?:llegado|han\s+enviado|enviaron)"
)
_SECRET_ANNOUNCED = re.compile(rf"\b(?P<word>{_ANNOUNCING_WORDS})\b(?P<rest>[^\n]{{0,40}})")
# One-time codes are bare digits: after these words a run of 3 to 8 digits is the secret.
_CODE_WORD = re.compile(r"^(?:codigo|otp|2fa|cvv|cvc|pin)")
_ANNOUNCER = re.compile(r"^(?:es|era|sera|son|seria)$|[:=]$")
# Words that never are the secret itself, even right after "es" or a colon.
_FILLER = frozenset(
    "de del la el los las lo para que en un una por con no si sin y o mi su tu nuestra "  # noqa: SIM905  (a word list reads best as words)
    "nuestro wifi banco web app cuenta correo movil nueva nuevo antigua antiguo igual misma "
    "mismo".split()
)
_MIXED = re.compile(r"(?=.*[a-z])(?=.*\d)|(?=.*[a-z])(?=.*[^\w])", re.IGNORECASE)

_CARD_CANDIDATE = re.compile(r"(?<![\w+])\d(?:[ \-]?\d){12,18}(?![\w])")


def _strip_ibans(text: str) -> str:
    for match in _IBAN_CANDIDATE.finditer(text):
        if _valid_iban(match.group(0)):
            text = text.replace(match.group(0), " ")
    return text


def _has_card_number(text: str) -> bool:
    for match in _CARD_CANDIDATE.finditer(_strip_ibans(text)):
        digits = re.sub(r"\D", "", match.group(0))
        # Card numbers start with 2-6 (Mastercard 2-series, Amex 3, Visa 4, MC 5, Discover 6);
        # that keeps 13+ digit phone numbers written with 00 and bank codes out.
        if 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn.is_valid(digits):
            return True
    return False


def _has_announced_secret(folded: str) -> bool:
    """A secret word followed by a value: right after "es"/":"/"=", or a token mixing letters
    with digits or symbols ("perro123", "x7#kq") within the next few words, or bare digits
    after the name of a one-time code."""
    for match in _SECRET_ANNOUNCED.finditer(folded):
        is_code = bool(_CODE_WORD.match(match.group("word")))
        tokens = re.findall(r"[^\s]+", match.group("rest").replace(":", ": ").replace("=", "= "))
        announced = False
        for token in tokens:
            word = token.strip("'\"«»“”.,;()")
            if announced and len(word) >= 3 and word not in _FILLER:
                return True
            if is_code and re.fullmatch(r"\d{3,8}", word):
                return True
            if len(word) >= 4 and _MIXED.search(word) and not re.fullmatch(r"[\d/.\-,]+", word):
                return True
            announced = bool(_ANNOUNCER.search(token)) or (announced and word in _FILLER)
    return False


def is_secret(text: str) -> bool:
    return bool(
        _KEY_SHAPES.search(text) or _has_card_number(text) or _has_announced_secret(_fold(text))
    )


# --- Insults and judgements about people ------------------------------------------------------

_INSULTS = re.compile(
    r"\b(?:idiota|imbecil|inutil|gilipollas|tont[oa]|estupid[oa]|subnormal|cabron(?:a|es)?|"
    r"capull[oa]|sinverguenza|ladr[oa]n|ladrona|estafador[a]?|mentiros[oa]|vag[oa]|"
    r"incompetente|payas[oa]|impresentable|caradura|rata|tacan[oa]|inept[oa]|torpe|"
    r"cretin[oa]|energumen[oa]|desgraciad[oa]|mamon(?:a)?|pringad[oa]|zorra|puta|"
    r"hijo\s+de\s+puta|mierda|asqueros[oa]|repugnante|gentuza|chorizo|chusma|lerd[oa]|"
    r"bobo|boba|tarad[oa]|retrasad[oa]|maleducad[oa]|insoportable|indeseable|"
    r"psicopata|mala\s+persona|mala\s+gente|no\s+vale\s+para\s+nada|no\s+sirve\s+para\s+nada|"
    r"es\s+un\s+desastre|es\s+una\s+desastre|no\s+es\s+de\s+fiar|poco\s+de\s+fiar|"
    r"es\s+(?:muy\s+)?fe[oa]|es\s+(?:muy\s+)?gord[oa])\b"
)


def is_insult(text: str) -> bool:
    return bool(_INSULTS.search(_fold(text)))


# --- GDPR special categories ------------------------------------------------------------------

_SPECIAL = re.compile(
    r"\b(?:"
    # health
    r"enferm[oa]s?|enfermedad(?:es)?|diabetes|diabetic[oa]|cancer|tumor|quimioterapia|"
    r"embarazad[ao]|embarazo|depresion|deprimid[oa]|ansiedad|vih|sida|seropositiv[oa]|"
    r"medicacion|antidepresivos?|psiquiatric[oa]|psiquiatra|terapia\s+psicologica|"
    r"baja\s+(?:medica|por\s+enfermedad|por\s+maternidad|por\s+paternidad)|"
    r"operad[oa]\s+de|ingresad[oa]\s+en\s+(?:el\s+)?hospital|discapacidad|minusvalia|alzheimer|epilepsia|"
    r"esquizofreni[ac]o?|bipolar|autismo|autista|celiac[oa]|alergic[oa]|alergia|"
    r"asma|hipertension|infarto|ictus|covid|adiccion|alcoholic[oa]|drogadict[oa]|"
    r"rehabilitacion|aborto|fertilidad|"
    # religion and belief
    r"religion|religios[oa]|musulman[a]?|islam|catolic[oa]|judi[oa]|judaismo|"
    r"evangelic[oa]|testigo\s+de\s+jehova|budista|ate[oa]|agnostic[oa]|mormon|ramadan|"
    r"va\s+a\s+misa|la\s+mezquita|la\s+sinagoga|"
    # politics
    r"vota\s+a|voto\s+a|votante\s+de|votara\s+a|militante|afiliad[oa]\s+al?\s+(?:pp|psoe|vox|"
    r"podemos|sumar|partido|sindicato)|de\s+izquierdas|de\s+derechas|comunista|fascista|"
    r"socialista|independentista|ideologia|partido\s+politico|"
    # sexual life and orientation
    r"gay|lesbiana|homosexual|bisexual|transexual|transgenero|orientacion\s+sexual|vida\s+sexual|"
    r"heterosexual|"
    # trade-union membership
    r"sindicato|sindicalista|sindical|ccoo|ugt|cgt|"
    # racial or ethnic origin
    r"gitan[oa]|etnia|etnico|origen\s+etnico|raza|racial|"
    # biometric and genetic data
    r"huella\s+dactilar|huellas\s+dactilares|biometric[oa]s?|reconocimiento\s+facial|"
    r"genetic[oa]s?|adn|genoma"
    r")\b"
)

# Third parties the writer may be talking about: a relation or a capitalised name.
_THIRD_PARTY = re.compile(
    r"\b(?:mi|mis|tu|su|sus|nuestr[oa]s?|el|la|un|una)\s+(?:socio|socia|emplead[oa]|"
    r"trabajador[a]?|cliente|proveedor[a]?|jef[ea]|compañer[oa]|companer[oa]|hij[oa]|"
    r"herman[oa]|madre|padre|mujer|marido|pareja|novi[oa]|vecin[oa]|amig[oa]|"
    r"contable|gestor[a]?|abuel[oa]|prim[oa]|ti[oa]|suegr[oa])s?\b"
)
_NAME = re.compile(r"(?<![.!?¿¡]\s)(?<!^)\b[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2,}")
# The writer speaking about themselves: first-person verbs and pronouns.
_FIRST_PERSON = re.compile(
    r"\b(?:yo|me|mi|mis|soy|estoy|tengo|he|hice|voto|vivo|sigo|padezco|tomo|llevo|creo|"
    r"practico|pertenezco|nac[ií])\b"
)


def is_special_category(text: str) -> bool:
    return bool(_SPECIAL.search(_fold(text)))


def about_someone_else(text: str, *, subject: str = "") -> bool:
    """Whether the text may be about a person other than the writer.

    Conservative: unless the writer clearly speaks about themselves (first person) and names
    nobody else, the answer is yes.
    """
    folded = text.casefold()
    if subject or _THIRD_PARTY.search(folded) or _NAME.search(text.strip()):
        return True
    return not _FIRST_PERSON.search(folded)


# --- IBANs: their own path ---------------------------------------------------------------------

_IBAN_CANDIDATE = re.compile(r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b")


def _valid_iban(candidate: str) -> bool:
    try:
        IBAN(candidate)
    except SchwiftyException:
        return False
    return True


def find_iban(text: str) -> str | None:
    """The first valid IBAN in ``text``, compact (no spaces), or None."""
    for match in _IBAN_CANDIDATE.finditer(text.upper()):
        if _valid_iban(match.group(0)):
            return str(IBAN(match.group(0)).compact)
    return None


# --- The decision --------------------------------------------------------------------------------


def check_content(
    *, text: str, value: str = "", subject: str = "", explicit: bool
) -> PolicyDecision:
    """Decide whether a memory may be stored, and under which constraint."""
    content = f"{text}\n{value}"
    if is_secret(content):
        return PolicyDecision(Verdict.REFUSE, REASON_CONFIDENTIAL)
    if is_insult(content):
        return PolicyDecision(Verdict.REFUSE, REASON_INSULT)
    if is_special_category(content):
        if not explicit:
            return PolicyDecision(Verdict.REFUSE, REASON_SPECIAL_BACKGROUND)
        if about_someone_else(text, subject=subject):
            return PolicyDecision(Verdict.REFUSE, REASON_SPECIAL_THIRD_PARTY)
        return PolicyDecision(Verdict.SPECIAL)
    return ALLOWED
