"""Offline memory gate: logistic regression over local embeddings, plus rules for policy.

The classifier is trained deterministically at first use (fixed initialisation, fixed number
of full-batch gradient steps) from the committed training set ``data/gate_train.jsonl``, which
shares no message with the evaluation set ``data/gate_eval.jsonl``. Inputs: the e5 embedding of
the message plus a few lexical cues (question, order, greeting, first person, numbers). Policy
questions are answered by rules, reusing the memory content policy (``memory/policy.py``).
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from learning.base import GATE_CATEGORIES, PASS_THRESHOLD, GateDecision, scope_of
from learning.offline.logreg import fit, softmax
from learning.offline.subjects import GROUP_ONLY_ROLES, NAME_OPENERS, ROLE_WORDS
from memory.policy import find_iban, is_injection, is_insult, is_secret, is_special_category
from memory.scope import requested_visibility
from sumalos.embeddings import embed_passages
from sumalos.platform.text import fold
from sumalos.rls.rule import Visibility

DATA_DIR = Path(__file__).resolve().parent / "data"
TRAINING_SET = DATA_DIR / "gate_train.jsonl"
CUE_WEIGHT = 0.35


_CUES = (
    r"[¿?]",  # a question
    r"^(?:haz|hazme|crea|creame|factura|facturale|manda|mandale|envia|enviale|genera|dime|"
    r"muestrame|ensename|busca|pon|ponme|cambia|borra|anade|sube|prepara|calcula|revisa|dame)\b",
    r"^(?:gracias|vale|ok|perfecto|genial|hola|buenas|buenos dias|adios|hasta luego|si|no)\W*$",
    r"\b(?:me llamo|soy|mi |mis |tengo|prefiero|llamame|hablame|tuteame|trátame|tratame)\b",
    r"\b(?:siempre|nunca|a partir de ahora|ahora|ya no|desde ahora)\b",
    r"\d",
    r"\b(?:paga|pagan|cobra|cobramos|nos dedicamos|somos|abrimos|horario|contacto|prefiere)\b",
    r"\b(?:cliente|proveedor|empresa|taller|nuestro|nuestra)\b",
    r"\b(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|manana|semana que viene|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b",
    r"\b(?:recuerda|apunta|acuerdate|ten en cuenta|que sepas)\b",
)
_CUE_PATTERNS = tuple(re.compile(cue) for cue in _CUES)

_FINANCIAL_WORDS = re.compile(
    r"\b(?:nueva\s+cuenta|cambiado\s+de\s+cuenta|otra\s+cuenta|numero\s+de\s+cuenta|iban)\b"
)
_CORRECTION = re.compile(
    r"^\s*no[,.!]|\bya\s+no\b|\ben\s+(?:vez|lugar)\s+de\b|\bme\s+equivoque\b|\bcorrijo\b"
    r"|\bno\s+a\s+\d+|,\s*no\s+(?:a|el|la|en|de)\s|\bahora\s+(?:paga|es|cobra|se\s+llama|"
    r"trabaja|prefiere|abrimos|cobramos)\b|\bal\s+final\b"
)


# Cues that a question may carry a fact ("¿sabías que ahora paga a 60 días?", "¿te acuerdas
# de que me llamo Pablo?"): the first person, a change in time, a business fact, a request to
# remember (indices into ``_CUES``).
_FACT_CUES = tuple(_CUE_PATTERNS[i] for i in (3, 4, 6, 9))
_GREETING = _CUE_PATTERNS[2]
# Any form of "know", "remember", "note down", "keep": "¿sabías que…?", "¿me lo apuntas?".
_TELLS = re.compile(r"\b(?:sab(?:ia|e)s|que sepas|acuerd|recuerd|apunt|anot|guard|ten en cuenta)")


def nothing_to_learn(text: str) -> bool:
    """Whether ``text`` is, by its words alone, something the gate never keeps: a greeting
    or thanks on its own, or one plain question that states nothing (decision 0029).

    Answered before any embedding, so such a message costs the gate no model call. Tuned on
    the training set only (no message it keeps matches); ``manage.py eval_gate`` guards the
    rest.
    """
    folded = fold(text.strip())
    if _GREETING.search(folded):
        return True
    one_question = (
        folded.startswith("¿")
        and folded.endswith("?")
        and folded.count("?") == 1
        and folded.count("¿") == 1
    )
    if not one_question or _TELLS.search(folded) or _CORRECTION.search(folded):
        return False
    return not any(pattern.search(folded) for pattern in _FACT_CUES)


# A business named by its legal form or by the trade word its name opens with ("Cafetería
# Central", "la clinica dental", "Inmobiliaria Mediterráneo S.L."). "taller" is left out: alone
# it is the writer's own premises ("hoy ha sido un día de locos en el taller").
_BUSINESS_WORDS = (set(ROLE_WORDS) | set(NAME_OPENERS)) - GROUP_ONLY_ROLES
_NAMES_A_BUSINESS = re.compile(
    r"\b(?:" + "|".join(sorted(_BUSINESS_WORDS)) + r")\b|\bs\.?\s?[la]\.?u?\.?(?=\s|$|[,;:])"
)
_CLAUSES = re.compile(r"[,.:;!\n]+\s*")
_ORDER = _CUE_PATTERNS[1]
# An order anywhere, as a verb with a pronoun joined to it ("mándale", "márcala", "hazle").
_ORDER_WITH_PRONOUN = re.compile(
    r"\b(?:haz|di|pon|manda|envia|marca|guarda|apunta|llama|escribe|avisa|pasa|quita|borra)"
    r"(?:le|les|la|las|lo|los|me|nos)\b|\b(?:oye|suma)\s+(?:manda|envia|pon|haz|llama)\b"
)
# What happened today or yesterday is an event, not a lasting fact about the business.
_EVENT_OF_THE_DAY = re.compile(r"^(?:hoy|ayer|esta manana|esta tarde)\b")


def states_fact_about_business(text: str) -> bool:
    """Whether ``text`` states something about a named business: no question, no order, not
    an event of the day, and a business named in it (decision 0042).

    What a person tells about a contact ("Cafetería Central tiene la llave de paso debajo del
    fregadero", "la Inmobiliaria Mediterráneo ha trasladado su domicilio") is durable; the
    classifier alone, trained on few such lines, let some fall under its threshold.
    """
    folded = fold(text.strip())
    if "?" in folded or "¿" in folded or _GREETING.search(folded):
        return False
    if _ORDER_WITH_PRONOUN.search(folded) or _EVENT_OF_THE_DAY.search(folded):
        return False
    if any(_ORDER.search(clause) for clause in _CLAUSES.split(folded)):
        return False
    return bool(_NAMES_A_BUSINESS.search(folded))


def cues(text: str) -> np.ndarray:
    folded = fold(text.strip())
    return np.array(
        [1.0 if pattern.search(folded) else 0.0 for pattern in _CUE_PATTERNS], dtype=np.float64
    )


def features(texts: list[str]) -> np.ndarray:
    # At the search index's precision (half floats): a message's vector read back from the
    # index gives the gate the same features as one computed here (decision 0029).
    embeddings = np.asarray(embed_passages(texts), dtype=np.float16).astype(np.float64)
    lexical = np.stack([cues(t) for t in texts]) * CUE_WEIGHT
    bias = np.ones((len(texts), 1))
    return np.hstack([embeddings * 4.0, lexical, bias])


@dataclass(frozen=True)
class GateModel:
    remember: np.ndarray  # (features, 2)
    category: np.ndarray  # (features, len(GATE_CATEGORIES))


def load_training_set(path: Path = TRAINING_SET) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


_train_lock = threading.Lock()


@cache
def model() -> GateModel:
    """Train once per process from the committed training set (deterministic)."""
    with _train_lock:
        rows = load_training_set()
        x = features([row["text"] for row in rows])
        remember = np.array([[0.0, 1.0] if row["remember"] else [1.0, 0.0] for row in rows])
        category = np.zeros((len(rows), len(GATE_CATEGORIES)))
        for i, row in enumerate(rows):
            category[i, GATE_CATEGORIES.index(row["category"])] = 1.0
        return GateModel(remember=fit(x, remember), category=fit(x, category))


def message_scope(message: str, category: str) -> str | None:
    """``personal`` or ``organizacion``: what the person asked for, else the category's.

    A marker ("solo para mí", "para todos") or a fact about the writer's own life decides
    before the category does (memory/scope.py); "nothing" has no scope.
    """
    if category == "ninguno":
        return None
    asked = requested_visibility(message)
    if asked in (Visibility.PERSONAL, Visibility.PRIVATE_IN_ORG):
        return "personal"
    if asked == Visibility.SHARED:
        return "organizacion"
    return scope_of(category)


def decide(message: str, previous: str | None) -> GateDecision:
    """Answer every gate question for one message (Suma's previous turn is context only).

    A message with nothing to learn by its words alone skips the classifier (no embedding);
    the policy questions are answered by the same rules either way.
    """
    if nothing_to_learn(message):
        p_remember, category, p_category = 0.0, "ninguno", 1.0
    else:
        trained = model()
        x = features([message])
        p_remember = float(softmax(x @ trained.remember)[0, 1])
        p_categories = softmax(x @ trained.category)[0]
        best = int(np.argmax(p_categories))
        kept = p_remember >= PASS_THRESHOLD and GATE_CATEGORIES[best] != "ninguno"
        if not kept and states_fact_about_business(message):
            # Kept at least at the threshold, under the likeliest category but "nothing".
            p_remember = max(p_remember, PASS_THRESHOLD)
            p_categories[GATE_CATEGORIES.index("ninguno")] = 0.0
            best = int(np.argmax(p_categories))
        category, p_category = GATE_CATEGORIES[best], float(p_categories[best])
    folded = fold(message)
    iban = find_iban(message)
    return GateDecision(
        p_remember=round(p_remember, 4),
        category=category,
        p_category=round(p_category, 4),
        scope=message_scope(message, category),
        p_corrects=0.9 if _CORRECTION.search(folded) else 0.1,
        p_secret=1.0 if is_secret(message) else 0.0,
        p_insult=1.0 if is_insult(message) else 0.0,
        p_special=1.0 if is_special_category(message) else 0.0,
        p_financial=1.0 if iban or _FINANCIAL_WORDS.search(folded) else 0.0,
        p_injection=1.0 if is_injection(message) else 0.0,
    )
