"""Where an assembler ``user()`` turn spends its time (issue 14): per-stage timers and cProfile.

    python bench/assembler_profile.py [--facts 10000] [--turns 400] [--worker default|seq|worker]
        [--cprofile 40] [--clock wall|thread]

The setup is ``assembler_side_by_side.py``'s (real-text facts, a 1,000-turn session with 50
scratch entries, a 4,000-token budget, precomputed embeddings). Each stage is timed by
wrapping the function the turn calls for it (``Session.plan``, the Tier P query, CDR, Tier E
candidates, the packing kernel and its Python glue, the headers); the rest of the turn is the
glue between them. Medians and p99 per stage over ``--turns`` turns, then the top of a
cProfile of the same turns (cumulative and own time). ``--clock thread`` times each stage in
this thread's CPU time (``time.thread_time``) instead of wall time: on a loaded shared box a
wall-clock stage also holds the time the process waited for a core. (Not with
``--worker worker``: the worker's part of the turn is another thread's CPU time.)
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import pstats
import statistics
import time
from collections import defaultdict
from typing import Any

import knowledge_data

TURNS = 1000


CLOCK = time.perf_counter


def _wrap(owner: Any, name: str, label: str, spent: dict[str, list[float]]) -> None:
    whole = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = CLOCK()
        try:
            return whole(*args, **kwargs)
        finally:
            spent[label].append(CLOCK() - started)

    setattr(owner, name, timed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10000)
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--worker", default="default", choices=("default", "seq", "worker"))
    parser.add_argument("--cprofile", type=int, default=200)
    parser.add_argument("--clock", default="wall", choices=("wall", "thread"))
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.thread_time if args.clock == "thread" else time.perf_counter

    import multihorizon as mh
    from multihorizon.assembly import compose, tier_session
    from multihorizon.session import Session
    from multihorizon.tiers import knowledge_candidates
    from multihorizon.tiers.coverage import CoverageSet
    from multihorizon.tiers.knowledge import KnowledgeStore
    from multihorizon.tiers.knowledge_exact import ExactRows
    from multihorizon.tiers.knowledge_worker import PendingNeighbours
    from multihorizon.tiers.tool_candidates import ToolCandidates

    facts = args.facts
    texts = knowledge_data.real_texts(facts + TURNS)
    vectors = knowledge_data.real_vectors(facts + TURNS)
    store = mh.KnowledgeStore(capacity=facts, embedder=mh.HashingEmbedder())
    store.add_many([mh.Fact(f"f{i}", texts[i], "bench") for i in range(facts)], vectors[:facts])
    options = {} if args.worker == "default" else {"tier_p_worker": args.worker == "worker"}
    assembler = mh.ContextAssembler(knowledge=store, embedder=mh.HashingEmbedder(), **options)
    session = assembler.session("bench")
    knowledge_data.fill_session(
        session, texts[facts : facts + TURNS], vectors[facts : facts + TURNS]
    )
    positions = itertools.count()

    def turn() -> None:
        position = (next(positions) * 13) % facts
        session.user(texts[position], embedding=vectors[position], budget_tokens=4000)

    for _ in range(50):  # warm
        turn()
    spent: dict[str, list[float]] = defaultdict(list)
    stages: list[tuple[Any, str, str]] = [
        (Session, "plan", "Session.plan (the Session.user part)"),
        (Session, "commit", "Session.commit"),
        (tier_session, "pack", "pack (whole, below)"),
        (compose, "summary_item", "  summary_item"),
        (compose, "conversation_items", "  conversation_items (C tokens)"),
        (ToolCandidates, "candidates", "  Tier E candidates"),
        (compose, "fact_candidates", "  fact_candidates (P query + CDR)"),
        (KnowledgeStore, "nearest", "    KnowledgeStore.nearest"),
        (ExactRows, "search", "      ExactRows.search"),
        (compose.kernels, "score_turns_int8", "        kernels.score_turns_int8"),
        (knowledge_candidates, "rank_exactly", "    rank_exactly (fused Tier P stage)"),
        (compose.kernels, "tier_p_stage", "      kernels.tier_p_stage"),
        (PendingNeighbours, "result", "    PendingNeighbours.result (the worker's search)"),
        (knowledge_candidates, "rank_cdr", "    rank_cdr"),
        (CoverageSet, "coverage", "      CoverageSet.coverage"),
        (compose.kernels, "cdr_rank", "      kernels.cdr_rank"),
        (compose, "_packed_tiers", "  _packed_tiers (tokens, kernel, items)"),
        (compose.kernels, "pack_tiers", "    kernels.pack_tiers"),
        (compose, "envelope_headers", "  envelope_headers"),
        (compose, "_novelty_of", "  _novelty_of"),
        (KnowledgeStore, "vector", "  store.vector (delivered, one by one)"),
        (KnowledgeStore, "vectors_of", "  store.vectors_of (delivered)"),
        (tier_session.TierSession, "_deliver", "_deliver (coverage add)"),
        (tier_session.TierSession, "_persisted", "TierSession.user (whole turn)"),
    ]
    # A stage another tree does not have (bench/run_tree.py) is left out.
    stages = [stage for stage in stages if hasattr(stage[0], stage[1])]
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in stages]
    for owner, name, label in stages:
        _wrap(owner, name, label, spent)
    for _ in range(args.turns):
        turn()
    whole = spent["TierSession.user (whole turn)"]
    p50_whole = statistics.median(whole)
    print(
        f"facts={facts} turns={args.turns} backend={mh.backend} worker={args.worker} "
        f"clock={args.clock}"
    )
    print(f"{'stage':48s} {'calls/turn':>10s} {'p50 µs':>8s} {'p99 µs':>8s} {'share':>6s}")
    for _, _, label in stages:
        samples = sorted(spent[label])
        if not samples:
            continue
        per_turn = len(samples) / args.turns
        p50 = statistics.median(samples) * 1e6
        p99 = samples[min(len(samples) - 1, int(0.99 * len(samples)))] * 1e6
        share = p50 * per_turn / (p50_whole * 1e6)
        print(f"{label:48s} {per_turn:10.2f} {p50:8.1f} {p99:8.1f} {share:6.1%}")
    top = (
        "Session.plan (the Session.user part)",
        "Session.commit",
        "pack (whole, below)",
        "_deliver (coverage add)",
    )
    if all(len(spent[label]) == args.turns for label in top):
        glue = sorted(whole[i] - sum(spent[label][i] for label in top) for i in range(args.turns))
        print(
            f"{'glue (whole - the four above, per turn)':48s} {1.0:10.2f} "
            f"{statistics.median(glue) * 1e6:8.1f} {glue[int(0.99 * len(glue))] * 1e6:8.1f}"
        )
    for owner, name, whole_function in originals:  # profile the plain turn
        setattr(owner, name, whole_function)
    if args.cprofile:
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(args.cprofile):
            turn()
        profile.disable()
        for key in ("cumulative", "tottime"):
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats(key).print_stats(35)
            print(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
