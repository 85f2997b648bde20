"""Issue 18 item 4: what the first turn after a load pays, against a session that was never
saved, and what a read of a loaded turn-log column (``DeferredColumn``) costs.

    python bench/restore_first_turn.py [--turns 10000] [--rounds 5]

Builds ``bench/save_cost.py``'s session of ``--turns`` turns live (the never-saved one),
encodes it, then per round loads a copy and times (CPU) its first ``Session.user`` and the
one after it, against one ``user`` each on the live session, in alternating order. Then
100,000 random reads of the loaded log's ``contents`` against a plain list of the same
texts (every run built first), and the first read of an unbuilt run.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from collections.abc import Callable

from multihorizon.persist import decode, encode
from save_cost import _session, _topic


def _cpu_ms(action: Callable[[], object]) -> float:
    start = time.process_time()
    action()
    return (time.process_time() - start) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    live = _session(args.turns, 4)
    records = encode(live)
    first, second, fresh = [], [], []
    for round_ in range(args.rounds):
        loaded, _ = decode(*records)
        question = f"{_topic(round_ + 3)} again?"
        if round_ % 2:
            fresh.append(_cpu_ms(functools.partial(live.user, question)))
        first.append(_cpu_ms(functools.partial(loaded.user, question)))
        second.append(_cpu_ms(functools.partial(loaded.user, question + " And more?")))
        if not round_ % 2:
            fresh.append(_cpu_ms(functools.partial(live.user, question)))
    median = statistics.median
    print(f"first user() after a load: median {median(first):.2f} ms (all {first})")
    print(f"the user() after it: median {median(second):.2f} ms")
    print(f"user() on the never-saved session: median {median(fresh):.2f} ms")

    loaded, _ = decode(*records)
    started = time.process_time()
    loaded.turns.contents[5]  # builds the first segment's run of texts
    built = (time.process_time() - started) * 1e3
    column = loaded.turns.contents
    plain = list(column)  # every run built
    picks = [random.randrange(len(plain)) for _ in range(100_000)]
    on_list = median(_cpu_ms(lambda: [plain[i] for i in picks]) for _ in range(7))
    on_column = median(_cpu_ms(lambda: [column[i] for i in picks]) for _ in range(7))
    print(
        f"a read: list {on_list / len(picks) * 1e6:.0f} ns, DeferredColumn "
        f"{on_column / len(picks) * 1e6:.0f} ns; first read of an unbuilt run {built:.2f} ms"
    )


if __name__ == "__main__":
    main()
