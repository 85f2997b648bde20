"""Issue 18 item 4: the CPU of many loads of one stored session, for medians beside the best
of ``bench/save_cost.py`` (a loaded box's best-of-5 swings with page faults).

    python bench/restore_medians.py [--turns 10000] [--loads 15] [--every 4]
    python bench/run_tree.py OTHER/src bench/restore_medians.py ...   # another tree

The session of ``bench/save_cost.py`` (its topic changes every ``--every`` turns) is encoded
once by the tree that runs, saved in a ``MemoryStore``, and loaded ``--loads`` times as the
assembler loads it (``load(after_segments=True)`` + ``decode``). Prints the median and best
CPU of a load and the median kernel time (``getrusage``: minor page faults, mostly).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from typing import Any

from multihorizon.persist import FORMAT_VERSION, MemoryStore, decode, encode
from save_cost import _session


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=10000)
    parser.add_argument("--loads", type=int, default=15)
    parser.add_argument("--every", type=int, default=4, help="turns per topic")
    args = parser.parse_args()
    head, turns, records = encode(_session(args.turns, args.every))
    store = MemoryStore()
    store.save("bench", "save", head, turns, first_turn=0, expected_version=0, records=records)

    def load() -> Any:
        stored = store.load("bench", "save", after_segments=True)
        assert stored is not None
        return decode(stored.head, stored.turns, stored.records, first_turn=stored.first_turn)

    cpu, kernel = [], []
    for _ in range(args.loads):
        before, start = resource.getrusage(resource.RUSAGE_SELF), time.process_time()
        load()
        cpu.append((time.process_time() - start) * 1e3)
        kernel.append((resource.getrusage(resource.RUSAGE_SELF).ru_stime - before.ru_stime) * 1e3)
    print(
        f"format {FORMAT_VERSION}, {args.turns} turns: load CPU median {statistics.median(cpu):.1f}"
        f" ms, best {min(cpu):.1f} ms, kernel median {statistics.median(kernel):.1f} ms"
    )


if __name__ == "__main__":
    main()
