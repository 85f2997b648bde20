"""Numba twin of ``fold_turn`` (documented in ``multihorizon._threads_py``): the same checks,
the sum and its direction in one compiled loop, the norm summed in index order (plain
``jit``: no reassociation, so the values match the reference bit for bit)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._numba_jit import Float32Array, Float64Array, jit
from ._threads_py import as_fold_inputs

__all__ = ["fold_turn"]


@jit
def _fold(
    total: Float64Array, has_total: bool, embedding: Float32Array
) -> tuple[Float64Array, Float32Array]:
    dim = embedding.shape[0]
    new_total = np.empty(dim, dtype=np.float64)
    squares = 0.0
    for j in range(dim):
        # A new thread's sum is the embedding itself (-0.0 stays -0.0).
        value = total[j] + np.float64(embedding[j]) if has_total else np.float64(embedding[j])
        new_total[j] = value
        squares += value * value
    norm = math.sqrt(squares)
    unit = np.empty(dim, dtype=np.float32)
    for j in range(dim):
        unit[j] = np.float32(new_total[j] / norm if norm > 0.0 else new_total[j])
    return new_total, unit


_NO_TOTAL = np.zeros(0, dtype=np.float64)


def fold_turn(
    embedding: Any, total: Any, recent: Any, *, window: int
) -> tuple[Float64Array, Float32Array, Float32Array]:
    """One turn folded into its thread; see ``multihorizon._threads_py.fold_turn``."""
    vector, sum_row, rows, limit = as_fold_inputs(embedding, total, recent, window)
    new_total, unit = _fold(_NO_TOTAL if sum_row is None else sum_row, sum_row is not None, vector)
    kept = 0 if rows is None else min(rows.shape[0], limit - 1)
    new_recent = np.empty((kept + 1, vector.shape[0]), dtype=np.float32)
    if kept and rows is not None:
        new_recent[:kept] = rows[rows.shape[0] - kept :]
    new_recent[kept] = vector
    return new_total, unit, new_recent
