"""Time every kernel's contenders side by side and print one markdown table.

    python bench/compare.py [--quick] [--rounds N] [--json PATH]

Every contender's result is first checked against the NumPy reference (exit 1 on any
disagreement). Each contender then gets an inner loop count so that one sample lasts at
least ~200 µs (after one untimed warm-up call), and the samples run round-robin over all
contenders of all kernels, in a new (seeded) random order each round, so the noise of a
shared machine, and whatever the previous contender left in the caches, falls on every
contender alike. The table reports per-call medians over the rounds and the ratios against
issue 2's targets.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import itertools
import json
import math
import os
import platform
import random
import statistics
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Our kernels run on one core; a multi-threaded BLAS under the NumPy contenders would time a
# different machine (and on a busy 2-core box its spinning threads slow everything down).
# Set before NumPy loads; an explicit environment value wins.
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
for _variable in BLAS_THREAD_VARIABLES:
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402

import suite  # noqa: E402

SAMPLE_TARGET_NS = 200_000
DEFAULT_ROUNDS = 300
QUICK_ROUNDS = 25


@dataclass
class Entry:
    """One contender of one kernel, bound and calibrated, with its samples."""

    kernel: suite.Kernel
    contender: suite.Contender
    call: suite.Call
    loops: int = 1
    per_call_ns: list[float] = field(default_factory=list)

    @property
    def median_ns(self) -> float:
        return statistics.median(self.per_call_ns)


def sample_ns(call: suite.Call, loops: int) -> int:
    """Wall time of ``loops`` back-to-back calls, garbage collection paused."""
    function, args, kwargs = call.function, call.args, call.kwargs
    repeats = itertools.repeat(None, loops)
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        # Two loops so that calls without keywords do not pay for an empty ``**{}``.
        if kwargs:
            start = time.perf_counter_ns()
            for _ in repeats:
                function(*args, **kwargs)
            return time.perf_counter_ns() - start
        start = time.perf_counter_ns()
        for _ in repeats:
            function(*args)
        return time.perf_counter_ns() - start
    finally:
        if gc_was_enabled:
            gc.enable()


def calibrate(entry: Entry, target_ns: int) -> None:
    loops = 1
    while True:
        with entry.contender.active():
            elapsed = sample_ns(entry.call, loops)
        if elapsed >= target_ns:
            entry.loops = loops
            return
        # Aim a fifth past the target so noise does not leave later samples just short of it.
        loops = max(2 * loops, math.ceil(loops * 1.2 * target_ns / max(elapsed, 1)))


def prepare(kernels: tuple[suite.Kernel, ...]) -> tuple[list[Entry], list[str]]:
    """Bind every contender, check its result against the reference; note the missing ones."""
    entries: list[Entry] = []
    missing: dict[str, list[str]] = {}  # contender and reason -> kernels
    failures: list[str] = []
    for kernel in kernels:
        expected = kernel.reference_result()
        for contender in kernel.contenders:
            label = f"{kernel.name}/{contender.name}"
            try:
                call = contender.bind()
            except suite.Unavailable as exc:
                missing.setdefault(f"{contender.name} ({exc})", []).append(kernel.name)
                continue
            try:
                with contender.active():
                    kernel.check(expected, call())
            except Exception:
                failures.append(
                    f"{label} failed or disagrees with the NumPy reference:\n"
                    + traceback.format_exc()
                )
                continue
            entries.append(Entry(kernel, contender, call))
    if failures:
        print("\n\n".join(failures), file=sys.stderr)
        raise SystemExit(f"compare.py: {len(failures)} contender(s) disagree; nothing timed")
    notes = [f"{reason}: {', '.join(names)}" for reason, names in missing.items()]
    return entries, notes


def run_rounds(entries: list[Entry], rounds: int) -> None:
    # A fresh order each round (seeded: runs repeat). A rotated order kept each contender
    # behind the same predecessor almost every round, which biased the large kernels: two
    # contenders running the very same code measured 30% apart.
    order = random.Random(2026)
    for _ in range(rounds):
        shuffled = entries[:]
        order.shuffle(shuffled)
        for entry in shuffled:
            with entry.contender.active():
                # One untimed call first: each contender is timed in its steady state (as
                # pytest-benchmark and timeit time it), not charged for the cache lines the
                # previous contender evicted, which would penalise the large kernels most.
                entry.call()
                elapsed = sample_ns(entry.call, entry.loops)
            entry.per_call_ns.append(elapsed / entry.loops)


def call_overhead_ns(rounds: int) -> float:
    """Per-call cost of the timing loop itself, on a builtin that does nothing useful."""
    noop = suite.Call(id, (None,))
    loops = 20_000
    return statistics.median(sample_ns(noop, loops) / loops for _ in range(max(rounds, 5)))


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def package_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def machine_info() -> dict[str, str]:
    try:
        simd = str(suite.load(suite.CORE_MODULE)._simd_level())
    except suite.Unavailable:
        simd = "no compiled core"
    try:
        suite.load(suite.NUMBA_MODULE)
        numba_state = "loaded"
    except suite.Unavailable:
        numba_state = "not importable"
    return {
        "cpu": cpu_model(),
        "logical cpus": str(os.cpu_count()),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "BLAS threads": ", ".join(f"{name}={os.environ[name]}" for name in BLAS_THREAD_VARIABLES),
        "multihorizon._core._simd_level()": simd,
        "numba": f"{package_version('numba')}, backend {numba_state}",
        "pyahocorasick": package_version("pyahocorasick"),
    }


def ratio(slow_ns: float, fast_ns: float) -> str:
    return f"{slow_ns / fast_ns:.1f}{suite.TIMES}"


def verdict(kernel: suite.Kernel, medians: dict[str, float]) -> str:
    cpp = medians.get("cpp")
    if cpp is None:
        return "n/a (no cpp)"
    target = kernel.target
    misses: list[str] = []
    if cpp > target.max_cpp_ns:
        misses.append(f"{suite.format_ns(cpp)} > {suite.format_ns(target.max_cpp_ns)}")
    if target.faster_than is not None:
        name, factor = target.faster_than
        other = medians.get(name)
        if other is None:
            misses.append(f"{name} not measured")
        elif other / cpp < factor:
            misses.append(f"only {ratio(other, cpp)} vs {name}")
    return "yes" if not misses else "**no**: " + "; ".join(misses)


def table_row(kernel: suite.Kernel, entries: list[Entry]) -> str:
    medians = {entry.contender.name: entry.median_ns for entry in entries}
    peers = [entry for entry in entries if entry.contender.role == "peer"]
    cpp = medians.get("cpp")

    def median_of(name: str) -> str:
        return suite.format_ns(medians[name]) if name in medians else "—"

    cpp_cell = median_of("cpp")
    narrower = [entry for entry in entries if entry.contender.simd is not None]
    if narrower:
        paths = ", ".join(f"{e.contender.simd} {suite.format_ns(e.median_ns)}" for e in narrower)
        cpp_cell += f" ({paths})"
    reference = medians.get("numpy-reference")
    cells = [
        kernel.name,
        kernel.workload,
        cpp_cell,
        median_of("numba"),
        median_of("numpy-reference"),
        "<br>".join(f"{p.contender.name} {suite.format_ns(p.median_ns)}" for p in peers) or "—",
        ratio(reference, cpp) if cpp is not None and reference is not None else "—",
        "<br>".join(f"{ratio(p.median_ns, cpp)} vs {p.contender.name}" for p in peers)
        if cpp is not None and peers
        else "—",
        kernel.target.describe(),
        verdict(kernel, medians),
    ]
    return "| " + " | ".join(cells) + " |"


TABLE_HEADER = (
    "| kernel | workload | cpp median | numba median | numpy-reference median | peer median(s) "
    f"| cpp vs reference ({suite.TIMES}) | cpp vs peer ({suite.TIMES}) | target | met? |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def report(
    kernels: tuple[suite.Kernel, ...],
    entries: list[Entry],
    missing: list[str],
    info: dict[str, str],
    rounds: int,
    overhead_ns: float,
) -> str:
    lines = [f"- {key}: {value}" for key, value in info.items()]
    lines.append(
        f"- {rounds} interleaved rounds, samples of ≥ {SAMPLE_TARGET_NS // 1000} µs, per-call "
        f"medians; timing-loop overhead ≈ {overhead_ns:.0f} ns per call (included)"
    )
    lines.extend(f"- not measured: {note}" for note in missing)
    lines.extend(["", TABLE_HEADER])
    for kernel in kernels:
        lines.append(table_row(kernel, [entry for entry in entries if entry.kernel is kernel]))
    return "\n".join(lines)


def dump_json(
    path: Path, entries: list[Entry], info: dict[str, str], rounds: int, overhead_ns: float
) -> None:
    data: dict[str, Any] = {
        "machine": info,
        "rounds": rounds,
        "sample_target_ns": SAMPLE_TARGET_NS,
        "call_overhead_ns": overhead_ns,
        "kernels": {},
    }
    for entry in entries:
        kernel = data["kernels"].setdefault(
            entry.kernel.name,
            {
                "workload": entry.kernel.workload,
                "target": entry.kernel.target.describe(),
                "contenders": {},
            },
        )
        kernel["contenders"][entry.contender.name] = {
            "role": entry.contender.role,
            "loops_per_sample": entry.loops,
            "median_ns": entry.median_ns,
            "per_call_ns": entry.per_call_ns,
        }
    path.write_text(json.dumps(data, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time every kernel's contenders side by side; print one markdown table."
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_ROUNDS} rounds (well under 30 s)"
    )
    parser.add_argument("--rounds", type=int, help=f"interleaved rounds (default {DEFAULT_ROUNDS})")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write raw samples here")
    options = parser.parse_args(argv)
    rounds = options.rounds
    if rounds is None:
        rounds = QUICK_ROUNDS if options.quick else DEFAULT_ROUNDS
    if rounds < 1:
        parser.error("--rounds must be at least 1")

    kernels = suite.kernels()
    entries, missing = prepare(kernels)
    if not entries:
        raise SystemExit("compare.py: no contender could be loaded")
    for entry in entries:
        calibrate(entry, SAMPLE_TARGET_NS)
    run_rounds(entries, rounds)
    overhead_ns = call_overhead_ns(rounds)
    info = machine_info()
    print(report(kernels, entries, missing, info, rounds, overhead_ns))
    if options.json is not None:
        dump_json(options.json, entries, info, rounds, overhead_ns)
    return 0


if __name__ == "__main__":
    sys.exit(main())
