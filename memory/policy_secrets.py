"""Secrets and bank accounts in free text, for the content policy (DESIGN §5, memory/policy.py).

A secret is a credential, a one-time or verification code, a PIN, a card number that passes
Luhn (with its CVV and expiry), an API key, a token or a private key. They are found as
*spans*, so the same search refuses the memory and masks every derived copy of the message
(``mask_secrets``). An IBAN is never a secret: ``find_iban`` recognises it in any spelling
(spaces, dashes, dots, lowercase, none) and returns it normalized.

An access code of one's own premises is a PIN by another name: a run of digits (or a
combination such as "12-34-56") said with the alarm, the safe, a padlock or a door keypad
("la alarma de la nave es 4471", "candado de la furgo 4812") is refused like a PIN; the same
words with an amount, a year, a measure or a phone number are not ("la caja fuerte costó 450
euros", "la alarma la pusimos en 2019").

Look-alikes stay out: a code named after a thing that is not secret ("código postal", "código
del producto", "código de cliente", "código de la promoción") is a reference, not a credential;
invoice, order and phone numbers, tax ids, amounts, dates and times are never secret values.
A code named after nothing ("el código es 4471") or after an access ("del parking", "de
Bizum") is taken for a secret: refusing a product code costs a re-phrasing, storing a one-time
code costs a leak.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from schwifty import IBAN
from schwifty.exceptions import SchwiftyException
from stdnum import luhn

from sumalos.platform.text import fold

MASK = "[dato oculto]"

Span = tuple[int, int]


def fold_aligned(text: str) -> str:
    """``fold`` character by character, keeping every offset equal to the original's."""
    if text.isascii():
        # ASCII has no marks to drop and folds one character to one: casefolding is all.
        return text.casefold()
    return "".join(map(_fold_char, text))


def blank_matches(text: str, *patterns: re.Pattern[str]) -> str:
    """``text`` with what each pattern finds in its folded form (``fold_aligned``) blanked out,
    so that every other offset stays where it was."""
    aligned = fold_aligned(text)
    kept = list(text)
    for pattern in patterns:
        for match in pattern.finditer(aligned):
            kept[match.start() : match.end()] = " " * (match.end() - match.start())
    return "".join(kept)


@cache
def _fold_char(char: str) -> str:
    one = fold(char)
    return one if len(one) == 1 else char


# --- IBANs -----------------------------------------------------------------------------------

# Two letters, two check digits, then the account in groups joined by spaces, dashes or dots,
# or broken over lines ("ES35 0182 6988 / 7243 7891 6489" as a pasted card prints it).
# The country may be spelled letter by letter ("E S 74 0030 …").
_IBAN_CANDIDATE = re.compile(r"\b[A-Z] ?[A-Z][ .\-]{0,3}\d{2}(?:[ .\-/\n]{0,4}[A-Z0-9]){10,30}")
# A Spanish account written without the country (the old CCC): bank, branch, check, account.
_CCC = re.compile(r"(?<![\w.\-])\d{4}[ .\-]?\d{4}[ .\-]?\d{2}[ .\-]?\d{10}(?![\w])")
_CCC_CONTEXT = re.compile(r"\b(?:cuenta|iban|ccc|transferencia|transferir|ingresa[rl]?)\b")
# A Spanish account in full whose check digits do not add up: a typo or a made-up example, but
# still bank details someone gave. Read as said, so it gets every bank-detail rule (proposal).
_SPANISH_IBAN_SHAPE = re.compile(r"\bES\d{2}(?:[ .\-]?\d{4}){5}\b")


def _iban_or_none(compact: str) -> str | None:
    try:
        return str(IBAN(compact).compact)
    except SchwiftyException:
        return None


def _iban_spans(text: str) -> Iterator[tuple[Span, str]]:
    """Every IBAN: its span in ``text`` and its compact form (valid, or Spanish-shaped)."""
    upper = text.upper()
    for match in _SPANISH_IBAN_SHAPE.finditer(upper):
        compact = re.sub(r"\D", "", match.group(0)[2:])
        if not _iban_or_none(f"ES{compact}"):
            yield match.span(), f"ES{compact}"
    for match in _IBAN_CANDIDATE.finditer(upper):
        positions = [match.start() + i for i, c in enumerate(match.group(0)) if c.isalnum()]
        compact = "".join(upper[p] for p in positions)
        # The candidate may run into the next word: the longest valid prefix is the IBAN.
        for length in range(min(len(compact), 34), 14, -1):
            iban = _iban_or_none(compact[:length])
            if iban:
                yield (match.start(), positions[length - 1] + 1), iban
                break
    if _CCC_CONTEXT.search(fold(text)):
        for match in _CCC.finditer(text):
            bban = re.sub(r"\D", "", match.group(0))
            check = 98 - int(bban + "142800") % 97  # "ES00" moved to the end, letters as numbers
            iban = _iban_or_none(f"ES{check:02d}{bban}")
            if iban:
                yield match.span(), iban


def iban_on_one_line(text: str) -> str:
    """``text`` with every IBAN broken over lines ("IBAN: ES24 1465\n3799 2994\n1378 3019")
    joined with spaces, so that a reader of lines sees it whole; nothing else changes."""
    for (start, end), _ in sorted(_iban_spans(text), reverse=True):
        text = text[:start] + text[start:end].replace("\n", " ") + text[end:]
    return text


def find_iban(text: str) -> str | None:
    """The first IBAN in ``text``, compact and uppercase, or None."""
    found = sorted(_iban_spans(text))
    return found[0][1] if found else None


