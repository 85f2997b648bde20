"""Where ``Session.user``'s time goes on a restored real-text session: each stage timed in place.

    python bench/turn_stages.py [--turns 1000] [--calls 300]

Restores ``long_sessions``' session of ``--turns`` real turns, sends ``--calls`` user turns
(each followed by its real reply) and times, inside each ``Session.user``, the stages
``Session._plan_turn`` runs (features, references, intent, placement, thread state, Tier C,
antecedents, envelope) and the commit, each by wrapping the function the session calls; then
Tier C's parts: the postings gather, the pair columns, the native call
(``kernels.retrieve_context``), the same call again on the same inputs (warm caches: the
difference is what the rest of the turn left cold) and the items. It prints the median of
each over the turns after the first 50 (a restore warms caches), as µs and as a share of the
median turn. The wrappers add well under a microsecond per stage; run it from the checkout
whose ``multihorizon`` is imported (``PYTHONPATH=SRC`` from an interpreter without an
editable install for another tree).

    python bench/turn_stages.py --compare OTHER_SRC --this THIS_SRC [--rounds 5]

times both trees in one run: each round runs one child per tree (``PYTHONPATH`` set to its
``src``, each with its own ``_core``; the order alternates round by round) and the table
gives each stage's median of the rounds' medians and their ratio. Run it from an
interpreter without an editable install, whose import hook would shadow ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

#: The stages' labels, in the order ``Session.user`` runs them (``_targets``).
LABELS: tuple[str, ...] = (
    "embedding check",
    "features",
    "references",
    "intent",
    "placement",
    "thread state",
    "Tier C",
    "antecedents",
    "envelope",
    "commit",
)


def _targets() -> tuple[tuple[Any, str, str], ...]:
    """(owner, attribute, label): what ``Session.user`` calls, stage by stage, then Tier C's
    parts (inside the "Tier C" stage). Imported here: a ``--compare`` parent imports no
    ``multihorizon`` (its children do, each from its own tree)."""
    import multihorizon.session as session_module
    from multihorizon.dialogue.threadstate import ThreadState
    from multihorizon.dialogue.turnlog import TurnLog
    from multihorizon.tiers import conversation

    owners = (
        (session_module.Session, "_embed"),
        (session_module, "analyse_logged"),
        (session_module.Session, "_references"),
        (session_module.Session, "_turn_intent"),
        (session_module, "thread_for_turn"),
        (ThreadState, "update"),
        (session_module.conversation, "retrieve"),
        (session_module.antecedents, "antecedents"),
        (session_module, "conversation_envelope"),
        (session_module.Session, "commit"),
    )
    stages = tuple(
        (owner, name, label) for (owner, name), label in zip(owners, LABELS, strict=True)
    )
    return (
        *stages,
        (TurnLog, "postings", "  postings"),
        (TurnLog, "pair_columns", "  pair columns"),
        (conversation, "context_items", "  items"),
    )


def _timed(spent: dict[str, int], label: str, call: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter_ns()
        try:
            return call(*args, **kwargs)
        finally:
            spent[label] += time.perf_counter_ns() - started

    return timed


def measure(turns: int, calls: int) -> tuple[list[int], dict[str, list[int]]]:
    """Per user turn: its time, and each stage's (ns)."""
    import long_sessions
    from multihorizon import kernels

    texts, vectors = long_sessions.probes(turns)
    session = long_sessions.session(turns)
    spent: dict[str, int] = defaultdict(int)
    for owner, name, label in _targets():
        setattr(owner, name, _timed(spent, label, getattr(owner, name)))
    native = kernels.retrieve_context

    def kernel(*args: Any) -> Any:
        started = time.perf_counter_ns()
        found = native(*args)
        middle = time.perf_counter_ns()
        native(*args)  # again, on the same inputs: warm caches
        spent["  native call"] += middle - started
        spent["  native call again (warm)"] += time.perf_counter_ns() - middle
        return found

    kernels.retrieve_context = kernel
    users: list[int] = []
    stages: dict[str, list[int]] = defaultdict(list)
    for n in range(0, 2 * calls, 2):
        spent.clear()
        started = time.perf_counter_ns()
        session.user(texts[n], embedding=vectors[n])
        again = spent["  native call again (warm)"]
        users.append(time.perf_counter_ns() - started - again)
        spent["Tier C"] -= again  # the turn and its Tier C stage without the repeat
        for label, value in spent.items():
            stages[label].append(value)
        session.assistant(texts[n + 1], embedding=vectors[n + 1])
    return users, stages


def _medians(turns: int, calls: int) -> dict[str, float]:
    """The median turn and each stage's median (µs) over the turns after the first 50."""
    users, stages = measure(turns, calls)
    found = {"turn": statistics.median(users[50:]) / 1000}
    for label, values in stages.items():
        found[label] = statistics.median(values[50:]) / 1000
    return found


def _child(src: str, turns: int, calls: int) -> dict[str, float]:
    bench = os.path.dirname(os.path.abspath(__file__))
    script = f"import json, sys; sys.path.insert(0, {bench!r}); import turn_stages; "
    script += f"print(json.dumps(turn_stages._medians({turns}, {calls})))"
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _order() -> list[str]:
    parts = ["  postings", "  pair columns", "  native call", "  native call again (warm)"]
    return [*LABELS, *parts, "  items"]


def _name(label: str) -> str:
    return label.strip() if label[0] != " " else ". " + label.strip()


def _compare(other: str, this: str, rounds: int, turns: int, calls: int) -> None:
    sides: dict[str, list[dict[str, float]]] = {"other": [], "this": []}
    for round_ in range(rounds):
        order = [("other", other), ("this", this)]
        for name, src in order if round_ % 2 == 0 else order[::-1]:
            sides[name].append(_child(src, turns, calls))

    def median(name: str, label: str) -> float:
        return statistics.median(found.get(label, 0.0) for found in sides[name])

    print(f"{rounds} interleaved rounds, {turns:,} turns, {calls} calls; this: {this}")
    print(f"other: {other}\n")
    print("| stage | other µs | this µs | this/other |")
    print("|---|---|---|---|")
    for label in ["turn", *_order()]:
        mine, theirs = median("this", label), median("other", label)
        if theirs > 0:
            print(f"| {_name(label)} | {theirs:.1f} | {mine:.1f} | {mine / theirs:.3f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns restored before timing")
    parser.add_argument("--calls", type=int, default=300, help="user turns timed")
    parser.add_argument("--compare", default=None, help="another checkout's src directory")
    parser.add_argument("--this", default=None, help="this checkout's src directory")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (--compare)")
    args = parser.parse_args()
    if args.compare:
        if not args.this:
            parser.error("--compare needs --this (this checkout's src)")
        _compare(args.compare, args.this, args.rounds, args.turns, args.calls)
        return 0
    users, stages = measure(args.turns, args.calls)
    turn = statistics.median(users[50:])
    print(f"`Session.user` at {args.turns:,} turns: median {turn / 1000:.1f} µs\n")
    print("| stage | median µs | share of the turn |")
    print("|---|---|---|")
    for label in _order():
        values = stages.get(label, [])[50:]
        if not values:
            continue
        middle = statistics.median(values)
        print(f"| {_name(label)} | {middle / 1000:.1f} | {100 * middle / turn:.1f}% |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
