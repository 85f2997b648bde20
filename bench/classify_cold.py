"""``Session.classify`` per call with the caches swept between calls (issue 14): a serving
loop does other work between two turns, which evicts the scanner's table and the settle's
data, so a real call runs cache-cold, which a tight loop of calls never shows.

    python bench/classify_cold.py [--sweep-mb 4] [--calls 3000] [--previous DIR]

Before each timed call a NumPy array of ``--sweep-mb`` MiB is written once (4 MiB: past this
machine's 1 MiB L2, inside its L3; 64 MiB: past the L3 as well). The contenders of
``tail_latency.py`` (crprotocol's ``classify_intent``, ours "given" and "text", and with
``--previous DIR`` an earlier tree's) run interleaved, each round in its own seeded order, on
``intent_workload``'s three turns; the table gives p50, p99 and p50 over crprotocol's.
``--sweep-mb 0`` times the warm calls the same way.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import intent_workload
import multihorizon as mh

TURNS = {
    "typical": intent_workload.turn_text,
    "plain": intent_workload.plain_turn_text,
    "marker-dense": intent_workload.heavy_turn_text,
}


def _calls(text: str, sessions: dict[str, mh.Session]) -> dict[str, Callable[[], Any]]:
    calls: dict[str, Callable[[], Any]] = {}
    peer = intent_workload.peer(text)
    if peer is not None:
        calls["crprotocol"] = peer
    for name, session in sessions.items():
        calls[f"{name} given"] = intent_workload.ours(session, text)
        calls[f"{name} text"] = intent_workload.ours_text_only(session, text)
    return calls


def _swept(
    calls: dict[str, Callable[[], Any]], rounds: int, sweep: np.ndarray[Any, Any]
) -> dict[str, list[int]]:
    samples: dict[str, list[int]] = {name: [] for name in calls}
    order = list(calls.items())
    shuffler = random.Random(40)
    clock = time.perf_counter_ns
    for _ in range(rounds):
        shuffler.shuffle(order)
        for name, call in order:
            if sweep.size:
                sweep += 1  # the other work between two turns
            start = clock()
            call()
            samples[name].append(clock() - start)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sweep-mb", type=float, default=4.0)
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--previous", help="folder holding <name>/multihorizon (a copy)")
    args = parser.parse_args(argv)
    sessions = {"ours": intent_workload.build_session()}
    if args.previous:
        from intent_latency import previous_package

        sessions["previous"] = intent_workload.build_session(previous_package(args.previous))
    sweep = np.zeros(int(args.sweep_mb * 2**20) // 8, dtype=np.int64)
    print(f"backend: {mh.backend}; {args.sweep_mb} MiB swept before each call")
    for label, make in TURNS.items():
        text = make()
        calls = _calls(text, sessions)
        intents = {str(call()) for name, call in calls.items() if name != "crprotocol"}
        if len(intents) != 1:
            raise SystemExit(f"{label}: the trees disagree on the intent: {intents}")
        samples = _swept(calls, args.calls, sweep)
        print(f"\nclassify, {label} turn, {args.calls} calls each\n")
        print("| call | p50 µs | p99 µs | p50 / crprotocol p50 |")
        print("|---|---|---|---|")
        peer = np.median(samples["crprotocol"]) if "crprotocol" in samples else None
        for name, values in samples.items():
            p50, p99 = np.percentile(np.asarray(values) / 1000.0, [50, 99])
            ratio = f"{p50 * 1000.0 / peer:.2f}x" if peer and name != "crprotocol" else ""
            print(f"| {name} | {p50:.2f} | {p99:.2f} | {ratio} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
