"""``Session.classify(text, embedding=given)`` on real turns by where they stand, side by side
with another checkout and crprotocol's ``classify_intent`` (issue 14).

    python bench/classify_latency.py [--conversations N] [--turns N] [--calls N] [--rounds N]
        [--compare SRC_DIR --this SRC_DIR]

The first ``--conversations`` of every ``../shared/data`` file (no named speakers) are replayed
through the session's calls (``shared_data.log_turn``, hashing embedder); before each user
turn is logged, ``classify`` of it (its hashing vector given) is timed ``--calls`` times, and
crprotocol's ``classify_intent`` of it over a ``MultiHorizonContext`` fed the same user and
assistant turns. Turns are grouped by where they stand: "bare" (first turn, or after a user
turn), "after a reply" (the last turn an assistant's), "question after a tool output" (the
scratch buffer holds an output and the turn asks: is_question). ``--compare SRC_DIR`` runs
the same rounds, alternating, with ``multihorizon`` imported from another checkout's ``src``
(from an interpreter without an editable install, ``--this SRC`` for this one; as for
``bench/turn_latency.py``): one table, one machine, one run. Every side must give every
turn the same intent.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

GROUPS = ("bare", "after a reply", "question after a tool output")
PEER = "crprotocol"


def _group(session: Any, text: str) -> str:
    from multihorizon.dialogue.intent import is_question

    log = session._log
    if len(session._scratch) > 0 and is_question(text):
        return GROUPS[2]
    if len(log) and log.roles[-1] == "assistant":
        return GROUPS[1]
    return GROUPS[0]


def _peer() -> Any:
    try:
        from crp.state.horizons import MultiHorizonContext
    except ImportError:
        return None
    return MultiHorizonContext()


def worker(conversations: int, turns: int, calls: int) -> dict[str, Any]:
    """Per group: our samples (ns), the peer's, and every turn's intent (in replay order)."""
    import multihorizon as mh

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from shared_data import locate, log_turn

    folder = locate()
    if folder is None:
        raise SystemExit("shared/data not found (set MULTIHORIZON_DATA)")
    embedder = mh.HashingEmbedder()
    clock = time.perf_counter_ns
    ours: dict[str, list[int]] = {group: [] for group in GROUPS}
    peer: dict[str, list[int]] = {group: [] for group in GROUPS}
    # Our samples of the turns classify answers without the Python rules (the native path).
    native: dict[str, list[int]] = {group: [] for group in GROUPS}
    intents: list[str] = []
    # Per group: turns, and turns classify answered without the Python rules (no call of
    # ``intent_for_turn``, counted on an untimed call).
    settled: dict[str, list[int]] = {group: [0, 0] for group in GROUPS}
    from multihorizon import session_intent

    python_path = session_intent.intent_for_turn
    python_calls = [0]

    def counted(*args: Any) -> Any:
        python_calls[0] += 1
        return python_path(*args)

    for path in sorted(folder.glob("*.jsonl")):
        with path.open(encoding="utf-8") as lines:
            for number, line in enumerate(lines):
                if number >= conversations:
                    break
                chat = json.loads(line)["turns"][:turns]
                if any(turn.get("speaker") for turn in chat):
                    continue
                session, context = mh.Session(embedder=embedder), _peer()
                for turn in chat:
                    text = turn["content"]
                    if turn["role"] == "user" and text.strip():
                        group = _group(session, text)
                        vector = embedder.embed([text])[0].copy()
                        python_calls[0] = 0
                        session_intent.intent_for_turn = counted
                        intents.append(str(session.classify(text, embedding=vector)))
                        session_intent.intent_for_turn = python_path
                        settled[group][0] += 1
                        settled[group][1] += not python_calls[0]
                        for _ in range(calls):
                            started = clock()
                            session.classify(text, embedding=vector)
                            ours[group].append(clock() - started)
                            if not python_calls[0]:
                                native[group].append(ours[group][-1])
                            if context is not None:
                                started = clock()
                                context.classify_intent(text)
                                peer[group].append(clock() - started)
                    log_turn(session, turn)
                    if context is not None and turn["role"] in ("user", "assistant"):
                        context.add_turn(turn["role"], text or " ")
    found = {"ours": ours, "peer": peer, "intents": intents, "settled": settled, "native": native}
    return {**found, "file": mh.__file__}


def _run_side(src: str | None, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    command = [sys.executable, __file__, "--worker"]
    command += ["--conversations", str(args.conversations), "--turns", str(args.turns)]
    command += ["--calls", str(args.calls)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def _p(samples: list[int], at: int) -> float:
    return statistics.quantiles(samples, n=100, method="inclusive")[at] / 1000.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=5, help="per file")
    parser.add_argument("--turns", type=int, default=60, help="per conversation")
    parser.add_argument("--calls", type=int, default=5, help="timed calls per turn")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", default=None, help="another checkout's src directory")
    parser.add_argument("--this", default=None, help="this checkout's src directory")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.conversations, args.turns, args.calls)))
        return 0
    sides = {"this": args.this, **({"main": args.compare} if args.compare else {})}
    ours: dict[str, dict[str, list[int]]] = {side: {g: [] for g in GROUPS} for side in sides}
    native: dict[str, dict[str, list[int]]] = {side: {g: [] for g in GROUPS} for side in sides}
    peer: dict[str, list[int]] = {g: [] for g in GROUPS}
    intents: dict[str, list[str]] = {}
    shares: dict[str, dict[str, list[int]]] = {}
    for _ in range(args.rounds):
        for side, src in sides.items():
            result = _run_side(src, args)
            print(f"{side}: {result['file']}", file=sys.stderr)
            for group in GROUPS:
                ours[side][group] += result["ours"][group]
                native[side][group] += result["native"][group]
                peer[group] += result["peer"][group]
            intents.setdefault(side, result["intents"])
            shares.setdefault(side, result["settled"])
            if intents[side] != result["intents"]:
                raise SystemExit(f"{side}: intents differ between rounds")
    if len({tuple(found) for found in intents.values()}) != 1:
        raise SystemExit("the sides classify some turn differently")
    print(f"{len(intents['this'])} real user turns, {args.calls} calls each, {args.rounds} rounds")
    names = [*sides, *([PEER] if peer[GROUPS[0]] else [])]
    print("\nclassify(text, embedding=given): p50 / p99 µs (p50 / crprotocol's p50)\n")
    print("| turns (count) | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 1) + "|")
    for group in GROUPS:
        base = _p(peer[group], 49) if peer[group] else None
        cells = []
        for name in names:
            samples = peer[group] if name == PEER else ours[name][group]
            p50, p99 = _p(samples, 49), _p(samples, 98)
            ratio = f" ({p50 / base:.2f}x)" if base and name != PEER else ""
            cells.append(f"{p50:.2f} / {p99:.2f}{ratio}")
        count = len(ours["this"][group]) // (args.calls * args.rounds)
        print(f"| {group} ({count}) | " + " | ".join(cells) + " |")
    print("\nthe same, only the turns answered without the Python rules: p50 / p99 µs\n")
    print("| turns | " + " | ".join(sides) + " |")
    print("|---" * (len(sides) + 1) + "|")
    for group in GROUPS:
        cells = [
            f"{_p(native[side][group], 49):.2f} / {_p(native[side][group], 98):.2f}"
            if len(native[side][group]) > 1
            else "-"
            for side in sides
        ]
        print(f"| {group} | " + " | ".join(cells) + " |")
    print("\nturns classify answers without the Python rules (intent_for_turn not called)\n")
    for side, share in shares.items():
        cells = ", ".join(
            f"{g} {n} of {total} ({n / max(1, total):.0%})" for g, (total, n) in share.items()
        )
        print(f"- {side}: {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
