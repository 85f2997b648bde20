"""Peak RSS of 3,000 ten-turn sessions through one assembler, bounded or not.

    python bench/bounded_sessions.py none     # every session held
    python bench/bounded_sessions.py 100      # max_sessions=100

Run each in its own process (peak RSS is per process).
"""

from __future__ import annotations

import resource
import sys
import time

import multihorizon as mh


def main(argv: list[str]) -> int:
    bound = None if not argv or argv[0] == "none" else int(argv[0])
    assembler = mh.ContextAssembler(max_sessions=bound)
    started = time.perf_counter()
    for n in range(3000):
        session = assembler.session(f"t/u{n}")
        for step in range(5):
            session.user(f"How do I configure etcd member {n}, step {step}? We run three nodes.")
            session.assistant(f"Set --initial-cluster on member {n}, enable TLS, step {step + 1}.")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"max_sessions={bound}: held {len(assembler)}, evictions {assembler.evictions}, "
        f"peak RSS {peak:.0f} MB, {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
