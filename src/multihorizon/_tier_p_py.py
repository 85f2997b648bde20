"""NumPy reference of Tier P's fused stage (issue 14): one query over a store searched
exactly, from the int8 search to the CDR ranking, in one call over the store's arrays.

``KnowledgeStore.nearest`` followed by ``knowledge_cdr.rank_cdr`` made the same values in
about thirty NumPy calls a turn (the search, the live filter, the relevance floor, the
gathers, the delivered filter over fact ids, the coverage product, the CDR kernel and the
reordering); each costs two to three times its warm time inside a turn. Here the whole stage
is one kernel call: the C++ (``cpp/include/multihorizon/tier_p.hpp``) and Numba
(``_numba_tier_p``) twins make the same bits. The coverage dot products stay NumPy's
(``rows.astype(float64) @ weighted``, the product ``CoverageSet.coverage`` makes, over the
same rows): BLAS's sum for a row can depend on the rows given with it, so every backend asks
NumPy for it.

The checks (``as_stage_inputs``) are shared with the Numba backend; the C++ binding applies
the same rules with the same messages.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._packing_py import cdr_rank
from ._validate import as_count, as_float_vector, as_real

__all__ = [
    "SearchResult",
    "StageResult",
    "as_search_inputs",
    "as_stage_inputs",
    "found_rows",
    "make_tier_p_search",
    "make_tier_p_stage",
    "tier_p_search_over",
    "tier_p_stage_over",
]

Float64Array = npt.NDArray[np.float64]
Int64Array = npt.NDArray[np.int64]
#: (labels, relevance, novelty, recency, score, vectors), best first.
StageResult = tuple[
    Int64Array, Float64Array, Float64Array, Float64Array, Float64Array, npt.NDArray[np.float32]
]
#: (labels, cosines, covered): the search half's, in search order (best first).
SearchResult = tuple[Int64Array, npt.NDArray[np.float32], Float64Array]


def _label_flags(value: Any, name: str, rows: int) -> npt.NDArray[np.bool_]:
    array = np.asarray(value)
    flags = array.dtype == np.bool_ or array.dtype == np.uint8
    if not flags or array.ndim != 1 or array.shape[0] < rows:
        raise ValueError(f"{name}: expected a 1-d bool array of at least {rows} values")
    return array.astype(np.bool_, copy=False)


def as_stage_inputs(
    rows: int,
    dim: int,
    live: Any,
    count: Any,
    dead: Any,
    min_relevance: Any,
    delivered: Any,
    columns: Any,
    weighted: Any,
    depth_sum: Any,
) -> tuple[
    npt.NDArray[np.bool_],
    int,
    int,
    float,
    npt.NDArray[np.bool_] | None,
    Float64Array,
    Float64Array | None,
    float,
]:
    """The stage's own arguments checked (the search's and CDR's are checked by
    ``score_turns_int8`` and ``cdr_rank``): ``ValueError`` naming the argument."""
    flags, wanted, dead_count, floor = _search_terms(rows, live, count, dead, min_relevance)
    mask = None if delivered is None else _label_flags(delivered, "delivered", rows)
    table = np.asarray(columns)
    if table.ndim != 2 or table.shape[0] != 3 or table.shape[1] < rows:
        raise ValueError(f"columns: expected shape (3, >= {rows})")
    table = np.ascontiguousarray(table, dtype=np.float64)
    weights, depth = _coverage_terms(dim, weighted, depth_sum)
    return flags, wanted, dead_count, floor, mask, table, weights, depth


def as_search_inputs(
    rows: int,
    dim: int,
    live: Any,
    count: Any,
    dead: Any,
    min_relevance: Any,
    weighted: Any,
    depth_sum: Any,
) -> tuple[npt.NDArray[np.bool_], int, int, float, Float64Array | None, float]:
    """``tier_p_search``'s own arguments checked (``as_stage_inputs``' rules, in its order,
    without the ranking's ``delivered`` and ``columns``)."""
    flags, wanted, dead_count, floor = _search_terms(rows, live, count, dead, min_relevance)
    weights, depth = _coverage_terms(dim, weighted, depth_sum)
    return flags, wanted, dead_count, floor, weights, depth


