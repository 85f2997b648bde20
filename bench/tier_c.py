"""Tier C top-10 on the int8 copy against float32, at 1k, 10k and 50k turns (issue 14).

    python bench/tier_c.py [--rounds N] [--sizes 1000,10000,50000] [--json PATH]

Every contender ranks the same turn log for the same new turn, interleaved round by round (a
fresh order each round, one untimed call first, as ``compare.py`` does), and the table holds
medians and ratios from that one run:

- ``cpp``: ``score_turns_int8`` on the C++ core (the int8 scan, then the best
  ``k + max(16, k / 2)`` candidates and the forced turns rescored in float32), at the CPU's
  SIMD level;
  ``cpp-generic`` (and ``cpp-avx2`` on AVX-512 CPUs) on the narrower loops;
- ``numba``: the same kernel on the Numba backend;
- ``numpy-reference``: the NumPy reference of float32 ``score_turns``, the exact ranking;
- peers: ``cpp-float32`` (C++ ``score_turns``, what Tier C ran before), ``numba-float32`` and
  ``numpy-reference-int8`` (the NumPy reference of the int8 kernel).

The log is a topical one (``workloads.topical_log``: threads of a few dozen turns, each turn
its thread's centroid plus noise, unit rows of 384 floats), scored with ``Config()``'s Tier C
knobs, an active thread left long ago and two referenced turns. Every contender's result is
checked against the exact ranking before anything is timed.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import compare
import suite
import workloads

SIZES = (1_000, 10_000, 50_000)
K = 10
#: Issue 14: top-10 of 10k x 384 in <= 130 µs where float32 took 380 µs. The time scales with
#: the rows; the ratio to float32 (380 / 130) holds on any machine.
TARGET_NS_PER_ROW = 13.0
TARGET_RATIO = 2.9


def _int8_call(module: ModuleType, rows: int) -> suite.Call:
    work = workloads.tier_c(rows)
    return suite.Call(
        module.score_turns_int8,
        (work.query, work.codes, work.scales, work.embeddings, work.turn_ids),
        work.options(),
    )


def _float32_call(module: ModuleType, rows: int) -> suite.Call:
    work = workloads.tier_c(rows)
    return suite.Call(
        module.score_turns, (work.query, work.embeddings, work.turn_ids), work.options()
    )


def _bound(
    module_name: str, make: Callable[[ModuleType, int], suite.Call], rows: int
) -> Callable[[], suite.Call]:
    return lambda: make(suite.load(module_name), rows)


def kernel(rows: int) -> suite.Kernel:
    """Tier C top-10 at ``rows`` turns, every contender."""
    work = workloads.tier_c(rows)
    narrower = tuple(
        suite.Contender(
            f"cpp-{level}", "cpp", _bound(suite.CORE_MODULE, _int8_call, rows), simd=level
        )
        for level in suite.narrower_simd_levels()
    )
    contenders = (
        suite.Contender("cpp", "cpp", _bound(suite.CORE_MODULE, _int8_call, rows)),
        *narrower,
        suite.Contender("numba", "numba", _bound(suite.NUMBA_MODULE, _int8_call, rows)),
        suite.Contender(
            "numpy-reference", "reference", _bound(suite.REFERENCE_MODULE, _float32_call, rows)
        ),
        suite.Contender("cpp-float32", "peer", _bound(suite.CORE_MODULE, _float32_call, rows)),
        suite.Contender("numba-float32", "peer", _bound(suite.NUMBA_MODULE, _float32_call, rows)),
        suite.Contender(
            "numpy-reference-int8", "peer", _bound(suite.REFERENCE_MODULE, _int8_call, rows)
        ),
    )
    exact = functools.cache(lambda: _float32_call(suite.load(suite.REFERENCE_MODULE), rows)())
    return suite.Kernel(
        name=f"tier_c_top{K}_{rows // 1000}k",
        workload=f"top-{K} of {rows:,}x{work.embeddings.shape[1]}, int8 + float32 rescore",
        contenders=contenders,
        reference_result=exact,
        check=workloads.check_ranking,
        target=suite.Target(TARGET_NS_PER_ROW * rows, ("cpp-float32", TARGET_RATIO)),
    )


def kernels(sizes: tuple[int, ...] = SIZES) -> tuple[suite.Kernel, ...]:
    return tuple(kernel(rows) for rows in sizes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60, help="interleaved rounds (default 60)")
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="turn counts, comma-separated"
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write raw samples here")
    options = parser.parse_args(argv)
    chosen = kernels(tuple(int(size) for size in options.sizes.split(",")))
    entries, missing = compare.prepare(chosen)
    if not entries:
        raise SystemExit("tier_c.py: no contender could be loaded")
    for entry in entries:
        compare.calibrate(entry, compare.SAMPLE_TARGET_NS)
    compare.run_rounds(entries, options.rounds)
    overhead_ns = compare.call_overhead_ns(options.rounds)
    info = compare.machine_info()
    print(compare.report(chosen, entries, missing, info, options.rounds, overhead_ns))
    print()
    print(ratios(entries))
    if options.json is not None:
        compare.dump_json(options.json, entries, info, options.rounds, overhead_ns)
    return 0


def ratios(entries: list[compare.Entry]) -> str:
    """Per size: the int8 kernel's median against float32 C++ and the NumPy reference."""
    lines = [
        "| turns | cpp int8 | cpp float32 | numpy-reference "
        "| vs cpp float32 | vs numpy-reference |",
        "|---|---|---|---|---|---|",
    ]
    by_kernel: dict[str, dict[str, float]] = {}
    for entry in entries:
        by_kernel.setdefault(entry.kernel.name, {})[entry.contender.name] = entry.median_ns
    for name, medians in by_kernel.items():
        cpp, float32 = medians.get("cpp"), medians.get("cpp-float32")
        reference = medians.get("numpy-reference")
        cells: list[Any] = [name]
        cells += [suite.format_ns(v) if v else "—" for v in (cpp, float32, reference)]
        cells.append(compare.ratio(float32, cpp) if cpp and float32 else "—")
        cells.append(compare.ratio(reference, cpp) if cpp and reference else "—")
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
