"""Which attribute a sentence states: logistic regression over the local embeddings.

Trained at first use, deterministically, from ``data/attributes_train.jsonl`` (sentences from
plumbing, renovation, hostel and hairdresser businesses, one attribute each, ``ninguno`` for
what states nothing). Inputs: the e5 embedding of the sentence, which kinds of typed value it
holds (``slots.py``) and a few cue words. Each attribute says which value kinds can fill it;
one that needs none (delivery instructions, preferences, notes) keeps the cleaned sentence.
Decision record: docs/decisions/0020.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from learning.offline.logreg import fit, softmax
from learning.offline.slots import Slot, find_slots
from sumalos.embeddings import embed_passages
from sumalos.platform.text import fold

TRAINING_SET = Path(__file__).resolve().parent / "data" / "attributes_train.jsonl"
NOTHING = "ninguno"
NOTE = "nota"
# Below this the attribute is not trusted and the sentence is kept as one note.
CONFIDENT = 0.45

# The value kinds that can fill each attribute, in order of preference; empty: the sentence.
ATTRIBUTE_SLOTS: dict[str, tuple[str, ...]] = {
    "plazo_pago": ("term",),
    "metodo_pago": ("payment_method",),
    "canal_preferido": ("channel",),
    "persona_contacto": ("person",),
    "precio": ("amount",),
    "descuento": ("percent", "amount"),
    "recargo": ("percent", "amount"),
    "horario": ("weekday", "time"),
    "cierre": ("period", "date", "month", "weekday"),
    "nif": ("tax_id",),
    "iban": ("iban",),
    "telefono": ("phone",),
    "email": ("email",),
    "direccion": ("address",),
    "nombre": ("billing_name", "person"),
    "apodo": ("nickname", "person"),
    "tono": ("tone",),
    "instrucciones_entrega": (),
    "preferencia": (),
    NOTE: (),
}
# Attributes whose value joins every slot of its kinds ("lunes a viernes, 8:00-14:00").
COMBINED = frozenset({"horario", "cierre"})
# A value of these kinds names its attribute on its own, whatever the sentence sounds like.
SELF_EVIDENT = {
    "tax_id": "nif",
    "iban": "iban",
    "email": "email",
    "phone": "telefono",
    "address": "direccion",
    "nickname": "apodo",
    "billing_name": "nombre",
}
SLOT_KINDS = (
    "term",
    "amount",
    "percent",
    "date",
    "month",
    "weekday",
    "period",
    "time",
    "channel",
    "payment_method",
    "tax_id",
    "iban",
    "email",
    "phone",
    "address",
    "person",
    "nickname",
    "tone",
    "billing_name",
)
_CUES = tuple(
    re.compile(cue)
    for cue in (
        r"[¿?]",
        r"\b(?:descuento|rebaj|pronto\s+pago|dto)",
        r"\b(?:recargo|mas\s+caro|de\s+mas|% mas)",
        r"\b(?:cierra|cerra|cerrad|vacaciones|fiesta|festivo|puente)",
        r"\b(?:abre|abren|abrimos|horario|atiende|atienden|recibe|trabaja)",
        r"\b(?:me\s+llamo|soy|mi\s+nombre)\b",
        r"\b(?:llamame|llamadme|me\s+llaman|me\s+dicen|puedes\s+llamarme)\b",
        r"\b(?:entreg|dej[ae]|descarg|llave|recog|aparca|porteria|conserje|albaran)",
        r"\b(?:prefier|quiere|quieren|pide|piden|me\s+gusta|exige)",
        r"\b(?:paga|pagan|pagamos|cobra|cobramos|fia|plazo)",
        r"\b(?:cuesta|sale|precio|tarifa|subido|sube|cobra)",
        r"\b(?:encargad|contacto|pregunta|hablar\s+con|lleva)",
        r"^(?:haz|hazme|crea|manda|envia|dime|busca|pasame|dame|prepara)\b",
        r"\b(?:si|igual|quiza|a\s+lo\s+mejor|creo\s+que|no\s+se)\b",
    )
)


@dataclass(frozen=True)
class AttributeGuess:
    attribute: str
    probability: float
    ranked: tuple[tuple[str, float], ...]


# The message being read (``reading``): a sentence that says what it says in the same words is
# classified on the message's vector, which the gate has already computed, instead of running
# the encoder again (decision 0038).
_message: ContextVar[str | None] = ContextVar("attributes_message", default=None)
# At most this many words added or removed ("no a 30" written out as "no a 30 días", a filler
# or a marker dropped), never one replaced or moved, and only in sentences this long. Words
# are compared as written: the encoder's tokens differ with case and accents ("angel" and
# "Angel"), and on the extraction sets a first letter the cleaner capitalised was enough to
# move an answer across a threshold.
NEAR_EDITS = 1
NEAR_MIN_WORDS = 6


@contextmanager
def reading(message: str) -> Iterator[None]:
    """Classify the sentences of ``message`` read inside this block (see ``_message``)."""
    token = _message.set(message)
    try:
        yield
    finally:
        _message.reset(token)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def near_identical(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` have the same words, as written and in the same order, but for
    at most ``NEAR_EDITS`` added or removed (punctuation and spacing aside)."""
    x, y = _words(a), _words(b)
    if min(len(x), len(y)) < NEAR_MIN_WORDS or abs(len(x) - len(y)) > NEAR_EDITS:
        return False
    # Insertions and deletions only: the two lists less their longest common subsequence.
    previous = [0] * (len(y) + 1)
    for word in x:
        current = [0]
        for j, other in enumerate(y):
            current.append(previous[j] + 1 if word == other else max(previous[j + 1], current[j]))
        previous = current
    return len(x) + len(y) - 2 * previous[-1] <= NEAR_EDITS


