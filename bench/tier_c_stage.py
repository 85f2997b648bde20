"""Tier C's stage on its own (``tiers.conversation.retrieve``), side by side with another checkout.

    python bench/tier_c_stage.py [--turns 1000] [--rounds 4] --compare SRC --this SRC

Each round restores ``long_sessions``' real-text session of ``--turns`` turns, runs 300 user
turns (each followed by its real reply) and times every ``conversation.retrieve`` call inside
``Session.user`` (the first 50 dropped: a restore warms caches); it reports the median per
call and the median ``Session.user``. Rounds alternate between the two ``src`` directories
(give each its ``_core`` .so; run from an interpreter without an editable install, as
``turn_latency.py --compare`` does), so each ratio comes from one run on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def measure(turns: int) -> dict[str, float]:
    """Median µs per Tier C stage call and per ``Session.user`` on a restored session."""
    import long_sessions
    from multihorizon.tiers import conversation

    texts, vectors = long_sessions.probes(turns)
    session = long_sessions.session(turns)
    stage = conversation.retrieve
    spent: list[int] = []

    def timed(*args: object, **kwargs: object) -> object:
        started = time.perf_counter_ns()
        found = stage(*args, **kwargs)  # type: ignore[arg-type]
        spent.append(time.perf_counter_ns() - started)
        return found

    conversation.retrieve = timed  # type: ignore[assignment]
    user = []
    for n in range(0, 600, 2):
        started = time.perf_counter_ns()
        session.user(texts[n], embedding=vectors[n])
        user.append(time.perf_counter_ns() - started)
        session.assistant(texts[n + 1], embedding=vectors[n + 1])
    return {
        "stage_us": statistics.median(spent[50:]) / 1000,
        "user_us": statistics.median(user[50:]) / 1000,
    }


def _child(src: str, turns: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=src)
    here = os.path.dirname(os.path.abspath(__file__))
    script = (
        f"import json, sys; sys.path.insert(0, {here!r}); import tier_c_stage; "
        f"print(json.dumps(tier_c_stage.measure({turns})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns restored before timing")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds per side")
    parser.add_argument("--compare", required=True, help="the other checkout's src directory")
    parser.add_argument("--this", required=True, help="this checkout's src directory")
    args = parser.parse_args()
    found: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
    for _ in range(args.rounds):
        found["other"].append(_child(args.compare, args.turns))
        found["this"].append(_child(args.this, args.turns))
    for key in ("stage_us", "user_us"):
        ratios = [t[key] / o[key] for t, o in zip(found["this"], found["other"], strict=True)]
        this = statistics.median(r[key] for r in found["this"])
        other = statistics.median(r[key] for r in found["other"])
        print(
            f"{key}: this {this:.1f} other {other:.1f}; pair ratios "
            f"{' '.join(f'{r:.3f}' for r in ratios)} (median {statistics.median(ratios):.3f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
