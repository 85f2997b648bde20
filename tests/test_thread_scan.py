"""``thread_scan`` (issue 14: the placement's array work in one native call): on every backend
it agrees with the NumPy reference, picks what the calls it replaced picked (``best_above``
for the centroid rule; ``cosine_scores`` with the active row ruled out, then ``argmax``, for
leaving the active thread and for resuming a dormant one), and refuses bad input with a
message naming the argument. ``Threads.plan`` reads its later rules' inputs only when the
rules before them leave the turn undecided."""

from __future__ import annotations

import math
from types import ModuleType

import numpy as np
import pytest

import multihorizon as mh
from multihorizon._threads_py import thread_scan as reference_scan
from multihorizon.config import ThreadThresholds
from multihorizon.dialogue.threads import Threads

DIM = 24


def _rows(rng: np.random.Generator, count: int) -> np.ndarray:
    rows = rng.standard_normal((count, DIM)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True).astype(np.float32)


def _staged(kernels: ModuleType, query: np.ndarray, rows: np.ndarray, active: int) -> tuple:
    """What ``Threads`` computed before the scan: ``best_above`` for the best centroid, the
    score array with the active row at -inf and its ``argmax`` for the best other one."""
    best, best_score = kernels.best_above(query, rows, -2.0) if len(rows) else (-1, -math.inf)
    dormant, dormant_score = -1, -math.inf
    if len(rows) - (active >= 0) > 0:
        scores = kernels.cosine_scores(query, rows)
        if active >= 0:
            scores[active] = -np.inf
        dormant = int(np.argmax(scores))
        dormant_score = float(scores[dormant])
    return best, best_score, dormant, dormant_score


@pytest.mark.parametrize("count", [0, 1, 2, 5, 130, 300])
def test_the_scan_is_the_staged_calls_and_the_reference(kernels: ModuleType, count: int) -> None:
    rng = np.random.default_rng(count)
    rows = _rows(rng, count)
    if count > 2:
        rows[count // 2] = rows[1]  # equal scores: the first row wins, as argmax has it
    for active in sorted({-1, 0, 1, count // 2, count - 1}):
        if not -1 <= active < count:
            continue
        for query in (_rows(rng, 1)[0], rows[1] if count > 1 else _rows(rng, 1)[0]):
            got = kernels.thread_scan(query, rows, active)
            assert got == _staged(kernels, query, rows, active)
            want = reference_scan(query, rows, active)  # scores may differ in the last bit
            assert (got[0], got[2]) == (want[0], want[2])
            assert got[1::2] == pytest.approx(want[1::2], abs=1e-6)
            assert all(type(value) is int for value in got[::2])
            assert all(type(value) is float for value in got[1::2])


def test_the_only_thread_active_leaves_no_dormant_one(kernels: ModuleType) -> None:
    rows = _rows(np.random.default_rng(3), 1)
    best, score, dormant, dormant_score = kernels.thread_scan(rows[0], rows, 0)
    assert (best, dormant, dormant_score) == (0, -1, -math.inf)
    assert score == pytest.approx(1.0)
    assert kernels.thread_scan(rows[0], rows[:0], -1) == (-1, -math.inf, -1, -math.inf)


@pytest.mark.parametrize(
    ("centroids", "active", "error", "message"),
    [
        (np.ones((2, DIM), np.float32), 2, ValueError, "active: must be in"),
        (np.ones((2, DIM), np.float32), -2, ValueError, "active: must be in"),
        (np.ones((2, DIM), np.float32), True, TypeError, "active: expected an int"),
        (np.ones((2, DIM + 1), np.float32), 0, ValueError, "centroids: has"),
        (np.ones(DIM, np.float32), 0, ValueError, "centroids"),
        (np.full((2, DIM), np.nan, np.float32), 0, ValueError, "centroids: contains non-finite"),
    ],
)
def test_bad_input_is_refused_by_name(
    kernels: ModuleType, centroids: np.ndarray, active: object, error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        kernels.thread_scan(np.ones(DIM, np.float32), centroids, active)
    with pytest.raises(ValueError, match="embedding"):
        kernels.thread_scan(np.full(DIM, np.inf, np.float32), np.ones((2, DIM), np.float32), 0)


def _never() -> bool:
    raise AssertionError("read although an earlier rule decided")


def test_plan_reads_the_later_inputs_only_when_it_gets_to_them() -> None:
    bars = ThreadThresholds(join=0.5, resume=0.4, explore=0.3)
    threads = Threads(8)
    basis = np.eye(8, dtype=np.float32)
    threads.reserve(1)
    first = threads.plan(
        embedding=basis[0],
        intent=mh.Intent.EXPLORE,
        reference_thread=-1,
        resume_words=(),
        thresholds=bars,
        first_terms=("tank",),
    )
    threads.commit(threads.prepare(first, basis[0], ("tank",)), 0)
    late = {
        name: _never
        for name in ("answers", "opens_topic", "carries_on", "side_question", "takes_up_reply")
    }
    # A CONTINUE turn stays in the active thread before any of them.
    stays = threads.plan(
        embedding=basis[3],
        intent=mh.Intent.CONTINUE,
        reference_thread=-1,
        resume_words=(),
        thresholds=bars,
        first_terms=("fish",),
        **late,  # type: ignore[arg-type]
    )
    assert (stays.index, stays.rule) == (0, "active")
    # An EXPLORE turn unlike every thread reads them, as calls or as values alike.
    asked: list[str] = []

    def read(name: str, value: bool) -> object:
        return lambda: asked.append(name) or value

    given = {name: read(name, name == "carries_on") for name in late}
    carried = threads.plan(
        embedding=basis[3],
        intent=mh.Intent.EXPLORE,
        reference_thread=-1,
        resume_words=(),
        thresholds=bars,
        first_terms=("fish",),
        **given,  # type: ignore[arg-type]
    )
    assert (carried.index, carried.rule) == (0, "answer")
    assert set(asked) == set(late)
    valued = {name: name == "carries_on" for name in late}
    again = threads.plan(
        embedding=basis[3],
        intent=mh.Intent.EXPLORE,
        reference_thread=-1,
        resume_words=(),
        thresholds=bars,
        first_terms=("fish",),
        **valued,  # type: ignore[arg-type]
    )
    assert again == carried
