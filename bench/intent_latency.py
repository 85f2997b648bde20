"""Intent classification per call, side by side: crprotocol's ``classify_intent``,
``Session.classify`` with and without a precomputed embedding, and (``--previous``) the same
calls on a previous release's copy (issues 3, 14 and 16).

    python bench/intent_latency.py [--calls N] [--previous DIR] [--adapter]

All classifiers run interleaved in one process, one call per sample, so machine noise hits
them alike; the table gives per-call p50 / p99 and each one's p50 over crprotocol's.

- crprotocol: ``crp.state.horizons.MultiHorizonContext.classify_intent`` over 200 turns on 50
  topics (it keeps its latest 50).
- Session.classify: the engine's hot path over a session of 50 threads
  (``intent_workload.build_session``), with the caller's embedding ("given") and without it
  (the default hashing embedder runs inside the call: "text").
- ``--previous DIR``: DIR holds a copy of an earlier multihorizon (with its built ``_core``)
  as the package ``DIR/<name>/multihorizon``, imported as ``<name>.multihorizon`` (see
  tests/test_vendoring.py); its Session.classify runs on the same workload, and every turn's
  intent must be the same as ours.
- ``--adapter``: also the drop-in ``multihorizon.crp`` ``classify_intent``.
- ``--reference``: also ``Session.classify`` on the NumPy reference backend (a session made
  there, each call run on its kernels), at one call per ``--reference-every`` rounds (it
  takes hundreds of microseconds).
"""

from __future__ import annotations

import argparse
import importlib
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
from multihorizon import kernels

PEER = "crprotocol"
ADAPTER = "mh.crp adapter"
GIVEN = "classify(text, embedding)"
TEXT = "classify(text)"
PREVIOUS_GIVEN = "previous classify(text, embedding)"
PREVIOUS_TEXT = "previous classify(text)"
REFERENCE_GIVEN = "NumPy reference classify(text, embedding)"
REFERENCE_TEXT = "NumPy reference classify(text)"
ORDER = (
    PEER,
    GIVEN,
    TEXT,
    PREVIOUS_GIVEN,
    PREVIOUS_TEXT,
    REFERENCE_GIVEN,
    REFERENCE_TEXT,
    ADAPTER,
)
SPARSE = (REFERENCE_GIVEN, REFERENCE_TEXT)


def _percentiles(samples: list[int]) -> tuple[float, float]:
    ordered = sorted(samples)
    cut = statistics.quantiles(ordered, n=100, method="inclusive")
    return cut[49] / 1000.0, cut[98] / 1000.0


def _label(value: Any) -> str:
    return str(value["intent"]) if isinstance(value, dict) else str(value)


def _on_reference(call: Callable[[], Any]) -> Callable[[], Any]:
    """``call`` run on the NumPy reference backend's kernels."""

    def on_reference() -> Any:
        previous = kernels.use("python")
        try:
            return call()
        finally:
            kernels.use(previous)

    return on_reference


def previous_package(folder: str) -> Any:
    root = Path(folder).resolve()
    names = [path.parent.parent.name for path in root.glob("*/multihorizon/__init__.py")]
    if len(names) != 1:
        raise SystemExit(f"--previous: expected one <name>/multihorizon package in {root}")
    sys.path.insert(0, str(root))
    return importlib.import_module(f"{names[0]}.multihorizon")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--previous", help="folder holding <name>/multihorizon (a copy)")
    parser.add_argument("--adapter", action="store_true")
    parser.add_argument("--reference", action="store_true")
    parser.add_argument("--reference-every", type=int, default=20)
    args = parser.parse_args(argv)

    session = intent_workload.build_session()
    previous = None
    if args.previous:
        package = previous_package(args.previous)
        previous = intent_workload.build_session(package)
    reference = None
    if args.reference:
        previous_backend = kernels.use("python")
        try:
            reference = intent_workload.build_session()
        finally:
            kernels.use(previous_backend)
    turns = {
        "typical": intent_workload.turn_text(),
        "plain": intent_workload.plain_turn_text(),
        "marker-dense": intent_workload.heavy_turn_text(),
    }
    contenders: dict[tuple[str, str], Callable[[], Any]] = {}
    for label, text in turns.items():
        peer = intent_workload.peer(text)
        if peer is not None:
            contenders[PEER, label] = peer
        contenders[GIVEN, label] = intent_workload.ours(session, text)
        contenders[TEXT, label] = intent_workload.ours_text_only(session, text)
        if previous is not None:
            contenders[PREVIOUS_GIVEN, label] = intent_workload.ours(previous, text)
            contenders[PREVIOUS_TEXT, label] = intent_workload.ours_text_only(previous, text)
            if {str(contenders[key, label]()) for key in (GIVEN, PREVIOUS_GIVEN)} != {
                str(contenders[TEXT, label]())
            } or str(contenders[PREVIOUS_TEXT, label]()) != str(contenders[TEXT, label]()):
                raise SystemExit(f"{label}: the previous release classifies differently")
        if reference is not None:
            contenders[REFERENCE_GIVEN, label] = _on_reference(
                intent_workload.ours(reference, text)
            )
            contenders[REFERENCE_TEXT, label] = _on_reference(
                intent_workload.ours_text_only(reference, text)
            )
        if args.adapter:
            contenders[ADAPTER, label] = intent_workload.adapter(text)
    for key, call in contenders.items():  # warm up caches on every side
        for _ in range(5 if key[0] in SPARSE else 200):
            call()
    samples: dict[tuple[str, str], list[int]] = {key: [] for key in contenders}
    clock = time.perf_counter_ns
    for round_number in range(args.calls):
        sparse_round = round_number % args.reference_every == 0
        for key, call in contenders.items():
            if key[0] in SPARSE and not sparse_round:
                continue
            started = clock()
            call()
            samples[key].append(clock() - started)

    names = [name for name in ORDER if any(k[0] == name for k in contenders)]
    print(
        f"backend: {mh.backend}, turns of {TURN_CHARS} chars, {args.calls} calls each, "
        "interleaved\n"
    )
    for label, text in turns.items():
        answers = ", ".join(f"{name}: {_label(contenders[name, label]())}" for name in names)
        print(f"- {label}: {answers}: {text.strip()!r}")
    print("\nper call p50 / p99, (p50 / crprotocol's p50)\n")
    print("| turn | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for label in turns:
        cells = []
        base = _percentiles(samples[PEER, label])[0] if (PEER, label) in samples else None
        for name in names:
            p50, p99 = _percentiles(samples[name, label])
            ratio = f" ({p50 / base:.2f}x)" if base and name != PEER else ""
            cells.append(f"{p50:.2f} / {p99:.2f} µs{ratio}")
        print(f"| {label} | " + " | ".join(cells) + " |")
    if PEER not in names:
        print("\ncrprotocol is not installed (pip install '.[bench]'): no peer measured")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
