"""Numba twin of ``pair_walk`` (documented in ``multihorizon._context_py``): the same walk,
compiled, so ``pair_answers`` and ``retrieve_context`` run it without Python per row."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._context_py import ACTIVE_THREAD, ANSWER, REFERENCE, RELEVANT, REPLY_TO, make_pair_answers
from ._numba_jit import Float64Array, Int64Array, jit

__all__ = ["pair_answers", "pair_walk"]


@jit
def _listed(seen: Int64Array, taken: int, row: int) -> bool:
    for at in range(taken):  # noqa: SIM110 (compiled: a loop, no generator)
        if seen[at] == row:
            return True
    return False


@jit
def pair_walk(
    ranked: Int64Array,
    scores: Float64Array,
    forced: int,
    k: int,
    follow: bool,
    columns: tuple[Any, Any, Any, Any],
    active_thread: int,
    targets: Int64Array,
) -> tuple[Int64Array, Float64Array, Any, int]:
    asks, roles, speakers, threads = columns
    count = asks.shape[0]
    rows = np.empty(k, dtype=np.int64)
    values = np.empty(k, dtype=np.float64)
    reasons = np.empty(k, dtype=np.int8)
    seen = np.empty(forced + 2 * k + 2, dtype=np.int64)
    taken = 0
    chosen = 0
    leading = min(forced, ranked.shape[0])
    for at in range(leading):
        seen[taken] = ranked[at]
        taken += 1
        if at < k:
            target = np.searchsorted(targets, ranked[at])
            is_target = target < targets.shape[0] and targets[target] == ranked[at]
            rows[chosen], values[chosen] = ranked[at], scores[at]
            reasons[chosen] = REFERENCE if is_target else REPLY_TO
            chosen += 1
    at = leading
    while at < ranked.shape[0] and chosen < k:
        row, score = ranked[at], scores[at]
        at += 1
        if follow and _listed(seen, taken, row):
            continue
        active = active_thread >= 0 and threads[row] == active_thread
        rows[chosen], values[chosen] = row, score
        reasons[chosen] = ACTIVE_THREAD if active else RELEVANT
        chosen += 1
        if not follow:
            continue
        seen[taken] = row
        taken += 1
        answer = row + 1
        if chosen >= k or answer >= count or _listed(seen, taken, answer):
            continue
        if asks[row] != 0 and asks[row] != 1:
            return rows[:0], values[:0], reasons[:0], row
        other_side = roles[row] != roles[answer] or (
            speakers[row] >= 0 and speakers[answer] >= 0 and speakers[row] != speakers[answer]
        )
        if asks[row] == 1 and other_side:
            rows[chosen], values[chosen], reasons[chosen] = answer, score, ANSWER
            chosen += 1
            seen[taken] = answer
            taken += 1
    return rows[:chosen], values[:chosen], reasons[:chosen], -1


#: ``_context_py``'s checks around the compiled walk.
pair_answers = make_pair_answers(pair_walk)
