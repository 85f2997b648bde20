"""pytest-benchmark groups for Tier C top-10 at 1k, 10k and 50k turns: the int8 kernel on each
backend beside float32 ``score_turns`` and the NumPy reference (``tier_c.py`` defines them
and prints the interleaved table: ``python bench/tier_c.py``).

``python -m pytest bench/test_bench_tier_c.py`` runs each call once as a correctness test;
add ``--benchmark-enable`` to measure (groups run one after another: for ratios on a noisy
machine, prefer the interleaved ``tier_c.py``).
"""

from __future__ import annotations

import numpy as np
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import suite
import tier_c
import workloads

CASES = [(kernel, contender) for kernel in tier_c.kernels() for contender in kernel.contenders]


@pytest.mark.parametrize(
    ("kernel", "contender"),
    CASES,
    ids=[f"{kernel.name}-{contender.name}" for kernel, contender in CASES],
)
def test_tier_c(
    benchmark: BenchmarkFixture, kernel: suite.Kernel, contender: suite.Contender
) -> None:
    suite.benchmark_contender(benchmark, kernel, contender)


@pytest.mark.parametrize("rows", tier_c.SIZES)
def test_the_workload_ranks_the_active_thread_and_the_referenced_turns(rows: int) -> None:
    work = workloads.tier_c(rows)
    indices, _ = suite.load(suite.REFERENCE_MODULE).score_turns(
        work.query, work.embeddings, work.turn_ids, **work.options()
    )
    assert set(indices[:2].tolist()) == set(work.forced.tolist())  # referenced turns first
    # The rest come from the active thread, however old (SPEC-028 §3.3).
    assert np.all(work.thread_ids[indices[2:]] == work.active_thread)
