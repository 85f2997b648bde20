"""NumPy references of ``fold_turn`` and ``thread_scan``.

``fold_turn``: one turn folded into its topic thread (SPEC-028 §3.3)
in one call, the thread's running embedding sum, its centroid and its window of latest turn
vectors (issue 14: one call where ``Threads.prepare`` made eight small NumPy ones). The C++
(``cpp/include/multihorizon/threads.hpp``) and Numba (``_numba_threads``) twins compute the
same values bit for bit: the norm is summed in float64 in index order (``np.cumsum`` is
sequential; ``row @ row`` would sum in BLAS's order).

``as_fold_inputs`` checks the arguments for the NumPy and Numba backends; the C++ binding
applies the same rules with the same messages.

``thread_scan``: what placing one turn reads of the threads' centroids (SPEC-028 §3.3: joining
by centroid, leaving the active thread, resuming by centroid), in one pass (issue 14:
``Threads.plan``'s centroid rule, ``leave`` and ``_resume`` each made calls of their own,
the last two a score array then NumPy's argmax). Its scores are ``cosine_scores``' on each
backend, so the rules decide as they did with separate calls.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._validate import as_count, as_float_matrix, as_float_vector, as_int

__all__ = [
    "ThreadScan",
    "as_fold_inputs",
    "as_scan_inputs",
    "fold_turn",
    "make_thread_scan",
    "thread_scan",
]

FoldInputs = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float64] | None,
    npt.NDArray[np.float32] | None,
    int,
]


def as_fold_inputs(embedding: Any, total: Any, recent: Any, window: Any) -> FoldInputs:
    """``fold_turn``'s arguments checked: a finite float32 vector, a finite float64 sum of
    its size (or None), a finite float32 matrix of its width (or None), a window >= 1."""
    vector = as_float_vector(embedding, "embedding")
    dim = vector.shape[0]
    limit = as_count(window, "window")
    if limit == 0:
        raise ValueError("window: must be at least 1")
    sum_row = None
    if total is not None:
        try:
            array = np.asarray(total)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"total: cannot be read as an array ({exc})") from None
        if array.dtype.kind not in "fiu":
            raise ValueError(f"total: dtype {array.dtype} is not a real number type")
        sum_row = np.ascontiguousarray(array, dtype=np.float64)
        if sum_row.shape != (dim,):
            raise ValueError(f"total: expected shape ({dim},), got {sum_row.shape}")
        if not np.isfinite(sum_row).all():
            raise ValueError("total: contains non-finite values (NaN or inf)")
    rows = None if recent is None else as_float_matrix(recent, "recent", dim)
    return vector, sum_row, rows, limit


def fold_turn(
    embedding: Any, total: Any, recent: Any, *, window: int
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """One turn folded into its thread.

    Parameters
    ----------
    embedding : array_like, shape (d,)
        The turn's (unit) embedding, float32.
    total : array_like, shape (d,), or None
        The thread's embedding sum so far (float64); None for a new thread (a sum of 0).
    recent : array_like, shape (r, d), or None
        The thread's latest turn vectors, oldest first; None for a new thread.
    window : int
        How many latest vectors a thread keeps (>= 1).

    Returns
    -------
    (new_total, unit, new_recent)
        ``total + embedding`` in float64; its direction ``new_total / ||new_total||`` as
        float32 (the sum itself when it is zero), the norm summed in index order; the last
        ``window - 1`` rows of ``recent`` followed by ``embedding``, a new array.
    """
    vector, sum_row, rows, limit = as_fold_inputs(embedding, total, recent, window)
    new_total = vector.astype(np.float64) if sum_row is None else sum_row + vector
    norm = float(np.sqrt(np.cumsum(new_total * new_total)[-1])) if new_total.size else 0.0
    unit = (new_total / norm if norm > 0.0 else new_total).astype(np.float32)
    kept = 0 if rows is None else min(rows.shape[0], limit - 1)
    new_recent = np.empty((kept + 1, vector.shape[0]), dtype=np.float32)
    if kept and rows is not None:
        new_recent[:kept] = rows[rows.shape[0] - kept :]
    new_recent[kept] = vector
    return new_total, unit, new_recent


# (best, best_score, dormant, dormant_score): see ``thread_scan``.
ThreadScan = tuple[int, float, int, float]
Cosines = Callable[[Any, Any], npt.NDArray[np.float32]]


def as_scan_inputs(
    embedding: Any, centroids: Any, active: Any
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], int]:
    """``thread_scan``'s arguments checked: a finite float32 vector, a float32 matrix of its
    width, ``active`` an int in [-1, rows)."""
    vector = as_float_vector(embedding, "embedding")
    matrix = as_float_matrix(centroids, "centroids", vector.shape[0])
    index = as_int(active, "active")
    if not -1 <= index < matrix.shape[0]:
        raise ValueError(f"active: must be in [-1, {matrix.shape[0]}), got {index}")
    return vector, matrix, index


def make_thread_scan(cosine_scores: Cosines) -> Callable[[Any, Any, int], ThreadScan]:
    """``thread_scan`` over one backend's ``cosine_scores``: its scores, so the thread rules
    decide as they did with a call of their own each."""

    def thread_scan(embedding: Any, centroids: Any, active: int) -> ThreadScan:
        """What placing one turn reads of the threads' centroids, in one call.

        Parameters
        ----------
        embedding : array_like, shape (d,)
            The turn's embedding, float32.
        centroids : array_like, shape (n, d)
            Every thread's unit centroid (``Threads.centroids``), float32.
        active : int
            The active thread's row, or -1.

        Returns
        -------
        (best, best_score, dormant, dormant_score)
            ``best``: the row of the centroid most similar to ``embedding`` (the first of
            equal scores; -1 for no row) and its cosine (``-inf`` for none): SPEC-028 §3.3's
            centroid rule joins it above the ``join`` bar. ``dormant``, ``dormant_score``: the
            same over the rows other than ``active``: where a turn that leaves the active
            thread goes, or the thread a resume marker's centroid fallback resumes. Every
            cosine is ``cosine_scores``'.
        """
        vector, matrix, index = as_scan_inputs(embedding, centroids, active)
        scores = cosine_scores(vector, matrix)
        best, best_score = -1, -math.inf
        if scores.shape[0]:
            best = int(np.argmax(scores))
            best_score = float(scores[best])
        dormant, dormant_score = -1, -math.inf
        if scores.shape[0] - (index >= 0) > 0:
            others = scores.copy()
            if index >= 0:
                others[index] = -np.inf
            dormant = int(np.argmax(others))
            dormant_score = float(others[dormant])
        return best, best_score, dormant, dormant_score

    return thread_scan


def _reference_cosines(query: Any, matrix: Any) -> npt.NDArray[np.float32]:
    from ._kernels_py import cosine_scores  # the reference's, imported when first called

    return cosine_scores(query, matrix)


thread_scan = make_thread_scan(_reference_cosines)
