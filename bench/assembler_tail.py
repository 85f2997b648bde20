"""What makes the assembler's ``user()`` tail (issue 14: p99): each turn's thread CPU time, the
garbage collections that ran inside it (generation, CPU time) and its envelope's size.

    python bench/assembler_tail.py [--facts 10000] [--turns 1000] [--worker default|seq|worker]

The setup is ``assembler_side_by_side.py``'s (real-text facts, a 1,000-turn session with 50
scratch entries, a 4,000-token budget, precomputed embeddings). Thread CPU time leaves out the
time the process waited for a core on a loaded box (not with ``--worker worker``: the
worker's part is another thread's). Prints p50/p99/max, how many turns ran a collection of
each generation and what one cost (median), and what the slowest 1% of turns were: how many
ran a collection, their envelope sizes against the median's. The collector stays on.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import statistics
import time
from typing import Any

import knowledge_data

SESSION_TURNS = 1000
WARM = 50


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--worker", default="default", choices=("default", "seq", "worker"))
    args = parser.parse_args()
    import multihorizon as mh

    texts = knowledge_data.real_texts(args.facts + SESSION_TURNS)
    vectors = knowledge_data.real_vectors(args.facts + SESSION_TURNS)
    store = mh.KnowledgeStore(capacity=args.facts, embedder=mh.HashingEmbedder())
    facts = [mh.Fact(f"f{i}", texts[i], "bench") for i in range(args.facts)]
    store.add_many(facts, vectors[: args.facts])
    options = {} if args.worker == "default" else {"tier_p_worker": args.worker == "worker"}
    assembler = mh.ContextAssembler(knowledge=store, embedder=mh.HashingEmbedder(), **options)
    session = assembler.session("tail")
    own = slice(args.facts, args.facts + SESSION_TURNS)
    knowledge_data.fill_session(session, texts[own], vectors[own])
    collections: list[tuple[int, float]] = []
    started = [0.0]

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.thread_time()
        else:
            collections.append((int(info["generation"]), time.thread_time() - started[0]))

    gc.callbacks.append(watch)
    positions = itertools.count()
    turns: list[tuple[float, list[tuple[int, float]], int]] = []
    for _ in range(args.turns + WARM):
        position = (next(positions) * 13) % args.facts
        collections.clear()
        begun = time.thread_time()
        envelope = session.user(texts[position], embedding=vectors[position], budget_tokens=4000)
        turns.append((time.thread_time() - begun, list(collections), len(envelope.items)))
    gc.callbacks.remove(watch)
    assembler.close()
    turns = turns[WARM:]
    spent = sorted(turn[0] for turn in turns)
    p50, p99 = spent[len(spent) // 2], spent[int(0.99 * len(spent))]
    print(f"facts {args.facts}, {len(turns)} turns, worker {args.worker}, backend {mh.backend}")
    print(
        f"thread CPU: p50 {p50 * 1e6:.0f} µs, p99 {p99 * 1e6:.0f} µs, max {spent[-1] * 1e6:.0f} µs"
    )
    for generation in range(3):
        costs = [cost for turn in turns for gen, cost in turn[1] if gen == generation]
        median = f"{statistics.median(costs) * 1e6:.0f} µs each" if costs else "-"
        print(f"generation {generation} collections: {len(costs)} ({median})")
    slowest = sorted(turns, key=lambda turn: -turn[0])[: max(1, len(turns) // 100)]
    with_gc = sum(1 for turn in slowest if turn[1])
    print(
        f"slowest 1%: {len(slowest)} turns, {with_gc} with a collection; envelope items "
        f"{sorted(turn[2] for turn in slowest)} (median turn: "
        f"{statistics.median(turn[2] for turn in turns):.0f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