def _search_terms(
    rows: int, live: Any, count: Any, dead: Any, min_relevance: Any
) -> tuple[npt.NDArray[np.bool_], int, int, float]:
    flags = _label_flags(live, "live", rows)
    wanted, dead_count = as_count(count, "count"), as_count(dead, "dead")
    return flags, wanted, dead_count, as_real(min_relevance, "min_relevance")


def _coverage_terms(dim: int, weighted: Any, depth_sum: Any) -> tuple[Float64Array | None, float]:
    depth = as_real(depth_sum, "depth_sum")
    if not depth >= 0.0:
        raise ValueError("depth_sum: expected a finite value >= 0")
    weights = None
    if depth != 0.0:
        weights = np.ascontiguousarray(weighted, dtype=np.float64)
        if weights.ndim != 1 or weights.shape[0] != dim:
            raise ValueError(f"weighted: expected {dim} values")
    return weights, depth


def found_rows(
    vectors: Any, labels: Int64Array, weighted: Float64Array | None, depth_sum: float
) -> tuple[npt.NDArray[np.float32], Float64Array]:
    """The found labels' float32 rows and their coverage (``coverage_of``): the search half's
    last step, shared by ``tier_p_search`` and ``tier_p_stage`` on every backend."""
    found = np.asarray(vectors, dtype=np.float32)[labels]
    return found, coverage_of(found, weighted, depth_sum)


def coverage_of(
    rows: npt.NDArray[np.float32], weighted: Float64Array | None, depth_sum: float
) -> Float64Array:
    """SPEC-024 §2.2 coverage of each row: ``CoverageSet.coverage``'s very product (zeros
    while nothing was delivered)."""
    if depth_sum == 0.0 or weighted is None:
        return np.zeros(rows.shape[0])
    covered: Float64Array = (rows.astype(np.float64) @ weighted) / depth_sum
    return covered


