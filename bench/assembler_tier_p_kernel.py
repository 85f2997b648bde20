"""Tier P's exact int8 pass alone, warm and cache-cold (issue 14): ``kernels.score_turns_int8``
as ``ExactRows.search`` calls it (no recency term: the score is the cosine), one query at a
time, on a store of real-text facts.

    python bench/assembler_tier_p_kernel.py [--facts 10000] [--queries 300] [--rounds 5]
    python bench/run_tree.py OTHER/src bench/assembler_tier_p_kernel.py ...   # another tree

"Cold" evicts the caches before each query (a pass over 32 MB), as a turn's planning does
before Tier P's query runs; "warm" repeats the queries back to back. The queries are the
facts' own texts, as in ``assembler_side_by_side.py``. Prints p50 and p99 per query (wall
clock) and a digest of every result, equal across trees when the ranking is.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

import numpy as np

import knowledge_data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    import multihorizon as mh
    from multihorizon.tiers.knowledge_exact import ExactRows

    facts = args.facts
    vectors = knowledge_data.real_vectors(facts)
    live = np.ones(facts, dtype=bool)
    rows = ExactRows.of(vectors, live)
    queries = [vectors[(i * 13) % facts] for i in range(args.queries)]
    evict = np.ones(4_000_000, dtype=np.float64)  # 32 MB: more than this box's L3
    digest = hashlib.sha256()
    for query in queries:
        labels, scores = rows.search(query, vectors, 50, 0)
        digest.update(labels.tobytes() + scores.tobytes())
    spent: dict[str, list[float]] = {"warm": [], "cold": []}
    for _ in range(args.rounds):
        for mode in ("warm", "cold"):
            for query in queries:
                if mode == "cold":
                    evict[::8] += 1.0  # one write per cache line
                started = time.perf_counter()
                rows.search(query, vectors, 50, 0)
                spent[mode].append(time.perf_counter() - started)
    print(f"{mh.__file__}: backend {mh.backend}, {facts} facts, digest {digest.hexdigest()[:16]}")
    for mode, samples in spent.items():
        ordered = sorted(samples)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(f"{mode}: p50 {statistics.median(ordered) * 1e6:.1f} µs, p99 {p99 * 1e6:.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
