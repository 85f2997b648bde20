"""Issue 6's figures for the stores that exist: per-turn cost and restore time.

    python bench/store_latency.py [--turns 1000] [--calls 200]

In one run, side by side: ``user()`` per-turn p50/p99 with no store, ``MemoryStore`` and
``SQLiteStore`` (a temporary file) on a session of ``--turns`` turns (precomputed
embeddings, 1,000-token budget); then the stored size (the head, rewritten at each turn,
and the mean turn record, appended once) and the time to restore the session from each store
in a fresh assembler.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import multihorizon as mh
from multihorizon.store import MemoryStore, RedisStore, SQLiteStore


def _texts(count: int) -> list[str]:
    rng = np.random.default_rng(3)
    words = [f"word{i}" for i in range(3000)]
    return [" ".join(rng.choice(words, 14)) + "?" for _ in range(count)]


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
        "| store | user() p50 | user() p99 | stored session | head (rewritten per turn) "
        "| turn record (appended) | restore a session |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, store in stores.items():
        assembler = mh.ContextAssembler(embedder=embedder, store=store)  # type: ignore[arg-type]
        chat = assembler.session(f"bench/{run}")
        for i in range(args.turns):
            if i % 2:
                chat.assistant(texts[i], embedding=vectors[i])
            else:
                chat.user(texts[i], embedding=vectors[i], budget_tokens=1000)
        samples = []
        for i in range(args.turns, args.turns + args.calls):
            started = time.perf_counter()
            chat.user(texts[i], embedding=vectors[i], budget_tokens=1000)
            samples.append(time.perf_counter() - started)
        samples.sort()
        p50 = statistics.median(samples) * 1e3
        p99 = samples[int(0.99 * (len(samples) - 1))] * 1e3
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
            f"| {name} | {p50:.2f} ms | {p99:.2f} ms | {size:.2f} MB | {head_kb:.1f} kB | "
            f"{turn_kb:.2f} kB | {restore_ms:.1f} ms |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
