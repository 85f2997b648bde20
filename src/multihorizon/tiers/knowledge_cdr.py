"""Tier P's CDR stage as columns (SPEC-024 §7.1, SPEC-027 §3.2; issue 14): one native call
(``kernels.cdr_rank``) scores and ranks a query's neighbours, and the result stays columnar:
a ``ScoredFact`` is made only for a fact someone asks for (the envelope's packed facts, a
hybrid turn's anchors), not for each of the ~50 candidates of every turn."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .. import kernels
from .facts import Fact, ScoredFact, now

if TYPE_CHECKING:
    from .coverage import CoverageSet

__all__ = ["Neighbours", "RankedFacts", "novelty_code", "rank_cdr", "ties_by_id"]

Float64Array = npt.NDArray[np.float64]


def novelty_code(novelty: bool | str) -> int:
    """``kernels.cdr_rank``'s novelty argument: 0 off, 1 on, 2 partial (SPEC-028 §5.3)."""
    if novelty is True:
        return 1
    return 2 if novelty == "partial" else 0


@dataclass(frozen=True, slots=True, eq=False)
class Neighbours:
    """The nearest retrievable facts of one query at or above a relevance floor, best first,
    read under the store's lock in one go (so a concurrent writer cannot mix two states):
    ``KnowledgeStore.nearest``'s answer, ``rank_cdr``'s input."""

    query: npt.NDArray[np.float32]
    k: int
    min_relevance: float
    facts: tuple[Fact, ...]
    similarities: npt.NDArray[np.float64]
    vectors: npt.NDArray[np.float32]
    # The facts' CDR columns: importance_weight, ttl and modified_at (NaN for None).
    importance: npt.NDArray[np.float64]
    ttl: npt.NDArray[np.float64]
    modified: npt.NDArray[np.float64]
    # Each fact's coverage under one session's coverage set, when the search made it
    # (``knowledge_stage.search_exactly``: before the turn's intent is known); else None.
    covered: npt.NDArray[np.float64] | None = None

    def __len__(self) -> int:
        return len(self.facts)


@dataclass(frozen=True, slots=True, eq=False)
class RankedFacts:
    """Facts with their CDR factors, best first: row ``i`` is ``facts[i]`` with
    ``relevance[i]`` (its cosine), ``novelty[i]``, ``recency[i]`` and ``score[i]``, and
    ``vectors[i]`` its unit vector as the store held it when it was ranked (None when the
    rows were made from ``ScoredFact``s). Iterating gives ``ScoredFact``s."""

    facts: tuple[Fact, ...]
    relevance: Float64Array
    novelty: Float64Array
    recency: Float64Array
    score: Float64Array
    vectors: npt.NDArray[np.float32] | None = None

    def __len__(self) -> int:
        return len(self.facts)

    def __getitem__(self, index: int) -> ScoredFact:
        return ScoredFact(
            self.facts[index],
            float(self.relevance[index]),
            float(self.novelty[index]),
            float(self.recency[index]),
            float(self.score[index]),
        )

    def __iter__(self) -> Iterator[ScoredFact]:
        return (self[index] for index in range(len(self.facts)))

    @classmethod
    def of(cls, scored: Sequence[ScoredFact]) -> RankedFacts:
        """Columns of ``scored`` as they are."""
        return cls(
            tuple(item.fact for item in scored),
            np.array([item.relevance for item in scored], dtype=np.float64),
            np.array([item.novelty for item in scored], dtype=np.float64),
            np.array([item.recency for item in scored], dtype=np.float64),
            np.array([item.score for item in scored], dtype=np.float64),
        )

    def take(self, rows: Sequence[int] | npt.NDArray[np.int64]) -> RankedFacts:
        """These rows, in this order."""
        index = np.asarray(rows, dtype=np.int64)
        return RankedFacts(
            tuple(self.facts[i] for i in index.tolist()),
            self.relevance[index],
            self.novelty[index],
            self.recency[index],
            self.score[index],
            None if self.vectors is None else self.vectors[index],
        )


def rank_cdr(
    neighbours: Neighbours,
    *,
    keep: Sequence[int] | None = None,
    coverage: CoverageSet | None = None,
    novelty: bool | str = True,
    pull: Sequence[npt.NDArray[np.float32]] = (),
    now_seconds: float | None = None,
    partial_floor: float = 0.5,
) -> RankedFacts:
    """CDR over ``nearest``'s facts (``KnowledgeStore.score_cdr``'s ranking), best first,
    equal scores by fact id: ``importance x max(rel, pull) x novelty x recency``. ``keep``:
    only these of the facts (positions in ``neighbours.facts``, ascending) are ranked.
    ``neighbours.covered``, when the search made it, stands for ``coverage``'s products
    (the caller checks it was made under this coverage set as it is now)."""
    facts, similarities, vectors = neighbours.facts, neighbours.similarities, neighbours.vectors
    if not facts or (keep is not None and not keep):
        empty = np.empty(0, dtype=np.float64)
        return RankedFacts((), empty, empty, empty, empty)
    moment = now() if now_seconds is None else now_seconds
    relevance = similarities
    if pull:
        pulls = (vectors @ np.stack(pull).T).max(axis=1)
        relevance = np.maximum(relevance, pulls)
    # The coverage dot products stay in NumPy (one matrix-vector product, in the order
    # the coverage set has always summed them); the rest of the stage is one native call.
    covered = neighbours.covered
    if covered is None:
        covered = coverage.coverage(vectors) if coverage is not None else np.zeros(len(facts))
    importance, ttl, modified = neighbours.importance, neighbours.ttl, neighbours.modified
    index = None
    if keep is not None and len(keep) < len(facts):
        # Taken after the products above, which are made over every neighbour as before:
        # BLAS's sums for a row can depend on the rows given with it (the last bit of a
        # coverage moved when they were made over the kept rows only). The facts and their
        # vectors are taken once, at the end, by kept row and rank together.
        index = np.asarray(keep, dtype=np.int64)
        kept = similarities[index]
        relevance = kept if relevance is similarities else relevance[index]
        similarities, covered = kept, covered[index]
        importance, ttl, modified = importance[index], ttl[index], modified[index]
    novelties, recency, scores, order = kernels.cdr_rank(
        relevance,
        covered,
        importance,
        ttl,
        modified,
        moment,
        novelty_code(novelty),
        partial_floor,
    )
    ranked = scores[order]
    ties = np.flatnonzero(ranked[1:] == ranked[:-1]) if len(ranked) > 1 else ranked[:0]
    if ties.size:
        kept_facts = facts if index is None else tuple(map(facts.__getitem__, index.tolist()))
        order = ties_by_id(order, ties.tolist(), kept_facts)
        ranked = scores[order]
    rows = order if index is None else index[order]  # into the neighbours
    return RankedFacts(
        tuple(map(facts.__getitem__, rows.tolist())),
        similarities[order],
        novelties[order],
        recency[order],
        ranked,
        vectors[rows],
    )


def ties_by_id(
    order: npt.NDArray[np.int64], ties: list[int], facts: Sequence[Fact]
) -> npt.NDArray[np.int64]:
    """``order`` with each run of equal scores (``ties``: positions equal to the next one)
    sorted by fact id, as the (-score, fact id) order has them; the kernel keeps them in
    input order."""
    order = order.copy()
    start = previous = ties[0]
    for position in [*ties[1:], -2]:
        if position != previous + 1:  # the run start..previous+1 ends here
            run = order[start : previous + 2].tolist()
            order[start : previous + 2] = sorted(run, key=lambda i: facts[i].fact_id)
            start = position
        previous = position
    return order
