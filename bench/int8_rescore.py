"""Tier C's int8 scan: how many candidates to rescore in float32, and where int8 wins (issue 14
item 3).

    python bench/int8_rescore.py [--rows 1000,10000] [--queries 400] [--ks 10,12,48]
        [--rescore 0,8,16,32,64] [--rounds 200]

The log is real text (``knowledge_data.real_texts``: the turns of ``../shared/data``),
embedded by the default embedder (``HashingEmbedder()``: multihorizon-hash2-384); runs of 20
consecutive turns form a thread, and each query (a held-out text) has a random thread active,
scored with ``Config()``'s Tier C knobs. For each k and rescore count r (r = k + margin: the
``--rescore`` values are margins) it reports recall@k of ``score_turns_int8(rescore=k +
margin)`` against float32 ``score_turns`` (exact), the share of queries ranked identically,
and, for each log size, the median time of both kernels over the queries (interleaved), so
the crossover (int8 slower than float32 on small logs) shows in the same table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import knowledge_data
from multihorizon import kernels
from multihorizon.config import Config

THREAD_TURNS = 20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="1000,10000")
    parser.add_argument("--queries", type=int, default=400)
    parser.add_argument("--ks", default="10,12,48")
    parser.add_argument("--rescore", default="0,8,16,32,64", help="margins over k")
    parser.add_argument("--timed-queries", type=int, default=100)
    args = parser.parse_args()
    sizes = [int(x) for x in args.rows.split(",")]
    ks = [int(x) for x in args.ks.split(",")]
    margins = [int(x) for x in args.rescore.split(",")]
    total = max(sizes) + args.queries
    vectors = knowledge_data.real_vectors(total)
    config = Config()
    rng = np.random.default_rng(14)
    print("| rows | k | rescore | recall@k | identical | int8 p50 µs | float32 p50 µs | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for rows in sizes:
        log = np.ascontiguousarray(vectors[:rows])
        queries = vectors[max(sizes) : max(sizes) + args.queries]
        codes, scales = kernels.quantize_rows(log)
        ids = np.arange(rows, dtype=np.int64)
        threads = (ids // THREAD_TURNS).astype(np.int32)
        active = rng.integers(0, rows // THREAD_TURNS, len(queries))
        for k in ks:
            base = {
                "current": rows,
                "thread_ids": threads,
                "half_life": config.half_life,
                "recency_multiplier": config.recency_multiplier,
                "recency_bonus": config.recency_bonus,
                "thread_bonus": config.thread_bonus,
                "k": k,
            }
            exact = [
                kernels.score_turns(q, log, ids, active_thread=int(a), **base)[0].tolist()
                for q, a in zip(queries, active, strict=True)
            ]
            for margin in margins:
                found = identical = 0
                for q, a, want in zip(queries, active, exact, strict=True):
                    got = kernels.score_turns_int8(
                        q, codes, scales, log, ids, active_thread=int(a), rescore=k + margin, **base
                    )[0].tolist()
                    found += len(set(got) & set(want))
                    identical += int(got == want)
                timed = _timed(
                    queries[: args.timed_queries], active, log, codes, scales, ids, base, k + margin
                )
                print(
                    f"| {rows} | {k} | {k + margin} | {found / (len(want) * len(queries)):.4f} "
                    f"| {identical / len(queries):.3f} | {timed[0]:.1f} | {timed[1]:.1f} "
                    f"| {timed[1] / timed[0]:.2f} |",
                    flush=True,
                )
    return 0


def _timed(queries, active, log, codes, scales, ids, base, rescore):  # type: ignore[no-untyped-def]
    int8, float32 = [], []
    for q, a in zip(queries, active, strict=False):
        started = time.perf_counter_ns()
        kernels.score_turns_int8(
            q, codes, scales, log, ids, active_thread=int(a), rescore=rescore, **base
        )
        middle = time.perf_counter_ns()
        kernels.score_turns(q, log, ids, active_thread=int(a), **base)
        float32.append(time.perf_counter_ns() - middle)
        int8.append(middle - started)
    return statistics.median(int8) / 1000, statistics.median(float32) / 1000


if __name__ == "__main__":
    sys.exit(main())
