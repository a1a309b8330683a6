"""What a message asks for, offline: logistic regression over the local e5 embeddings.

The same pattern as the memory gate (``learning/offline/gate.py``, decision 0015): trained
deterministically at first use (zeros, full-batch gradient steps, L2) from the committed
``data/intents_train.jsonl``, whose questions are the development half of the evaluation set
plus examples written for it; the test half (``eval/assistant_test.jsonl``) is never read here.
Inputs: the embedding of the message plus lexical cues. Two markers decide before the model:
"recuerda que …" and a greeting or thanks on its own. docs/decisions/0018.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from django.utils import timezone

from assistant.slots import document_numbers, find_named_period
from sumalos.embeddings import embed_passages
from sumalos.platform.text import fold

TRAINING_SET = Path(__file__).resolve().parent / "data" / "intents_train.jsonl"
INTENTS = (
    "total_invoiced",
    "expense_total",
    "pending",
    "due_date",
    "lookup_invoice",
    "search_document",
    "tax_question",
    "contact_term",
    "contact_data",
    "iban",
    "draft_invoice",
    "remember",
    "greeting_help",
    "unknown",
)
STEPS = 1500
LEARNING_RATE = 0.5
L2 = 1e-3
CUE_WEIGHT = 1.0

_CUES = (
    r"factur",
    r"\b(?:gast|compr|pagad|pagamos|pague)",
    r"pendiente|\bdebe|\bdeben|sin (?:cobrar|pagar)|vencid|\bimpagad",
    r"\bvenc[eií]",
    r"^(?:oye\s+)?b[uú]sca",
    r"\b(?:iva|irpf|retenc|retien|modelo|verifactu|recargo|deduc|desgrav|isp|sujeto pasivo|"
    r"hacienda|303|130|347|111|rectificativa|simplificada)",
    r"\b(?:dias|plazo de pago|paga a)\b",
    r"\b(?:correo|email|mail|cif|nif|dni|telefono|direccion|donde)\b",
    r"\b(?:iban|cuenta|transferencia)\b",
    r"^(?:hazle|hazme|haz|prepara|crea|creame|factura\s+a|facturale|genera)\b",
    r"\d+(?:[.,]\d+)?\s*(?:€|euros?\b)",
    r"\b[fp]\s?-?(?:20)?\d{2}\s?[-/]\s?\d{1,4}\b|\bpresupuesto\b",
    r"^(?:recuerda|apunta|acuerdate)\b",
    r"^(?:hola|buenas|gracias|ayuda|que puedes hacer)",
    r"\b(?:cobrad|pagada|era|ultima)\b",
)
_CUE_PATTERNS = tuple(re.compile(cue) for cue in _CUES)
REMEMBER = re.compile(r"^(?:por favor,?\s*)?(?:recuerda|apunta|acuerdate de)\s+que\b")
GREETING = re.compile(
    r"^(?:hola|buenas|buenos dias|buenas tardes|gracias|muchas gracias|vale|ok|perfecto|genial|"
    r"ayuda|que puedes hacer|que sabes hacer|como funcionas)(?:\s+suma)?[\s,.!?¡¿]*$"
)


# What some questions ask is plain from their words; these rules decide before the model, in
# order (decision 0025). Each is (intent, pattern over the folded, single-spaced message).
# "crea un borrador para Editorial Lletra, …": a draft named on its own is an invoice's.
_DRAFT_OBJECT = (
    r"(?:(?:borrador\s+de\s+)?(?:nueva?\s+)?(?:factura|fra|presupuesto|presu)\b|"
    r"borrador\s+(?=(?:a|al|para|pa)\b))"
)
_DRAFT_LEAD = (
    r"^(?:oye,?\s+|porfa,?\s+|por favor,?\s+)?(?:(?:hazle|hazme|haz|prepara\w*|crea\w*|genera|"
    rf"emite|mete|saca\w*)\s+(?:un|una|el|la)?\s*{_DRAFT_OBJECT}|"
    r"(?:factura|presupuesto|presu|facturale)\s+(?:a|al|para|pa|de)\b|"
    # "borrador pa la Peluquería Ángela: …", with its price (below).
    r"borrador\s+(?:a|al|para|pa)\b)"
)
# A price: "180€", "por 500", "500 más IVA", or a quantity at a price ("3 horas … a 38").
_AMOUNT = (
    r"\d(?:[\d.,]*\d)?\s*(?:€|euros?\b|eur\b|pavos\b)|\bpor \d(?:[\d.,]*\d)?\b(?!\s*%)|"
    r"\d(?:[\d.,]*\d)?\s*(?:\+|mas)\s*iva\b|"
    r"\b\d+(?:[.,]\d+)?\s+(?:horas?|h|unidades|uds?|metros?|m)\b"
    r".*\ba \d(?:[\d.,]*\d)?\s*(?:$|[,.;])|"
    # A quantity times a price: "cambio de grifo 2 x 65".
    r"\b\d+\s*x\s*\d(?:[\d.,]*\d)?\s*(?:€|euros?\b)?\s*(?:$|[,.;])"
)
# An order to make one ("hazme una factura a Ana Beltrán por la pintura"), even without its
# price: the draft is prepared and the price asked for. Not a question about invoices
# ("¿cómo hago una rectificativa?") nor "saca la factura de …", which asks to see one.
_DRAFT_ORDER = (
    r"^(?!.*\b(?:rectificativ|simplificad|que iva|cuanto iva|que retencion|como|puedo|debo)\b)"
    r"(?:oye,?\s+|porfa,?\s+|por favor,?\s+)?(?:hazle|hazme|haz|preparame|preparale|prepara|"
    r"creame|creale|crea|genera)\s+(?:un|una)\s+(?:(?:borrador\s+de\s+)?(?:nueva?\s+)?"
    r"(?:factura|fra|presupuesto|presu)|borrador)\s+(?:a|al|para|pa)\b"
)
_TAX_FIGURE = (
    r"\b(?:repercut|soportad|soportamos|retenid|retuv|devengad)\w*|"
    r"\biva (?:cobrado|pagado|facturado|de (?:las |mis |los )?"
    r"(?:facturas|ventas|gastos|compras))\b|"
    r"\b(?:cuanto|total|suma)\b.*\b(?:iva|irpf|retenciones)\b.*\b(?:hemos|llevamos|tenemos|"
    r"tengo|he|me han|nos han|sale|sali[oó]|toca)\b|"
    r"\b(?:cuanto|total|suma)\b.*\b(?:iva|irpf|retenciones)\b.*\b(?:este|el|del|en)\s+"
    r"(?:trimestre|mes|ano|[1-4]t|primer|segundo|tercer|cuarto|enero|febrero|marzo|abril|mayo|"
    r"junio|julio|agosto|septiembre|octubre|noviembre|diciembre|20\d{2})"
)
_NOT_TAX_FIGURE = (
    r"\b(?:tipo|que iva (?:lleva|aplico|pongo|cobro|le pongo|va)|lleva iva|se aplica|aplicar|"
    r"tengo que retener|hay que retener|debo retener|retengo|se retiene|se retenia|"
    r"puedo deducir|se puede|es deducible|cuando se|plazo|general|reducido|"
    r"superreducido|a cuanto (?:estaba|estuvo|era)|llevaban|se aplicaba)\b"
)
_BASE = r"\b(?:base(?: imponible)?|bases|sin iva)\b"
_FIGURE_WORDS = r"\b(?:cuanto|total|suma|dime|dame|gastos|facturado|facturacion|ventas|ingresos)\b"
_NOT_BASE_FIGURE = r"\bque es\b|\bincluye|\bcuenta\b|\bentra\b|\bse calcula|\bmateriales\b.*%"
_EXPENSE_WORDS = r"\b(?:gast|compr|proveedor|pagad|pagamos|soportad)"
RULES: tuple[tuple[str, str], ...] = (
    ("search_document", r"^(?:oye,?\s+)?(?:busca|buscame|buscar|encuentra|encuentrame)\b"),
    ("draft_invoice", _DRAFT_LEAD + r".*(?:" + _AMOUNT + ")"),
    ("draft_invoice", _DRAFT_ORDER),
    (
        "contact_term",
        r"\bcomo (?:nos |le |les |se le |se les )?(?:paga|pagan|pagamos|abona|abonan)\b|"
        r"\b(?:forma|metodo|medio|manera|condicion|condicione)s? de (?:pago|cobro)\b|"
        r"\bplazo de pago\b|"
        r"\ba cuant[oa]s? (?:dias )?(?:nos |me )?(?:paga|pagan)\b|"
        r"\bcuantos dias (?:tarda|tiene|de plazo|nos da|le damos|paga)|"
        r"\bencargad[oa]\b|\bpersona de contacto\b|\bpregunt\w* por\b|"
        r"\b(?:por|a) quien (?:pregunt|llam|busc)\w*|"
        r"\bcon quien (?:hablo|hablamos|trato|tratamos)\b|\bcon que (?:paga|pagan|pagamos)\b|"
        r"\b(?:paga|pagan|pagamos|pago) (?:por|con|en) (?:bizum|transferencia|efectivo|"
        r"tarjeta|domiciliacion|recibo|pagare|cheque|metalico)",
    ),
    (
        "tax_question",
        r"^(?:y\s+)?(?:puedo|se puede|debo|tengo que|hay que|es obligatorio|estoy obligado|"
        # "tengo que llamar a Ferretería Ruiz, ¿me das su teléfono?" is an errand, not a rule.
        r"es legal|me obliga)\b(?! (?:llamar|llamarle|llamarles|escribir|escribirle|ir|pasar|"
        r"pedir|mandar|enviar)\b)|"
        # "me di de alta el año pasado, ¿es verdad que puedo retener menos?": asked mid-sentence.
        r"\b(?:es verdad|es cierto|sabes si|me han dicho|he oido|he leido)\b.*"
        r"\b(?:puedo|podemos|se puede|debo|debemos|tengo que|hay que)\b|"
        r"\b(?:puedo|podemos|puede|pueden|debo|debemos|se puede) (?:\w+ ){0,2}(?:retener|"
        r"deducir\w*|"
        r"desgravar\w*|repercutir)\b|"
        r"\brectificativ|\bme equivoque\b|\bequivocad[oa] en\b|\berror en (?:la|una|el)\b|"
        r"\banul\w* (?:la|una|esa|esta) factura|\bborr\w* (?:la|una) factura|"
        r"\b(?:tengo|tenemos|hay|debo|debemos) que (?:retener|poner|aplicar|presentar|cobrar el)|"
        r"\b(?:llevan|lleva|llevar) retencion|\bcuanto (?:le |les )?retengo\b|"
        r"\bque retencion (?:pongo|aplico|lleva|le pongo|le aplico)|"
        r"\bcuanto se (?:retiene|retenia)\b|"
        # A rate named as a thing: "el tipo del 4", "le aplico el 21?", "un 5,2 de más, ¿qué es?".
        r"\btipos? (?:del|de|al) \d{1,2}\b|\btipos? (?:general|reducido|superreducido)\b|"
        r"\b(?:aplico|pongo|cobro|cargo|meto|aplicamos|ponemos) (?:el|un|al) \d{1,2}\b"
        r"(?!\s*(?:€|euros?\b|eur\b|horas?\b|dias\b|de (?:enero|febrero|marzo|abril|mayo|junio|"
        r"julio|agosto|septiembre|octubre|noviembre|diciembre)))|"
        r"\b\d{1,2}(?:,\d{1,2}\s*(?:%|por ciento)?|\s*(?:%|por ciento))(?:[ ,]+\w+){0,4}[ ,]+"
        r"(?:que es|eso es|que significa|de que es)\b|"
        # A wrong rate on an issued invoice: "puse 21 y era 10", "cobré el 21 y tocaba el 10".
        r"\b(?:puse|pusimos|cobre|cobramos|aplique|aplicamos|facture|facturamos) (?:el |al |un )?"
        r"\d{1,2}\b.*\b(?:era|tocaba|debia|iba|correspondia)\b|"
        # A return or a credit: "el cliente me devuelve la caldera, ¿qué factura hago?".
        r"\b(?:devuelv\w*|devolucion|abono)\b.*\b(?:factura|hago|hacer|hacemos)\b|"
        # The limit of a ticket or simplified invoice.
        r"\b(?:tickets?|tiques?|simplificadas?)\b.*\b(?:hasta|limite|maximo|llega a)\b|"
        r"\b(?:hasta|limite|maximo)\b.*\b(?:tickets?|tiques?|simplificadas?)\b",
    ),
    (
        "expense_total",
        r"\bcuanto (?:me |nos )?(?:ha |han |hemos |he )?(?:costado|cuesta|cuestan|costo|"
        r"costaron)\b",
    ),
)
_DUE = r"\bvenc|\bcuando (?:hay que |tienen que |tiene que )?(?:cobrar|pagar)"
# "cuándo vencía la de Óscar Tormo", "hasta cuándo tenía para pagar la de la caldera".
_WHEN_DUE = (
    r"\b(?:cuando|que dia|que fecha)\b.*\bvenc|\bvenc\w*\b.*\bcuando\b|"
    r"\bhasta cuando\b.*\bpagar|\bfecha de vencimiento\b|"
    # "q vence en diciembre", "qué facturas vencen este mes", "cuáles vencen antes del 15".
    r"\b(?:que|q|k|cuales?|cuantas?)\b(?: \w+){0,2} vencen?\b|"
    r"\bvencen? (?:en|este|esta|antes|hasta)\b"
)
_TAX_DEADLINE = r"\b(?:modelo|modelos|303|130|347|111|390|declaracion|plazo|iva|irpf|hacienda)\b"
_PENDING = (
    r"\b(?:me|nos) ha(?:n)? pagado ya\b|\bsigue(?:n)? debiendo\b|\bya (?:me|nos) ha(?:n)? pagado\b|"
    r"\bqueda(?:n)? por (?:pagar|cobrar)|\b(?:nos|me) (?:debe|deben)\b|\bdebe todavia|"
    r"\bsin (?:cobrar|pagar)\b|\bpendientes? de cobro"
)
_LOOKUP = (
    r"^(?:y\s+)?(?:que|cual|cuales) (?:es |fue |era )?(?:la |las )?(?:factura|facturas|fra) "
    r"(?:le |les |se le |que le )?(?:hicimos|hice|mandamos|emitimos|pasamos|hizo|mande|"
    r"emiti|enviamos)|"
    r"^(?:y\s+)?que (?:le |les )?(?:facturamos|facture|cobramos|hicimos)\b|"
    r"^(?:y\s+)?(?:la|esa) factura (?:de|del|de la)\b|"
    r"\b(?:cuanto|cuanta) (?:fue|era|es) la factura\b|\bde cuanto (?:fue|era|es) la factura\b"
)


# "¿cuánto sacamos en agosto?": what came in from customers, said as earnings.
_EARNED = (
    r"\b(?:cuanto|que|total)\b.*\b(?:sacad[oa]s?|sacao|sacamos|saque|"
    r"ingresad[oa]s?|ingresao|ingresamos|ingrese|vendid[oa]s?|vendio|vendimos|vendi)\b"
)
# "¿cuánto hicimos en el segundo trimestre?": turnover said as what was made.
_MADE = r"\bcuanto\b(?: \w+){0,2} (?:hicimos|hice|hemos hecho|he hecho|hizo|habremos hecho)\b"
_NOT_EARNED = r"\b(?:iva|irpf|retenc\w*|ganancia patrimonial)\b|" + _EXPENSE_WORDS
# "¿dónde está el presupuesto de Talleres García?": a document or a thing kept somewhere, not
# the contact's address (which "¿dónde está la inmobiliaria?" asks).
_WHERE_KEPT = (
    r"\bdonde (?:esta|estan|tengo|tenemos|guardamos|anda|andan|dejamos|dejaste|puse|pusimos|"
    r"se guarda|se guardan)\b(?: \w+){0,3} (?:presupuestos?|facturas?|fras?|contratos?|tarifas?|"
    r"documentos?|papel(?:es)?|tickets?|albaran(?:es)?|certificados?|protocolos?|horarios?|"
    r"plantillas?|listas?|acuerdos?|notas?|condiciones|llaves?|seguros?|polizas?|fotos?)\b"
)
# A question that says its answer is written in a document: "¿a qué hora salimos en verano? lo
# pone en algún papel", "creo que lo subimos en un documento", "¿hay algún documento con el
# horario?", "¿tenemos el modelo de presupuesto …?", "¿dónde teníamos apuntado lo del
# recargo?", "el presupuesto de La Albufera de septiembre, ¿dónde está?".
_PAPER = (
    r"(?:papel|papeles|documento|documentos|archivo|archivos|pdf|sitio|lado|carpeta|nota|notas|"
    r"drive|ordenador)"
)
_NOTED = (
    r"(?:apuntad[oa]s?|apuntao|escrit[oa]s?|guardad[oa]s?|guardao|anotad[oa]s?|anotao|puesto|"
    r"subid[oa]s?|subido|escanead[oa]s?|escaneao|archivad[oa]s?|archivao)"
)
_WRITTEN_DOWN = (
    r"\b(?:pone|ponia|dice|decia|pusimos|puse|subimos|subi|subiste|guardamos|guarde|apuntamos|"
    r"apunte|escribimos|tenemos|tengo|teniamos|hay|esta|estaba|viene|venia)\s+"
    rf"(?:{_NOTED}\s+)?en (?:algun|alguna|un|una|el|la|los|las|nuestro|nuestra) {_PAPER}\b|"
    rf"\b(?:hay|habia|tenemos|teniamos|tengo|tenia|teneis|tienes|existe) "
    r"(?:algun|alguna|un|una|el|la) "
    r"(?:documento|papel|archivo|pdf|modelo|plantilla|formulario|escrito|nota)s? "
    r"(?:con|de|del|sobre|que|q|donde|pa|para)\b(?! \d)|"
    rf"\bdonde (?:lo |la |los |las )?(?:tenemos |teniamos |tengo |tenia |esta |estaba |estan |"
    rf"estaban )?{_NOTED}\b|"
    r"\bdonde (?:lo |la |los |las )?(?:apuntamos|apunte|guardamos|guarde|pusimos|escribimos|"
    r"subimos|dejamos)\b|"
    # "¿dónde teníamos lo de la ITV de la furgo?": a matter kept somewhere, not an address.
    r"\bdonde (?:tenemos|teniamos|tengo|tenia|guardamos|guardabamos|esta|estaba|anda|andaba) "
    r"(?:(?:todo )?lo|las cosas|los papeles) (?:de|del|sobre)\b|"
    r"\b(?:presupuestos?|presus?|facturas?|fras?|contratos?|tarifas?|documentos?|papel(?:es)?|"
    r"tickets?|albaran(?:es)?|certificados?|polizas?|plantillas?|horarios?|protocolos?|"
    r"normas|acuerdos?|recordatorios?|listas?)\b.*"
    r"\bdonde (?:esta|estan|anda|andan|lo tengo|lo tenemos|la tengo|la tenemos)\b|"
    # "lo que acordamos con la comunidad de revisar las bajantes, ¿dónde está?"
    r"\blo (?:que|q) (?:acordamos|pactamos|firmamos|quedamos|apalabramos|cerramos)\b.*"
    r"\b(?:donde|papel|documento|escrito|apuntad[oa]|apuntao|pone|dice)\b"
)
# What the business itself charges, written in its price list or protocols: "¿qué recargo
# cobramos por una urgencia en domingo?", "¿a cuánto tenemos la hora de oficial?". Not a
# turnover ("¿cuánto cobramos en octubre?") nor the equivalence surcharge.
_OUR_PRICE = (
    r"^(?!.*\b(?:equivalencia|iva|irpf|retenc\w*)\b)"
    r".*\b(?:que|q|cuanto|a cuanto|cual es (?:el|la)|cual es)\b(?: \w+){0,2} "
    r"(?:cobramos|cobro|cobrais|ponemos|pongo|cargamos|aplicamos|tenemos|tengo|esta|va|sale)\b"
    r"(?: \w+){0,3} (?:horas?|urgencias?|salidas?|desplazamientos?|visitas?|avisos?|guardias?|"
    r"festivos?|domingos?|sabados?|fin de semana|mano de obra|oficial|ayudante|kilometros?)\b"
)
# The price of something on the market ("¿cuál es el precio del cobre esta semana?"): not
# recorded anywhere Suma reads.
_MARKET_PRICE = (
    # "¿a cuánto está el IVA general hoy?" is a rate, not a market price.
    r"^(?!.*\b(?:iva|irpf|retenc\w*|recargo|tipos?|interes|modulos)\b).*"
    r"\b(?:precios?|cotizacion|a como esta|a cuanto esta)\b(?: \w+){0,2} "
    r"(?:del|de la|de los|de las|el|la)\b(?! (?:hora|mano|desplazamiento|salida))"
    r".*\b(?:hoy|esta semana|este mes|ahora|actual|actualmente|ahora mismo|en el mercado|"
    r"del mercado|en la lonja|ultimamente)\b"
)
_OURS = r"\b(?:cobramos|cobro|cobrais|factur\w*|nos cobr\w*|nos cuesta|tenemos|ponemos)\b"
# What Suma keeps no record of: stock in the store ("¿cuántos metros de multicapa nos quedan en
# el almacén?"). Said so, with what it can do, never answered with a figure of purchases.
_STOCK = (
    r"\b(?:quedan?|hay|tenemos|tengo)\b.*\b(?:en|del) (?:el )?(?:almacen|stock)\b|"
    r"\ben stock\b|"
    r"\bcuant[oa]s (?:metros|unidades|cajas|rollos|litros|kilos|piezas|tubos|sacos|botes|latas|"
    r"bobinas|codos|manguitos)\b.*\b(?:quedan?|tenemos|tengo)\b"
)
# A question about a draft, not an order to make one: "tengo un borrador de factura para la
# Autoescuela Ruta, ¿de cuánto es?".
_ABOUT_DRAFT = r"\bborrador(?:es)?\b|\bsin emitir\b"
# A question about a quote of a customer: "¿de cuánto era el presupuesto de La Albufera?".
_ABOUT_QUOTE = (
    r"^(?!.*\b(?:modelo|plantilla|formato)s? de presu).*\b(?:presupuestos?|presus?)\b.*"
    r"\b(?:cuanto|importe|total|valido|validez|caduca|cual|cuales|ultimo|mandamos|hicimos|"
    r"aceptaron|aceptado)\b"
)


# "¿tenemos algo de la tarifa de Ferretería Ruiz?": what is written down somewhere.
_ANYTHING_ABOUT = (
    r"\b(?:tenemos|tengo|hay|tienes|teneis|guardamos) (?:algo|algun (?:documento|papel|archivo))"
    r" (?:de|del|sobre|escrito|apuntado|guardado)\b"
)


# "la factura del gasoil, ¿qué IVA debería llevar?": the rule, unless one invoice is named.
_RATE_OF_A_THING = (
    r"\b(?:que|cuanto) iva (?:\w+ ){0,2}(?:lleva|llevan|llevar|deberia|debe|tiene|tienen|va|van|"
    r"pongo|poner|aplico|cobro|le pongo|le cobro|le aplico|cargo)\b|\ba que iva (?:va|van)\b"
)


# What a contact gives or asks for beyond its card ("¿qué descuento nos hace Ferretería Ruiz?",
# "¿quiere la factura en papel?"): read where it is written down (``answers.contact_data``).
_CONDITIONS = (
    r"\b(?:descuentos?|rappel|tarifas?|condiciones|llaves?|horarios?|en papel|impresas?)\b"
)


# "¿cómo le escribo a la Gestoría Ibáñez?": how to reach a contact, from its card.
_REACH = (
    r"\bcomo (?:le |les |se le |nos )?(?:escribo|escribimos|escribir|contacto|contactamos|"
    r"contactar|localizo|localizamos|localizar|llamo|llamamos|llamar)\b"
)


# "¿cuál es el móvil de Ana Beltrán?": a field of a contact's card.
_CARD_FIELD_OF = (
    r"\b(?:movil|telefono|tlf|correo|email|e-mail|mail|cif|nif|dni|nie|direccion) (?:de|del)\b|"
    # "el número de la Peluquería Ángela": the phone, not an account or a document number.
    r"\bnumero (?:de (?:telefono|movil|tlf) )?(?:de|del)\b(?! (?:la |el |los |las )?"
    r"(?:cuenta|factura|fra|presupuesto|presu|pedido|serie|albaran|iban|expediente|\d))|"
    r"\b(?:pa|para|que|q)(?: \w+){0,2} llamarl[aeo]s?\b|"
    # "llamar a Ferretería Ruiz, ¿me pasas su número?"
    r"\bsu (?:numero|telefono|movil|tlf|correo|email|mail|direccion)\b(?! de (?:cuenta|factura))"
)


def decide(folded: str, *, numbered: bool, dated: bool) -> str | None:
    """The intent the question's words settle, or None to ask the model."""
    for name, pattern in RULES:
        if re.search(pattern, folded):
            return name
    if re.search(_WRITTEN_DOWN, folded) or re.search(_OUR_PRICE, folded):
        return "search_document"
    if (
        not numbered
        and re.search(_MARKET_PRICE, folded)
        and not re.search(_OURS, folded)
        and not re.search(_EXPENSE_WORDS, folded)
    ):
        return "unknown"
    if re.search(_STOCK, folded) and not re.search(_EXPENSE_WORDS, folded):
        return "unknown"
    if re.search(_ABOUT_DRAFT, folded) and not numbered:
        return "lookup_invoice"
    if re.search(_RATE_OF_A_THING, folded) and not numbered:
        return "tax_question"
    if (
        not numbered
        and re.search(_TAX_FIGURE, folded)
        and not re.search(_NOT_TAX_FIGURE, folded)
        and not re.search(_BASE, folded)
        and not re.search(r"\bcon iva\b|\biva incluido\b", folded)
    ):
        return "tax_total"
    if numbered:
        return "due_date" if re.search(_DUE, folded) else "lookup_invoice"
    if re.search(_WHERE_KEPT, folded):
        return "search_document"
    if (
        re.search(_BASE, folded)
        and (re.search(_FIGURE_WORDS, folded) or dated)
        and not re.search(_NOT_BASE_FIGURE, folded)
    ):
        return "expense_total" if re.search(_EXPENSE_WORDS, folded) else "total_invoiced"
    if re.search(_WHEN_DUE, folded) and not re.search(_TAX_DEADLINE, folded):
        return "due_date"
    if (
        re.search(r"\bcon iva\b|\biva incluido\b", folded)
        and re.search(r"\bfactur", folded)
        and re.search(_FIGURE_WORDS + r"|\bfacturamos\b|\bfacture\b", folded)
        and not re.search(_EXPENSE_WORDS, folded)
        and not re.search(_NOT_TAX_FIGURE, folded)
    ):
        return "total_invoiced"
    if re.search(_PENDING, folded) and not re.search(_DUE, folded):
        return "pending"
    if re.search(r"\b(?:que|por) cobrar\b", folded):
        return "due_date" if dated else "pending"
    if re.search(_ANYTHING_ABOUT, folded):
        return "search_document"
    if re.search(_REACH, folded) or re.search(_CARD_FIELD_OF, folded):
        return "contact_data"
    if re.search(r"\b(?:iban|numero de cuenta|cuenta bancaria) (?:de|del)\b", folded):
        return "iban"
    if re.search(_CONDITIONS, folded) and not re.search(
        _EXPENSE_WORDS + r"|\bfactur(?:ado|amos|e|aste|acion)\b", folded
    ):
        return "contact_data"
    if (re.search(_EARNED, folded) or re.search(_MADE, folded)) and not re.search(
        _NOT_EARNED, folded
    ):
        return "total_invoiced"
    if re.search(_LOOKUP, folded) or re.search(_ABOUT_QUOTE, folded):
        return "lookup_invoice"
    return None


