"""``Session.user()`` latency on a long session, side by side with another checkout.

    python bench/turn_latency.py [--turns 1000] [--rounds 5] [--compare SRC_DIR]

Each round builds a session of ``--turns`` alternating turns (hashing embeddings computed
once, given to ``user(embedding=...)``), then times 200 more user turns and reports the
median. ``--compare SRC_DIR`` runs the same rounds, interleaved, with ``multihorizon``
imported from another checkout's ``src`` (e.g. ``git worktree add /tmp/base <commit>``, with
this build's ``_core*.so`` copied into its package; run it from an interpreter without an
editable install, whose import hook would shadow ``PYTHONPATH``, and give ``--this SRC``):
both medians come from one run on one machine. It also times a short turn after a 980 kB
reply against the same turn after a short reply (a rule that re-read earlier turns would pay
for the long one on every turn).

``--real`` times real text instead (``long_sessions``: a restored session of ``--turns``
real turns of ``../shared/data`` with the default embedder's vectors, each user turn followed
by a real reply), the workload of the pytest-benchmark groups ``session-user-*``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

WORDS = [
    "etcd",
    "cluster",
    "backup",
    "postgres",
    "kafka",
    "tls",
    "certificate",
    "node",
    "restart",
    "member",
    "snapshot",
    "replica",
    "latency",
    "throughput",
    "index",
    "query",
    "plan",
    "cache",
    "eviction",
    "memory",
    "disk",
    "network",
    "timeout",
    "retry",
]


def _texts(count: int) -> list[str]:
    return [
        f"turn {n}: how do the {WORDS[n % len(WORDS)]} and {WORDS[(7 * n) % len(WORDS)]} "
        f"settings affect the {WORDS[(3 * n) % len(WORDS)]}?"
        for n in range(count)
    ]


def _measure_real(turns: int) -> dict[str, float]:
    import long_sessions

    texts, vectors = long_sessions.probes(turns)
    session = long_sessions.session(turns)
    times = []
    for n in range(0, 600, 2):
        started = time.perf_counter_ns()
        session.user(texts[n], embedding=vectors[n])
        times.append(time.perf_counter_ns() - started)
        session.assistant(texts[n + 1], embedding=vectors[n + 1])
    times = times[50:]  # the first turns after a restore warm caches
    return {
        "user_p50_us": statistics.median(times) / 1000,
        "user_p99_us": sorted(times)[int(0.99 * len(times))] / 1000,
    }


def _measure(turns: int) -> dict[str, float]:
    import multihorizon as mh

    embedder = mh.HashingEmbedder()
    texts = _texts(turns + 200)
    vectors = embedder.embed(texts)
    session = mh.Session(embedder=embedder)
    for n in range(turns):
        call = session.user if n % 2 == 0 else session.assistant
        call(texts[n], embedding=vectors[n])
    times = []
    for n in range(turns, turns + 200):
        started = time.perf_counter_ns()
        session.user(texts[n], embedding=vectors[n])
        times.append(time.perf_counter_ns() - started)
        session.assistant("Noted.", embedding=vectors[n])
    after = {}
    for label, reply in (("short", "A short reply."), ("long", "A long reply. " * 70_000)):
        chat = mh.Session(embedder=embedder)
        chat.user("How do I configure etcd?")
        chat.assistant(reply)
        probe = embedder.embed(["and the key file?"])[0]
        samples = []
        for _ in range(50):
            started = time.perf_counter_ns()
            chat.preview("and the key file?", embedding=probe)
            samples.append(time.perf_counter_ns() - started)
        after[label] = statistics.median(samples) / 1000
    return {
        "user_p50_us": statistics.median(times) / 1000,
        "user_p99_us": sorted(times)[int(0.99 * len(times))] / 1000,
        "after_short_reply_us": after["short"],
        "after_1mb_reply_us": after["long"],
    }


def _child(src: str | None, turns: int, real: bool = False) -> dict[str, float]:
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    script = f"import json, sys; sys.path.insert(0, {os.path.dirname(__file__)!r}); "
    measure = "_measure_real" if real else "_measure"
    script += f"import turn_latency; print(json.dumps(turn_latency.{measure}({turns})))"
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000, help="turns logged before timing")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per side")
    parser.add_argument("--compare", default=None, help="another checkout's src directory")
    parser.add_argument(
        "--this", default=None, help="this checkout's src directory (default: as installed)"
    )
    parser.add_argument("--real", action="store_true", help="real text (long_sessions)")
    args = parser.parse_args()
    sides = {"this": args.this, **({"other": args.compare} if args.compare else {})}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
    for _ in range(args.rounds):
        for name, src in sides.items():
            results[name].append(_child(src, args.turns, args.real))
    for name, rounds in results.items():
        summary = {key: statistics.median(r[key] for r in rounds) for key in rounds[0]}
        print(name, " ".join(f"{key}={value:.1f}" for key, value in summary.items()))
    if args.compare:
        mine = statistics.median(r["user_p50_us"] for r in results["this"])
        other = statistics.median(r["user_p50_us"] for r in results["other"])
        print(f"user() p50 ratio this/other: {mine / other:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
