"""Numba twins of ``fold_turn`` and ``thread_scan`` (documented in ``multihorizon._threads_py``):
the same checks; the sum and its direction in one compiled loop, the norm summed in index
order (plain ``jit``: no reassociation, so the values match the reference bit for bit); the
scan's cosines from the Numba backend's own row scorer, then one compiled pass for the picks."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from ._numba_jit import Float32Array, Float64Array, jit
from ._threads_py import ThreadScan, as_fold_inputs, as_scan_inputs

__all__ = ["fold_turn", "make_thread_scan"]


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


@jit
def _picks(scores: Float32Array, active: int) -> tuple[int, float, int, float]:
    """The first best row and its score, and the same over the rows but ``active`` (-1 and
    -inf for none), in one pass."""
    best, best_score = -1, -math.inf
    dormant, dormant_score = -1, -math.inf
    for row in range(scores.shape[0]):
        score = np.float64(scores[row])
        if best < 0 or score > best_score:
            best, best_score = row, score
        if row != active and (dormant < 0 or score > dormant_score):
            dormant, dormant_score = row, score
    return best, best_score, dormant, dormant_score


def make_thread_scan(
    cosine_rows: Callable[[Float32Array, Float32Array], Float32Array],
) -> Callable[[Any, Any, int], ThreadScan]:
    """``thread_scan`` over the Numba backend's compiled row scorer (``cosine_rows(query,
    matrix)``: its ``cosine_scores`` after the checks)."""

    def thread_scan(embedding: Any, centroids: Any, active: int) -> ThreadScan:
        """What placing one turn reads of the threads' centroids; see
        ``multihorizon._threads_py``."""
        vector, matrix, index = as_scan_inputs(embedding, centroids, active)
        best, best_score, dormant, dormant_score = _picks(cosine_rows(vector, matrix), index)
        return int(best), float(best_score), int(dormant), float(dormant_score)

    return thread_scan