def tier_p_stage_over(
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
    """Tier P for one query over a store searched exactly, best first (``tier_p_stage`` is
    this over the backend's ``score_turns_int8``).

    ``query``: the unit query vector. ``codes, scales, vectors, turn_ids``: the store's int8
    copy by label (row or column layout), its float32 unit rows and a zero turn id per row, as
    ``score_turns_int8`` takes them. ``live``: a bool per label (at least one per row), False
    for DELETED or QUARANTINED (SPEC-009 §8). ``count``: how many nearest retrievable labels;
    ``dead``: how many labels are not retrievable. ``min_relevance``: SPEC-024 §7.1's floor,
    compared in float32 as NumPy compares the float32 cosines with a Python float.
    ``delivered``: a bool per label, True for a fact the session was already given (SPEC-003
    §14: left out of the ranking), or None. ``columns``: float64 (3, >= rows), per label its
    ``importance_weight``, ttl (NaN: does not age) and ``modified_at`` (NaN: now).
    ``weighted, depth_sum``: the coverage set's depth-weighted sum of delivered vectors and its
    depth sum (0: nothing delivered, ``weighted`` not read). ``now, novelty,
    partial_floor``: as ``cdr_rank`` takes them.

    Returns ``(labels, relevance, novelty, recency, score, vectors)``: the ranked facts'
    labels (int64), best CDR score first, equal scores in the search's order (cosine, then
    the lower label); their cosines and CDR factors (float64, ``cdr_rank``'s); their float32
    rows. The same values as ``KnowledgeStore.nearest`` (exact search) followed by
    ``knowledge_cdr.rank_cdr`` with ``keep`` the facts not delivered: the coverage is made
    over every found row, delivered or not, before the delivered are left out.
    """
    q = as_float_vector(query, "query")
    rows = np.asarray(vectors).shape[0] if np.ndim(vectors) == 2 else 0
    flags, wanted, dead_count, floor, mask, table, weights, depth = as_stage_inputs(
        rows, q.shape[0], live, count, dead, min_relevance, delivered, columns,
        weighted, depth_sum,
    )  # fmt: skip
    labels, cosines = _search(
        score_turns_int8, q, codes, scales, vectors, turn_ids, flags, wanted, dead_count, floor
    )
    found, covered = found_rows(vectors, labels, weights, depth)
    if mask is not None:
        kept = np.flatnonzero(~mask[labels])
        labels, cosines, covered, found = labels[kept], cosines[kept], covered[kept], found[kept]
    relevance = cosines.astype(np.float64)
    importance, ttl, modified = table[:, labels]
    novelties, recency, scores, order = cdr_rank(
        relevance, covered, importance, ttl, modified, now, novelty, partial_floor
    )
    return (
        labels[order].astype(np.int64),
        relevance[order],
        novelties[order],
        recency[order],
        scores[order],
        found[order],
    )


def _search(
    score_turns_int8: Callable[..., Any],
    q: npt.NDArray[np.float32],
    codes: Any,
    scales: Any,
    vectors: Any,
    turn_ids: Any,
    flags: npt.NDArray[np.bool_],
    wanted: int,
    dead_count: int,
    floor: float,
) -> tuple[Int64Array, npt.NDArray[np.float32]]:
    """The search: ``KnowledgeStore._knn``'s exact pass (``ExactRows.search``), the first
    ``wanted`` retrievable labels, then the floor."""
    rows = np.asarray(vectors).shape[0] if np.ndim(vectors) == 2 else 0
    labels, cosines = score_turns_int8(
        q, codes, scales, vectors, turn_ids, current=0, recency_multiplier=0.0,
        k=min(rows, wanted + dead_count),
    )  # fmt: skip
    if dead_count:
        alive = flags[labels]
        labels, cosines = labels[alive], cosines[alive]
    labels, cosines = labels[:wanted], cosines[:wanted]
    above = cosines >= floor  # float32 cosines against a Python float: in float32
    return labels[above].astype(np.int64), cosines[above].astype(np.float32)


def tier_p_search_over(
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
    """Tier P's search half for one query (``tier_p_search`` is this over the backend's
    ``score_turns_int8``): the part of ``tier_p_stage`` that depends on nothing but the query
    and the session's coverage, so it can run before the turn's intent is known (issue 14:
    on the assembler's worker, beside ``Session.plan``). Arguments as ``tier_p_stage``'s.

    Returns ``(labels, cosines, covered)`` in search order (cosine, then the lower label):
    the ``count`` nearest retrievable labels at or above the floor (int64), their float32
    cosines and each one's coverage (float64, the very product ``tier_p_stage`` makes, over
    every found row). ``tier_p_stage`` is this, then the delivered labels left out and
    ``cdr_rank`` over the rest in this order."""
    q = as_float_vector(query, "query")
    rows = np.asarray(vectors).shape[0] if np.ndim(vectors) == 2 else 0
    flags, wanted, dead_count, floor, weights, depth = as_search_inputs(
        rows, q.shape[0], live, count, dead, min_relevance, weighted, depth_sum
    )
    labels, cosines = _search(
        score_turns_int8, q, codes, scales, vectors, turn_ids, flags, wanted, dead_count, floor
    )
    return labels, cosines, found_rows(vectors, labels, weights, depth)[1]


def make_tier_p_search(score_turns_int8: Callable[..., Any]) -> Callable[..., SearchResult]:
    """``tier_p_search`` (``tier_p_search_over``) over a backend's ``score_turns_int8``."""
    return functools.partial(tier_p_search_over, score_turns_int8)


def make_tier_p_stage(score_turns_int8: Callable[..., Any]) -> Callable[..., StageResult]:
    """``tier_p_stage`` (``tier_p_stage_over``) over a backend's ``score_turns_int8``."""
    return functools.partial(tier_p_stage_over, score_turns_int8)
