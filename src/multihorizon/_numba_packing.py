"""The Numba twins of the assembler's stage kernels (``_packing_py``: the definition and its
docstrings): the same float64 operations in the same order, so the same bits; the loops of
the C++ backend (``cpp/include/multihorizon/packing.hpp``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._numba_jit import Float64Array, Int64Array, jit
from ._packing_py import as_cdr_columns, as_pack_inputs

__all__ = ["cdr_rank", "pack_tiers"]


@jit
def _cdr_rank(
    relevance: Float64Array,
    coverage: Float64Array,
    importance: Float64Array,
    ttl: Float64Array,
    modified: Float64Array,
    now: float,
    novelty: int,
    partial_floor: float,
) -> tuple[Float64Array, Float64Array, Float64Array, Int64Array]:
    count = relevance.shape[0]
    novelties = np.empty(count, dtype=np.float64)
    recency = np.empty(count, dtype=np.float64)
    scores = np.empty(count, dtype=np.float64)
    for i in range(count):
        full = max(1.0 - min(coverage[i], 0.80), 0.20)
        if novelty == 1:
            novelties[i] = full
        elif novelty == 2:
            novelties[i] = partial_floor + (1.0 - partial_floor) * full
        else:
            novelties[i] = 1.0
        factor = 1.0
        if not np.isnan(ttl[i]):
            moment = now if np.isnan(modified[i]) else modified[i]
            age = max(0.0, now - moment)
            half = ttl[i] / 2.0
            if age <= half:
                factor = 1.0
            elif age >= ttl[i]:
                factor = 0.30
            else:
                factor = 1.0 - 0.7 * (age - half) / half
        recency[i] = factor
        scores[i] = importance[i] * relevance[i] * novelties[i] * factor
    order = np.argsort(-scores, kind="mergesort").astype(np.int64)  # stable
    return novelties, recency, scores, order


def cdr_rank(
    relevance: Any,
    coverage: Any,
    importance: Any,
    ttl: Any,
    modified: Any,
    now: float,
    novelty: int,
    partial_floor: float,
) -> tuple[Float64Array, Float64Array, Float64Array, Int64Array]:
    """SPEC-024 §7.1 CDR over one query's candidates, ranked (``_packing_py.cdr_rank``)."""
    return _cdr_rank(
        *as_cdr_columns(relevance, coverage, importance, ttl, modified, now, novelty, partial_floor)
    )


@jit
def _share(tokens: Int64Array, tiers: Int64Array, weights: Float64Array, budget: int) -> Any:
    tier_count = weights.shape[0]
    count = tokens.shape[0]
    taken = np.zeros(count, dtype=np.bool_)
    used = np.zeros(tier_count, dtype=np.int64)
    left_out = np.zeros(tier_count, dtype=np.int64)
    for i in range(count):
        left_out[tiers[i]] += 1
    free = budget
    for _ in range(8):
        weight = 0.0
        opened = 0
        for t in range(tier_count):
            if weights[t] > 0 and left_out[t] > 0:
                weight += weights[t]
                opened += 1
        if free < 1 or opened == 0 or weight <= 0:
            break
        for t in range(tier_count):
            if not (weights[t] > 0 and left_out[t] > 0):
                continue
            allowance = float(used[t]) + float(free) * weights[t] / weight
            for i in range(count):
                if tiers[i] == t and not taken[i] and float(used[t] + tokens[i]) <= allowance:
                    taken[i] = True
                    used[t] += tokens[i]
                    left_out[t] -= 1
        left = budget - used.sum()
        if left == free:
            break
        free = left
    return taken


@jit
def _pack_tiers(
    tokens: Int64Array,
    scores: Float64Array,
    tiers: Int64Array,
    weights: Float64Array,
    groups: Int64Array,
    group_weights: Float64Array,
    budget: int,
) -> Int64Array:
    taken = _share(tokens, tiers, weights, budget)
    chosen = np.empty(int(taken.sum()), dtype=np.int64)
    n = 0
    for t in range(weights.shape[0]):
        for i in range(tokens.shape[0]):
            if taken[i] and tiers[i] == t:
                chosen[n] = i
                n += 1
    best = np.zeros(group_weights.shape[0], dtype=np.float64)
    for member in chosen:
        g = groups[tiers[member]]
        best[g] = max(best[g], scores[member])
    keys = np.empty(n, dtype=np.float64)
    for position in range(n):
        i = chosen[position]
        g = groups[tiers[i]]
        top = 1.0 if best[g] == 0.0 else best[g]
        keys[position] = -(group_weights[g] * scores[i] / top)
    ranked = chosen[np.argsort(keys, kind="mergesort")]  # stable
    if n <= 2:
        return ranked
    third = max(1, n // 3)
    order = np.empty(n, dtype=np.int64)
    out = 0
    order[out] = ranked[0]
    out += 1
    for position in range(2 * third, n):
        order[out] = ranked[position]
        out += 1
    for position in range(third, 2 * third):
        order[out] = ranked[position]
        out += 1
    for position in range(third - 1, 0, -1):
        order[out] = ranked[position]
        out += 1
    return order


def pack_tiers(
    tokens: Any,
    scores: Any,
    tiers: Any,
    weights: Any,
    groups: Any,
    group_weights: Any,
    budget: int,
) -> Int64Array:
    """Every tier packed into the budget, in sandwich order (``_packing_py.pack_tiers``)."""
    return _pack_tiers(
        *as_pack_inputs(tokens, scores, tiers, weights, groups, group_weights, budget)
    )
