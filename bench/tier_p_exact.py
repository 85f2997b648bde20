"""Tier P's exact search for small stores against hnswlib, side by side in one process
(issue 14 items 2 and 4; ``multihorizon.tiers.knowledge_exact``).

    python bench/tier_p_exact.py [--sizes 5000,10000,20000,40000] [--queries 200]
    python bench/tier_p_exact.py --sizes 10000 --turns 1000 --calls 300 --envelopes

Facts and held-out queries are real text (``knowledge_data``, hashing-embedder vectors).

1. Per size: one query at a time (one thread, as a turn does), the int8 pass
   (``score_turns_int8`` with no recency: the store's exact search) over codes kept row by
   row and column by column (the store's layout for sparse codes: the same ranking, checked)
   beside hnswlib's ``knn_query`` at the store's ef_search, p50/p99 and their ratios, and
   recall@10 of each against float32 exact search.
2. ``--envelopes`` (at the first size): ``ContextAssembler``s on the same facts (``VARIANTS``:
   the store searched through hnswlib, the exact limit set to 0 while it is filled, or
   exactly; Tier P on the worker or in sequence), each with a ``--turns``-turn log; their
   ``user()`` calls interleaved on held-out turns: p50/p99 and the ratio to the first, and
   how many envelopes of the first and the last delivered the same Tier P facts.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

import knowledge_data


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def per_query(mh: Any, vectors: np.ndarray, queries: np.ndarray, sizes: list[int]) -> None:
    import hnswlib

    from multihorizon import kernels

    ef = mh.KnowledgeStore(embedder=mh.HashingEmbedder()).params.ef_search
    print(f"| facts | hnswlib ef {ef} p50 / p99 µs | int8 exact p50 / p99 µs | exact / hnswlib "
          "p50 | int8 by column p50 / p99 µs | by column / by row p50 | recall@10 hnswlib | "
          "recall@10 int8 (both layouts) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    for size in sizes:
        rows = np.ascontiguousarray(vectors[:size])
        codes, scales = kernels.quantize_rows(rows)
        # The store's layout for sparse codes (knowledge_exact: column by column).
        by_column = np.ascontiguousarray(codes.T).T
        turn_ids = np.zeros(size, dtype=np.int64)
        index = hnswlib.Index(space="cosine", dim=rows.shape[1])
        index.init_index(max_elements=size, ef_construction=100, M=16)
        index.add_items(rows, np.arange(size), num_threads=2)
        index.set_ef(ef)
        graph, exact, column, hits_graph, hits_exact, same = [], [], [], 0, 0, 0
        for query in queries:
            began = time.perf_counter()
            labels, _ = index.knn_query(query, k=50, num_threads=1)
            graph.append(time.perf_counter() - began)
            began = time.perf_counter()
            found, _ = kernels.score_turns_int8(
                query, codes, scales, rows, turn_ids, current=0, recency_multiplier=0.0, k=50
            )
            exact.append(time.perf_counter() - began)
            began = time.perf_counter()
            found_by_column, _ = kernels.score_turns_int8(
                query, by_column, scales, rows, turn_ids, current=0, recency_multiplier=0.0,
                k=50,
            )  # fmt: skip
            column.append(time.perf_counter() - began)
            same += found_by_column.tolist() == found.tolist()
            truth = set(np.argsort(-(rows @ query), kind="stable")[:10].tolist())
            hits_graph += len(truth & set(labels[0][:10].tolist()))
            hits_exact += len(truth & set(found[:10].tolist()))
        g50, e50, c50 = statistics.median(graph), statistics.median(exact), np.median(column)
        assert same == len(queries), "the two layouts ranked differently"
        print(
            f"| {size:,} | {g50 * 1e6:,.0f} / {percentile(graph, 0.99) * 1e6:,.0f} | "
            f"{e50 * 1e6:,.0f} / {percentile(exact, 0.99) * 1e6:,.0f} | {e50 / g50:.2f} | "
            f"{c50 * 1e6:,.0f} / {percentile(column, 0.99) * 1e6:,.0f} | {c50 / e50:.2f} | "
            f"{hits_graph / (10 * len(queries)):.3f} | {hits_exact / (10 * len(queries)):.3f} |",
            flush=True,
        )


# (name, exact limit while filled, ef_search (None: the store's default), Tier P worker)
VARIANTS = (
    ("hnswlib ef 400, worker (previous default)", 0, None, True),
    ("hnswlib ef 100, sequential (SPEC-009)", 0, 100, False),
    ("exact, sequential", 1 << 30, None, False),
    ("exact, worker (default)", 1 << 30, None, True),
)


def envelopes(mh: Any, texts: list[str], vectors: np.ndarray, args: argparse.Namespace) -> None:
    from multihorizon.tiers import knowledge

    size = args.sizes[0]
    facts = [mh.Fact(f"f{i}", texts[i], "bench") for i in range(size)]
    limit = knowledge.EXACT_SEARCH_LIMIT
    sessions = {}
    stores = {}
    for name, exact_limit, ef_search, worker in VARIANTS:
        key = (exact_limit > 0, ef_search)
        if key not in stores:
            knowledge.EXACT_SEARCH_LIMIT = exact_limit
            try:
                store = mh.KnowledgeStore(
                    capacity=size, embedder=mh.HashingEmbedder(), ef_search=ef_search
                )
                store.add_many(facts, vectors[:size])
            finally:
                knowledge.EXACT_SEARCH_LIMIT = limit
            stores[key] = store
        assembler = mh.ContextAssembler(
            knowledge=stores[key], embedder=mh.HashingEmbedder(), tier_p_worker=worker
        )
        session = assembler.session("bench")
        for i in range(args.turns):
            text, vector = texts[size + i], vectors[size + i]
            if i % 2:
                session.assistant(text, embedding=vector)
            else:
                session.user(text, embedding=vector, budget_tokens=4000)
        sessions[name] = session
    times: dict[str, list[float]] = {name: [] for name in sessions}
    delivered: dict[str, list[list[str]]] = {name: [] for name in sessions}
    first = size + args.turns
    for call in range(args.calls):
        order = list(sessions) if call % 2 else list(reversed(sessions))
        for name in order:
            began = time.perf_counter()
            envelope = sessions[name].user(
                texts[first + call], embedding=vectors[first + call], budget_tokens=4000
            )
            times[name].append(time.perf_counter() - began)
            delivered[name].append([i.source_id for i in envelope.items if i.tier == "P"])
    base = statistics.median(times[VARIANTS[0][0]])
    print(f"\n{size:,} facts, {args.turns}-turn log, {args.calls} interleaved user() calls:")
    print("| Tier P search | p50 µs | p99 µs | p99/p50 | p50 vs the first |")
    print("|---|---|---|---|---|")
    for name, samples in times.items():
        p50, p99 = statistics.median(samples), percentile(samples, 0.99)
        print(f"| {name} | {p50 * 1e6:,.0f} | {p99 * 1e6:,.0f} | {p99 / p50:.1f} | "
              f"{p50 / base:.2f} |")  # fmt: skip
    old, new = delivered[VARIANTS[0][0]], delivered[VARIANTS[-1][0]]
    same = sum(a == b for a, b in zip(old, new, strict=True))
    shared = sum(len(set(a) & set(b)) for a, b in zip(old, new, strict=True))
    print(f"same Tier P facts in {same} of {args.calls} envelopes; hnswlib delivered "
          f"{shared / max(1, sum(map(len, new))):.3f} of the exact search's facts")  # fmt: skip
    for session in sessions.values():
        session.assembler.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="5000,10000,20000,40000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--envelopes", action="store_true")
    args = parser.parse_args()
    args.sizes = [int(size) for size in args.sizes.split(",")]
    import multihorizon as mh

    extra = args.turns + args.calls
    count = max(args.sizes) + max(extra, args.queries)
    texts, vectors = knowledge_data.real_texts(count), knowledge_data.real_vectors(count)
    print(f"# {knowledge_data.source_of_texts()}; backend {mh.backend}")
    per_query(mh, vectors, vectors[count - args.queries :], args.sizes)
    if args.envelopes:
        envelopes(mh, texts, vectors, args)


if __name__ == "__main__":
    main()
