"""Intent classification per call, side by side: crprotocol's ``classify_intent``, the
drop-in ``multihorizon.crp`` one, and ``Session.classify`` (issues 3 and 16).

    python bench/intent_latency.py [--calls N]

All classifiers run interleaved in one process, one call per sample, so machine noise hits
them alike; the table gives per-call p50 / p99 and each one's p50 over crprotocol's.

- crprotocol: ``crp.state.horizons.MultiHorizonContext.classify_intent`` over 200 turns on 50
  topics (it keeps its latest 50).
- multihorizon.crp: the drop-in ``classify_intent`` over the same 200 turns (the session
  holds them all): our marker pass, reference resolution against the log, §5.2 with the
  active-thread similarity, and the turn's embedding (the API takes text only).
- Session.classify: the engine's hot path with the caller's precomputed embedding, over a
  session of 50 threads (``intent_workload.build_session``).
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

PEER = "crprotocol classify_intent"
ADAPTER = "multihorizon.crp classify_intent"
ENGINE = "Session.classify, precomputed embedding"


def _percentiles(samples: list[int]) -> tuple[float, float]:
    ordered = sorted(samples)
    cut = statistics.quantiles(ordered, n=100, method="inclusive")
    return cut[49] / 1000.0, cut[98] / 1000.0


def _label(value: Any) -> str:
    return str(value["intent"]) if isinstance(value, dict) else str(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    args = parser.parse_args(argv)

    session = intent_workload.build_session()
    turns = {
        "typical": intent_workload.turn_text(),
        "marker-dense": intent_workload.heavy_turn_text(),
    }
    contenders: dict[tuple[str, str], Callable[[], Any]] = {}
    for label, text in turns.items():
        peer = intent_workload.peer(text)
        if peer is not None:
            contenders[PEER, label] = peer
        contenders[ADAPTER, label] = intent_workload.adapter(text)
        contenders[ENGINE, label] = intent_workload.ours(session, text)
    for call in contenders.values():  # warm up caches on every side
        for _ in range(200):
            call()
    samples: dict[tuple[str, str], list[int]] = {key: [] for key in contenders}
    clock = time.perf_counter_ns
    for _ in range(args.calls):
        for key, call in contenders.items():
            started = clock()
            call()
            samples[key].append(clock() - started)

    names = [name for name in (PEER, ADAPTER, ENGINE) if any(k[0] == name for k in contenders)]
    print(
        f"backend: {mh.backend}, turns of {TURN_CHARS} chars, {args.calls} calls each, "
        "interleaved\n"
    )
    for label, text in turns.items():
        answers = ", ".join(
            f"{name.split()[0].rstrip(',')} {_label(contenders[name, label]())}" for name in names
        )
        print(f"- {label}: {answers}: {text.strip()!r}")
    print("\n| turn | " + " | ".join(f"{name} p50 / p99" for name in names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for label in turns:
        cells = []
        base = _percentiles(samples[PEER, label])[0] if (PEER, label) in samples else None
        for name in names:
            p50, p99 = _percentiles(samples[name, label])
            ratio = f" ({p50 / base:.1f}x)" if base and name != PEER else ""
            cells.append(f"{p50:.2f} / {p99:.2f} µs{ratio}")
        print(f"| {label} | " + " | ".join(cells) + " |")
    if PEER not in names:
        print("\ncrprotocol is not installed (pip install '.[bench]'): no peer measured")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
