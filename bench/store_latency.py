"""Issue 6's figures for the stores that exist: per-turn cost and restore time.

    python bench/store_latency.py [--turns 1000] [--calls 200]

In one run, side by side: ``user()`` per-turn p50/p99 with no store, ``MemoryStore`` and
``SQLiteStore`` (a temporary file) on a session of ``--turns`` turns (precomputed
embeddings, 1,000-token budget), on one replica and with two replicas taking turns (each
first reads the other's last turn); then the stored size (the head, rewritten at each turn,
and the mean turn record, appended once) and the time to restore the session from each store
in a fresh assembler.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import multihorizon as mh
from multihorizon.persist.stores import MemoryStore, RedisStore, SQLiteStore


def _texts(count: int) -> list[str]:
    rng = np.random.default_rng(3)
    words = [f"word{i}" for i in range(3000)]
    return [" ".join(rng.choice(words, 14)) + "?" for _ in range(count)]


def _percentiles_ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered) * 1e3, ordered[int(0.99 * (len(ordered) - 1))] * 1e3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--redis", default=None, help="a Redis URL to include RedisStore")
    args = parser.parse_args()
    embedder = mh.HashingEmbedder()
    texts = _texts(args.turns + args.calls)
    vectors = embedder.embed(texts)
    folder = Path(tempfile.mkdtemp())
    run = f"chat-{time.time_ns()}"  # a shared Redis may hold earlier runs' sessions
    stores: dict[str, object] = {
        "none": None,
        "memory": MemoryStore(),
        "sqlite": SQLiteStore(folder / "s.db"),
    }
    if args.redis:
        stores["redis"] = RedisStore(args.redis)
    print(
        "| store | user() p50 | user() p99 | two replicas alternating, p50 / p99 "
        "| stored session | head (rewritten per turn) | turn record (appended) "
        "| restore a session |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, store in stores.items():
        assembler = mh.ContextAssembler(embedder=embedder, store=store)  # type: ignore[arg-type]
        chat = assembler.session(f"bench/{run}")
        for i in range(args.turns):
            if i % 2:
                chat.assistant(texts[i], embedding=vectors[i])
            else:
                chat.user(texts[i], embedding=vectors[i], budget_tokens=1000)
        # Half the measured turns on this replica alone; the other half alternate with a
        # second replica on the same store, so each of those first reads the turn the other
        # one just saved (what a replica pays when turns of one chat land anywhere).
        other = mh.ContextAssembler(embedder=embedder, store=store).session(f"bench/{run}")  # type: ignore[arg-type]
        half = args.calls // 2
        samples, alternating = [], []
        for i in range(args.turns, args.turns + args.calls):
            alternate = store is not None and i >= args.turns + half
            replica = other if alternate and i % 2 else chat
            started = time.perf_counter()
            replica.user(texts[i], embedding=vectors[i], budget_tokens=1000)
            (alternating if alternate else samples).append(time.perf_counter() - started)
        p50, p99 = _percentiles_ms(samples)
        alt_p50, alt_p99 = _percentiles_ms(alternating) if alternating else (math.nan, math.nan)
        size = restore_ms = head_kb = turn_kb = float("nan")
        if store is not None:
            stored = store.load("bench", run)  # type: ignore[attr-defined]
            size = stored.size / 1e6
            head_kb = len(stored.head) / 1e3
            turn_kb = (stored.size - len(stored.head)) / len(stored.turns) / 1e3
            started = time.perf_counter()
            mh.ContextAssembler(embedder=embedder, store=store).session(f"bench/{run}")  # type: ignore[arg-type]
            restore_ms = (time.perf_counter() - started) * 1e3
        print(
            f"| {name} | {p50:.2f} ms | {p99:.2f} ms | {alt_p50:.2f} / {alt_p99:.2f} ms | "
            f"{size:.2f} MB | {head_kb:.1f} kB | {turn_kb:.2f} kB | {restore_ms:.1f} ms |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
