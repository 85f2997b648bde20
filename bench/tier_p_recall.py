"""Tier P's ANN recall/latency curve (issue 14 item 2): hnswlib against exact search.

    python bench/tier_p_recall.py [--facts 100000] [--queries 1000] [--m 8,12,16,24]
        [--efc 64,100,200] [--ef 32,50,64,80,100,128] [--k 10,50] [--vectors FILE.npy]

Facts and queries are real text (``knowledge_data``: the turns of ``../shared/data``), embedded
with the default hashing embedder; the queries are held-out texts, as a user turn would be.
For each graph (M x ef_construction) the script builds an index of every fact on all cores
(facts/s of ``add_items`` alone, the part of ingest the graph parameters set), then for each
ef_search and k runs every query one at a time (one thread, as a turn does) and reports:

- recall@10: the share of the exact top 10 (cosine, NumPy over all facts) among the ANN's
  first 10 results; and with ann-benchmarks' tie rule (a result within 1e-3 of the exact
  10th's cosine counts), since hashed text has many near-ties;
- p50 / p99 of one ``knn_query`` in microseconds (a warm loop; a turn's query is colder).

hnswlib searches with ``max(ef, k)``: at k=50, ef below 50 is ef 50 (those rows are skipped).
The last lines name the cheapest query meeting recall@10 >= 0.95 among graphs that build at
>= 3,000 facts/s, which is how ``KnowledgeStore``'s defaults were chosen.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import knowledge_data

TARGET_RECALL = 0.95
TARGET_INGEST = 3000.0
HEADER = (
    "| M | ef_construction | add_items facts/s | k | ef_search | recall@10 | recall@10 (ties) "
    "| p50 µs | p99 µs |"
)


@dataclass(frozen=True)
class Point:
    m: int
    ef_construction: int
    build_rate: float
    ef: int
    k: int
    recall: float
    tie_recall: float
    p50_us: float
    p99_us: float


def exact_top10(
    facts: npt.NDArray[np.float32], queries: npt.NDArray[np.float32]
) -> tuple[np.ndarray, np.ndarray]:
    """The exact top 10 of each query by cosine (the vectors are unit length), and the
    cosine of each query's 10th."""
    out = np.empty((len(queries), 10), dtype=np.int64)
    tenth = np.empty(len(queries), dtype=np.float64)
    for start in range(0, len(queries), 100):
        scores = queries[start : start + 100] @ facts.T
        top = np.argpartition(-scores, 10, axis=1)[:, :10]
        ranked = np.take_along_axis(scores, top, axis=1)
        order = np.argsort(-ranked, axis=1, kind="stable")
        out[start : start + 100] = np.take_along_axis(top, order, axis=1)
        tenth[start : start + 100] = np.take_along_axis(ranked, order, axis=1)[:, -1]
    return out, tenth


def build(facts: npt.NDArray[np.float32], m: int, ef_construction: int) -> tuple[object, float]:
    import hnswlib

    index = hnswlib.Index(space="cosine", dim=facts.shape[1])
    index.init_index(max_elements=len(facts), ef_construction=ef_construction, M=m)
    threads = os.cpu_count() or 1
    started = time.perf_counter()
    index.add_items(facts, np.arange(len(facts)), num_threads=threads)
    return index, len(facts) / (time.perf_counter() - started)


def measure(
    index: object,
    queries: npt.NDArray[np.float32],
    truth: tuple[np.ndarray, np.ndarray],
    ef: int,
    k: int,
) -> tuple[float, float, float, float]:
    """recall@10 by id, recall@10 with ann-benchmarks' tie rule (a result counts when its
    cosine is within 1e-3 of the exact 10th's: near-ties are common on hashed text), p50 and
    p99 in microseconds."""
    index.set_ef(ef)  # type: ignore[attr-defined]
    times, hits, close = [], 0, 0
    for query, expected, tenth in zip(queries, truth[0], truth[1], strict=True):
        started = time.perf_counter()
        labels, distances = index.knn_query(query, k=k, num_threads=1)  # type: ignore[attr-defined]
        times.append(time.perf_counter() - started)
        hits += len(set(labels[0][:10].tolist()) & set(expected.tolist()))
        close += int(np.sum(1.0 - distances[0][:10] >= tenth - 1e-3))
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    count = 10 * len(queries)
    return hits / count, close / count, statistics.median(times) * 1e6, p99 * 1e6


def curve(args: argparse.Namespace) -> list[Point]:
    vectors = knowledge_data.real_vectors(args.facts + args.queries, args.vectors)
    facts, queries = vectors[: args.facts], vectors[args.facts :]
    truth = exact_top10(facts, queries)
    started = time.perf_counter()
    for query in queries[:100]:
        np.argpartition(-(facts @ query), 10)[:10]
    exact_us = (time.perf_counter() - started) / 100 * 1e6
    print(f"# {args.facts:,} facts, {args.queries:,} held-out queries; vectors: "
          f"{'file ' + args.vectors if args.vectors else 'HashingEmbedder'} of "
          f"{knowledge_data.source_of_texts()}")  # fmt: skip
    print(f"# exact search (NumPy, one query): {exact_us:,.0f} µs")
    points = []
    for m in (int(v) for v in args.m.split(",")):
        for ef_construction in (int(v) for v in args.efc.split(",")):
            index, rate = build(facts, m, ef_construction)
            for k in (int(v) for v in args.k.split(",")):
                for ef in (int(v) for v in args.ef.split(",")):
                    if ef < k:
                        continue  # hnswlib searches with max(ef, k)
                    recall, tie_recall, p50, p99 = measure(index, queries, truth, ef, k)
                    point = Point(m, ef_construction, rate, ef, k, recall, tie_recall, p50, p99)
                    points.append(point)
                    print(_row(point), flush=True)
            del index
    return points


def _row(point: Point) -> str:
    return (
        f"| {point.m} | {point.ef_construction} | {point.build_rate:,.0f} | {point.k} | "
        f"{point.ef} | {point.recall:.3f} | {point.tie_recall:.3f} | {point.p50_us:.0f} | "
        f"{point.p99_us:.0f} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--m", default="8,12,16,24")
    parser.add_argument("--efc", default="64,100,200")
    parser.add_argument("--ef", default="32,50,64,80,100,128")
    parser.add_argument("--k", default="10,50")
    parser.add_argument("--vectors", default=None, help="a .npy of embeddings of the texts")
    args = parser.parse_args()
    print(HEADER)
    print("|---|---|---|---|---|---|---|---|---|")
    points = curve(args)
    for k in sorted({point.k for point in points}):
        good = [
            p
            for p in points
            if p.k == k and p.recall >= TARGET_RECALL and p.build_rate >= TARGET_INGEST
        ]
        if good:
            best = min(good, key=lambda p: p.p50_us)
            print(f"# k={k}: cheapest query with recall@10 >= {TARGET_RECALL} among graphs "
                  f"building at >= {TARGET_INGEST:,.0f} facts/s: {_row(best)}")  # fmt: skip
        else:
            print(f"# k={k}: no point meets recall@10 >= {TARGET_RECALL} at that build rate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
