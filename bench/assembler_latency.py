"""Issue 5's figures: knowledge ingest, Tier P query, and ``user()`` end to end.

    python bench/assembler_latency.py [--facts 100000] [--calls 300] [--backends cpp,python]

Facts are real text: the turns of ``../shared/data`` (when present; synthetic sentences
otherwise), embedded once with the hashing embedder, then:
- ingest: ``KnowledgeStore.add_many`` of every fact with precomputed embeddings (hnswlib on
  both cores), facts per second;
- Tier P query: ``cdr_rank`` (top-50 candidates + CDR) for held-out texts, p50/p99;
- ``user()`` end to end through a ``ContextAssembler`` with a precomputed embedding, a
  1,000-turn log (growing by one per measured call), 50 scratch entries and a 4,000-token
  budget, p50/p99.
Each backend runs in its own process (the backend is chosen at import), one after another.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import knowledge_data


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def run(facts: int, calls: int, vectors_path: str | None) -> dict[str, float | str]:
    import multihorizon as mh

    embedder = mh.HashingEmbedder()
    texts = knowledge_data.real_texts(facts + 2000)
    # --vectors: e.g. all-MiniLM-L6-v2 vectors of the same texts, made beforehand.
    vectors = knowledge_data.real_vectors(facts + 2000, vectors_path)
    fact_vectors, queries = vectors[:facts], vectors[facts:]
    store = mh.KnowledgeStore(capacity=facts, embedder=None if vectors_path else embedder)
    batch = [mh.Fact(f"f{i}", texts[i], "bench") for i in range(facts)]
    started = time.perf_counter()
    store.add_many(batch, embeddings=fact_vectors)
    ingest = facts / (time.perf_counter() - started)

    query_times = []
    for i in range(calls):
        query = queries[i % len(queries)]
        started = time.perf_counter()
        store.cdr_rank(query, min_relevance=0.12 if not vectors_path else 0.35)
        query_times.append(time.perf_counter() - started)

    assembler = mh.ContextAssembler(knowledge=store, embedder=embedder)
    session = assembler.session("bench")
    log_texts = texts[facts : facts + 1000]
    knowledge_data.fill_session(session, log_texts, queries[: len(log_texts)])
    turn_times = []
    for i in range(calls):
        text = texts[(i * 13) % facts]
        vector = fact_vectors[(i * 13) % facts]
        started = time.perf_counter()
        session.user(text, embedding=vector, budget_tokens=4000)
        turn_times.append(time.perf_counter() - started)
    query_p50, query_p99 = _percentiles(query_times)
    turn_p50, turn_p99 = _percentiles(turn_times)
    return {
        "backend": mh.backend,
        "facts": facts,
        "ingest_facts_per_s": ingest,
        "tier_p_query_p50_us": query_p50 * 1e6,
        "tier_p_query_p99_us": query_p99 * 1e6,
        "user_turn_p50_us": turn_p50 * 1e6,
        "user_turn_p99_us": turn_p99 * 1e6,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--backends", default="cpp,python")
    parser.add_argument(
        "--vectors", default=None, help="a .npy of embeddings of the same texts (default: hash)"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run(args.facts, args.calls, args.vectors)))
        return 0
    rows = []
    for backend in args.backends.split(","):
        env = {**os.environ, "MULTIHORIZON_BACKEND": backend}
        result = subprocess.run(
            [sys.executable, __file__, "--child", f"--facts={args.facts}", f"--calls={args.calls}"]
            + ([f"--vectors={args.vectors}"] if args.vectors else []),
            env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        rows.append(json.loads(result.stdout.strip().splitlines()[-1]))
    print("| backend | ingest (facts/s) | Tier P query p50 / p99 | user() p50 / p99 |")
    print("|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['backend']} | {row['ingest_facts_per_s']:,.0f} | "
            f"{row['tier_p_query_p50_us']:.0f} / {row['tier_p_query_p99_us']:.0f} µs | "
            f"{row['user_turn_p50_us']:.0f} / {row['user_turn_p99_us']:.0f} µs |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
