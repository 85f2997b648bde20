"""Side by side, one process: the C++ ``hash_embed`` of one 200-character turn with every
word hashed (``HashingEmbedder(version=1)``) and with content words only (version 2, the
default). Interleaved rounds, medians per call and their ratio.

    python bench/hash_content.py [--rounds 30] [--calls 5000]
"""

from __future__ import annotations

import argparse
import statistics
import time

from multihorizon import kernels

TURN = (
    "Going back to that bug in the ingest worker: it only shows up when the follow-up job "
    "retries twice and the cache is cold. Could the second option you mentioned fix it, or "
    "does it need a schema change?"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--calls", type=int, default=5000)
    args = parser.parse_args()
    every: list[float] = []
    content: list[float] = []
    for _ in range(args.rounds):
        for skip, out in ((False, every), (True, content)):
            start = time.perf_counter()
            for _ in range(args.calls):
                kernels.hash_embed(TURN, 384, skip_function_words=skip)
            out.append((time.perf_counter() - start) / args.calls * 1e6)
    old, new = statistics.median(every), statistics.median(content)
    print(f"{kernels.backend()} backend, {len(TURN)}-char turn, dim 384")
    print(f"every word:    median {old:.2f} us per call")
    print(f"content words: median {new:.2f} us per call (ratio {new / old:.2f})")


if __name__ == "__main__":
    main()
