"""The Numba twin of Tier P's fused stage (``_tier_p_py``: the definition and its docstring):
the backend's int8 search, then the live filter and floor, and the delivered mask and the
CDR ranking each in one compiled loop, the loops of the C++ backend
(``cpp/include/multihorizon/tier_p.hpp``); the coverage product is NumPy's, as in both."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._numba_jit import Float32Array, Float64Array, Int64Array, jit
from ._numba_packing import cdr_rank
from ._tier_p_py import SearchResult, StageResult, as_search_inputs, as_stage_inputs, found_rows
from ._validate import as_float_vector

__all__ = ["make_tier_p_search", "make_tier_p_stage"]


@jit
def _found(
    labels: Int64Array,
    cosines: Float32Array,
    live: npt.NDArray[np.bool_],
    dead: int,
    wanted: int,
    floor: np.float32,
) -> int:
    """Moves the first ``wanted`` live labels at or above the floor to the front; how many."""
    taken = 0
    for i in range(labels.shape[0]):
        if taken == wanted:
            break
        if dead and not live[labels[i]]:
            continue
        labels[taken] = labels[i]
        cosines[taken] = cosines[i]
        taken += 1
    kept = 0
    while kept < taken and cosines[kept] >= floor:
        kept += 1
    return kept


@jit
def _undelivered(labels: Int64Array, delivered: npt.NDArray[np.bool_]) -> Int64Array:
    kept = np.empty(labels.shape[0], dtype=np.int64)
    count = 0
    for i in range(labels.shape[0]):
        if not delivered[labels[i]]:
            kept[count] = i
            count += 1
    return kept[:count]


@jit
def _gather(
    labels: Int64Array, columns: Float64Array
) -> tuple[Float64Array, Float64Array, Float64Array]:
    count = labels.shape[0]
    importance = np.empty(count, dtype=np.float64)
    ttl = np.empty(count, dtype=np.float64)
    modified = np.empty(count, dtype=np.float64)
    for i in range(count):
        importance[i] = columns[0, labels[i]]
        ttl[i] = columns[1, labels[i]]
        modified[i] = columns[2, labels[i]]
    return importance, ttl, modified


def _searched(
    score_turns_int8: Callable[..., Any],
    q: Float32Array,
    codes: Any,
    scales: Any,
    vectors: Any,
    turn_ids: Any,
    flags: npt.NDArray[np.bool_],
    wanted: int,
    dead_count: int,
    floor: float,
) -> tuple[Int64Array, Float32Array]:
    """The backend's int8 search, then the live filter and the floor in one compiled loop."""
    rows = np.asarray(vectors).shape[0] if np.ndim(vectors) == 2 else 0
    labels, cosines = score_turns_int8(
        q, codes, scales, vectors, turn_ids, current=0, recency_multiplier=0.0,
        k=min(rows, wanted + dead_count),
    )  # fmt: skip
    labels = np.ascontiguousarray(labels, dtype=np.int64)
    cosines = np.ascontiguousarray(cosines, dtype=np.float32)
    kept = _found(labels, cosines, flags, dead_count, wanted, np.float32(floor))
    return labels[:kept], cosines[:kept]


def _search(
    score_turns_int8: Callable[..., Any],
    query: Any,
    codes: Any,
    scales: Any,
    vectors: Any,
    turn_ids: Any,
    live: Any,
    count: Any,
    dead: Any,
    min_relevance: Any,
    weighted: Any,
    depth_sum: Any,
) -> SearchResult:
    """Tier P's search half for one query (``_tier_p_py.tier_p_search_over``'s)."""
    q = as_float_vector(query, "query")
    rows = np.asarray(vectors).shape[0] if np.ndim(vectors) == 2 else 0
    flags, wanted, dead_count, floor, weights, depth = as_search_inputs(
        rows, q.shape[0], live, count, dead, min_relevance, weighted, depth_sum
    )
    labels, cosines = _searched(
        score_turns_int8, q, codes, scales, vectors, turn_ids, flags, wanted, dead_count, floor
    )
    return labels, cosines, found_rows(vectors, labels, weights, depth)[1]


def _stage(
    score_turns_int8: Callable[..., Any],
    query: Any,
    codes: Any,
    scales: Any,
    vectors: Any,
    turn_ids: Any,
    live: Any,
    count: Any,
    dead: Any,
    min_relevance: Any,
    delivered: Any,
    columns: Any,
    weighted: Any,
    depth_sum: Any,
    now: Any,
    novelty: Any,
    partial_floor: Any,
) -> StageResult:
    """Tier P for one query over a store searched exactly (``_tier_p_py``'s)."""
    q = as_float_vector(query, "query")
    rows = np.asarray(vectors).shape[0] if np.ndim(vectors) == 2 else 0
    flags, wanted, dead_count, floor, mask, table, weights, depth = as_stage_inputs(
        rows, q.shape[0], live, count, dead, min_relevance, delivered, columns,
        weighted, depth_sum,
    )  # fmt: skip
    labels, cosines = _searched(
        score_turns_int8, q, codes, scales, vectors, turn_ids, flags, wanted, dead_count, floor
    )
    found, covered = found_rows(vectors, labels, weights, depth)
    if mask is not None:
        rows_kept = _undelivered(labels, mask)
        labels, cosines = labels[rows_kept], cosines[rows_kept]
        covered, found = covered[rows_kept], found[rows_kept]
    relevance = cosines.astype(np.float64)
    importance, ttl, modified = _gather(labels, table)
    novelties, recency, scores, order = cdr_rank(
        relevance, covered, importance, ttl, modified, now, novelty, partial_floor
    )
    return (
        labels[order],
        relevance[order],
        novelties[order],
        recency[order],
        scores[order],
        found[order],
    )


def make_tier_p_search(score_turns_int8: Callable[..., Any]) -> Callable[..., SearchResult]:
    """``tier_p_search`` over the Numba ``score_turns_int8``."""
    return functools.partial(_search, score_turns_int8)


def make_tier_p_stage(score_turns_int8: Callable[..., Any]) -> Callable[..., StageResult]:
    """``tier_p_stage`` over the Numba ``score_turns_int8``."""
    return functools.partial(_stage, score_turns_int8)