@dataclass(frozen=True)
class Intent:
    name: str
    probability: float


def cues(text: str) -> np.ndarray:
    folded = fold(text.strip())
    return np.array([1.0 if p.search(folded) else 0.0 for p in _CUE_PATTERNS], dtype=np.float64)


def features(texts: list[str]) -> np.ndarray:
    embeddings = np.asarray(embed_passages(texts), dtype=np.float64)
    lexical = np.stack([cues(t) for t in texts]) * CUE_WEIGHT
    return np.hstack([embeddings * 4.0, lexical, np.ones((len(texts), 1))])


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    probabilities: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return probabilities


def training_set(path: Path = TRAINING_SET) -> list[dict[str, str]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


_lock = threading.Lock()


@cache
def weights() -> np.ndarray:
    """Train once per process from the committed training set (deterministic)."""
    with _lock:
        rows = training_set()
        x = features([row["text"] for row in rows])
        targets = np.zeros((len(rows), len(INTENTS)))
        for i, row in enumerate(rows):
            targets[i, INTENTS.index(row["intent"])] = 1.0
        w = np.zeros((x.shape[1], len(INTENTS)))
        for _ in range(STEPS):
            gradient = x.T @ (_softmax(x @ w) - targets) / len(x) + L2 * w
            w -= LEARNING_RATE * gradient
        return w


def classify(message: str) -> Intent:
    """The intent of one message, with the model's probability (1.0 when a marker decided)."""
    folded = fold(" ".join(message.split()))
    if REMEMBER.search(folded):
        return Intent("remember", 1.0)
    if GREETING.match(folded):
        return Intent("greeting_help", 1.0)
    today = timezone.localdate()
    numbered = bool(document_numbers(message, today=today))
    dated = find_named_period(message, today=today) is not None
    if decided := decide(folded, numbered=numbered, dated=dated):
        return Intent(decided, 1.0)
    probabilities = _softmax(features([message]) @ weights())[0]
    best = int(np.argmax(probabilities))
    return Intent(INTENTS[best], round(float(probabilities[best]), 4))
