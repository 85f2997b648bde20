"""Tier P's part of one envelope (SPEC-028 §2.1, §8; SPEC-024 §7.1; SPEC-025): CDR candidates
per query and hybrid sub-query, and CDGR connectors on document and hybrid turns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..assembly.envelope import Envelope
from ..assembly.packing import plain
from ..dialogue.threadstate import ThreadState
from ..text.cues import recaps_session
from .coverage import CoverageSet
from .knowledge import KnowledgeStore, ScoredFact
from .knowledge_cdr import RankedFacts, rank_cdr
from .knowledge_stage import rank_exactly
from .knowledge_worker import PendingNeighbours

if TYPE_CHECKING:
    from ..assembly.assembler import ContextAssembler

__all__ = ["connectors_of", "fact_candidates", "sub_queries_of"]


def connectors_of(
    assembler: ContextAssembler,
    coverage: CoverageSet,
    vector: np.ndarray,
    facts: RankedFacts,
) -> list[ScoredFact]:
    """SPEC-025 CDGR for document and hybrid turns: facts bridging the CDR anchors."""
    knowledge = assembler.knowledge
    config = assembler.config
    if knowledge is None or not config.graph_retrieval or not facts or not np.any(vector):
        return []
    anchors = [fact.fact_id for fact in facts.facts]
    return knowledge.connectors(
        anchors,
        vector,
        coverage=coverage,
        novelty=True,  # document and hybrid turns run CDR normally (SPEC-028 §8)
        partial_floor=config.partial_novelty_floor,
    )


# A recap's sub-query per thread: its title, established points and open questions, cut here.
RECAP_QUERY_CHARS = 400
RECAP_THREADS = 64


def sub_queries_of(
    turn: Envelope, request: str, limit: int, threads: Sequence[ThreadState] = ()
) -> tuple[str, ...]:
    """SPEC-028 §8 hybrid mode: a document request about the conversation ("write me a
    guide about what we just discussed") is decomposed, with no model call, into the
    active thread's title, its established points and its open questions. A recap of the
    whole session ("summarise everything we did today"; rule session-recaps, ``threads``
    given) is one sub-query per thread of ``threads`` (most recently active first, at most
    ``RECAP_THREADS``): its title, established points and open questions."""
    if threads and recaps_session(request):
        return _recap_queries(turn, threads)
    state = turn.thread_state
    parts = [state.title or turn.active_thread, *state.established, *state.open_questions]
    asked = plain(request)
    wanted = [part for part in parts if part and plain(part) != asked]
    return tuple(dict.fromkeys(wanted))[:limit]


def _recap_queries(turn: Envelope, threads: Sequence[ThreadState]) -> tuple[str, ...]:
    """One sub-query per thread; the active thread's state is this turn's."""
    states = {state.thread_id: state for state in threads}
    states[turn.thread_state.thread_id] = turn.thread_state
    ordered = sorted(states.values(), key=lambda state: -state.last_active_turn)
    queries = []
    for state in ordered[:RECAP_THREADS]:
        parts = [state.title or state.thread_id, *state.established, *state.open_questions]
        query = "; ".join(part.rstrip(" .;") for part in parts if part)
        queries.append(query[:RECAP_QUERY_CHARS])
    return tuple(dict.fromkeys(query for query in queries if query))


def fact_candidates(
    assembler: ContextAssembler,
    coverage: CoverageSet,
    model_id: str,
    turn: Envelope,
    vector: np.ndarray,
    sub_queries: Sequence[str] = (),
    *,
    prefetched: PendingNeighbours | None = None,
) -> tuple[RankedFacts, int]:
    """Tier P's candidates (SPEC-024 §7.1 CDR): per query and sub-query, the best score of
    each fact, facts already delivered left out unless the turn revisits covered ground.
    ``prefetched``: the turn's own query, already started on the assembler's worker (used
    only when it is the same query with the same k and floor as the one made here). One
    query (a conversation turn) stays columnar from the native ranking to the packing.
    ``vector``: the turn's planned vector (``normalise_embedding``'s answer: unit or zero)."""
    knowledge = assembler.knowledge
    # count_nonzero: any()'s answer for a float vector without its reduction's setup.
    if knowledge is None or len(knowledge) == 0 or not np.count_nonzero(vector):
        return RankedFacts.of(()), 0
    config = assembler.config
    queries = [vector]
    pull: list[np.ndarray] = []
    # SPEC-028 §8: a document task (document mode, or hybrid's document request) runs
    # CDR normally, novelty on, whatever the intent of the words that asked for it.
    novelty: bool | str = True if turn.mode != "conversation" else turn.cdr_novelty
    if sub_queries:
        # Tier P per sub-query under CDR; a fact keeps its best score (SPEC-003 §5.2 dedup).
        embedded = list(np.asarray(assembler.embedder.embed(list(sub_queries))))
        queries += embedded
        if turn.mode == "document":
            pull = [q for q in embedded if np.any(q)]
    floor, k = config.relevance_floor_for(model_id), config.fact_candidates
    # SPEC-003 §14: a fact already delivered this session is not sent again unless the
    # turn revisits covered ground (novelty off). Left out inside the ranking, which scores
    # each fact on its own (the order of the rest is the same), so it ranks only the rest:
    # on a long session most of a query's neighbours were delivered (issue 14).
    delivered = coverage.fact_ids if novelty is not False else set()
    per_query: list[RankedFacts] = []
    for position, query in enumerate(queries):
        if position and not np.count_nonzero(query):  # the turn's vector was checked above
            continue
        pending = prefetched if position == 0 else None
        if pending is not None and (
            not _same_query(pending, knowledge, query, k, floor) or pending.withdraw()
        ):
            pending = None  # not this query, or the worker has not started it: done here
        if pending is not None:
            # The worker's search (and, on a store searched exactly, the found facts'
            # coverage); raises what the query raised. Ranked below by this turn's novelty.
            neighbours = pending.result()
            if neighbours.covered is not None and not _same_coverage(pending, coverage):
                neighbours = knowledge.nearest(query, k, min_relevance=floor)
        else:
            # While the store is searched exactly: the whole stage in one native call.
            fused = None
            if not pull:
                fused = rank_exactly(
                    knowledge, query, k, floor, coverage=coverage, novelty=novelty,
                    partial_floor=config.partial_novelty_floor, normalised=position == 0,
                )  # fmt: skip
            if fused is not None:
                per_query.append(fused)
                continue
            neighbours = knowledge.nearest(query, k, min_relevance=floor)
        kept = None
        if delivered:
            kept = [i for i, fact in enumerate(neighbours.facts) if fact.fact_id not in delivered]
        per_query.append(
            rank_cdr(
                neighbours,
                keep=kept,
                coverage=coverage,
                novelty=novelty,
                pull=pull,
                partial_floor=config.partial_novelty_floor,
            )
        )
    ranked = per_query[0] if len(per_query) == 1 else _best_of(per_query)
    return ranked, len(ranked)


def _best_of(per_query: list[RankedFacts]) -> RankedFacts:
    """Several queries' candidates merged: each fact with its best score, best first, equal
    scores by fact id."""
    best: dict[str, ScoredFact] = {}
    for ranked in per_query:
        for scored in ranked:
            known = best.get(scored.fact.fact_id)
            if known is None or scored.score > known.score:
                best[scored.fact.fact_id] = scored
    return RankedFacts.of(sorted(best.values(), key=lambda item: (-item.score, item.fact.fact_id)))


def _same_query(
    prefetched: PendingNeighbours | None,
    knowledge: KnowledgeStore,
    query: np.ndarray,
    k: int,
    floor: float,
) -> bool:
    return (
        prefetched is not None
        and prefetched.store is knowledge
        and prefetched.k == k
        and prefetched.min_relevance == floor
        and (prefetched.query is query or np.array_equal(prefetched.query, query))
    )


def _same_coverage(prefetched: PendingNeighbours, coverage: CoverageSet) -> bool:
    """Whether the coverage the worker made is this coverage set's as it is now (always
    within one turn: only a committed envelope changes the set)."""
    terms = prefetched.terms
    # A committed envelope adds its facts, each with a depth > 0: both counts move.
    return (
        terms is not None and terms[1] == coverage.terms()[1] and terms[2] == len(coverage.fact_ids)
    )
