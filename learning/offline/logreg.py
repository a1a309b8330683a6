"""Multinomial logistic regression by full-batch gradient descent: the offline classifiers.

Deterministic (weights start at zero, a fixed number of steps), so the gate and the attribute
classifier train at first use from their committed data files and always give the same model.
"""

from __future__ import annotations

import numpy as np

STEPS = 1500
LEARNING_RATE = 0.5
L2 = 1e-3
# Products are taken in blocks of rows small enough for OpenBLAS to run them on one thread:
# on a shared two-core machine its threads cost far more than they save (15× on 441 rows).
BLOCK = 96


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    probabilities: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return probabilities


def fit(x: np.ndarray, targets: np.ndarray, *, steps: int = STEPS) -> np.ndarray:
    """Weights (features × classes) for one-hot ``targets``, from zeros."""
    weights = np.zeros((x.shape[1], targets.shape[1]))
    blocks = [(x[i : i + BLOCK], targets[i : i + BLOCK]) for i in range(0, len(x), BLOCK)]
    for _ in range(steps):
        gradient = L2 * weights
        for rows, wanted in blocks:
            gradient += rows.T @ (softmax(rows @ weights) - wanted) / len(x)
        weights -= LEARNING_RATE * gradient
    return weights
