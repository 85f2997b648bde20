"""CPU time per ``Session.classify`` call, ours beside crprotocol's ``classify_intent`` and an
earlier multihorizon, on a shared machine (issue 14).

    python bench/classify_cpu.py [--batch 1000] [--rounds 15] [--previous DIR]

On a loaded machine wall-clock figures carry the other processes' time slices; the CPU time
of this thread (``time.thread_time_ns``) does not. Every contender runs a batch of
``--batch`` calls in turn, ``--rounds`` times (interleaved, warm: each batch repeats one
call); the table gives the median and the lowest batch mean per call, and the ratio to
crprotocol's median. ``--previous DIR``: a copy with its built ``_core`` as
``DIR/<name>/multihorizon`` (as ``tail_latency.py --previous``), every turn's intent checked
equal to ours. Tail latency is ``tail_latency.py``'s (one call per sample, cache-cold).
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

TURNS = {
    "typical": intent_workload.turn_text(),
    "plain": intent_workload.plain_turn_text(),
    "marker-dense": intent_workload.heavy_turn_text(),
}


def _contenders(previous: Any) -> dict[tuple[str, str], Callable[[], Any]]:
    ours = intent_workload.build_session()
    earlier = None if previous is None else intent_workload.build_session(previous)
    calls: dict[tuple[str, str], Callable[[], Any]] = {}
    for label, text in TURNS.items():
        peer = intent_workload.peer(text)
        if peer is not None:
            calls["crprotocol", label] = peer
        calls["ours given", label] = intent_workload.ours(ours, text)
        calls["ours text", label] = intent_workload.ours_text_only(ours, text)
        if earlier is not None:
            if str(ours.classify(text)) != str(earlier.classify(text)):
                raise SystemExit(f"{label}: the previous release classifies differently")
            calls["previous given", label] = intent_workload.ours(earlier, text)
            calls["previous text", label] = intent_workload.ours_text_only(earlier, text)
    return calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=1000, help="calls per batch")
    parser.add_argument("--rounds", type=int, default=15, help="batches per contender")
    parser.add_argument("--previous", help="folder holding <name>/multihorizon (a copy)")
    args = parser.parse_args(argv)
    previous = None
    if args.previous:
        from intent_latency import previous_package

        previous = previous_package(args.previous)
    calls = _contenders(previous)
    for call in calls.values():  # warm every side's caches
        for _ in range(200):
            call()
    means: dict[tuple[str, str], list[float]] = {name: [] for name in calls}
    clock = time.thread_time_ns
    for _ in range(args.rounds):
        for name, call in calls.items():
            started = clock()
            for _ in range(args.batch):
                call()
            means[name].append((clock() - started) / args.batch / 1000.0)
    for label in TURNS:
        print(f"\nclassify, {label} turn: {args.rounds} batches of {args.batch} calls, CPU µs\n")
        print("| call | median | lowest | median / crprotocol |")
        print("|---|---|---|---|")
        peer = means.get(("crprotocol", label))
        base = statistics.median(peer) if peer else None
        for (name, turn), values in means.items():
            if turn != label:
                continue
            median = statistics.median(values)
            ratio = f"{median / base:.2f}x" if base and name != "crprotocol" else ""
            print(f"| {name} | {median:.2f} | {min(values):.2f} | {ratio} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
