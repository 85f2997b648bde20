"""The ``multihorizon`` command.

``multihorizon demo`` replays a short scripted conversation through the kernels that exist
so far (markers, hashing embedder, similarity, recency, fused Tier C scoring), with the
embedded default embedder: no server, no download. ``multihorizon info`` reports the live
backend.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np

from . import __version__, _backend, kernels

# SPEC-028 §3.3's example conversation, with a digression and a resumption.
DEMO_TURNS = [
    ("user", "How do I configure etcd? We run etcd 3.5 on three nodes."),
    (
        "assistant",
        "Set --initial-cluster on each member and enable client TLS: "
        "1. generate a CA, 2. issue server certificates, 3. restart the members.",
    ),
    ("user", "Actually, what's a good backup strategy for Postgres?"),
    ("assistant", "Use pg_basebackup nightly plus WAL archiving for point-in-time recovery."),
    ("user", "Go on - how often should the WAL be archived?"),
    ("assistant", "Archive every segment as it fills; set archive_timeout to 60 seconds."),
    ("user", "Back to etcd - what about TLS? Explain the second step again."),
]

# A few marker categories of SPEC-028 §4.1 and §5.2 (the full lexicon arrives with Tier C).
DEMO_MARKERS = [
    ("back to", 0),
    ("going back to", 0),
    ("returning to", 0),
    ("go on", 1),
    ("and then", 1),
    ("tell me more", 1),
    ("what do you mean", 2),
    ("explain", 2),
    ("again", 2),
    ("the second", 3),
    ("the first", 3),
    ("step", 3),
    ("the query result", 4),
    ("that output", 4),
]
MARKER_NAMES = ["resume", "continue", "clarify", "ordinal", "tool"]


def _demo() -> int:
    print(f"multihorizon {__version__} demo, backend: {_backend.name}\n")
    matcher = kernels.MarkerMatcher(DEMO_MARKERS)
    texts = [text for _, text in DEMO_TURNS]
    started = time.perf_counter()
    embeddings = kernels.hash_embed(texts)
    embed_us = (time.perf_counter() - started) * 1e6 / len(texts)
    for turn_id, (role, text) in enumerate(DEMO_TURNS):
        hits = matcher.find(text)
        markers = ", ".join(f"{MARKER_NAMES[c]}:{text[s:e]!r}" for c, _, s, e in hits) or "-"
        line = f"turn {turn_id} [{role:9}] {text[:60]}{'...' if len(text) > 60 else ''}"
        print(line)
        if turn_id:
            best, score = kernels.best_above(embeddings[turn_id], embeddings[:turn_id], 0.0)
            print(f"    markers: {markers}; most similar earlier turn: {best} ({score:.2f})")
        else:
            print(f"    markers: {markers}")

    current = len(DEMO_TURNS) - 1
    ids = np.arange(current)
    print(f"\nrecency at turn {current} (half-life 6, SPEC-028 §3.2):")
    print("    " + " ".join(f"{w:.2f}" for w in kernels.recency_weights(ids, current, 6.0)))

    query = embeddings[current]
    etcd_thread = np.array([0, 0, 1, 1, 1, 1])  # turns 0-1 etcd, 2-5 the backup digression
    rows, scores = kernels.score_turns(
        query,
        embeddings[:current],
        ids,
        current=current,
        thread_ids=etcd_thread,
        active_thread=0,
        forced=[1],
        recency_multiplier=0.0,
        recency_bonus=0.1,
        thread_bonus=0.05,
        k=4,
    )
    print("\nTier C for the last turn (etcd thread resumed, turn 1 referenced by 'the second'):")
    for row, score in zip(rows, scores, strict=True):
        print(f"    turn {row}: {score:.3f}  {DEMO_TURNS[row][1][:60]}")
    print(f"\nhash_embed: {embed_us:.1f} us per turn ({len(texts)} turns, dim 384)")
    return 0


def _info() -> int:
    print(f"multihorizon {__version__}")
    print(f"backend: {_backend.name} (available: {', '.join(_backend.available())})")
    if _backend.name == "cpp":
        from . import _core

        print(f"simd: {_core._simd_level()}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="multihorizon", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"multihorizon {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("demo", help="replay a scripted conversation through the kernels")
    commands.add_parser("info", help="show the live backend")
    args = parser.parse_args(argv)
    return {"demo": _demo, "info": _info}[args.command]()


if __name__ == "__main__":
    sys.exit(main())