def _embeddings(texts: list[str]) -> np.ndarray:
    """The texts' vectors; the message's (at half precision, as the gate and the search index
    read it, so the answer never depends on which process embedded it) for a text that says
    the same as the message being read."""
    message = _message.get()
    if message is None:
        return np.asarray(embed_passages(texts), dtype=np.float64)
    near = [t != message and near_identical(t, message) for t in texts]
    vectors = np.asarray(
        embed_passages([message if n else t for t, n in zip(texts, near, strict=True)]),
        dtype=np.float64,
    )
    for i, n in enumerate(near):
        if n:
            vectors[i] = vectors[i].astype(np.float16).astype(np.float64)
    return vectors


def _features(texts: list[str], kinds: list[set[str]]) -> np.ndarray:
    embeddings = _embeddings(texts) * 4.0
    slots = np.array([[1.0 if k in present else 0.0 for k in SLOT_KINDS] for present in kinds])
    cues = np.array([[1.0 if c.search(fold(t)) else 0.0 for c in _CUES] for t in texts])
    return np.hstack([embeddings, slots, cues * 0.5, np.ones((len(texts), 1))])


@dataclass(frozen=True)
class AttributeModel:
    labels: tuple[str, ...]
    weights: np.ndarray


_lock = threading.Lock()


@cache
def model() -> AttributeModel:
    """Train once per process from the committed set (deterministic)."""
    with _lock:
        rows = [json.loads(line) for line in TRAINING_SET.read_text().splitlines() if line]
        labels = tuple(sorted({row["attribute"] for row in rows}))
        texts = [row["text"] for row in rows]
        kinds = [{slot.kind for slot in find_slots(text)} for text in texts]
        targets = np.zeros((len(rows), len(labels)))
        for i, row in enumerate(rows):
            targets[i, labels.index(row["attribute"])] = 1.0
        return AttributeModel(labels, fit(_features(texts, kinds), targets))


def classify(text: str, slots: list[Slot]) -> AttributeGuess:
    """The attribute ``text`` most likely states, with every attribute's probability."""
    trained = model()
    x = _features([text], [{slot.kind for slot in slots}])
    probabilities = softmax(x @ trained.weights)[0]
    ranked = tuple(
        sorted(
            ((label, float(p)) for label, p in zip(trained.labels, probabilities, strict=True)),
            key=lambda pair: -pair[1],
        )
    )
    return AttributeGuess(ranked[0][0], ranked[0][1], ranked)
