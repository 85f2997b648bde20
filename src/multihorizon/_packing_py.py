"""NumPy reference of the assembler's two coarse stage kernels (issue 14): Tier P's CDR
ranking of one query's candidates, and the packing of every tier's candidates into the
budget with the sandwich order. The C++ (``cpp/include/multihorizon/packing.hpp``) and
Numba (``_numba_packing``) twins compute the same values bit for bit: every operation here
is elementwise in float64, in the order written, with no reduction whose summation order a
library could choose.

The checks (``as_cdr_columns``, ``as_pack_inputs``) are shared with the Numba backend; the
C++ bindings apply the same rules with the same messages.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ._validate import as_int, as_real

__all__ = [
    "NOVELTY_MODES",
    "as_cdr_columns",
    "as_pack_inputs",
    "cdr_rank",
    "pack_tiers",
]

#: ``cdr_rank``'s ``novelty``: 0 off, 1 on, 2 partial (SPEC-028 §5.3's "partial", CONTINUE).
NOVELTY_MODES = (0, 1, 2)

Float64Array = npt.NDArray[np.float64]
Int64Array = npt.NDArray[np.int64]


def _column(value: Any, name: str, size: int | None, *, nan_ok: bool = False) -> Float64Array:
    try:
        array = np.ascontiguousarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name}: cannot be read as a float64 array ({exc})") from None
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a 1-d array, got {array.ndim}-d")
    if size is not None and array.shape[0] != size:
        raise ValueError(f"{name}: expected {size} values, got {array.shape[0]}")
    bad = np.isinf(array) if nan_ok else ~np.isfinite(array)
    if bad.any():
        raise ValueError(f"{name}: contains non-finite values")
    return array


def _indices(value: Any, name: str, size: int | None, limit: int) -> Int64Array:
    array = np.asarray(value)
    if array.size and array.dtype.kind not in "iu":
        raise ValueError(f"{name}: expected integers, got dtype {array.dtype}")
    array = np.ascontiguousarray(array, dtype=np.int64)
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a 1-d array, got {array.ndim}-d")
    if size is not None and array.shape[0] != size:
        raise ValueError(f"{name}: expected {size} values, got {array.shape[0]}")
    if array.size and (array.min() < 0 or array.max() >= limit):
        raise ValueError(f"{name}: every value must lie in [0, {limit})")
    return array


def as_cdr_columns(
    relevance: Any,
    coverage: Any,
    importance: Any,
    ttl: Any,
    modified: Any,
    now: Any,
    novelty: Any,
    partial_floor: Any,
) -> tuple[Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, float, int, float]:
    """``cdr_rank``'s arguments checked and converted (``ValueError`` naming the argument)."""
    rel = _column(relevance, "relevance", None)
    size = rel.shape[0]
    cov = _column(coverage, "coverage", size)
    weight = _column(importance, "importance", size)
    ttls = _column(ttl, "ttl", size, nan_ok=True)
    mods = _column(modified, "modified", size, nan_ok=True)
    if np.any(ttls <= 0):
        raise ValueError("ttl: every ttl must be > 0 (NaN: the fact does not age)")
    moment = as_real(now, "now")
    mode = as_int(novelty, "novelty")
    if mode not in NOVELTY_MODES:
        raise ValueError(f"novelty: expected 0 (off), 1 (on) or 2 (partial), got {mode}")
    floor = as_real(partial_floor, "partial_floor")
    if not 0.0 <= floor <= 1.0:
        raise ValueError(f"partial_floor: expected a value in [0, 1], got {floor}")
    return rel, cov, weight, ttls, mods, moment, mode, floor


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
    """SPEC-024 §7.1 CDR over one query's candidates, ranked.

    Parameters
    ----------
    relevance, coverage, importance : float64 arrays of one length
        Each candidate's relevance (its cosine, or a document task's pull), its coverage by
        what the session was already given (SPEC-024 §2.2) and its ``importance_weight``.
    ttl, modified : float64 arrays
        SPEC-027 §3.2 terms: TTL seconds (NaN: the fact does not age) and ``modified_at``
        (NaN: now).
    now : float
        The clock (POSIX seconds).
    novelty : int
        0 off (every novelty 1), 1 on (``max(1 - min(coverage, 0.80), 0.20)``), 2 partial
        (``partial_floor + (1 - partial_floor) x`` the full novelty, SPEC-028 §5.3).
    partial_floor : float
        In [0, 1].

    Returns
    -------
    novelty, recency, score : float64 arrays
        ``score = importance x relevance x novelty x recency``; recency 1.0 while the age is
        at most ttl/2, then down linearly to 0.30 at ttl, 0.30 after.
    order : int64 array
        Candidate indices by score, best first; equal scores keep the input order.
    """
    rel, cov, weight, ttls, mods, moment, mode, floor = as_cdr_columns(
        relevance, coverage, importance, ttl, modified, now, novelty, partial_floor
    )
    full = np.maximum(1.0 - np.minimum(cov, 0.80), 0.20)
    if mode == 1:
        novelties = full
    elif mode == 2:
        novelties = floor + (1.0 - floor) * full
    else:
        novelties = np.ones_like(cov)
    with np.errstate(invalid="ignore"):
        age = np.maximum(0.0, moment - np.where(np.isnan(mods), moment, mods))
        half = ttls / 2.0
        ramp = 1.0 - 0.7 * (age - half) / half
        recency = np.where(age <= half, 1.0, np.where(age >= ttls, 0.30, ramp))
    recency[np.isnan(ttls)] = 1.0
    scores = weight * rel * novelties * recency
    order = np.argsort(-scores, kind="stable").astype(np.int64)
    return novelties, recency, scores, order


