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
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import long_sessions
import multihorizon.session as session_module
from multihorizon import kernels
from multihorizon.dialogue.threadstate import ThreadState
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.tiers import conversation

#: (owner, attribute, label): what ``Session.user`` calls, stage by stage.
STAGES: tuple[tuple[Any, str, str], ...] = (
    (session_module.Session, "_embed", "embedding check"),
    (session_module, "analyse_logged", "features"),
    (session_module.Session, "_references", "references"),
    (session_module.Session, "_turn_intent", "intent"),
    (session_module, "thread_for_turn", "placement"),
    (ThreadState, "update", "thread state"),
    (session_module.conversation, "retrieve", "Tier C"),
    (session_module.antecedents, "antecedents", "antecedents"),
    (session_module, "conversation_envelope", "envelope"),
    (session_module.Session, "commit", "commit"),
)
#: Tier C's parts (inside the "Tier C" stage).
PARTS: tuple[tuple[Any, str, str], ...] = (
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
    texts, vectors = long_sessions.probes(turns)
    session = long_sessions.session(turns)
    spent: dict[str, int] = defaultdict(int)
    for owner, name, label in (*STAGES, *PARTS):
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns restored before timing")
    parser.add_argument("--calls", type=int, default=300, help="user turns timed")
    args = parser.parse_args()
    users, stages = measure(args.turns, args.calls)
    turn = statistics.median(users[50:])
    print(f"`Session.user` at {args.turns:,} turns: median {turn / 1000:.1f} µs\n")
    print("| stage | median µs | share of the turn |")
    print("|---|---|---|")
    order = [label for _, _, label in STAGES] + [
        "  postings",
        "  pair columns",
        "  native call",
        "  native call again (warm)",
        "  items",
    ]
    for label in order:
        values = stages.get(label, [])[50:]
        if not values:
            continue
        middle = statistics.median(values)
        print(
            f"| {label.strip() if label[0] != ' ' else '. ' + label.strip()} "
            f"| {middle / 1000:.1f} | {100 * middle / turn:.1f}% |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
