"""A row's score is the same bits whatever is scored with it, at any SIMD level, on any thread.

The C++ kernels sum every row in one fixed order (exact float products, 16 double partial
sums folded in halves; cpp/include/multihorizon/simd.hpp), so a ranking, ties included, never
depends on the size of the turn log, on the CPU's vector width or on concurrent calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from conftest import CORE, NUMBA

pytestmark = pytest.mark.skipif(CORE is None, reason="no compiled core")

LEVELS = ("avx512", "avx2", "generic")
DIMS = (1, 3, 15, 16, 17, 31, 384, 385)


def _supported_levels() -> list[str]:
    if CORE is None:
        return []
    best = CORE._simd_level()
    return list(LEVELS[LEVELS.index(best) :])


SUPPORTED = _supported_levels()


@pytest.fixture(params=SUPPORTED)
def level(request: pytest.FixtureRequest) -> Iterator[str]:
    assert CORE is not None
    CORE._set_simd_level(request.param)
    try:
        yield request.param
    finally:
        CORE._set_simd_level("best")


def deterministic_backends() -> list[Any]:
    found = [pytest.param(CORE, id="cpp")] if CORE is not None else []
    if NUMBA is not None:
        found.append(pytest.param(NUMBA, id="numba"))
    return found


def bits(array: Any) -> list[int]:
    values = np.asarray(array)
    return values.view(np.uint32 if values.dtype == np.float32 else np.uint64).tolist()


def rows_and_query(dim: int, rows: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    # Mixed magnitudes, so a different summation order would show in the last bits.
    scale = np.exp(rng.uniform(-8, 8, size=(rows, 1))).astype(np.float32)
    matrix = (rng.standard_normal((rows, dim)) * scale).astype(np.float32)
    query = rng.standard_normal(dim).astype(np.float32)
    return query, matrix


@pytest.mark.parametrize("dim", DIMS)
def test_a_row_scores_the_same_alone_and_in_any_matrix(level: str, dim: int) -> None:
    assert CORE is not None
    query, matrix = rows_and_query(dim, 600, seed=dim)
    whole = CORE.cosine_scores(query, matrix)
    for row in (0, 1, 127, 128, 129, 599):
        alone = CORE.cosine_scores(query, matrix[row : row + 1])
        assert bits(alone) == bits(whole[row : row + 1])
        for size in (2, 3, 64, 65, 200):
            # The row at every position of a small matrix of other rows.
            others = np.delete(matrix, row, axis=0)[: size - 1]
            for position in (0, size // 2, size - 1):
                mixed = np.insert(others, position, matrix[row], axis=0)
                assert bits(CORE.cosine_scores(query, mixed)[position]) == bits(whole[row])


@pytest.mark.parametrize("dim", DIMS)
def test_every_simd_level_gives_the_same_bits(dim: int) -> None:
    assert CORE is not None
    query, matrix = rows_and_query(dim, 300, seed=100 + dim)
    turn_ids = np.arange(300, dtype=np.int64)
    threads = np.arange(300, dtype=np.int64) % 7

    def results() -> list[list[int]]:
        assert CORE is not None
        indices, scores = CORE.top_k(query, matrix, 50)
        best, best_score = CORE.best_above(query, matrix, 0.0)
        rows, turn_scores = CORE.score_turns(
            query,
            matrix,
            turn_ids,
            current=400,
            thread_ids=threads,
            active_thread=3,
            forced=[5, 250],
            recency_multiplier=0.5,
            recency_bonus=0.1,
            thread_bonus=0.05,
            k=300,
        )
        return [
            bits(CORE.cosine_scores(query, matrix)),
            indices.tolist(),
            bits(scores),
            [best],
            bits(np.float64(best_score)),
            bits(CORE.recency_weights(turn_ids, 400, 6.0)),
            bits(CORE.recency_weights(turn_ids, 400, 0.5)),
            rows.tolist(),
            bits(turn_scores),
        ]

    expected = None
    try:
        for name in SUPPORTED:
            CORE._set_simd_level(name)
            got = results()
            if expected is None:
                expected = got
            assert got == expected, f"level {name} differs"
    finally:
        CORE._set_simd_level("best")


def test_recency_weight_does_not_depend_on_the_position_of_the_id(level: str) -> None:
    # Vector lanes and the scalar tail must agree: the same id weighs the same at any offset.
    assert CORE is not None
    ids = np.arange(0, 997, dtype=np.int64)
    whole = CORE.recency_weights(ids, 1000, 7.3)
    for start in range(9):
        for stop in (start + 1, start + 5, start + 9, 997):
            part = CORE.recency_weights(ids[start:stop], 1000, 7.3)
            assert bits(part) == bits(whole[start:stop])


def test_score_turns_scores_a_turn_the_same_in_a_short_and_a_long_log(level: str) -> None:
    assert CORE is not None
    query, matrix = rows_and_query(384, 1000, seed=7)
    turn_ids = np.arange(1000, dtype=np.int64)
    threads = turn_ids % 5
    knobs: dict[str, Any] = {
        "current": 1200,
        "active_thread": 2,
        "recency_multiplier": 0.3,
        "recency_bonus": 0.05,
        "thread_bonus": 0.02,
    }
    rows, scores = CORE.score_turns(query, matrix, turn_ids, thread_ids=threads, k=1000, **knobs)
    score_of = dict(zip(rows.tolist(), bits(scores), strict=True))
    for keep in (np.arange(3, 10), np.arange(0, 1000, 3), np.array([999, 0, 500])):
        sub_rows, sub_scores = CORE.score_turns(
            query, matrix[keep], turn_ids[keep], thread_ids=threads[keep], k=len(keep), **knobs
        )
        for row, score in zip(sub_rows.tolist(), bits(sub_scores), strict=True):
            assert score == score_of[int(keep[row])]


@pytest.mark.parametrize("kernels_module", deterministic_backends())
def test_equal_rows_tie_to_the_lower_index_in_any_count(kernels_module: ModuleType) -> None:
    query, matrix = rows_and_query(385, 40, seed=3)
    for count in (12, 13, 40, 41, 300):
        base = np.resize(matrix, (count, 385)).astype(np.float32)
        base[-1] = base[5]  # the same vector last, whatever the count's parity
        indices, scores = kernels_module.top_k(query, base, count)
        order = indices.tolist()
        assert order.index(5) < order.index(count - 1)
        assert scores[order.index(5)] == scores[order.index(count - 1)]


def _same_on_every_thread(call: Callable[[], tuple[Any, ...]]) -> None:
    expected = [
        bits(part) if np.asarray(part).dtype.kind == "f" else part.tolist() for part in call()
    ]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for result in pool.map(lambda _: call(), range(16)):
            got = [
                bits(part) if np.asarray(part).dtype.kind == "f" else part.tolist()
                for part in result
            ]
            assert got == expected


def test_concurrent_calls_give_the_same_bits() -> None:
    # Large enough that every call releases the GIL, so the threads really overlap.
    assert CORE is not None
    query, matrix = rows_and_query(384, 2000, seed=11)
    turn_ids = np.arange(2000, dtype=np.int64)
    _same_on_every_thread(lambda: (CORE.cosine_scores(query, matrix),))
    _same_on_every_thread(lambda: CORE.top_k(query, matrix, 25))
    _same_on_every_thread(
        lambda: CORE.score_turns(query, matrix, turn_ids, current=2000, recency_bonus=0.1, k=25)
    )
