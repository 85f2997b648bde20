"""Tier P's fused stage for one query (issue 14): while a store is searched exactly, the
search, the relevance floor, the facts already delivered (by label), the coverage and the
CDR ranking are one kernel call over the store's own arrays (``kernels.tier_p_stage``),
instead of ``KnowledgeStore.nearest`` and ``knowledge_cdr.rank_cdr``'s thirty-odd NumPy
calls, each two to three times its warm cost inside a turn. The ranking is theirs, value for
value and in the same order (equal scores by fact id); a store past the exact-search limit
(hnswlib) and a document task's pull keep that path.

A turn whose query goes to the assembler's worker (``knowledge_worker``) splits the stage at
the intent: ``search_exactly`` (the search, the floor and the coverage of what it found, one
native call, ``kernels.tier_p_search``) runs on the worker before the session plans the turn,
and ``knowledge_cdr.rank_cdr`` ranks its answer once the turn's novelty is known: the same
values in the same order as ``rank_exactly`` (tests/test_tier_p_stage.py)."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..embed import normalise_embedding
from .facts import Fact, now
from .knowledge_cdr import Neighbours, RankedFacts, novelty_code

if TYPE_CHECKING:
    from .coverage import CoverageSet
    from .knowledge import KnowledgeStore

__all__ = ["rank_exactly", "search_exactly"]


def rank_exactly(
    store: KnowledgeStore,
    query: npt.NDArray[np.float32],
    k: int,
    min_relevance: float,
    *,
    coverage: CoverageSet | None,
    novelty: bool | str,
    partial_floor: float,
    now_seconds: float | None = None,
    normalised: bool = False,
) -> RankedFacts | None:
    """``rank_cdr(store.nearest(query, k, min_relevance=...), keep=the facts not delivered,
    coverage=..., novelty=...)`` in one native call; None when the store is not searched
    exactly (the caller takes that path). Delivered facts are left out unless ``novelty``
    is False (the turn revisits covered ground, SPEC-003 §14). ``normalised``: ``query``
    is ``normalise_embedding``'s answer already (a turn's planned vector), which that
    function would give back unchanged, so it is not checked again (issue 14)."""
    vector = query if normalised else normalise_embedding(query, store.dim)
    with store.exact_arrays() as held:
        if held is None:
            return None
        total = len(held.facts)
        count = min(k, total - held.dead)
        if count <= 0:
            return RankedFacts.of(())
        delivered = None
        if coverage is not None and novelty is not False and coverage.fact_ids:
            delivered = coverage.delivered_flags(store, held.labels, total)
        weighted, depth_sum = coverage.terms() if coverage is not None else (None, 0.0)
        rows = held.rows
        labels, relevance, novelties, recency, scores, vectors = kernels.tier_p_stage(
            vector,
            rows.view(total),
            rows.scales[:total],
            held.vectors,
            rows.turn_ids[:total],
            rows.live,
            count,
            held.dead,
            min_relevance,
            delivered,
            held.columns,
            weighted,
            depth_sum,
            now() if now_seconds is None else now_seconds,
            novelty_code(novelty),
            partial_floor,
        )
        facts = tuple(map(held.facts.__getitem__, labels.tolist()))
    if not facts:
        return RankedFacts.of(())
    # Equal scores by fact id, as rank_cdr orders them. Most turns have none: a look over
    # a handful of floats in Python costs less than NumPy's comparison of the shifted arrays.
    ranked = scores.tolist()
    if any(map(operator.eq, ranked, ranked[1:])):
        ties = [i for i in range(len(ranked) - 1) if ranked[i] == ranked[i + 1]]
        positions = list(range(len(facts)))
        moved = _by_id(ties, facts)
        if moved == positions:  # the runs were in id order already (most are)
            return RankedFacts(facts, relevance, novelties, recency, scores, vectors)
        order = np.array(moved, dtype=np.int64)
        facts = tuple(map(facts.__getitem__, moved))
        relevance, novelties, recency = relevance[order], novelties[order], recency[order]
        scores, vectors = scores[order], vectors[order]
    return RankedFacts(facts, relevance, novelties, recency, scores, vectors)


def _by_id(ties: list[int], facts: Sequence[Fact]) -> list[int]:
    """``knowledge_cdr.ties_by_id`` of the positions ``0..len(facts)``, as a list: the same
    runs sorted the same way, with no NumPy call (a turn with ties spent ~20 µs in the
    array version's small calls; issue 14)."""
    order = list(range(len(facts)))
    start = previous = ties[0]
    for position in [*ties[1:], -2]:
        if position != previous + 1:  # the run start..previous+1 ends here
            order[start : previous + 2] = sorted(
                order[start : previous + 2], key=lambda i: facts[i].fact_id
            )
            start = position
        previous = position
    return order


def search_exactly(
    store: KnowledgeStore,
    query: npt.NDArray[np.float32],
    k: int,
    min_relevance: float,
    weighted: npt.NDArray[np.float64] | None,
    depth_sum: float,
) -> Neighbours | None:
    """``store.nearest(query, k, min_relevance=...)`` with each found fact's coverage under
    the coverage set whose terms are ``weighted, depth_sum`` (``CoverageSet.terms``; the
    products ``rank_cdr`` would make), in one native call that releases the GIL; None when
    the store is not searched exactly. Nothing here depends on the turn's intent."""
    vector = normalise_embedding(query, store.dim)
    with store.exact_arrays() as held:
        if held is None:
            return None
        total = len(held.facts)
        count = min(k, total - held.dead)
        if count <= 0:
            labels = np.empty(0, dtype=np.int64)
            cosines = np.empty(0, dtype=np.float32)
            covered = np.empty(0, dtype=np.float64)
        else:
            rows = held.rows
            labels, cosines, covered = kernels.tier_p_search(
                vector, rows.view(total), rows.scales[:total], held.vectors,
                rows.turn_ids[:total], rows.live, count, held.dead, min_relevance,
                weighted, depth_sum,
            )  # fmt: skip
        facts = tuple(map(held.facts.__getitem__, labels.tolist()))
        vectors = held.vectors[labels]
        importance, ttl, modified = held.columns[:, labels]
    return Neighbours(
        vector, k, min_relevance, facts, cosines.astype(np.float64), vectors,
        importance, ttl, modified, covered,
    )  # fmt: skip
