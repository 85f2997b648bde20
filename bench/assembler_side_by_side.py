"""Assembler ``user()`` p50/p99, contenders interleaved in one run (issue 14 item 2).

    python bench/assembler_side_by_side.py [--main /tmp/main-tree/src] [--facts 10000]
        [--rounds 40] [--calls 10] [--contenders ours-cpp-seq,ours-cpp-worker,...]
        [--stage turn|pack|document] [--clock wall|thread]

Each contender is its own process (the backend is chosen at import) holding the same setup
as ``test_bench_assembler.py``: a store of ``--facts`` real-text facts, a 1,000-turn session
with 50 scratch entries, a 4,000-token budget, precomputed embeddings. The parent asks each
in turn for ``--calls`` timed turns, round after round, so a noisy shared machine weighs on
every contender alike; it prints each one's p50 and p99 over every timed turn and the ratios
of the p50s to the first contender's, from this one run. Contender names are
``TREE-BACKEND-WORKER``: ``ours`` (this tree) or ``main`` (the tree ``--main`` names, run
through ``run_tree.py``), ``cpp``/``numba``/``python``, and ``seq`` (``tier_p_worker=False``),
``worker`` (True) or ``default`` (the assembler's own default).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import knowledge_data

HERE = Path(__file__).resolve().parent
TURNS = 1000
DEFAULT = (
    "ours-cpp-default,ours-cpp-seq,ours-cpp-worker,main-cpp-seq,main-cpp-worker,ours-python-default"
)


def child(facts: int, worker: str, stage: str, clock_name: str) -> None:
    import multihorizon as mh

    clock = time.thread_time if clock_name == "thread" else time.perf_counter

    texts = knowledge_data.real_texts(facts + TURNS)
    vectors = knowledge_data.real_vectors(facts + TURNS)
    store = mh.KnowledgeStore(capacity=facts, embedder=mh.HashingEmbedder())
    store.add_many([mh.Fact(f"f{i}", texts[i], "bench") for i in range(facts)], vectors[:facts])
    options = {} if worker == "default" else {"tier_p_worker": worker == "worker"}
    assembler = mh.ContextAssembler(knowledge=store, embedder=mh.HashingEmbedder(), **options)
    session = assembler.session("bench")
    knowledge_data.fill_session(
        session, texts[facts : facts + TURNS], vectors[facts : facts + TURNS]
    )
    positions = itertools.count()
    spent: list[float] = []
    if stage == "pack":  # time only the packing of each envelope (Tiers P, C, E; headers)
        from multihorizon.assembly import tier_session

        whole = tier_session.pack

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = clock()
            result = whole(*args, **kwargs)
            spent.append(clock() - started)
            return result

        tier_session.pack = timed
    print(json.dumps({"ready": mh.backend}), flush=True)
    for line in sys.stdin:
        times = []
        for _ in range(int(line)):
            position = (next(positions) * 13) % facts
            if stage == "document":  # a document task with four sub-queries (SPEC-028 §7.5)
                asks = [texts[(position + 97 * n) % facts][:80] for n in range(1, 5)]
                started = clock()
                session.document(texts[position][:200], asks, budget_tokens=4000)
                times.append(clock() - started)
                continue
            started = clock()
            session.user(texts[position], embedding=vectors[position], budget_tokens=4000)
            times.append(clock() - started)
        print(json.dumps(spent[-len(times) :] if stage == "pack" else times), flush=True)


def spawn(
    name: str, facts: int, trees: dict[str, str | None], stage: str, clock: str
) -> subprocess.Popen[str]:
    tree, backend, worker = name.split("-")
    command = [sys.executable]
    if trees[tree] is not None:
        command += [str(HERE / "run_tree.py"), str(trees[tree])]
    elif tree == "main":
        raise SystemExit(f"{name}: --main is needed")
    command += [
        str(HERE / "assembler_side_by_side.py"),
        "--child",
        worker,
        f"--facts={facts}",
        f"--stage={stage}",
        f"--clock={clock}",
    ]
    env = {**os.environ, "MULTIHORIZON_BACKEND": backend}
    return subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=HERE
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--main", default=None, help="src folder of the tree to compare with")
    parser.add_argument(
        "--ours", default=None, help="src folder of a copy of this tree (default: as installed)"
    )
    parser.add_argument("--contenders", default=DEFAULT)
    parser.add_argument(
        "--stage",
        choices=("turn", "pack", "document"),
        default="turn",
        help="time whole user() turns, only their packing (tier_session.pack), or "
        "document() calls with four sub-queries",
    )
    parser.add_argument(
        "--clock",
        choices=("wall", "thread"),
        default="wall",
        help="time in wall time, or in the turn's thread CPU time (leaves out the time a "
        "loaded box kept the process waiting for a core)",
    )
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.facts, args.child, args.stage, args.clock)
        return 0
    names = args.contenders.split(",")
    if args.main is None:
        names = [name for name in names if not name.startswith("main-")]
    trees = {"ours": args.ours, "main": args.main}
    processes = {name: spawn(name, args.facts, trees, args.stage, args.clock) for name in names}
    for process in processes.values():  # one at a time: setups do not overlap the rounds
        assert process.stdout is not None
        json.loads(process.stdout.readline())
    samples: dict[str, list[float]] = {name: [] for name in names}

    def ask(name: str, calls: int) -> list[float]:
        process = processes[name]
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(f"{calls}\n")
        process.stdin.flush()
        times: list[float] = json.loads(process.stdout.readline())
        return times

    for name in names:
        ask(name, args.warmup)
    for _ in range(args.rounds):
        for name in names:
            samples[name] += ask(name, args.calls)
    for process in processes.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    first = statistics.median(samples[names[0]])
    print(
        f"{args.stage} ({args.clock} clock): facts {args.facts}, {args.rounds} rounds x "
        f"{args.calls} turns, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(f"| contender | p50 | p99 | p50 / {names[0]} |")
    print("|---|---|---|---|")
    for name in names:
        ordered = sorted(samples[name])
        p50 = statistics.median(ordered)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(f"| {name} | {p50 * 1e6:.0f} µs | {p99 * 1e6:.0f} µs | {p50 / first:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
