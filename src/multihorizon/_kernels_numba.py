"""Numba kernels: the NumPy reference (``_kernels_py``) compiled, with the C++ algorithms.

Every name here (the text kernels: MarkerMatcher from ``_numba_text``, hash_embed from
``_numba_hashing``) has the signature and behaviour of its counterpart in
``multihorizon._kernels_py``, which stays the definition; the test suite checks the two
against each other. The algorithms are those of the C++ backend (``cpp/include/multihorizon``):
a dense Aho-Corasick automaton over folded code points, exact cosine in float64, a bounded
heap for top k, and an open-addressing table of feature hashes for the embedder.

Python functions here only validate (with the shared ``_validate`` helpers, before any work)
and convert; the loops run in ``numba.njit(cache=True, nogil=True)`` functions, so concurrent
callers overlap and a warm cache skips compilation. Importing this module raises ImportError
when numba is missing, which is how ``_backend`` knows the backend is unavailable.
"""

from __future__ import annotations

import math
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from ._context_py import make_retrieve_context
from ._intent_py import TurnScannerBase, intent_decision
from ._numba_context import pair_answers
from ._numba_hashing import hash_embed
from ._numba_int8 import DOT_BLOCK, int8_block_dots, quantize, quantize_rows, store_row
from ._numba_jit import (
    Float32Array,
    Float64Array,
    Int64Array,
    jit,
    jit_reassociating,
)
from ._numba_norm import squared_norm
from ._numba_packing import cdr_rank, pack_tiers
from ._numba_text import MarkerMatcher
from ._numba_threads import fold_turn, make_thread_scan
from ._numba_tier_p import make_tier_p_search, make_tier_p_stage
from ._persons_py import StanceReader
from ._postings_py import PostingLists
from ._retrieve_py import make_retrieve_turns
from ._settler_py import IntentSettlerBase
from ._terms_py import TermReader
from ._turn_cues_py import TurnCueReader
from ._validate import (
    as_count,
    as_current,
    as_float_matrix,
    as_float_rows,
    as_float_vector,
    as_forced_rows,
    as_half_life,
    as_int,
    as_int8_codes,
    as_postings,
    as_real,
    as_rescore,
    as_scales,
    as_thread_ids,
    as_turn_ids,
    as_unit_interval,
    is_column_major,
)

__all__ = [
    "IntentSettler",
    "MarkerMatcher",
    "PostingLists",
    "StanceReader",
    "TermReader",
    "TurnCueReader",
    "TurnScanner",
    "best_above",
    "bm25_scores",
    "cdr_rank",
    "cosine_scores",
    "fold_turn",
    "hash_embed",
    "intent_decision",
    "pack_tiers",
    "pair_answers",
    "quantize_rows",
    "recency_weights",
    "retrieve_context",
    "retrieve_turns",
    "score_turns",
    "score_turns_int8",
    "squared_norm",
    "store_row",
    "thread_scan",
    "tier_p_search",
    "tier_p_stage",
    "top_k",
]

# --------------------------------------------------------------------------------------------
# 2. Similarity: exact cosine in float64, rounded to float32 once
# --------------------------------------------------------------------------------------------


@jit_reassociating
def _norm(vector: Float32Array) -> float:
    total = 0.0
    for value in vector:
        total += np.float64(value) * np.float64(value)
    return math.sqrt(total)


@jit_reassociating
def _cosine(query: Float32Array, row: Float32Array, query_norm: float) -> np.float32:
    """One row's cosine, as the reference: 0 for a zero vector, clipped to [-1, 1].

    Float64 sums of float32 products neither overflow nor underflow, so unlike the C++
    float32 fast path this needs no exact fallback for extreme magnitudes.
    """
    dot = 0.0
    squares = 0.0
    for column in range(query.shape[0]):
        value = np.float64(row[column])
        dot += np.float64(query[column]) * value
        squares += value * value
    denominator = math.sqrt(squares) * query_norm
    if not denominator > 0.0:
        return np.float32(0.0)
    return np.float32(min(1.0, max(-1.0, dot / denominator)))


@jit
def _cosine_rows(query: Float32Array, matrix: Float32Array) -> Float32Array:
    query_norm = _norm(query)
    scores = np.empty(matrix.shape[0], dtype=np.float32)
    for row in range(matrix.shape[0]):
        scores[row] = _cosine(query, matrix[row], query_norm)
    return scores