def as_pack_inputs(
    tokens: Any,
    scores: Any,
    tiers: Any,
    weights: Any,
    groups: Any,
    group_weights: Any,
    budget: Any,
) -> tuple[Int64Array, Float64Array, Int64Array, Float64Array, Int64Array, Float64Array, int]:
    """``pack_tiers``'s arguments checked and converted (``ValueError`` naming the argument)."""
    counts = np.asarray(tokens)
    if counts.size and counts.dtype.kind not in "iu":
        raise ValueError(f"tokens: expected integers, got dtype {counts.dtype}")
    counts = np.ascontiguousarray(counts, dtype=np.int64)
    if counts.ndim != 1:
        raise ValueError(f"tokens: expected a 1-d array, got {counts.ndim}-d")
    if counts.size and counts.min() < 0:
        raise ValueError("tokens: every count must be >= 0")
    size = counts.shape[0]
    score = _column(scores, "scores", size)
    tier_weights = _column(weights, "weights", None)
    if np.any(tier_weights < 0):
        raise ValueError("weights: every weight must be >= 0")
    tier_count = tier_weights.shape[0]
    tier_of = _indices(tiers, "tiers", size, tier_count)
    strengths = _column(group_weights, "group_weights", None)
    group_of = _indices(groups, "groups", tier_count, max(strengths.shape[0], 0))
    total = as_int(budget, "budget")
    if total < 0:
        raise ValueError(f"budget: expected an int >= 0, got {total}")
    return counts, score, tier_of, tier_weights, group_of, strengths, total


def _share(
    tokens: Int64Array, tiers: Int64Array, weights: Float64Array, budget: int
) -> npt.NDArray[np.bool_]:
    """SPEC-028 §2.2 with SPEC-003 §7.3: the budget split by weight, each tier greedy in its
    rank order (what does not fit is skipped, the walk goes on); tokens a tier leaves
    unused flow to the tiers that still have candidates, by weight, until nothing moves
    (at most 8 rounds). Allowances sum to at most the budget."""
    tier_count = weights.shape[0]
    taken = [False] * tokens.shape[0]
    counts = tokens.tolist()
    members = [np.flatnonzero(tiers == t).tolist() for t in range(tier_count)]
    used = [0] * tier_count
    left_out = [len(rows) for rows in members]
    free = budget
    for _ in range(8):
        open_tiers = [t for t in range(tier_count) if weights[t] > 0 and left_out[t] > 0]
        weight = 0.0
        for t in open_tiers:
            weight += float(weights[t])
        if free < 1 or not open_tiers or weight <= 0:
            break
        for t in open_tiers:
            allowance = used[t] + free * float(weights[t]) / weight
            for index in members[t]:  # the tier's candidates in rank order
                if not taken[index] and used[t] + counts[index] <= allowance:
                    taken[index] = True
                    used[t] += counts[index]
                    left_out[t] -= 1
        left = budget - sum(used)
        if left == free:
            break
        free = left
    return np.array(taken, dtype=bool)


def pack_tiers(
    tokens: Any,
    scores: Any,
    tiers: Any,
    weights: Any,
    groups: Any,
    group_weights: Any,
    budget: int,
) -> Int64Array:
    """Pack every tier's candidates into ``budget`` and order what is taken (SPEC-028 §2.2,
    SPEC-003 §7.3-§7.4).

    Parameters
    ----------
    tokens : int64 array
        Each candidate's tokens (>= 0); a tier's candidates are in its rank order.
    scores : float64 array
        Each candidate's score in its tier.
    tiers : int64 array
        Each candidate's tier, an index into ``weights``.
    weights : float64 array
        Each tier's share of the budget (>= 0; a tier of weight 0 takes nothing).
    groups : int64 array
        Each tier's sandwich group (tiers of one group, e.g. Tier P's CDR facts and its
        connectors, share one best score), an index into ``group_weights``.
    group_weights : float64 array
        Each group's weight in the sandwich order.
    budget : int
        Tokens to fill (>= 0).

    Returns
    -------
    int64 array
        The taken candidates in sandwich order (ours, SPEC-003 §7.4 by rank): each ranked by
        ``group weight x score / its group's best score`` (a best of 0 counts as 1; equal
        strengths keep tier order, then rank order); the best first, the second best last,
        the rest in between with the weakest in the middle.
    """
    counts, score, tier_of, tier_weights, group_of, strengths, total = as_pack_inputs(
        tokens, scores, tiers, weights, groups, group_weights, budget
    )
    taken = _share(counts, tier_of, tier_weights, total)
    tier_list, score_list = tier_of.tolist(), score.tolist()
    group_list, strength_list = group_of.tolist(), strengths.tolist()
    chosen = [
        i
        for t in range(tier_weights.shape[0])
        for i in np.flatnonzero(taken & (tier_of == t)).tolist()
    ]
    best = [0.0] * len(strength_list)
    for i in chosen:
        group = group_list[tier_list[i]]
        best[group] = max(best[group], score_list[i])
    top = [value or 1.0 for value in best]
    strength = {
        i: strength_list[group_list[tier_list[i]]] * score_list[i] / top[group_list[tier_list[i]]]
        for i in chosen
    }
    ranked = sorted(chosen, key=lambda i: -strength[i])
    if len(ranked) <= 2:
        return np.asarray(ranked, dtype=np.int64)
    third = max(1, len(ranked) // 3)
    critical, important, supporting = ranked[:third], ranked[third : 2 * third], ranked[2 * third :]
    order = [critical[0], *supporting, *important, *reversed(critical[1:])]
    return np.asarray(order, dtype=np.int64)