# --- Shapes: keys, tokens, private keys, cards ------------------------------------------------

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
    | \bSG\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}            # SendGrid, shortened or not
    | \beyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]+   # JWT
    | \bBearer\s+[A-Za-z0-9._~+/\-]{16,}=*                     # bearer tokens
    | -----BEGIN[ A-Z]*PRIVATE\ KEY-----(?:\s*[A-Za-z0-9+/=]{16,})*   # PEM private keys
      (?:\s*-----END[ A-Z]*PRIVATE\ KEY-----)?
    | \b(?:AC|SK)[0-9a-f]{32}\b                                # Twilio account / API key SID
    | \bMII[A-Za-z0-9+/]{20,}={0,2}                          # a DER key or certificate in base64
    | (?<![\w/.@\-])(?=[A-Za-z0-9+/_\-]*[a-z])(?=[A-Za-z0-9+/_\-]*[A-Z])(?=[A-Za-z0-9+/_\-]*\d)
      [A-Za-z0-9+/_\-]{32,}={0,2}(?![\w/.@])                 # an opaque token of mixed case
    """,
    re.VERBOSE,
)

# Card numbers as printed: one run of digits, groups of four with one separator (a 19-digit card
# in five groups, 4-4-4-4-3, before the sixteen digits it starts with), Amex 4-6-5 or Diners
# 4-6-4.
_CARD = re.compile(
    r"(?<![\w+.,\-/])(?:\d{13,19}|\d{4}([ .\-])\d{4}\1\d{4}\1\d{4}\1\d{1,3}|"
    r"\d{4}([ .\-])\d{4}\2\d{4}\2\d{1,7}|"
    r"\d{4}([ .\-])\d{6}\3\d{4,5})"
    r"(?![\w]|[.,\-/]\d)"
)
_CARD_WORDS = re.compile(
    r"\b(?:tarjeta|visa|mastercard|amex|card|credit|debito|credito|diners|discover|maestro|jcb)\b"
)
_EXPIRY = re.compile(
    r"\b(?:caduc(?:a|idad)|vence|vencimiento|exp(?:iry|ires|iration)?|valid[ae]?\s+hasta|"
    r"valid\s+thru)\W{0,3}(?:el\s+|en\s+)?(?P<date>(?:0[1-9]|1[0-2])\s?/\s?(?:20)?\d{2})(?![\d/])"
)


# A card given in two pieces: "empieza por 5167 6122 y termina en 2029 7295".
_CARD_IN_PIECES = re.compile(
    r"(?i:\b(?:empieza|comienza|arranca)\s+(?:por|con|en))\s+(?P<first>\d[\d .\-]{2,13}\d)"
    r"[^\d]{1,40}?(?i:\b(?:termina|acaba|finaliza)\s+(?:en|por|con))\s+(?P<last>\d[\d .\-]{2,13}\d)"
)


_NUMBER_SIGN = re.compile(r"(?i:\bn\.?\s?[ºo°]|\bnum\.)\s*:?\s*$")


def _card_spans(text: str) -> Iterator[Span]:
    for match in _CARD_IN_PIECES.finditer(text):
        digits = re.sub(r"\D", "", match["first"] + match["last"])
        if 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn.is_valid(digits):
            yield match.span("first")
            yield match.span("last")
    ibans = [span for span, _ in _iban_spans(text)]
    folded = fold_aligned(text)
    named_card = bool(
        _CARD_WORDS.search(folded) or _CVV_WORDS.search(folded) or _EXPIRY.search(folded)
    )
    for match in _CARD.finditer(text):
        if any(start <= match.start() < end for start, end in ibans):
            continue
        # "Pedido … nº 5521-8890-1123-4411": a number given as a number, with no card named.
        if not named_card and _NUMBER_SIGN.search(text, 0, match.start()):
            continue
        digits = re.sub(r"\D", "", match.group(0))
        # Card numbers start with 2-6 (Mastercard 2-series, Amex 3, Visa 4, MC 5, Discover 6);
        # that keeps phone numbers written with 00 and policy or bank numbers out.
        if digits[0] in "23456" and luhn.is_valid(digits):
            yield match.span()


# --- Announced secrets: a word that names a secret, then its value ---------------------------

# Naming a password: after "es", ":", "uso"... even a plain word is the secret.
_CREDENTIAL_WORDS = (
    r"contrasenas?|contrasenya|contrsena|contrasea|password|passwd|passw|pasword|paswd|passcode|"
    r"pass|pwd|psw|pw|login|credenciales|token|api[ _-]?key|"
    # Galician "contrasinal", Catalan "paraula de pas", Basque "pasahitza".
    r"contrasinal|contrasinais|paraula\s+de\s+pas|pasahitza|pasahitzak|pasahitz|"
    r"secret[ _-]?key|"
    # What a certificate asks for when installed: "el certificado digital de la empresa pide …".
    r"certificados?(?:\s+digital(?:es)?)?(?:\s+(?:de|del)\s+(?:la\s+)?[a-z]+)?\s+(?:pide|piden|lleva|usa)|"
    # "la contra" is slang for the password only when it names an account ("la contra del correo").
    r"(?:la|mi|tu|su)\s+contra(?=\s*(?:es\b|:))|(?:(?:la|mi|tu|su)\s+)?contra(?=\s+(?:del?|de\s+la)\s+"
    r"(?:\w+\s+)?(?:correo|e?mail|gmail|wifi|"
    r"banco|movil|ordenador|pc|app|web|cuenta|portal|router|tpv|outlook|instagram|facebook))"
)
# Naming a key ("la clave del éxito es…"): the value must look like one.
# "Esto es secreto: …" marks a note as private; a secret named so must look like a key too.
# Catalan and Valencian "clau" is a key too ("la clau del wifi és…").
_KEY_WORDS = r"claves?|claus?|key|secreto"
# Naming a one-time code or a PIN: a bare run of digits is the secret.
_CODE_WORDS = (
    r"codigos?|codes?|otp|2fa|pin|nip|puk|cvv2?|cvc|sms|combinacion|combination|"
    # Catalan and Valencian: "codi de verificació", "el codi és…".
    r"codis?|"
    # Basque: "atea irekitzeko kodea", "sarbide kodea".
    r"kodea|kodeak|"
    # The code left unnamed, said by its use: "el de un solo uso es…", "el de verificación…".
    r"(?:de\s+)?un\s+solo\s+uso|de\s+un\s+uso|one[- ]time|de\s+verificacion?|"
    r"de\s+seguridad(?!\s+social)|security\s+code|"
    # The CVV described: "los tres de detrás de la tarjeta", "los números de atrás".
    r"(?:tres|3)\s+(?:numeros\s+|digitos\s+|cifras\s+)?de\s+(?:detras|atras)|"
    r"(?:numeros|digitos|cifras)\s+de\s+(?:detras|atras)|"
    r"numero\s+secreto|clave\s+secreta|secret\s+number|"
    # What a bank signs with: "el número de firma es…", "la tarjeta de coordenadas, la B4 es…".
    r"(?:numero|codigo|clave|pin)\s+de\s+firma|(?:tarjeta\s+de\s+)?coordenadas|"
    # What opens one's tax return at the AEAT: "la referencia de la renta que me pide Hacienda".
    r"(?:numero\s+de\s+)?referencia\s+(?:de\s+(?:la\s+)?)?(?:renta|hacienda|aeat)|"
    # A one-time code said by where it shows: "el número que sale en la pantalla del móvil".
    r"(?:numero|codigo|cifras?|digitos)\s+(?:que|q|k)\s+(?:me\s+|te\s+|nos\s+|le\s+)?(?:sale|salen|"
    r"aparece|aparecen|ha\s+salido|ha\s+aparecido|llega|ha\s+llegado|manda|mandan|envian|"
    r"(?:ha|han)\s+(?:mandado|enviado))"
)
# What locks: "la caja de llaves", "la taquilla", "el portal".
_LOCKED_THINGS = (
    r"caja|cajas|cajon|cajetin|candado|puerta|portal|porton|garaje|parking|taquilla|buzon|armario|"
    r"trastero|verja|valla|cancela|cerradura|persiana|llaves?|nave|almacen|oficina|local|"
    r"furgo|furgoneta|contenedor|caseta"
)
# Devices that keep one's premises shut: a run of at least four digits, or a combination in
# groups, said with them is their code ("la alarma de la nave es 4471", "caja fuerte: 4-18-33").
_DEVICE_WORDS = (
    r"alarmas?|caja\s+fuerte|cajas\s+fuertes|caja\s+de\s+seguridad|candados?|cerradura|"
    r"teclado|cajetin|cajita|alarm|safe\s+box|the\s+safe|padlock|keypad|lockbox|key\s+safe|"
    # What unlocks a phone or a tablet: "para desbloquear el móvil de obra es 0 8 1 5".
    r"desbloquear|desbloquearlo|desbloquearla|desbloqueo|unlock|tecleas|teclea|tecleo|teclear|"
    # A street door or a gate opened with a keypad: "pa abrir el portal marca 2580#", "el
    # garaje se abre con el 1209#". A door's number alone ("la puerta es la 4") is no code.
    # Whatever is opened or disarmed that way: "para abrir el buzón de la nave marcas 6 6 2". Only a
    # code-shaped value counts, so "para abrir la caja de registro hay 4 tornillos" stays a fact.
    r"(?:para|pa)\s+(?:abrir|desactivar|desarmar|armar|entrar\s+(?:a|al|en|por))\s+(?:el|la|los|las)\s+"
    r"[a-z]{3,}|"
    # Whatever locks and opens with a code: "el garaje se abre con el 1209#", "la caja de
    # llaves…, la que está junto a la puerta, abre con 0-7-1-9". Only with figures after it and
    # a thing that locks before it: "la feria abre con 1200 expositores" is no code.
    r"(?:" + _LOCKED_THINGS + r")\b[^.\n]{0,80}?(?:se\s+)?(?:abre|abren|abres|desbloquea|"
    r"desbloqueas|desarma|desarmas)\s+con(?=\s+(?:(?:el|la|los)\s+)?[*#]?\d)|"
    # A keypad at the street door: "se marca 1904 en el portero automático", "tecleas 2580 en
    # el videoportero". Keying, as a verb (never "la marca"), or the keypad named.
    # A bare "marca" is also what a meter shows ("el contador marca 04567"): not counted.
    r"(?:se\s+marca|marcas|marcais|marcamos|se\s+pulsa|pulsas|pulsamos)(?=\s+(?:el\s+)?\d)|"
    # "hay que marcar *0451 en el poste": keying in the infinitive, a code right after it.
    r"(?:marcar|pulsar|teclear|meter|marcando|pulsando|tecleando)(?=\s+(?:el\s+)?[*#]?\d)|"
    r"portero\s+automatico|videoportero|"
    r"telefonillo|"
    # A cash machine's number is the card's PIN: "para sacar en el cajero el número es 2208".
    r"cajeros?(?:\s+automaticos?)?|atm"
)
# Saying how one gets in ("para entrar al banco uso…"): the value must look like a credential.
_ACCESS_WORDS = (
    r"entrar|entro|accedo|acceder|usuario|usu|usr|wifi|wi-fi|user(?:name)?|inicio\s+de\s+sesion|"
    r"iniciar\s+sesion|log\s+in|sign\s+in"
)
_ANNOUNCING = re.compile(
    rf"\b(?:(?P<password>{_CREDENTIAL_WORDS})|(?P<key>{_KEY_WORDS})|(?P<code>{_CODE_WORDS})|"
    rf"(?P<access>{_ACCESS_WORDS})|(?P<device>{_DEVICE_WORDS}))\b"
)
# A code named after something that is not secret is a reference ("código postal 46001").
_REFERENCE_CODE = re.compile(
    r"^\W*(?:(?:de|del|de\s+la|de\s+los|de\s+las|el|la)\s+)?(?:postal|producto|productos|articulo|"
    r"referencia|cliente|clientes|client|clients|pedido|promo\w*|descuento|cupon|regalo|barras|ean|cnae|iae|"
    r"iban|bic|swift|"
    # Where an e-invoice goes in the public administration: "código DIR3 GE0001234".
    r"dir3|oficina\s+contable|organo\s+gestor|unidad\s+tramitadora|"
    r"proveedor|factura|incidencia|expediente|lote|pais|area|zona|provincia|municipio|tarifa|"
    r"modelo|catalogo|civil|penal|tecnico|tributario|fuente|vestimenta|registro|socio|reserva|"
    r"localizador|envio|entrega|recogida|reparto|seguimiento|habitacion|obra|proyecto|pieza|piezas|recambio|recambios|"
    r"error|errores|averia|fallo|"
    r"repuesto|repuestos|material|almacen|planning|plano|presupuesto|albaran|contrato|poliza|"
    r"parte|aviso|averia)\b"
)
_REFERENCE_BEFORE = re.compile(
    r"\b(?:zip|postal|product|discount|promo|country|area|tax|source|dress|order|customer|item|"
    r"bar|reference|post)\s+$"
)
_AFTER_USER_NAME = re.compile(
    r"\b(?:usuario|user)\s*:?\s+(?!(?:y|e|o|and|es|is)\s)\S+\s+(?:y\s+)?(?:la\s+|mi\s+|su\s+)?$"
)
_AS_CREDENTIAL = re.compile(
    r"\b(?:tengo|tiene|tenemos|puesto|puse|pongo|ponemos|usa|uso|usamos|lleva|va|elegido|"
    r"cambiado|cambie)\s+(?:de|como|por)\s+(?:la\s+|mi\s+|su\s+)?$"
)
_WINDOW = 60
_WINDOW_PASSWORD = 90
# A one-time code is often described at length by who sent it and what it confirms ("el código
# que me ha mandado la Caixa para confirmar la transferencia a Distribuciones Termotécnicas es
# 77 31 05"); past the usual window its value is still read right after "es" or ":".
_WINDOW_CODE = 160


def _word_end(text: str, index: int) -> int:
    """``index`` moved on to the end of the word it falls in."""
    while index < len(text) and not text[index].isspace():
        index += 1
    return index


_TOKEN = re.compile(r"[:=]|[^\s:=,;()«»\"“”'¿¡]+")
# Galician "é" folds to "e"; Catalan "és" to "es".
_ANNOUNCER = frozenset(
    {"es", "e", "era", "sera", "son", "is", "was", ":", "=", "uso", "usamos", "use"}
)
# Words that never are the secret itself, even right after "es" or a colon.
_FILLER = frozenset(
    "de del la el los las lo para que en un una por con no si sin y o mi su tu nuestra "  # noqa: SIM905  (a word list reads best as words)
    "nuestro wifi banco web app cuenta correo movil nueva nuevo antigua antiguo igual misma "
    "mismo siempre antes ahora ayer the my our your of for is a an this new same".split()
)
# What it costs or whether there is one, never what it is: "token de parking…, es gratis para
# nosotros", "el wifi del bar es libre". What "es" announced ends there.
# Nor its rules: "contraseña: política nueva, mínimo 12 caracteres".
_NO_VALUE = frozenset(
    "gratis gratuito gratuita libre abierto abierta free open politica policy normas "  # noqa: SIM905
    "requisitos reglas minimo obligatorio obligatoria necesario necesaria importante "
    "recomendable".split()
)
# A clitic and a verb of holding where the value should stand say who keeps it, and give none:
# "la contraseña del portal: la tiene el administrador", "el pin lo pone el cliente".
_HELD_BY = frozenset(
    "tiene tienen sabe saben guarda guardan lleva llevan gestiona gestionan pone ponen "  # noqa: SIM905
    "custodia custodian cambia cambian".split()
)
_CLITICS = frozenset({"la", "lo", "las", "los"})
_MIXED = re.compile(r"(?=.*[a-z])(?=.*\d)|(?=.*[a-z])(?=.*[#$%&*_!?+=])", re.IGNORECASE)
# Values that look like credentials but are ordinary data: emails, web addresses, tax ids
# (NIF, NIE, CIF), invoice or order references ("F-2025/083"), dates, amounts.
_ORDINARY_VALUE = re.compile(
    r"^(?:\S+@\S+\.\w+|https?://\S+|www\.\S+|\d{8}[a-z]|[xyz]\d{7}[a-z]|[a-hj-np-sw]\d{7}[0-9a-j]|"
    r"[a-z]{1,4}[\-/]?\d{2,4}[\-/]\d{1,6}|[\d.,]+(?:€|eur|%)?|\d{1,2}[/:.]\d{1,2}(?:[/.]\d{2,4})?)$",
    re.IGNORECASE,
)
# A keypad code may carry the key that opens or closes it: "5050*", "*0451", "1209#".
_CODE_VALUE = re.compile(
    r"^(?:[#*]?\d{3,8}[#*]?|\d{2,3}(?:-\d{2,3}){1,3}|(?!(?:19|20)\d{2}-)\d{4}(?:-\d{4}){1,3}|\d{1,3}(?:-\d{1,3}){2,4}|"
    r"(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{4,10})$"
)
# Three letters and figures, both: a code only when announced ("…: K4R"), never a model ("V8").
_SHORT_CODE = re.compile(r"^(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{3}$")
# A code said by its arrival may be letters only: "Cl@ve PIN que me acaba de llegar: DFG".
_ARRIVAL = re.compile(r"\b(?:llegar|llegado|llega|recibido|recibir|mandado|enviado)\b")
_SHORT_LETTERS = re.compile(r"^[a-z]{3}$")
# A reference: two or more letters, a dash or a slash, digits ("CLI-0087", "PED/2231"). A
# one-time code is digits, or one letter and digits ("G-482913").
# The number may follow a name, as community or site codes do: "CP-COLON14", "OB-RUZAFA22".
_PREFIXED_REFERENCE = re.compile(
    r"^[a-z]{2,5}[\-/](?:\d{2,8}|[a-z]{3,12}\d{1,8})(?:[\-/]\d{1,8})?$"
)
_FIGURES_REFERENCE = re.compile(r"^[a-z]{2,5}[\-/]\d")
_PROMO_CODE = re.compile(r"^[a-z]{4,}\d{1,3}$")
# What a device's code looks like: four to eight digits, or a combination in groups.
_DEVICE_VALUE = re.compile(r"^(?:[#*]?\d{4,8}[#*]?|\d{1,3}(?:-\d{1,3}){2,7})$")
# A padlock's combination has three wheels: "el candado del contenedor abre con 037".
_PADLOCK = re.compile(r"^(?:candados?|padlock)$")
_THREE_FIGURES = re.compile(r"^\d{3}$")
# A year after "en", "desde"… is a date, not a code ("la alarma la pusimos en 2019").
_YEAR = re.compile(r"^(?:19|20)\d{2}$")
_YEAR_BEFORE = frozenset("en desde hasta del de ano year in since".split())  # noqa: SIM905
_QUANTITY_BEFORE = frozenset(
    "de por a al unos unas las los x costo cuesta vale pague pagamos pagado cobramos presupuesto "  # noqa: SIM905
    "importe precio total coste".split()
)
# A number right after a noun that names a reference is that reference, not the code announced
# earlier in the sentence ("el pin de la caldera es de latón, pieza 0020118").
_REFERENCE_BEFORE_VALUE = frozenset(
    "pieza pedido factura fra referencia ref modelo serie albaran ticket poliza expediente "  # noqa: SIM905
    "lote incidencia habitacion cp contrato cliente socio".split()
)
# A phone number is read out in groups: after these words a group followed by another group is
# part of the number; a code alone ("me ha llegado un código al móvil 583920") is still a code.
# "La cambió Pablo a 5566": what a code was changed to is the code, not an amount.
_CHANGED_TO = re.compile(r"\b(?:cambi\w*|puesto|puse|pusimos|pasado|pasamos)\b[^.\n,]{0,25}\ba\s+$")
_PHONE_BEFORE_VALUE = frozenset("telefono tlf tel movil fijo whatsapp phone".split())  # noqa: SIM905
# A code read out in small groups ("4 8 2 9 1 3", "90 12 44"): one value of 4 to 8 digits.
_SPACED_GROUP = re.compile(r"^\d{1,3}$")
_DIGIT_GROUP = re.compile(r"^\d{2,4}$")
_UNIT = re.compile(
    r"^(?:€|euros?|eur|%|kg|kilos?|horas?|h|minutos?|min|dias?|km|m2|uds?|unidades|mm|cm|m|"
    r"metros?|mts|litros?|l|kw|w|v|cv|gr|g|pulgadas|dollars?|usd)$"
)


_CVV_WORDS = re.compile(
    r"cvv|cvc|(?:codigo\s+)?de\s+seguridad|security\s+code|(?:tres|3)\s|numeros|digitos|cifras"
)


def _spaced_code(folded: str, tokens: list[Span], index: int, *, named: bool) -> int | None:
    """Where a code read out in groups of one to three digits ends, if it is 4 to 8 digits.

    A card's security code or a lock's combination (``named``) may be three digits said one by
    one: "cvv 0 5 9", "el buzón marcas 6 6 2".
    More than eight digits in groups is a phone number read out ("611 22 33 44"): -1.
    """
    digits = groups = 0
    end = None
    for start, finish in tokens[index:]:
        word = folded[start:finish].rstrip(".")
        if not _SPACED_GROUP.match(word) or (end is not None and folded[end:start].strip()):
            break
        digits += len(word)
        groups += 1
        end = start + len(word)
    spaced = end is not None and " " in folded[tokens[index][0] : end]
    one_by_one = named and digits == 3 and groups == 3
    if spaced and digits > 8:
        return -1  # a longer number read out in groups: a phone, never a code
    return end if spaced and (4 <= digits <= 8 or one_by_one) else None


# A sentence ends at a full stop or a line break. An ellipsis does not end it ("pin de la visa
# de la furgo... era…"), and a label alone on its line runs on to the value under it ("PIN
# tarjeta:", "Passcode", then the code on the next line).
_SENTENCE_END = re.compile(r"\n|(?<!\.)[.!?]\s")
_LABEL_LINE_REST = re.compile(r"(?:[^\n.!?:=]{0,30}[:=])?[^\S\n*_`]*[*_`]*(?:[^\S\n]*\n){1,2}")
# A value corrected in the same message: "…, no espera, que lo cambiamos, ahora es 0973". The
# corrected value may come further on than the window: it is read up to a window past the
# correction.
_CORRECTION = re.compile(
    r"\b(?:no\s+espera|espera\s+no|perdon|perdona|mejor\s+dicho|corrijo|rectifico|me\s+equivoque|"
    r"me\s+he\s+equivocado|bueno\s+no|wait|sorry|i\s+mean)\b"
)


# A question in a pasted dialogue is answered on the next turn: "—¿Y el PIN de la tarjeta de
# gasoil, cuál era?\n—El 6620". The question and its answer are read as one sentence. A chat
# export puts the time, or the date and the time, before the speaker: "[09:15] Andrés: 3391".
_ANSWERED_ON_NEXT_TURN = re.compile(
    r"\?+[ \t]*\n\s*(?:\[?(?:\d{1,2}/\d{1,2}/\d{2,4},?\s*)?\d{1,2}:\d{2}(?::\d{2})?\]?\s*-?\s*)?"
    # The answer opens the next line, as its sender's turn ("Pablo: …", "- …") or as the value
    # itself: "> ¿Qué código te ha llegado?\n731 004, el del SMS".
    r"(?:[-–—]|[a-z]+\s*:|(?=\d))"
)


def _sentence_stop(folded: str, end: int, stop: int) -> int:
    """Where the sentence that runs on from ``end`` stops, at ``stop`` at the latest."""
    if label := _LABEL_LINE_REST.match(folded, end):
        end = label.end()
    if correction := _CORRECTION.search(folded, end, stop):
        stop = _word_end(folded, min(len(folded), correction.end() + _WINDOW))
    answered = [m.span() for m in _ANSWERED_ON_NEXT_TURN.finditer(folded, end, stop)]
    for boundary in _SENTENCE_END.finditer(folded, end, stop):
        if not any(low <= boundary.start() < high for low, high in answered):
            return boundary.start()
    return stop


# "Contraseña: pedírsela a Lucía", "password reset: …": what to do about it, not its value.
_NONE_GIVEN = re.compile(
    r"\W*(?:pidesela|pedirsela|pedirla|pidela|preguntale|preguntar|preguntad|ask\b|reset\b|"
    r"recovery\b|no\s*[,.;:]|(?:(?:de|del|de\s+la)\s+\w+\s+)?no\s+eh\b|"
    r"no\s+(?:hay|tiene|tienen|lleva|llevan|necesita|necesitan|hace\s+falta)|ninguna?\b|"
    r"ni\s+(?:hay|tiene)|(?:no\s+)?(?:hay|tiene)\s+ningun|"
    # A house rule about passwords, not one: "contraseñas: cada uno la suya y nunca por whatsapp".
    r"cada\s+(?:uno|una|cual)\b|nunca\b|siempre\b|hay\s+que\b|se\s+cambian?\b|deben\b|"
    r"tienen\s+que\b|"
    # Where it is kept, in brackets: "Contraseña: (la de la libreta)", "pass: (pídesela a Lucía)".
    r"\((?:la|el|lo|en|ver|mira|pide|pidesela|preguntar|see|ask)\b)"
)


def _value_spans(folded: str, match: re.Match[str]) -> Iterator[Span]:
    """The secret values that follow one announcing word, in its sentence."""
    kind = match.lastgroup or ""
    end = match.end()
    # A password is often named with its account at length ("la contra del portal de
    # proveedores de Recambios Calderas Turia es…"): its value may come further on.
    # So is a key or a wifi ("la clave del wifi del Hostal Miramar pa cuando vamos a currar allí
    # es…"); their value must still look like a credential.
    # A code named at length ("el código pa entrar en la app del banco desde el móvil nuevo, es
    # el 190 337") is read as far too, but past the usual window only right after "es" or ":".
    # "Contraseña no hay ninguna: …", "pin no tiene": nothing is given.
    if kind in ("password", "code", "key") and _NONE_GIVEN.match(folded[end:]):
        return
    # The window never cuts a value in two ("…expediente: SIN-2026-07781" is read whole).
    window = _WINDOW_CODE if kind == "code" else _WINDOW_PASSWORD
    stop = _sentence_stop(folded, end, _word_end(folded, min(len(folded), end + window)))
    if kind in ("code", "key") and (
        _REFERENCE_CODE.match(folded[end:stop]) or _REFERENCE_BEFORE.search(folded[: match.start()])
    ):
        return
    tokens = [(t.start() + end, t.end() + end) for t in _TOKEN.finditer(folded[end:stop])]
    # "usuario admin contraseña admin": after a user name the very next word is the password.
    after_user_name = (
        kind == "password"
        and bool(
            _AFTER_USER_NAME.search(folded[: match.start()])
            # "tengo de contraseña girasol", "puse como clave…": the next word is the value.
            or _AS_CREDENTIAL.search(folded[: match.start()])
        )
    )
    announced = plain_found = False
    # A card's security code is three digits, and may be read out one by one ("cvv 4 1 7").
    card_code = kind == "code" and bool(
        _CVV_WORDS.match(match.group(0)) or _CARD_WORDS.search(folded)
    )
    for index, (start, finish) in enumerate(tokens):
        word = folded[start:finish].rstrip(".")
        finish = start + len(word)
        if not word.strip("*_`"):  # Markdown emphasis round a label: "**PIN:** 4471"
            continue
        if kind not in ("password", "key", "access") and start > end + _WINDOW and not announced:
            announced = word in _ANNOUNCER
            continue
        # A code named with a reference's shape is that reference: "con el código CLI-0087".
        # So is one with a promotion's shape, a word and its percentage: "DESCUENTO10".
        if kind == "code" and (_PREFIXED_REFERENCE.match(word) or _PROMO_CODE.match(word)):
            announced = False
            continue
        following = folded[slice(*tokens[index + 1])] if index + 1 < len(tokens) else ""
        previous = folded[slice(*tokens[index - 1])] if index else ""
        code_like = kind != "access" and bool(
            (_DEVICE_VALUE if kind == "device" else _CODE_VALUE).match(word.upper())
            or (_PADLOCK.match(match.group(0)) and _THREE_FIGURES.match(word))
            # A short code right after "es" or a colon: "Cl@ve PIN que me acaba de llegar: K4R".
            or (kind == "code" and previous in _ANNOUNCER and _SHORT_CODE.match(word))
            or (
                kind == "code"
                and previous in _ANNOUNCER
                and _SHORT_LETTERS.match(word)
                and bool(_ARRIVAL.search(folded, end, start))
            )
        )
        # A code read out in groups starts at its first group, never inside a longer number.
        if kind != "access" and _SPACED_GROUP.match(word) and not _SPACED_GROUP.match(previous):
            spaced = _spaced_code(folded, tokens, index, named=card_code or kind == "device")
            if spaced == -1:
                continue
            if spaced is not None:
                word, finish = folded[start:spaced], spaced
                code_like = True
        # "un SMS con el presupuesto de 1500": a number after "de", "por"… is an amount.
        changed_to = bool(_CHANGED_TO.search(folded, max(0, start - 40), start))
        quantity = (
            _UNIT.match(following)
            or (previous in _QUANTITY_BEFORE and not changed_to)
            or previous in _REFERENCE_BEFORE_VALUE
            or (previous in _PHONE_BEFORE_VALUE and bool(_DIGIT_GROUP.match(following)))
            or (previous in _YEAR_BEFORE and bool(_YEAR.match(word)))
        )
        if code_like and (kind in ("code", "device") or len(word) >= 4) and not quantity:
            if " " not in word and _DIGIT_GROUP.match(following):  # "773 120": one code
                finish = tokens[index + 1][1]
            yield start, finish
            continue
        if kind == "device":  # only a code-shaped value is a device's code
            continue
        if _ORDINARY_VALUE.match(word):
            announced = False
            continue
        if word in _CLITICS and following in _HELD_BY and (index == 0 or previous in _ANNOUNCER):
            return
        # A closing "?" or "!" is punctuation, unless the rest already looks like a credential.
        # "el número de expediente: SIN-2026-07781" is a reference, whatever announced it.
        # After a password's name, only a reference of figures is one: "pass Tp-Link4455" is
        # the password.
        if _PREFIXED_REFERENCE.match(word) and (
            kind != "password" or _FIGURES_REFERENCE.match(word)
        ):
            continue
        if len(word) >= 4 and _MIXED.search(word.rstrip("?!")):
            yield start, finish
            continue
        # "la contraseña es la misma de siempre, la tiene Lucía": a comma after words that name
        # no value ends what "es" announced.
        if previous in _FILLER and re.search(r"[,;]", folded[tokens[index - 1][1] : start]):
            announced = False
        # "el token … es el número de expediente": a word that names a reference is no value.
        after_following = folded[slice(*tokens[index + 2])] if index + 2 < len(tokens) else ""
        if following in ("de", "del") and after_following in _REFERENCE_BEFORE_VALUE:
            announced = False
            continue
        if word in _NO_VALUE:
            announced = False
            continue
        plain = len(word) >= 3 and word not in _FILLER
        direct = after_user_name and index == 0
        if kind == "password" and (announced or direct) and plain and not plain_found:
            plain_found = True
            yield start, finish
            continue
        # "…la contraseña del banco cada 90 días, que es obligatorio": "que es" opens a clause
        # about it, and announces no value.
        relative = word in ("es", "era", "sera") and previous in ("que", "q", "k")
        announced = (word in _ANNOUNCER and not relative) or (announced and word in _FILLER)


# A credential given for an account without naming it: "para la web del banco uso Martin.1979",
# "al portal le puse Paterna_77", "el gmail va con facturas.costa.1". An account, then a verb
# of using or entering it (or a colon), then a value shaped like a password (``_PASSWORD_SHAPE``).
_ACCOUNT = (
    r"(?:web|pagina|portal|app|aplicacion|banca(?:\s+online)?|banco|correo|e-?mail|gmail|hotmail|"
    r"outlook|ordenador|pc|portatil|tablet|router|wifi|wi-fi|tpv|datafono|instagram|facebook|"
    r"tiktok|amazon|holded|sede\s+electronica|hacienda|aeat|seg(?:uridad)?\s+social|bank|"
    r"website|account|laptop|computer|certificado(?:\s+digital)?|firma\s+digital|clave\s+pin)"
)
_ACCOUNT_USE = re.compile(
    r"\b" + _ACCOUNT + r"\b[^.\n!?]{0,40}?(?:\b(?:uso|usamos|utilizo|utilizamos|pongo|ponemos|puse|"
    r"pusimos|meto|metemos|metimos|tecleo|use|i\s+use|we\s+use)\b|\b(?:entr|acced|abr|desbloque|"
    r"log|sign|va|funciona)\w*\b[^.\n]{0,25}?\b(?:con|with)\b|:(?!//))|"
    # "entramos al holded con…": the verb of entering first.
    r"\b(?:entr|acced|abr)\w*\s+(?:a|al|en)\s+(?:\w+\s+){0,3}?"
    + _ACCOUNT
    + r"\b[^.\n]{0,50}?\bcon\b"
)
_VALUE_TOKEN = re.compile(r"[^\s,;()«»\"“”'¿¡]+")
# A password as people make them: a lowercase letter with a digit or a symbol, six or more
# characters; never an address, a file name, a domain, a reference or a date.
_PASSWORD_SHAPE = re.compile(r"^(?=.{6,}$)(?=.*[a-z])(?=.*[\d._#!$%&*+=?-])\S+$")
_NOT_PASSWORD = re.compile(
    r"@|^https?:|^www\.|\.(?:es|com|net|org|eu|cat|pdf|xlsx?|docx?|csv|jpe?g|png|zip)$",
    re.IGNORECASE,
)


def _account_spans(text: str, folded: str) -> Iterator[Span]:
    """Password-shaped values given with an account and a verb of using it, in one clause."""
    for use in _ACCOUNT_USE.finditer(folded):
        # "Usuario de la web: Begoña.Navarro" gives the user name, not the password.
        if re.search(
            r"\b(?:usuari[oa]|user(?:name)?|nombre\s+de\s+usuario)\s+(?:de\s+|del\s+|de\s+la\s+)?$",
            folded[max(0, use.start() - 25) : use.start()],
        ):
            continue
        stop = min(len(folded), use.end() + 50)
        if clause_end := re.search(r"\n|[.!?;](?:\s|$)", folded[use.end() : stop]):
            stop = use.end() + clause_end.start()
        for value in _VALUE_TOKEN.finditer(text, use.end(), stop):
            word = value.group(0).rstrip(".")
            if (
                _PASSWORD_SHAPE.match(word)
                and not _NOT_PASSWORD.search(word)
                and not _ORDINARY_VALUE.match(word)
            ):
                yield value.start(), value.start() + len(word)


# A login written as a pair: "wordpress -> admin / Agua!Caliente9", "gmail: facturas / Costa.77",
# "usuario: admin clave: x", "user admin pass x". A site or an arrow, a user name, a slash and a
# value shaped like a password; or a user name and a password word in one line.
_LOGIN_PAIR = re.compile(
    r"(?:->|=>|→|:)\s*(?P<user>[^\s/:,;]{2,40})\s*/\s*(?P<value>[^\s/,;]{4,})(?=\s|$|[,;.])"
)


def _login_pair_spans(text: str) -> Iterator[Span]:
    for pair in _LOGIN_PAIR.finditer(text):
        value = pair.group("value").rstrip(".")
        if (
            _PASSWORD_SHAPE.match(value)
            and not _NOT_PASSWORD.search(value)
            and not re.fullmatch(r"[\d\s]*(?:\d+x\d+)+", value.casefold())
            and not _ORDINARY_VALUE.match(value.casefold())
            and not re.fullmatch(r"[\d.,/\-]+", value)
        ):
            yield pair.start("value"), pair.start("value") + len(value)


# The value said before its name, or before how it arrived: "4821 es el pin", "te paso el
# 551203 que me ha llegado al móvil". Only a run of digits (a sender's letter may lead it, as
# Google's "G-482913" does), never an amount.
_VALUE_FIRST = re.compile(
    r"(?<![\w.,/\-])(?:[a-z]-)?\d{4,8}(?![\w.,/\-])"
    r"(?!\s*(?:€|eur\b|euros?\b|%|uds?\b|unidades\b|kg\b|m2\b|horas?\b))"
    r"(?=[^.\n]{0,25}?\b(?:que\s+me\s+(?:ha|han)\s+llegado|"
    r"(?:es|era|sera)\s+(?:el|la|mi|tu|su)\s+(?:nuev[oa]\s+)?(?:(?:del?|de\s+la)\s+)?"
    r"(?:pin|puk|codigo|contrasena|password|pass|otp|clave|combinacion|alarma|caja\s+fuerte|"
    r"candado|puerta|portal)\b|"
    # "492017 is your WhatsApp code": who sent it may stand between.
    r"is\s+(?:the|my|our|your)\s+(?:[a-z]+\s+){0,3}?(?:pin|code|password|alarm|otp)\b))"
)
# A password said before its name: "Sevilla1990 es la contraseña de la web". The value must
# look like a credential (letters with digits or symbols).
_WORD_FIRST = re.compile(
    r"(?<![\w@./\-])(?P<value>[^\s:=,;()«»\"“”'¿¡]{4,})\s+(?:es|era|sera|is)\s+"
    r"(?:la|el|mi|tu|su|the|my|our)\s+(?:nuev[oa]\s+|new\s+)?(?:contrasena|clave|password|pass|"
    r"pwd)\b"
)
# How a one-time code arrives: "me ha llegado el 482913".
_ARRIVED = re.compile(
    r"\b(?:me\s+(?:ha|han)\s+(?:llegado|llegao|mandado|enviado)|he\s+recibido|acabo\s+de\s+"
    r"recibir|me\s+llega)\s+(?:(?:el|un|este|esto)\s+)?(?P<value>\d{4,8})(?![\w.,/\-])"
    r"(?!\s*(?:€|eur\b|euros?\b|%|uds?\b|unidades\b|kg\b))|"
    # "el que te ha llegado al móvil, 58 39 20": the code named by its arrival, then its value.
    r"\b(?:el|la|lo)\s+que\s+(?:me|te|nos|le)\s+(?:ha|han|acaba\s+de|acaban\s+de)\s*"
    r"(?:llegado|llegao|llegar|mandado|enviado)\b[^.\n\d]{0,30}?"
    r"(?P<late>\d{4,8}|\d{2,3}(?:\s\d{2,3}){1,3})(?!\w|[.,/\-]\d|\s\d)"
    r"(?!\s*(?:€|eur\b|euros?\b|%|uds?\b|unidades\b|kg\b))"
)


# A password whose name is left out: "la de Endesa online es Nora1976!", "la del banco:
# Martin.1979", "la nueva es Valencia_26". The value must mix letters with digits or symbols.
_ELIDED = re.compile(
    r"\b(?:la|el)\s+(?:(?:nuev[oa]|de\s+siempre|de\s+ahora)\b|(?:de|del)\s+[^.\n:=?¿]{1,60}?)"
    r"\s*(?:\b(?:es|era|sera|is)\b|:|"
    # What it was changed to: "la de la app del banco la he cambiado a Pablito85".
    r"\b(?:la|lo)\s+(?:he|hemos|ha|han)\s+(?:cambiado|puesto)\s+(?:a|por)\b)"
    r"\s*(?P<value>[^\s,;()«»\"“”'¿¡]{6,})"
)
_LETTER_AND_MORE = re.compile(r"(?=.*[a-z])(?=.*(?:\d|[#!$%&*+=?@]))", re.IGNORECASE)


def _elided_spans(text: str, folded: str) -> Iterator[Span]:
    for elided in _ELIDED.finditer(folded):
        start = elided.start("value")
        value = text[start : elided.end("value")].rstrip(".")
        if (
            _PASSWORD_SHAPE.match(value)
            and _LETTER_AND_MORE.match(value)
            and not _NOT_PASSWORD.search(value)
            and not _ORDINARY_VALUE.match(value.casefold())
        ) or (_KEY_IN_CAPITALS.match(value) and re.search(rf"\b{_ACCOUNT}\b", elided.group(0))):
            yield start, start + len(value)


# A key in capitals and figures, in groups ("XKJ4-99PL-22QA") or in one run ("K7PX92QL"): the
# password of a router or a wifi named by its device ("la del router es XKJ4-99PL-22QA").
_KEY_IN_CAPITALS = re.compile(
    r"^(?=.*[A-Z])(?=.*\d)(?:[A-Z0-9]{2,6}(?:[\-_][A-Z0-9]{2,6}){2,5}|[A-Z0-9]{8,20})$"
)


# A code said in words, digit by digit: "código de la alarma cuatro ocho uno siete", "el pin es
# uno-nueve-ocho-siete". Four to eight digit words in a row (figures may be mixed in, a word
# must be among them) after a word that names a code, or before "es el pin/código…".
_DIGIT_WORD = (
    r"(?:cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|"
    r"zero|one|two|three|four|five|six|seven|eight|nine)"
)
# The words that join the digits when a code is dictated: "primero un tres, luego un nueve, otra
# vez tres y acaba en cero".
_DIGIT_JOINER = (
    r"(?:y|luego|despues|primero|otra\s+vez|de\s+nuevo|(?:y\s+)?(?:acaba|termina)\s+en|"
    r"seguido\s+de|un|el|and|then)"
)
_SPELLED = re.compile(
    r"(?<![\w])(?=(?:\d[\s,\-]+)*" + _DIGIT_WORD + r")(?:" + _DIGIT_WORD + r"|\d)"
    r"(?:(?:\s*[,\-]\s*|\s+)(?:" + _DIGIT_JOINER + r"\s+){0,3}(?:" + _DIGIT_WORD + r"|\d)){3,7}\b"
    r"(?:\s+(?:almohadilla|asterisco))?"
)
_SPELLED_FIRST = re.compile(
    r"(?=[^.\n]{0,25}?\b(?:es|era|sera|is)\s+(?:el|la|mi|tu|su|the|my|our)\s+(?:nuev[oa]\s+)?"
    r"(?:(?:del?|de\s+la)\s+)?(?:pin|puk|codigo|contrasena|password|pass|clave|combinacion|"
    r"alarma|caja\s+fuerte|candado|puerta|portal|code)\b)"
)


# A number said in words, as it is read out: "el cuatro mil setecientos veintiuno", "cuarenta y
# siete, veintiuno", "cuatro siete y luego dos uno". Read only right after "es", a colon or what
# keys it in, and never before a unit ("cuarenta y cinco kilos") or after "a las" (a time).
_NUMBER_WORD = (
    r"(?:cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|"
    r"quince|dieci\w+|veinte|veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|"
    r"cien|ciento|doscientos|trescientos|cuatrocientos|quinientos|seiscientos|setecientos|"
    r"ochocientos|novecientos|mil)"
)
_SAID_NUMBER = re.compile(
    r"(?:\b(?:es|era|son|sera|marcas|tecleas|pones|metes|con)\s+(?:el\s+)?|:\s*)"
    r"(?P<value>"
    + _NUMBER_WORD
    + r"(?:(?:\s*,\s*|\s+)(?:y\s+)?(?:luego\s+|despues\s+)?(?:el\s+)?"
    + _NUMBER_WORD
    + r"){1,9})\b(?!\s+(?:euros?|eur|horas?|minutos?|dias?|anos|kilos?|metros?|veces|por\s+ciento|"
    r"personas|zonas|numeros|digitos|cifras|letras|caracteres)\b)"
)
# A dial: "izquierda 12, derecha 30, izquierda 8".
_DIAL = re.compile(
    r"\b(?:izquierda|derecha|izda|izq|dcha)\s*(?:al\s+|hasta\s+el\s+)?\d{1,3}"
    r"(?:\s*[,;]?\s*(?:y\s+)?(?:luego\s+)?(?:a\s+la\s+)?(?:izquierda|derecha|izda|izq|dcha)\s*"
    r"(?:al\s+|hasta\s+el\s+)?\d{1,3}){1,4}"
)
# A code said in single figures with commas ("es el 4, 7, 2 y 1"), or split in two halves
# ("primero 47 y luego 21", "el 12 y después el 09"), after the word that names it.
_SINGLE_FIGURES = re.compile(r"(?<![\w.,])\d(?:(?:\s*,\s*|\s+y\s+)\d){3,7}(?![\w]|[.,]\d)")
_SPLIT_CODE = re.compile(
    r"(?<![\w.,])\d{2,4}\s*,?\s+(?:y\s+)?(?:luego|despues|detras|a\s+continuacion)\s+(?:el\s+)?"
    r"\d{2,4}(?![\w]|[.,]\d)(?!\s*(?:€|eur\b|euros?\b|%|horas?\b|minutos?\b|dias?\b))"
)

# A code given in two halves: "primeras dos cifras 44, últimas dos 71", "los dos primeros del pin
# son 44 y los dos últimos 71", "el pin son las dos mitades: 44 y 71".
_HALVES = re.compile(
    r"(?<![\w.,])(?P<first>\d{2,4})\b[^\d\n.]{1,30}?\b(?:ultim[oa]s?|segund[oa]s?|otr[oa]s?|resto|"
    r"last|second)\b[^\d\n.]{0,15}?(?P<second>\d{2,4})|"
    r"\b(?:mitad|mitades|partes|trozos|halves)\b[^\d\n.]{0,10}?(?<![\w.,])(?P<one>\d{2,4})\s*"
    r"(?:,|y|e|and|\+)\s*(?P<other>\d{2,4})"
)
_AFTER_HALF = re.compile(r"(?![\w]|[.,]\d)(?!\s*(?:€|eur\b|euros?\b|%))")


def _spelled_spans(folded: str, match: re.Match[str]) -> Iterator[Span]:
    """Codes said in words after the word that names them, in its sentence."""
    kind = match.lastgroup or ""
    end = match.end()
    # "Contraseña no hay ninguna: …", "pin no tiene": nothing is given.
    if kind in ("password", "code", "key") and _NONE_GIVEN.match(folded[end:]):
        return
    stop = _sentence_stop(folded, end, min(len(folded), end + _WINDOW_PASSWORD))
    if kind == "code" and (
        _REFERENCE_CODE.match(folded[end:stop]) or _REFERENCE_BEFORE.search(folded[: match.start()])
    ):
        return
    # A dictated code may run past the window to the end of its sentence; it must start within.
    sentence_stop = _sentence_stop(folded, end, len(folded))
    for spelled in _SPELLED.finditer(folded, end, sentence_stop):
        if spelled.start() < stop:
            yield spelled.span()
    if kind in ("code", "device", "password"):
        for figures in _SINGLE_FIGURES.finditer(folded, end, stop):
            yield figures.span()
        for halves in _SPLIT_CODE.finditer(folded, end, stop):
            yield halves.span()
        for halves in _HALVES.finditer(folded, end, stop):
            first, second = ("first", "second") if halves["first"] else ("one", "other")
            if _AFTER_HALF.match(folded, halves.end()):
                yield halves.span(first)
                yield halves.span(second)
        for said in _SAID_NUMBER.finditer(folded, end, stop):
            words = re.findall(_NUMBER_WORD, said.group("value"))
            if len(words) >= 2 and not re.search(r"\ba\s+las?\s*$", folded[: said.start("value")]):
                yield said.span("value")
        for dial in _DIAL.finditer(folded, end, stop):
            yield dial.span()


# A value only a password looks like: capitals, small letters, digits and a symbol other than a
# dash or a slash ("M4rtin!Seg", "Calderas.88!", "Facturas*Nov26"). Said anywhere in a text
# that speaks of an account, a login or getting in, it is the secret, whatever word announces it
# (or none does: "pmartin@… / Calderas.88! → portal de pedidos"). Part numbers, references and
# models ("AquaSoft 25", "OB-118", "2291-B") lack the small letters or the symbol.
_STRONG_PASSWORD = re.compile(
    r"^(?=.{6,40}$)(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!#$%&*?+=._])[^\s/]+$"
)
_LOGIN_CONTEXT = re.compile(
    rf"\b(?:{_CREDENTIAL_WORDS}|{_KEY_WORDS}|{_ACCESS_WORDS}|{_ACCOUNT}|usuari[oa]s?|acceso|"
    r"sesion|entra[rs]?|entramos|paraula\s+de\s+pas|la\s+del?|el\s+del?|gestor|panel|plataforma|"
    r"intranet|area\s+de\s+clientes|oficina\s+virtual)\b|"
    # A login pasted as a pair: "admin@hostal.es / Playa.2024!".
    r"@[\w\-]+(?:\.[\w\-]+)+\s*/\s*\S"
)


def _strong_password_spans(text: str, folded: str) -> Iterator[Span]:
    if not _LOGIN_CONTEXT.search(folded):
        return
    for value in _VALUE_TOKEN.finditer(text):
        word = value.group(0).rstrip(".:")
        if (
            _STRONG_PASSWORD.match(word)
            and re.search(r"[!#$%&*?+=._]", word[:-1] if word[-1] in ".?" else word)
            and not _NOT_PASSWORD.search(word)
            and not _ORDINARY_VALUE.match(word.casefold())
        ):
            yield value.start(), value.start() + len(word)


# A password given as a recipe: "de contraseña el nombre de la empresa con 24 detrás", "la clave
# es la matrícula de la furgo y una almohadilla". What it is made of, then what is added to it.
_RECIPE = re.compile(
    rf"\b(?:{_CREDENTIAL_WORDS}|{_KEY_WORDS})\b[^.\n]{{0,30}}?\b(?:el|la|su|mi|tu|nuestro|nuestra)\s+"
    r"(?:nombre|apellido|fecha|dni|nif|cif|matricula|telefono|movil|cumpleanos|cumple|ano\s+de|"
    r"codigo\s+postal|numero\s+de\s+la\s+calle|calle)\b[^.\n]{0,40}?\b(?:con|mas|seguid[oa]\s+de|"
    r"y\s+(?:luego|despues|al\s+final|detras)|y)\s+(?:el\s+|un\s+|una\s+|los\s+)?"
    r"(?P<added>\d{1,4}|asterisco|almohadilla|arroba|exclamacion|guion\s+bajo|punto|dolar)\b"
)

# A password described rather than written out: "la clave del wifi es martin dos mil veinte con
# la eme mayúscula", "es: Martin,1961, con la coma". How it is written, said after "es" or a
# colon, makes whatever comes before it the value.
_DESCRIBED = re.compile(
    rf"\b(?:{_CREDENTIAL_WORDS}|{_KEY_WORDS}|{_ACCESS_WORDS}|la\s+(?:del?|de\s+la)\s+[a-z]+)\b"
    r"[^.\n]{0,60}?(?:\b(?:es|era)\s*:?\s+|:\s*)"
    r"(?P<value>[^\n]{1,60}?\b(?:mayusculas?|minusculas?|sin\s+espacios|con\s+(?:la|el|una|un)\s+"
    r"(?:coma|arroba|almohadilla|asterisco|exclamacion))\b)"
)

# How one gets in, read on its own: "pa entrar en la app es M4rtin!Seg" is also read as a door
# ("para entrar en la…" names a device), and a device only takes a code.
_ACCESS_ONLY = re.compile(rf"\b(?P<access>{_ACCESS_WORDS})\b")


# A Cl@ve PIN is three letters, given in capitals: "Su código Cl@ve PIN es: NJD".
_LETTER_PIN = re.compile(r"(?i:\bpin\b)[^\n.]{0,12}?(?i:\bes\b|:)\s*:?\s*(?P<value>[A-Z]{3})\b")
_CAPITAL_WORDS = frozenset(
    "IVA NIF CIF DNI NIE SMS PDF SIN QUE LOS LAS DEL POR CON UNA UNO DOS MIO OTP PIN".split()  # noqa: SIM905
)


def _announced_spans(text: str) -> Iterator[Span]:
    folded = fold_aligned(text)
    for pin in _LETTER_PIN.finditer(text):
        if pin["value"] not in _CAPITAL_WORDS:
            yield pin.span("value")
    yield from _elided_spans(text, folded)
    yield from _strong_password_spans(text, folded)
    for recipe in _RECIPE.finditer(folded):
        yield recipe.span("added")
    for described in _DESCRIBED.finditer(folded):
        yield described.span("value")
    for access in _ACCESS_ONLY.finditer(folded):
        yield from _value_spans(folded, access)
    for spelled in _SPELLED.finditer(folded):
        if _SPELLED_FIRST.match(folded, spelled.end()):
            yield spelled.span()
    for match in _ANNOUNCING.finditer(folded):
        yield from _value_spans(folded, match)
        yield from _spelled_spans(folded, match)
    yield from _account_spans(text, folded)
    yield from _login_pair_spans(text)
    for value in _VALUE_FIRST.finditer(folded):
        before = folded[: value.start()].split()
        if not before or before[-1] not in _REFERENCE_BEFORE_VALUE | _QUANTITY_BEFORE:
            yield value.span()
    for arrived in _ARRIVED.finditer(folded):
        if arrived.group("value"):
            yield arrived.span("value")
        elif len(re.sub(r"\D", "", arrived.group("late"))) <= 8:
            yield arrived.span("late")
    for named in _WORD_FIRST.finditer(folded):
        credential = named.group("value")
        if _MIXED.search(credential) and not _ORDINARY_VALUE.match(credential):
            yield named.span("value")
    if _CARD_WORDS.search(folded) or any(True for _ in _card_spans(text)):
        for expiry in _EXPIRY.finditer(folded):
            yield expiry.span("date")


# A table in Markdown: each cell is read under its column's header, as "header: cell" ("| cuenta
# | pin |" over "| tarjeta gasoil | 4471 |"), and each row on its own, as "cell: cell" ("| PIN
# tarjeta | 4471 |").
_TABLE_ROW = re.compile(r"^[^\S\n]*\|(?P<cells>.*)\|[^\S\n]*$", re.MULTILINE)
_TABLE_RULE = re.compile(r"^[\s|:\-]*$")


def _table_spans(text: str) -> Iterator[Span]:
    header: list[str] = []
    row_end = -1
    for row in _TABLE_ROW.finditer(text):
        if row.start() != row_end + 1:  # a new table
            header = []
        row_end = row.end()
        if _TABLE_RULE.match(row.group(0)):
            continue
        cells = []
        offset = row.start("cells")
        for part in row.group("cells").split("|"):
            start = offset + part.find(part.strip())
            cells.append((start, start + len(part.strip())))
            offset += len(part) + 1
        words = [text[start:end] for start, end in cells]
        readings = [(f"{label}: ", cell) for label, cell in zip(header, cells, strict=False)]
        readings += [(f"{': '.join(words[:i])}: ", cells[i]) for i in range(1, len(cells))]
        for label, (start, end) in readings:
            line = label + text[start:end]
            if any(found >= len(label) for found, _ in _announced_spans(line)):
                yield start, end
        header = header or words


# --- Other readings: lines that run on, figures said in words, recovery phrases ---------------

# A pasted SMS breaks its lines anywhere: "Código de\nfirma: 71 44\n09". A break is read as a
# space where the line runs on: after no full stop, before a small letter or before figures that
# are not a list's number ("2." or "2)" opens a new item). Same length, so spans stay valid.
_RUN_ON_BREAK = re.compile(r"(?<![.!?;])\n(?=[^\S\n]*(?:[a-zñáéíóú]|\d+(?![.)\d])))")


def _run_on_lines(text: str) -> str:
    return _RUN_ON_BREAK.sub(" ", text)


# Figures dictated in words, one by one: "cuatro cinco tres dos …", "cuatro doble siete uno".
# Only runs of four figures or more are read, so "a treinta días" or "dos mil euros" stay words.
_FIGURE = {
    "cero": "0", "uno": "1", "dos": "2", "tres": "3", "cuatro": "4",
    "cinco": "5", "seis": "6", "siete": "7", "ocho": "8", "nueve": "9",
}  # fmt: skip
_REPEAT = {"doble": 2, "triple": 3}
_SAID_FIGURE = re.compile(
    r"\b(?:(?P<repeat>doble|triple)\s+)?(?P<figure>" + "|".join(_FIGURE) + r")\b"
)
_BETWEEN_FIGURES = re.compile(r"^(?:\s*[,\-]\s*|\s+)(?:y\s+)?$")
# An expiry in words after its word: "caducidad diez veintiocho" is 10/28.
_MONTH = "uno dos tres cuatro cinco seis siete ocho nueve diez once doce".split()  # noqa: SIM905
_SAID_EXPIRY = re.compile(
    r"\b(?:caduc(?:a|idad)|vence|vencimiento|exp)\W{0,3}(?:el\s+|en\s+)?"
    r"(?P<month>" + "|".join(_MONTH) + r")\s+(?:del?\s+)?(?:dos\s+mil\s+)?"
    r"(?P<year>veinti\w+|treinta)\b"
)
_TENS = {"veinte": 20, "treinta": 30}
_UNITS = {f"veinti{word}": 20 + int(figure) for word, figure in _FIGURE.items() if figure != "0"}


def _said_runs(folded: str) -> Iterator[tuple[Span, str]]:
    """Runs of figures said in words, with the figures they stand for."""
    run: list[re.Match[str]] = []
    for said in [*_SAID_FIGURE.finditer(folded), None]:
        if said and run and _BETWEEN_FIGURES.match(folded[run[-1].end() : said.start()]):
            run.append(said)
            continue
        figures = "".join(_FIGURE[m["figure"]] * _REPEAT.get(m["repeat"] or "", 1) for m in run)
        if len(figures) >= 4:
            yield (run[0].start(), run[-1].end()), figures
        run = [said] if said else []
    for expiry in _SAID_EXPIRY.finditer(folded):
        year = _UNITS.get(expiry["year"]) or _TENS.get(expiry["year"])
        if year:
            month = _MONTH.index(expiry["month"]) + 1
            yield (expiry.start("month"), expiry.end("year")), f"{month:02d}/{year}"


def _in_figures_spans(text: str) -> Iterator[Span]:
    """Secrets in ``text`` read with its dictated figures written as figures, mapped back."""
    runs = list(_said_runs(fold_aligned(text)))
    if not runs:
        return
    written, starts, ends, cursor = "", [], [], 0
    for (start, end), figures in runs:
        written += text[cursor:start] + figures
        starts += [*range(cursor, start), *[start] * len(figures)]
        ends += [*range(cursor + 1, start + 1), *[end] * len(figures)]
        cursor = end
    written += text[cursor:]
    starts += list(range(cursor, len(text)))
    ends += list(range(cursor + 1, len(text) + 1))
    for start, end in [*_card_spans(written), *_announced_spans(written)]:
        yield starts[start], ends[end - 1]


# A wallet's recovery phrase: twelve to twenty-four plain words after what names it, maybe
# numbered one per line ("1 ladder / 2 orbit / …").
_SEED_WORD = r"(?:\d{1,2}[.)\-]?\s*)?[a-z]{3,8}"
_SEED_PHRASE = re.compile(
    r"\b(?:frase\s+(?:semilla|de\s+(?:recuperacion|respaldo|seguridad))|semilla|"
    r"seed(?:\s+phrase)?|recovery\s+phrase|mnemonic|(?:12|24|doce|veinticuatro)\s+palabras)\b[^:\n]{0,60}?[:=]?\s*"
    rf"(?P<words>{_SEED_WORD}(?:[\s,;]+{_SEED_WORD}){{11,23}})\b"
)


# --- The public face ---------------------------------------------------------------------------


def secret_spans(text: str) -> list[Span]:
    """Every secret in ``text`` as non-overlapping ``(start, end)`` spans, in order."""
    # A secret already masked in a derived copy is still a secret: that copy is never learnt.
    run_on = _run_on_lines(text)
    spans = sorted(
        [m.span() for m in _KEY_SHAPES.finditer(text)]
        + [m.span() for m in re.finditer(re.escape(MASK), text)]
        + list(_card_spans(text))
        + list(_announced_spans(text))
        + (list(_announced_spans(run_on)) if run_on != text else [])
        + list(_in_figures_spans(text))
        + [m.span("words") for m in _SEED_PHRASE.finditer(fold_aligned(text))]
        + list(_table_spans(text))
    )
    merged: list[Span] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def is_secret(text: str) -> bool:
    return bool(secret_spans(text))


def mask_secrets(text: str) -> str:
    """``text`` with every secret replaced by "[dato oculto]"; the rest stays as written."""
    for start, end in reversed(secret_spans(text)):
        text = f"{text[:start]}{MASK}{text[end:]}"
    return text
