"""Tier C's int8 scan over column-major codes, across many queries (issue 14).

    python bench/tier_c_columns.py [--rows 1000,10000,50000] [--queries 200]
        [--vectors PATH.npy] [--backend cpp]

``TurnLog`` keeps its int8 codes column by column, so ``retrieve_turns`` reads only the
columns where the query's code is not zero: the same integer dot products as the row-major
scan, from fewer bytes when the vectors are sparse (the default hashing embedder's are). For
each log size this times, query by query and interleaved (a fresh order per query),
``retrieve_turns`` on the column-major codes, on the same codes row-major (the int8 scan of
before) and on float32 (``int8_rows_per_rescored`` past every log: exact), and reports the
medians, their ratios, the median count of nonzero query codes, recall@10 of the column scan
against float32 exact, and how many rankings equal the row-major scan's (all must).

The log is ``knowledge_data.real_vectors`` (real turns of ``../shared/data``, the default
embedder) or the rows of ``--vectors`` (e.g. a sentence-transformers model's vectors of real
text); the queries are held-out rows after the largest log. Threads of 20 turns, a random old
thread active, ``Config()``'s Tier C knobs, the embedding channel alone, top 10.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import knowledge_data

NEVER_INT8 = 1e18


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="1000,10000,50000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--vectors", default=None, help=".npy of unit rows (default: hash2)")
    parser.add_argument("--backend", default="cpp", choices=["cpp", "numba"])
    args = parser.parse_args(argv)
    sizes = [int(x) for x in args.rows.split(",")]
    total = max(sizes) + args.queries
    if args.vectors:
        vectors = np.ascontiguousarray(np.load(args.vectors)[:total], dtype=np.float32)
    else:
        vectors = knowledge_data.real_vectors(total)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-30)
    module = importlib.import_module(
        "multihorizon._core" if args.backend == "cpp" else "multihorizon._kernels_numba"
    )
    queries = vectors[max(sizes) : max(sizes) + args.queries]
    print(f"vectors: {args.vectors or 'hash2 real text'}; backend {args.backend}")
    print(
        "| rows | nonzero query codes (median) | columns µs | int8 rows µs | float32 µs "
        "| rows / columns | float32 / columns | recall@10 | same as rows |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for rows in sizes:
        print(_row(module, vectors[:rows], queries, rows))
    return 0


def _row(module: Any, log: np.ndarray, queries: np.ndarray, rows: int) -> str:
    log = np.ascontiguousarray(log)
    codes, scales = module.quantize_rows(log)
    buffer = np.zeros((log.shape[1], rows + 64), dtype=np.int8)
    buffer[:, :rows] = codes.T
    columns = buffer[:, :rows].T
    threads = (np.arange(rows) // 20).astype(np.int32)
    rest = (log, threads, np.ones(rows), np.zeros(0, np.int64), np.zeros(1, np.int64))
    rng = np.random.default_rng(14)
    times: dict[str, list[float]] = {"columns": [], "rows": [], "float32": []}
    found = identical = 0
    nonzero = []
    for query in queries:
        options = {
            "total_length": 1.0,
            "active_thread": int(rng.integers(0, max(1, rows // 20))),
            "half_life": 6.0,
            "recency_multiplier": 0.0,
            "recency_bonus": 0.15,
            "thread_bonus": 0.10,
            "k": 10,
            "lexical_weight": 0.0,
        }
        calls = {
            "columns": (columns, 8.0),
            "rows": (codes, 8.0),
            "float32": (codes, NEVER_INT8),
        }
        results = {}
        order = list(calls)
        random.Random(len(nonzero)).shuffle(order)
        for name in order:
            layout, per_rescored = calls[name]
            call = (query, layout, scales, *rest)
            module.retrieve_turns(*call, int8_rows_per_rescored=per_rescored, **options)
            start = time.perf_counter_ns()
            results[name] = module.retrieve_turns(
                *call, int8_rows_per_rescored=per_rescored, **options
            )
            times[name].append(time.perf_counter_ns() - start)
        nonzero.append(int((module.quantize_rows(query[None, :])[0] != 0).sum()))
        found += len(set(results["columns"][0].tolist()) & set(results["float32"][0].tolist()))
        identical += int(results["columns"][0].tolist() == results["rows"][0].tolist())
    medians = {name: statistics.median(values) / 1e3 for name, values in times.items()}
    recall = found / (10 * len(queries))
    return (
        f"| {rows:,} | {statistics.median(nonzero):.0f} | {medians['columns']:.1f} "
        f"| {medians['rows']:.1f} | {medians['float32']:.1f} "
        f"| {medians['rows'] / medians['columns']:.2f}x "
        f"| {medians['float32'] / medians['columns']:.2f}x | {recall:.4f} "
        f"| {identical}/{len(queries)} |"
    )


if __name__ == "__main__":
    sys.exit(main())
