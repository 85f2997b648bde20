"""Issue 14 items 4 and 5 for Tier P, side by side in one process: knowledge ingest and the
assembler's ``user()`` before (SPEC-009's M=16, ef_construction 200, ef_search 100; Tier P
after Tier C) and after (the parameters chosen from ``tier_p_recall.py``'s curve; Tier P's
query on the assembler's worker beside Tier C), with the two middle steps shown apart.

    python bench/tier_p_turn.py [--facts 100000] [--calls 400] [--turns 1000] [--profile]

Facts are real text (``knowledge_data``: turns of ../shared/data, hashing-embedder vectors).
Ingest: ``KnowledgeStore.add_many`` of every fact with precomputed embeddings (hnswlib on all
cores), in batches of 5,000 that go to the before and after stores in turn; facts/s.
``user()``: one ``ContextAssembler`` per variant, each with a ``--turns``-turn log and 50
scratch entries, a 4,000-token budget and a precomputed embedding; the variants take turns
call by call (interleaved rounds, so the machine's noise falls on all of them alike);
p50/p99 and their ratio. ``--profile``:
where the time of the "after" variant's ``user()`` goes (cProfile, top functions).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

import knowledge_data

BEFORE = {"m": 16, "ef_construction": 200, "ef_search": 100}


@dataclass
class Variant:
    name: str
    store: Any
    worker: bool
    session: Any = None
    times: list[float] | None = None


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ingest(
    mh: Any, texts: list[str], vectors: np.ndarray, configurations: list[dict[str, int]]
) -> list[Any]:
    """One store per configuration, filled side by side: batches of 5,000 facts go to each
    store in turn, so the machine's noise falls on all of them alike."""
    stores = [
        mh.KnowledgeStore(capacity=len(texts), embedder=mh.HashingEmbedder(), **params)
        for params in configurations
    ]
    seconds = [0.0] * len(stores)
    for start in range(0, len(texts), 5000):
        batch = [mh.Fact(f"f{i}", texts[i], "bench") for i in range(start, start + 5000)]
        batch = batch[: len(texts) - start]
        for store in stores if start % 10000 else reversed(stores):
            began = time.perf_counter()
            store.add_many(batch, embeddings=vectors[start : start + len(batch)])
            seconds[stores.index(store)] += time.perf_counter() - began
    print("| ingest (add_many in batches of 5,000, side by side) | facts/s | vs first | edges |")
    print("|---|---|---|---|")
    for params, store, spent in zip(configurations, stores, seconds, strict=True):
        print(
            f"| {params} | {len(texts) / spent:,.0f} | {seconds[0] / spent:.2f}x | "
            f"{store.edge_count:,} |",
            flush=True,
        )
    return stores


def prepare(mh: Any, variant: Variant, texts: list[str], queries: np.ndarray, turns: int) -> None:
    assembler = mh.ContextAssembler(
        knowledge=variant.store, embedder=mh.HashingEmbedder(), tier_p_worker=variant.worker
    )
    session = assembler.session("bench")
    for i in range(turns):
        if i % 2:
            session.assistant(texts[i], embedding=queries[i])
        else:
            session.user(texts[i], embedding=queries[i], budget_tokens=4000)
    for i in range(50):
        session.tool_output(f"tool_{i % 5}", {"rows": i, "status": "ok"})
    variant.session, variant.times = session, []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=400)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    import multihorizon as mh

    texts = knowledge_data.real_texts(args.facts + args.turns + args.calls)
    vectors = knowledge_data.real_vectors(args.facts + args.turns + args.calls)
    fact_texts, fact_vectors = texts[: args.facts], vectors[: args.facts]
    log_texts, log_vectors = texts[args.facts :], vectors[args.facts :]
    after = mh.KnowledgeStore(embedder=mh.HashingEmbedder()).params.as_dict()
    print(f"# {args.facts:,} facts of {knowledge_data.source_of_texts()}; backend {mh.backend}")
    old, new = ingest(mh, fact_texts, fact_vectors, [BEFORE, after])
    variants = [
        Variant(f"before: {BEFORE}, sequential", old, False),
        Variant(f"{BEFORE}, worker", old, True),
        Variant(f"{after}, sequential", new, False),
        Variant(f"after: {after}, worker", new, True),
    ]
    for variant in variants:
        prepare(mh, variant, log_texts, log_vectors, args.turns)
    gc.collect()
    for i in range(args.calls):
        position = (i * 13) % args.facts
        for variant in variants if i % 2 else reversed(variants):
            started = time.perf_counter()
            variant.session.user(
                fact_texts[position], embedding=fact_vectors[position], budget_tokens=4000
            )
            assert variant.times is not None
            variant.times.append(time.perf_counter() - started)
    base = statistics.median(variants[0].times or [])
    print("| user() variant | p50 µs | p99 µs | p99/p50 | p50 vs before |")
    print("|---|---|---|---|---|")
    for variant in variants:
        times = variant.times or []
        p50, p99 = statistics.median(times), percentile(times, 0.99)
        print(
            f"| {variant.name} | {p50 * 1e6:,.0f} | {p99 * 1e6:,.0f} | {p99 / p50:.1f} | "
            f"{p50 / base:.2f} |"
        )
    if args.profile:
        profile(variants[-1], fact_texts, fact_vectors, args.calls)
    return 0


def profile(variant: Variant, texts: list[str], vectors: np.ndarray, calls: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(calls):
        position = (i * 17) % len(texts)
        variant.session.user(texts[position], embedding=vectors[position], budget_tokens=4000)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(45)
    print(out.getvalue())


if __name__ == "__main__":
    sys.exit(main())