@jit
def _ranks_before(a: int, b: int, scores: Float32Array, forced: npt.NDArray[np.bool_]) -> bool:
    """The reference's row order: forced rows first, then higher score, then lower index."""
    if forced[a] != forced[b]:
        return bool(forced[a])
    if scores[a] != scores[b]:
        return bool(scores[a] > scores[b])
    return a < b


@jit
def _sift_down(
    heap: Int64Array, size: int, at: int, scores: Float32Array, forced: npt.NDArray[np.bool_]
) -> None:
    """Restore the heap below ``at``: every parent ranks after its children."""
    while True:
        worst = at
        for child in (2 * at + 1, 2 * at + 2):
            if child < size and _ranks_before(heap[worst], heap[child], scores, forced):
                worst = child
        if worst == at:
            return
        heap[at], heap[worst] = heap[worst], heap[at]
        at = worst


@jit
def _best_rows(scores: Float32Array, forced: npt.NDArray[np.bool_], count: int) -> Int64Array:
    """The ``count`` best rows, best first, in O(n log count).

    A heap whose root is the worst row kept: a new row enters only if it ranks before the
    root. Heapsort then puts the kept rows in order. The order is total (indices break
    ties), so the result is exactly the reference's sorted prefix.
    """
    size = min(count, scores.shape[0])
    heap = np.empty(size, dtype=np.int64)
    if size == 0:
        return heap
    for row in range(size):
        heap[row] = row
    for at in range(size // 2 - 1, -1, -1):
        _sift_down(heap, size, at, scores, forced)
    for row in range(size, scores.shape[0]):
        if _ranks_before(row, heap[0], scores, forced):
            heap[0] = row
            _sift_down(heap, size, 0, scores, forced)
    for last in range(size - 1, 0, -1):
        heap[0], heap[last] = heap[last], heap[0]
        _sift_down(heap, last, 0, scores, forced)
    return heap


@jit
def _top_k(
    query: Float32Array, matrix: Float32Array, count: int
) -> tuple[Int64Array, Float32Array]:
    scores = _cosine_rows(query, matrix)
    rows = _best_rows(scores, np.zeros(scores.shape[0], dtype=np.bool_), count)
    return rows, scores[rows]


@jit
def _best_row(query: Float32Array, matrix: Float32Array) -> tuple[int, np.float32]:
    """The first row with the highest cosine and that cosine; (-1, -inf) for no rows."""
    query_norm = _norm(query)
    best = -1
    best_score = np.float32(-np.inf)
    for row in range(matrix.shape[0]):
        score = _cosine(query, matrix[row], query_norm)
        if best < 0 or score > best_score:
            best = row
            best_score = score
    return best, best_score


def cosine_scores(query: Any, matrix: Any) -> Float32Array:
    """Cosine similarity of ``query`` (d,) with every row of ``matrix`` (n, d).

    Computed in float64 and rounded to float32, clipped to [-1, 1]. A zero query or zero row
    has similarity 0 (never NaN). Inputs must be finite real arrays; float32 row-major input
    is used without a copy.
    """
    q = as_float_vector(query, "query")
    m = as_float_matrix(matrix, "matrix", q.shape[0])
    return _cosine_rows(q, m)


def top_k(query: Any, matrix: Any, k: int) -> tuple[Int64Array, Float32Array]:
    """The ``k`` rows most similar to ``query``: (indices, scores), best first.

    Ties go to the lower row index. ``k`` larger than the row count returns every row;
    ``k = 0`` returns empty arrays.
    """
    count = as_count(k, "k")
    q = as_float_vector(query, "query")
    m = as_float_matrix(matrix, "matrix", q.shape[0])
    return _top_k(q, m, min(count, m.shape[0]))  # a k past int64 is every row, as in numpy


def best_above(query: Any, matrix: Any, threshold: float) -> tuple[int, float]:
    """The most similar row if its similarity is strictly above ``threshold``.

    Returns ``(index, score)``: ``index`` is -1 when no row is above the threshold, and
    ``score`` is always the best similarity found (``-inf`` for an empty matrix).
    """
    bar = as_real(threshold, "threshold")
    q = as_float_vector(query, "query")
    m = as_float_matrix(matrix, "matrix", q.shape[0])
    best, best_score = _best_row(q, m)
    score = float(best_score)
    return (best if best >= 0 and score > bar else -1), score


# --------------------------------------------------------------------------------------------
# 3. Recency decay
# --------------------------------------------------------------------------------------------

#: Past this many halvings the weight is below float32's smallest normal: exactly 0.0.
RECENCY_MAX_HALVINGS = 126.0


@jit
def _recency(age: int, half_life: float) -> np.float32:
    # Divide like the reference (no reciprocal): the cutoff then falls on the same turn.
    halvings = np.float64(age) / half_life
    if halvings > RECENCY_MAX_HALVINGS:
        return np.float32(0.0)
    return np.float32(np.exp2(-halvings))


@jit
def _recency_weights(ids: Int64Array, current: int, half_life: float) -> Float32Array:
    weights = np.empty(ids.shape[0], dtype=np.float32)
    for row in range(ids.shape[0]):
        weights[row] = _recency(current - ids[row], half_life)
    return weights


def recency_weights(turn_ids: Any, current: int, half_life: float) -> Float32Array:
    """``0.5 ** ((current - turn_ids) / half_life)`` as float32 (SPEC-028 §3.2).

    Turn ids must lie in ``[0, current]``. A turn more than ``126 * half_life`` turns old
    gets exactly 0.0, so very old turns never produce subnormals.
    """
    now = as_current(current)
    ids = as_turn_ids(turn_ids, "turn_ids", now)
    return _recency_weights(ids, now, as_half_life(half_life))


# --------------------------------------------------------------------------------------------
# 4. Fused turn scoring (Tier C retrieval)
# --------------------------------------------------------------------------------------------


@jit
def _score_turns(
    query: Float32Array,
    embeddings: Float32Array,
    ids: Int64Array,
    current: int,
    threads: Int64Array,
    active_thread: int,
    forced_rows: Int64Array,
    half_life: float,
    multiplier: float,
    bonus: float,
    thread_weight: float,
    count: int,
) -> tuple[Int64Array, Float32Array]:
    rows = embeddings.shape[0]
    forced = np.zeros(rows, dtype=np.bool_)
    for row in forced_rows:
        forced[row] = True
    query_norm = _norm(query)
    scores = np.empty(rows, dtype=np.float32)
    for row in range(rows):
        # Relevance and recency are rounded to float32 first, exactly as the reference
        # builds them from cosine_scores and recency_weights.
        relevance = _cosine(query, embeddings[row], query_norm)
        scores[row] = _fused_row(
            relevance, row, ids, current, threads, active_thread, forced, half_life,
            multiplier, bonus, thread_weight,
        )  # fmt: skip
    best = _best_rows(scores, forced, count)
    return best, scores[best]


@jit
def _fused_row(
    relevance: np.float32,
    row: int,
    ids: Int64Array,
    current: int,
    threads: Int64Array,
    active_thread: int,
    forced: npt.NDArray[np.bool_],
    half_life: float,
    multiplier: float,
    bonus: float,
    thread_weight: float,
) -> np.float32:
    """score_turns' formula for one row, rounded to float32 once. Relevance and recency are
    float32 values first, exactly as the reference builds them."""
    active = active_thread >= 0 and threads[row] == active_thread
    # SPEC-028 §4.2 and §3.3: a forced or active row is back to full weight.
    full = forced[row] or active
    recency = 1.0 if full else np.float64(_recency(current - ids[row], half_life))
    return np.float32(
        np.float64(relevance) * (1.0 - multiplier + multiplier * recency)
        + bonus * recency
        + thread_weight * (1.0 if active else 0.0)
    )


# --------------------------------------------------------------------------------------------
# 4b. Tier C on an int8 copy of the turn log
# --------------------------------------------------------------------------------------------

Int8Array = npt.NDArray[np.int8]


@jit
def _score_turns_int8(
    query: Float32Array,
    codes: Int8Array,
    by_column: bool,
    scales: Float32Array,
    embeddings: Float32Array,
    ids: Int64Array,
    current: int,
    threads: Int64Array,
    active_thread: int,
    forced_rows: Int64Array,
    half_life: float,
    multiplier: float,
    bonus: float,
    thread_weight: float,
    count: int,
    nominees: int,
) -> tuple[Int64Array, Float32Array, int]:
    query_codes, query_scales = quantize(query.reshape(1, query.shape[0]), False)
    query_scale = np.float64(query_scales[0])
    nonzero = np.flatnonzero(query_codes[0])
    rows = codes.shape[0]
    forced = np.zeros(rows, dtype=np.bool_)
    for row in forced_rows:
        forced[row] = True
    # Pass 1: every unforced row on the int8 copy, a block of dot products at a time.
    unforced = np.flatnonzero(~forced)
    approximate = np.empty(unforced.shape[0], dtype=np.float32)
    dots = np.zeros(DOT_BLOCK, dtype=np.int64)
    for at in range(unforced.shape[0]):
        row = unforced[at]
        if at == 0 or row // DOT_BLOCK != unforced[at - 1] // DOT_BLOCK:
            start = row - row % DOT_BLOCK
            stop = min(rows, start + DOT_BLOCK)
            int8_block_dots(query_codes[0], nonzero, codes, by_column, start, stop, dots)
        dot = np.float64(dots[row % DOT_BLOCK])
        cosine = dot * query_scale * np.float64(scales[row])
        relevance = np.float32(min(1.0, max(-1.0, cosine)))
        approximate[at] = _fused_row(
            relevance, row, ids, current, threads, active_thread, forced, half_life,
            multiplier, bonus, thread_weight,
        )  # fmt: skip
    best = _best_rows(approximate, np.zeros(unforced.shape[0], dtype=np.bool_), nominees)
    marked = forced.copy()
    for at in best:
        marked[unforced[at]] = True
    rescored = np.flatnonzero(marked)  # ascending
    # Pass 2: score_turns' exact scores of the nominees and the forced rows.
    query_norm = _norm(query)
    exact = np.empty(rescored.shape[0], dtype=np.float32)
    for at in range(rescored.shape[0]):
        row = rescored[at]
        for column in range(embeddings.shape[1]):
            if not np.isfinite(embeddings[row, column]):
                return rescored[:0], exact[:0], row
        relevance = _cosine(query, embeddings[row], query_norm)
        exact[at] = _fused_row(
            relevance, row, ids, current, threads, active_thread, forced, half_life,
            multiplier, bonus, thread_weight,
        )  # fmt: skip
    order = _best_rows(exact, forced[rescored], min(count, rescored.shape[0]))
    return rescored[order], exact[order], -1


def score_turns_int8(
    query: Any,
    codes: Any,
    scales: Any,
    embeddings: Any,
    turn_ids: Any,
    *,
    current: int,
    thread_ids: Any = None,
    active_thread: int = -1,
    forced: Any = None,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
    rescore: int | None = None,
) -> tuple[Int64Array, Float32Array]:
    """``score_turns`` on the int8 copy, its best candidates rescored in float32; documented
    in ``multihorizon._kernels_py.score_turns_int8``."""
    # Checked in the reference's order, so the first bad argument named is the same.
    q = as_float_vector(query, "query")
    c = as_int8_codes(codes, "codes", q.shape[0])
    rows = c.shape[0]
    s = as_scales(scales, rows)
    m = as_float_rows(embeddings, "embeddings", rows, q.shape[0])
    now = as_current(current)
    ids = as_turn_ids(turn_ids, "turn_ids", now)
    if ids.shape[0] != rows:
        raise ValueError(f"turn_ids: expected {rows} ids (one per row), got {ids.shape[0]}")
    multiplier = as_unit_interval(recency_multiplier, "recency_multiplier")
    bonus = as_real(recency_bonus, "recency_bonus")
    thread_weight = as_real(thread_bonus, "thread_bonus")
    wanted = as_count(k, "k")
    active_id = as_int(active_thread, "active_thread")
    if not -1 <= active_id <= np.iinfo(np.int64).max:  # no int64 thread id can equal it
        active_id = -1
    threads = np.zeros(rows, dtype=np.int64)
    if thread_ids is not None:
        threads = as_thread_ids(thread_ids, rows)
    elif active_id >= 0:
        active_id = -1
    forced_rows = np.zeros(0, dtype=np.int64)
    if forced is not None:
        forced_rows = as_forced_rows(forced, rows)
    life = as_half_life(half_life)
    extra = as_rescore(rescore, wanted)
    found, scores, bad_row = _score_turns_int8(
        q, c, is_column_major(c), s, m, ids, now, threads, active_id, forced_rows,
        life, multiplier, bonus, thread_weight, min(wanted, rows), min(max(extra, wanted), rows),
    )  # fmt: skip
    if bad_row >= 0:
        raise ValueError(f"embeddings: contains non-finite values (NaN or inf) in row {bad_row}")
    return found, scores


def score_turns(
    query: Any,
    embeddings: Any,
    turn_ids: Any,
    *,
    current: int,
    thread_ids: Any = None,
    active_thread: int = -1,
    forced: Any = None,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
) -> tuple[Int64Array, Float32Array]:
    """Rank the turns of a turn log for one query and return the top ``k``.

    The formula is documented in ``multihorizon._kernels_py.score_turns``. Forced rows come
    first (by score), then the rest by score descending; ties go to the lower row. Returns
    ``(row indices int64, scores float32)``.
    """
    # Checked in the reference's order, so the first bad argument named is the same.
    q = as_float_vector(query, "query")
    m = as_float_matrix(embeddings, "embeddings", q.shape[0])
    rows = m.shape[0]
    now = as_current(current)
    ids = as_turn_ids(turn_ids, "turn_ids", now)
    if ids.shape[0] != rows:
        raise ValueError(f"turn_ids: expected {rows} ids (one per row), got {ids.shape[0]}")
    multiplier = as_unit_interval(recency_multiplier, "recency_multiplier")
    bonus = as_real(recency_bonus, "recency_bonus")
    thread_weight = as_real(thread_bonus, "thread_bonus")
    count = min(as_count(k, "k"), rows)  # a k past int64 is every row, as in numpy
    active_id = as_int(active_thread, "active_thread")
    if not -1 <= active_id <= np.iinfo(np.int64).max:  # no int64 thread id can equal it
        active_id = -1
    # Without thread ids no turn is in the active thread: -1 says so to the kernel.
    threads = np.zeros(rows, dtype=np.int64)
    if thread_ids is not None:
        threads = as_thread_ids(thread_ids, rows)
    elif active_id >= 0:
        active_id = -1
    forced_rows = np.zeros(0, dtype=np.int64)
    if forced is not None:
        forced_rows = as_forced_rows(forced, rows)
    life = as_half_life(half_life)
    return _score_turns(
        q,
        m,
        ids,
        now,
        threads,
        active_id,
        forced_rows,
        life,
        multiplier,
        bonus,
        thread_weight,
        count,
    )


# ---- BM25 -------------------------------------------------------------------------------


@numba.njit(cache=True, nogil=True)
def _bm25(
    postings: Int64Array, offsets: Int64Array, lengths: Float64Array, k1: float, b: float
) -> tuple[Float64Array, int]:
    count = lengths.shape[0]
    scores = np.zeros(count, dtype=np.float64)
    total = 0.0
    for doc in range(count):
        total += lengths[doc]
    if postings.shape[0] == 0:
        return scores, -1
    if count == 0 or total <= 0.0:
        return scores, 0
    inverse_average = count / total
    for term in range(offsets.shape[0] - 1):
        begin, end = offsets[term], offsets[term + 1]
        frequency = float(end - begin)
        idf = math.log1p((count - frequency + 0.5) / (frequency + 0.5))
        for i in range(begin, end):
            doc = postings[i]
            if doc < 0 or doc >= count:
                return scores, i
            norm = 1.0 - b + b * lengths[doc] * inverse_average
            scores[doc] += idf * (k1 + 1.0) / (1.0 + k1 * norm)
    return scores, -1


def bm25_scores(
    postings: Any, offsets: Any, lengths: Any, *, k1: float = 1.2, b: float = 0.75
) -> Float64Array:
    post, offs, lens = as_postings(postings, offsets, lengths)
    saturation_k = as_real(k1, "k1")
    if saturation_k < 0:
        raise ValueError(f"k1: must be >= 0, got {saturation_k}")
    scores, bad = _bm25(post, offs, lens, saturation_k, as_unit_interval(b, "b"))
    if bad >= 0:
        raise ValueError(f"postings: document {int(post[bad])} is outside [0, len(lengths))")
    return scores


# --------------------------------------------------------------------------------------------
# The turn scanner: the reference's cue logic and §5.2 decision (not numeric work) over this
# backend's matcher, cosine and hashing kernels
# --------------------------------------------------------------------------------------------


class TurnScanner(TurnScannerBase):
    """``multihorizon._intent_py.TurnScannerBase`` over the Numba kernels."""

    matcher_type = MarkerMatcher
    best_above = staticmethod(best_above)
    hash_embed = staticmethod(hash_embed)
    squared_norm = staticmethod(squared_norm)


class IntentSettler(IntentSettlerBase):
    """``multihorizon._settler_py.IntentSettlerBase`` over the Numba kernels."""

    hash_embed = staticmethod(hash_embed)


#: Tier C's whole ranking (``_retrieve_py`` defines it) over this module's turn scorers.
retrieve_turns = make_retrieve_turns(score_turns, score_turns_int8)
#: Tier C's stage in one call (``_context_py`` defines it) over the compiled pairing walk.
retrieve_context = make_retrieve_context(retrieve_turns, pair_answers)
tier_p_stage = make_tier_p_stage(score_turns_int8)
thread_scan = make_thread_scan(_cosine_rows)  # the placement's array work (``_threads_py``)
#: Its search half alone (run before the turn's intent is known).
tier_p_search = make_tier_p_search(score_turns_int8)
