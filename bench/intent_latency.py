"""p50 and p99 latency of intent classification (issue 3), ours against the CRP reference.

    python bench/intent_latency.py [--calls N]

Both classifiers run interleaved in one process, one call per sample, so machine noise hits
both alike; the table gives per-call percentiles and the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import intent_workload
import multihorizon as mh
from intent_workload import TURN_CHARS


def _percentiles(samples: list[int]) -> tuple[float, float]:
    ordered = sorted(samples)
    cut = statistics.quantiles(ordered, n=100, method="inclusive")
    return cut[49] / 1000.0, cut[98] / 1000.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    args = parser.parse_args(argv)

    session = intent_workload.build_session()
    turns = {
        "typical": intent_workload.turn_text(),
        "marker-dense": intent_workload.heavy_turn_text(),
    }
    contenders: dict[str, Callable[[], Any]] = {}
    for label, text in turns.items():
        contenders[f"multihorizon, {label}"] = intent_workload.ours(session, text)
        peer = intent_workload.peer(text)
        if peer is not None:
            contenders[f"crprotocol, {label}"] = peer
    for call in contenders.values():  # warm up caches on either side
        for _ in range(200):
            call()
    samples: dict[str, list[int]] = {name: [] for name in contenders}
    clock = time.perf_counter_ns
    for _ in range(args.calls):
        for name, call in contenders.items():
            started = clock()
            call()
            samples[name].append(clock() - started)

    print(
        f"backend: {mh.backend}, threads: {len(session.threads)}, turns of "
        f"{TURN_CHARS} chars, precomputed embedding, {args.calls} calls each, interleaved\n"
    )
    for label, text in turns.items():
        print(f"- {label}: intent {contenders[f'multihorizon, {label}']()}: {text.strip()!r}")
    print("\n| classifier, turn | p50 | p99 | crprotocol p50 / ours |")
    print("|---|---|---|---|")
    for name, values in samples.items():
        p50, p99 = _percentiles(values)
        label = name.split(", ", 1)[1]
        ours_p50 = _percentiles(samples[f"multihorizon, {label}"])[0]
        ratio = f"{p50 / ours_p50:.2f}" if name.startswith("crprotocol") else ""
        print(f"| {name} | {p50:.2f} µs | {p99:.2f} µs | {ratio} |")
    if not any(name.startswith("crprotocol") for name in contenders):
        print("\ncrprotocol is not installed (pip install '.[bench]'): no peer measured")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
