"""Tail latency of the per-request calls (issue 14: p99 is part of the goal, p99 <= 4x p50),
ours and crprotocol side by side in one process.

    python bench/tail_latency.py [--calls N] [--turns 1000] [--user-calls M] [--no-user]
                                 [--previous DIR]

Every contender runs interleaved, one call per sample timed with ``perf_counter_ns``, each
round in its own (seeded) random order, so the noise of a shared machine and the cache misses
of the call after another side's fall on all of them alike; the tables give p50, p90, p99,
p99.9 and the largest sample per call, and p99 / p50.

- ``classify``: ``Session.classify`` on ``intent_workload``'s session (50 threads) for its
  three 200-character turns (typical, plain, marker-dense), with the caller's embedding
  ("given") and without it ("text": the default hashing embedder runs inside the call);
  crprotocol's ``classify_intent`` over a 200-turn log of the same shape.
- ``user``: ``Session.user(text, embedding=given)`` on a restored session of ``--turns``
  real turns (``long_sessions``, the pytest-benchmark ``session-user-*`` workload), each
  timed user turn followed by an untimed assistant reply; beside it what a crprotocol caller
  does per user turn with ``MultiHorizonContext`` (``classify_intent``,
  ``resolve_reference`` against the last five turns, ``add_turn``, ``get_recent_turns``),
  which keeps only its latest 50 turns and embeds nothing.

``--previous DIR`` adds the classify calls of an earlier multihorizon (a copy with its built
``_core`` as ``DIR/<name>/multihorizon``, as ``intent_latency.py --previous`` takes it) on the
same workload, every turn's intent checked equal to ours; repeated, it adds each tree
(labelled by ``<name>``, which must differ), all in the same interleaved run.

The garbage collector stays on: a pause it causes is part of a caller's tail.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import intent_workload
import multihorizon as mh

QUANTILES = (0.50, 0.90, 0.99, 0.999)


def _quantiles(samples: list[int]) -> list[float]:
    ordered = sorted(samples)
    last = len(ordered) - 1
    return [ordered[round(q * last)] / 1000.0 for q in QUANTILES] + [ordered[-1] / 1000.0]


def _table(title: str, samples: dict[str, list[int]], peer: str | None) -> None:
    print(f"\n{title}\n")
    print("| call | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs | p99 / p50 | p50 / peer p50 |")
    print("|---|---|---|---|---|---|---|---|")
    base = _quantiles(samples[peer])[0] if peer in samples else None
    for name, values in samples.items():
        p50, p90, p99, p999, largest = _quantiles(values)
        ratio = f"{p50 / base:.2f}x" if base and name != peer else ""
        print(
            f"| {name} | {p50:.2f} | {p90:.2f} | {p99:.2f} | {p999:.1f} | {largest:.0f} | "
            f"{p99 / p50:.1f} | {ratio} |"
        )


def _interleaved(calls: dict[str, Callable[[], Any]], rounds: int) -> dict[str, list[int]]:
    for call in calls.values():  # warm every side's caches
        for _ in range(200):
            call()
    samples: dict[str, list[int]] = {name: [] for name in calls}
    clock = time.perf_counter_ns
    order = list(calls.items())
    shuffler = random.Random(28)
    for _ in range(rounds):
        # Each round in its own order: the call after another side's (caches refilled for
        # its code) is a different one each time. A rotation would not do: every contender
        # would follow the same one in all rounds but one (stop 39: "classify given", always
        # after crprotocol's call, read 1.13-1.37x slower than the same call of an equal
        # tree after our own "classify text").
        shuffler.shuffle(order)
        for name, call in order:
            started = clock()
            call()
            samples[name].append(clock() - started)
    return samples


def _classify_calls(
    previous: dict[str, Any] | None = None,
) -> tuple[dict[str, Callable[[], Any]], list[str]]:
    session = intent_workload.build_session()
    earlier = {
        name: intent_workload.build_session(package) for name, package in (previous or {}).items()
    }
    turns = {
        "typical": intent_workload.turn_text(),
        "plain": intent_workload.plain_turn_text(),
        "marker-dense": intent_workload.heavy_turn_text(),
    }
    calls: dict[str, Callable[[], Any]] = {}
    peers = []
    for label, text in turns.items():
        peer = intent_workload.peer(text)
        if peer is not None:
            calls[f"crprotocol classify_intent ({label})"] = peer
            peers.append(f"crprotocol classify_intent ({label})")
        calls[f"classify given ({label})"] = intent_workload.ours(session, text)
        calls[f"classify text ({label})"] = intent_workload.ours_text_only(session, text)
        for name, other in earlier.items():
            calls[f"{name} classify given ({label})"] = intent_workload.ours(other, text)
            calls[f"{name} classify text ({label})"] = intent_workload.ours_text_only(other, text)
            if str(session.classify(text)) != str(other.classify(text)):
                raise SystemExit(f"{label}: {name} classifies differently")
    return calls, peers


def _crprotocol_turn(texts: list[str]) -> Callable[[], Any] | None:
    """What a crprotocol caller does per user turn (see the module docstring)."""
    try:
        from crp.state.horizons import MultiHorizonContext
    except ImportError:
        return None
    context = MultiHorizonContext()
    for n, text in enumerate(texts[:200]):
        context.add_turn("user" if n % 2 == 0 else "assistant", text)
    position = iter(range(10**9))

    def turn() -> Any:
        text = texts[next(position) % len(texts)]
        context.classify_intent(text)
        history = [entry.content for entry in context.get_recent_turns(5)]
        context.resolve_reference(text, history)
        context.add_turn("user", text)
        return context.get_recent_turns(5)

    return turn


def _user_samples(turns: int, calls: int) -> dict[str, list[int]]:
    import long_sessions

    texts, vectors = long_sessions.probes(turns)
    session = long_sessions.session(turns)
    peer = _crprotocol_turn(texts)
    samples: dict[str, list[int]] = {f"Session.user ({turns} turns)": []}
    if peer is not None:
        samples["crprotocol turn"] = []
    clock = time.perf_counter_ns
    for n in range(calls + 20):
        user = (2 * n) % (len(texts) - 1)
        started = clock()
        session.user(texts[user], embedding=vectors[user])
        elapsed = clock() - started
        session.assistant(texts[user + 1], embedding=vectors[user + 1])
        if peer is not None:
            started_peer = clock()
            peer()
            elapsed_peer = clock() - started_peer
        if n >= 20:  # the first turns after a restore warm caches
            samples[f"Session.user ({turns} turns)"].append(elapsed)
            if peer is not None:
                samples["crprotocol turn"].append(elapsed_peer)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000, help="classify rounds")
    parser.add_argument("--turns", type=int, default=1000, help="user(): the session's log")
    parser.add_argument("--user-calls", type=int, default=1000, help="user() rounds")
    parser.add_argument("--no-user", action="store_true", help="classify only")
    parser.add_argument(
        "--previous",
        action="append",
        default=[],
        help="folder holding <name>/multihorizon (a copy); repeat it for several trees",
    )
    args = parser.parse_args(argv)

    print(f"backend: {mh.backend}; interleaved, one call per sample, gc on")
    previous: dict[str, Any] = {}
    if args.previous:
        from intent_latency import previous_package

        for folder in args.previous:
            package = previous_package(folder)
            # One earlier tree keeps the label "previous"; several are told apart by name.
            name = "previous" if len(args.previous) == 1 else package.__name__.split(".")[0]
            previous[name] = package
    calls, peers = _classify_calls(previous)
    samples = _interleaved(calls, args.calls)
    for label in ("typical", "plain", "marker-dense"):
        group = {name: values for name, values in samples.items() if f"({label})" in name}
        peer = next((name for name in peers if f"({label})" in name), None)
        _table(f"classify, {label} turn, {args.calls} calls each", group, peer)
    if not args.no_user:
        user = _user_samples(args.turns, args.user_calls)
        _table(
            f"user turn, {args.user_calls} calls each",
            user,
            "crprotocol turn" if len(user) > 1 else None,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
