"""pytest-benchmark groups, one per kernel, each with every contender of ``suite.py``.

The project's pytest options disable benchmarking, so ``python -m pytest bench`` runs each
call once as a correctness test; ``python -m pytest bench --benchmark-enable`` measures.
Timings are never asserted here: ``compare.py`` reports them against the targets.
"""

from __future__ import annotations

import numpy as np
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import peers
import suite
import workloads

CASES = [(kernel, contender) for kernel in suite.kernels() for contender in kernel.contenders]


@pytest.mark.parametrize(
    ("kernel", "contender"),
    CASES,
    ids=[f"{kernel.name}-{contender.name}" for kernel, contender in CASES],
)
def test_kernel(
    benchmark: BenchmarkFixture, kernel: suite.Kernel, contender: suite.Contender
) -> None:
    suite.benchmark_contender(benchmark, kernel, contender)


# --------------------------------------------------------------------------------------------
# The workloads measure what they claim to
# --------------------------------------------------------------------------------------------


def test_marker_workload_is_a_realistic_turn() -> None:
    work = workloads.markers()
    assert len(work.phrases) == 150
    assert len({text for text, _ in work.phrases}) == 150
    assert all(isinstance(category, int) for _, category in work.phrases)
    assert any(" " in text for text, _ in work.phrases)
    assert any(" " not in text for text, _ in work.phrases)
    assert len(work.text) == 200
    assert work.text.isascii()
    hits = suite.load(suite.REFERENCE_MODULE).MarkerMatcher(work.phrases).find(work.text)
    matched = {work.text[start:end].lower() for _, _, start, end in hits}
    # Overlap, a separator that is not a space, and case all occur in the timed turn.
    assert {"going back to", "back to", "follow-up"} <= matched
    assert 3 <= len(hits) <= 8


@pytest.mark.parametrize("text", workloads.MARKER_EDGE_TURNS)
@pytest.mark.parametrize(
    "matcher", [peers.AhoCorasickMarkerMatcher, peers.RegexMarkerMatcher], ids=["aho", "re"]
)
def test_marker_peers_agree_beyond_the_workload(matcher: type, text: str) -> None:
    if matcher is peers.AhoCorasickMarkerMatcher:
        try:
            suite.load("ahocorasick")
        except suite.Unavailable as exc:
            pytest.skip(str(exc))
    reference = suite.load(suite.REFERENCE_MODULE).MarkerMatcher(workloads.MARKER_LEXICON)
    assert matcher(workloads.MARKER_LEXICON).find(text) == reference.find(text)


def _assert_clear_ranking(scores: np.ndarray, k: int) -> None:
    # Rounding differs between backends by ~1e-7; a margin far above it makes comparing
    # top-k indices exact rather than luck.
    ranked = np.sort(scores.astype(np.float64))[::-1][: k + 1]
    assert np.min(-np.diff(ranked)) > 1e-5


def test_top_k_workload_has_a_clear_ranking() -> None:
    work = workloads.top_k()
    scores = suite.load(suite.REFERENCE_MODULE).cosine_scores(work.query, work.matrix)
    _assert_clear_ranking(scores, work.k)


def test_score_turns_workload_has_a_clear_ranking() -> None:
    work = workloads.score_turns()
    options = {**work.options(), "k": len(work.turn_ids)}
    reference = suite.load(suite.REFERENCE_MODULE)
    indices, scores = reference.score_turns(work.query, work.embeddings, work.turn_ids, **options)
    unforced = ~np.isin(indices, work.forced)
    _assert_clear_ranking(scores[unforced], work.k - len(work.forced))
    # The active thread and the forced rows both shape the top k, so the fused path is used.
    top = indices[: work.k]
    assert set(work.forced) <= set(top.tolist())
    assert np.any(work.thread_ids[top] == work.active_thread)
    assert np.any(work.thread_ids[top] != work.active_thread)
