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
    probabilities = _softmax(features([message]) @ weights())[0]
    best = int(np.argmax(probabilities))
    return Intent(INTENTS[best], round(float(probabilities[best]), 4))
