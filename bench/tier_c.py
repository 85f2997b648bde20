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

import numpy as np

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
    return tuple(kernel(rows) for rows in sizes) + tuple(retrieve_kernel(r) for r in sizes)


# ---- retrieve_turns on the real-text log, codes kept as TurnLog keeps them ---------------

#: Rows per rescored row that no log reaches: retrieve_turns' float32 channel, exact.
NEVER_INT8 = 1e18
#: Held-out real texts from which the query is chosen (see ``real_log``).
QUERY_POOL = 101


@functools.cache
def real_log(rows: int) -> dict[str, Any]:
    """``retrieve_turns``' arguments for a log of ``rows`` real turns (``knowledge_data``:
    the turns of ``../shared/data``, default hashing embedder), threads of 20 turns, an old
    thread active, two referenced turns, ``Config()``'s knobs, the embedding channel alone
    (``lexical_weight`` 0: a top 10, 26 rows rescored). The codes are column-major, as
    TurnLog keeps them (the transpose of a [dim, rows + 64] buffer), and also row-major for
    the int8-only scan of before. The query is the held-out text with the median count of
    nonzero codes among the first ``QUERY_POOL`` (the scan reads that many columns)."""
    import knowledge_data
    from multihorizon import _kernels_py

    vectors = knowledge_data.real_vectors(max(SIZES) + QUERY_POOL)
    log = np.ascontiguousarray(vectors[:rows])
    held_out = vectors[max(SIZES) :]
    codes, scales = _kernels_py.quantize_rows(log)
    query_codes, _ = _kernels_py.quantize_rows(held_out)
    nonzero = (query_codes != 0).sum(axis=1)
    query = held_out[int(np.argsort(nonzero, kind="stable")[QUERY_POOL // 2])]
    buffer = np.zeros((log.shape[1], rows + 64), dtype=np.int8)
    buffer[:, :rows] = codes.T
    options = {
        "total_length": 1.0,
        "forced": np.array([rows // 8, rows - 40], dtype=np.int64),
        "active_thread": (3 * rows) // 10 // 20,
        "half_life": 6.0,
        "recency_multiplier": 0.0,
        "recency_bonus": 0.15,
        "thread_bonus": 0.10,
        "k": K,
        "lexical_weight": 0.0,
    }
    return {
        "query": query,
        "columns": buffer[:, :rows].T,
        "rows": codes,
        "scales": scales,
        "embeddings": log,
        "threads": (np.arange(rows) // 20).astype(np.int32),
        "lengths": np.ones(rows),
        "postings": np.zeros(0, dtype=np.int64),
        "offsets": np.zeros(1, dtype=np.int64),
        "options": options,
    }


def _retrieve_call(module: ModuleType, rows: int, codes: str, per_rescored: float) -> suite.Call:
    work = real_log(rows)
    args = (work["query"], work[codes], work["scales"], work["embeddings"], work["threads"])
    args += (work["lengths"], work["postings"], work["offsets"])
    options = {**work["options"], "int8_rows_per_rescored": per_rescored}
    return suite.Call(module.retrieve_turns, args, options)


def _retrieve_bound(module_name: str, rows: int, codes: str, per_rescored: float) -> Any:
    return lambda: _retrieve_call(suite.load(module_name), rows, codes, per_rescored)


def check_retrieved(expected: Any, got: Any) -> None:
    """The same turns in the same order as float32 exact, the same forced count."""
    np.testing.assert_array_equal(np.asarray(got[0]), np.asarray(expected[0]))
    np.testing.assert_allclose(np.asarray(got[1]), np.asarray(expected[1]), rtol=0, atol=1e-6)
    assert got[2] == expected[2]


def retrieve_kernel(rows: int) -> suite.Kernel:
    """``retrieve_turns`` top-10 at ``rows`` real turns: the column scan (``cpp``: the
    query's nonzero code columns only) beside the row-major int8 scan (``cpp-int8-rows``,
    what ran before) and the float32 channel (``cpp-float32``, exact), in one run."""
    int8 = int8_rows_per_rescored()
    contenders = (
        suite.Contender("cpp", "cpp", _retrieve_bound(suite.CORE_MODULE, rows, "columns", int8)),
        *(
            suite.Contender(
                f"cpp-{level}",
                "cpp",
                _retrieve_bound(suite.CORE_MODULE, rows, "columns", int8),
                simd=level,
            )
            for level in suite.narrower_simd_levels()
        ),
        suite.Contender(
            "numba", "numba", _retrieve_bound(suite.NUMBA_MODULE, rows, "columns", int8)
        ),
        suite.Contender(
            "numpy-reference",
            "reference",
            _retrieve_bound(suite.REFERENCE_MODULE, rows, "rows", NEVER_INT8),
        ),
        suite.Contender(
            "cpp-int8-rows", "peer", _retrieve_bound(suite.CORE_MODULE, rows, "rows", int8)
        ),
        suite.Contender(
            "cpp-float32", "peer", _retrieve_bound(suite.CORE_MODULE, rows, "rows", NEVER_INT8)
        ),
    )
    exact = functools.cache(
        lambda: _retrieve_call(suite.load(suite.REFERENCE_MODULE), rows, "rows", NEVER_INT8)()
    )
    return suite.Kernel(
        name=f"tier_c_retrieve_top{K}_{rows // 1000}k",
        workload=f"retrieve_turns top-{K} of {rows:,} real turns x 384, column-major int8 codes",
        contenders=contenders,
        reference_result=exact,
        check=check_retrieved,
        target=suite.Target(TARGET_NS_PER_ROW * rows, ("cpp-float32", TARGET_RATIO)),
    )


def int8_rows_per_rescored() -> float:
    """``kernels.INT8_ROWS_PER_RESCORED``: the log length at which Tier C scans int8."""
    from multihorizon import kernels as facade

    return float(facade.INT8_ROWS_PER_RESCORED)


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
        if "cpp-int8-rows" in medians:
            continue  # in retrieve_ratios
        cpp, float32 = medians.get("cpp"), medians.get("cpp-float32")
        reference = medians.get("numpy-reference")
        cells: list[Any] = [name]
        cells += [suite.format_ns(v) if v else "—" for v in (cpp, float32, reference)]
        cells.append(compare.ratio(float32, cpp) if cpp and float32 else "—")
        cells.append(compare.ratio(reference, cpp) if cpp and reference else "—")
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(lines) + "\n\n" + retrieve_ratios(by_kernel)


def retrieve_ratios(by_kernel: dict[str, dict[str, float]]) -> str:
    """Per size: retrieve_turns' column scan against the row-major int8 scan and float32."""
    lines = [
        "| turns | cpp columns | cpp int8 rows | cpp float32 | numba columns "
        "| vs int8 rows | vs float32 |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, medians in by_kernel.items():
        if "cpp-int8-rows" not in medians:
            continue
        cpp, rows, float32 = (medians.get(n) for n in ("cpp", "cpp-int8-rows", "cpp-float32"))
        numba = medians.get("numba")
        cells: list[Any] = [name]
        cells += [suite.format_ns(v) if v else "—" for v in (cpp, rows, float32, numba)]
        cells.append(compare.ratio(rows, cpp) if cpp and rows else "—")
        cells.append(compare.ratio(float32, cpp) if cpp and float32 else "—")
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
