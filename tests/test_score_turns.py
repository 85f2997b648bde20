from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

from oracles import exact_cosine


def spelled_out(
    query: np.ndarray,
    embeddings: np.ndarray,
    turn_ids: np.ndarray,
    *,
    current: int,
    thread_ids: np.ndarray | None = None,
    active_thread: int = -1,
    forced: list[int] | None = None,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
) -> tuple[list[int], list[float]]:
    """The documented formula, one row at a time, as an independent oracle."""
    forced_rows = set(forced or [])
    cosine = exact_cosine(query, embeddings)
    rows = []
    for i in range(len(turn_ids)):
        active = thread_ids is not None and active_thread >= 0 and thread_ids[i] == active_thread
        halvings = (current - int(turn_ids[i])) / half_life
        recency = 0.0 if halvings > 126 else 0.5**halvings
        if i in forced_rows or active:
            recency = 1.0
        score = (
            cosine[i] * (1 - recency_multiplier + recency_multiplier * recency)
            + recency_bonus * recency
            + thread_bonus * active
        )
        rows.append((i not in forced_rows, -score, i))
    rows.sort()
    best = rows[:k]
    return [i for _, _, i in best], [-s for _, s, _ in best]


@pytest.fixture
def turn_log() -> dict[str, Any]:
    rng = np.random.default_rng(7)
    rows, dim = 300, 48
    embeddings = rng.standard_normal((rows, dim)).astype(np.float32)
    return {
        "query": rng.standard_normal(dim).astype(np.float32),
        "embeddings": embeddings,
        "turn_ids": np.arange(rows, dtype=np.int64) * 2,
        "current": 2 * rows,
        "thread_ids": rng.integers(0, 6, rows),
    }


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"k": 0},
        {"k": 1000},
        {"active_thread": 3, "recency_multiplier": 0.0, "recency_bonus": 0.1, "thread_bonus": 0.05},
        {"active_thread": 2, "forced": [0, 5, 5, 299], "k": 12},
        {"forced": [17], "recency_multiplier": 0.5, "recency_bonus": 0.2, "half_life": 40.0},
        {"active_thread": 99, "k": 3},
    ],
)
def test_matches_the_documented_formula(
    kernels: ModuleType, turn_log: dict[str, Any], options: dict[str, Any]
) -> None:
    inputs = {**turn_log, **options}
    indices, scores = kernels.score_turns(
        inputs.pop("query"), inputs.pop("embeddings"), inputs.pop("turn_ids"), **inputs
    )
    want_indices, want_scores = spelled_out(**{**turn_log, **options})
    assert indices.dtype == np.int64
    assert scores.dtype == np.float32
    np.testing.assert_allclose(scores, want_scores, atol=1e-4)
    # Rows whose scores are within float32 noise of each other may swap; every other row
    # must be exactly where the formula puts it.
    for position, (got, want) in enumerate(zip(indices, want_indices, strict=True)):
        if got != want:
            assert abs(scores[position] - want_scores[position]) < 1e-4


def test_forced_rows_come_first_even_when_irrelevant(kernels: ModuleType) -> None:
    embeddings = np.array([[1.0, 0.0], [0.0, 1.0], [0.9, 0.1], [-1.0, 0.0]], dtype=np.float32)
    indices, scores = kernels.score_turns(
        [1.0, 0.0], embeddings, [0, 1, 2, 3], current=3, forced=[3, 1], k=3
    )
    assert indices.tolist() == [1, 3, 2]
    np.testing.assert_allclose(scores[:2], [0.0, -1.0], atol=1e-6)


def test_old_turns_of_the_active_thread_are_restored(kernels: ModuleType) -> None:
    embeddings = np.ones((3, 4), dtype=np.float32)
    ids = [0, 500, 1000]
    plain_rows, plain = kernels.score_turns(np.ones(4), embeddings, ids, current=1000, k=3)
    assert plain_rows.tolist() == [2, 1, 0]
    assert plain[2] == 0.0  # 1000 turns at half-life 6: nothing left
    restored_rows, restored = kernels.score_turns(
        np.ones(4), embeddings, ids, current=1000, thread_ids=[7, 1, 2], active_thread=7, k=3
    )
    assert restored_rows.tolist() == [0, 2, 1]
    np.testing.assert_allclose(restored[:2], [1.0, 1.0], atol=1e-6)


def test_bounded_bonus_keeps_old_relevant_turns_reachable(kernels: ModuleType) -> None:
    embeddings = np.array([[1.0, 0.0], [0.2, 1.0]], dtype=np.float32)
    spec_rows, _ = kernels.score_turns([1.0, 0.0], embeddings, [0, 100], current=100, k=1)
    assert spec_rows.tolist() == [1]  # relevance x recency: the old exact match is erased
    rows, _ = kernels.score_turns(
        [1.0, 0.0],
        embeddings,
        [0, 100],
        current=100,
        k=1,
        recency_multiplier=0.0,
        recency_bonus=0.2,
    )
    assert rows.tolist() == [0]


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"turn_ids": [0, 1]}, ValueError, r"turn_ids: expected 4 ids \(one per row\), got 2"),
        ({"turn_ids": [0, 1, 2, 9]}, ValueError, "turn_ids: id 9 is after the current turn 5"),
        ({"embeddings": np.ones((4, 3))}, ValueError, "embeddings: has 3 columns"),
        ({"embeddings": [[1, 1], [1, 1], [np.nan, 1], [1, 1]]}, ValueError, "embeddings: .* row 2"),
        ({"query": [np.inf, 1]}, ValueError, "query: contains non-finite"),
        ({"current": -1}, ValueError, "current: must be in"),
        ({"recency_multiplier": 1.5}, ValueError, r"recency_multiplier: must be in \[0, 1\]"),
        ({"recency_bonus": float("nan")}, ValueError, "recency_bonus: must be finite"),
        ({"thread_bonus": "x"}, TypeError, "thread_bonus: expected a real number"),
        ({"k": -2}, ValueError, "k: must be >= 0"),
        ({"thread_ids": [1, 2]}, ValueError, r"thread_ids: expected shape \(4,\)"),
        ({"thread_ids": [0.5, 1, 2, 3]}, ValueError, "thread_ids: expected integers"),
        ({"forced": [4]}, ValueError, "forced: row 4 is out of range for 4 rows"),
        ({"forced": [-1]}, ValueError, "forced: row -1 is out of range"),
        ({"forced": [[1]]}, ValueError, "forced: expected a 1-d array"),
        ({"forced": [1.0]}, ValueError, "forced: expected integer row indices"),
        ({"half_life": 0}, ValueError, "half_life: must be > 0"),
        ({"active_thread": 1.5}, TypeError, "active_thread: expected an int"),
    ],
)
def test_bad_input_is_refused(
    kernels: ModuleType, options: dict[str, Any], error: type[Exception], message: str
) -> None:
    inputs: dict[str, Any] = {
        "query": [1.0, 0.0],
        "embeddings": np.eye(4, 2, dtype=np.float32),
        "turn_ids": [0, 1, 2, 3],
        "current": 5,
    }
    inputs.update(options)
    with pytest.raises(error, match=message):
        kernels.score_turns(
            inputs.pop("query"), inputs.pop("embeddings"), inputs.pop("turn_ids"), **inputs
        )


def test_empty_forced_and_empty_log(kernels: ModuleType) -> None:
    indices, _ = kernels.score_turns([1.0], [[1.0], [2.0]], [0, 1], current=1, forced=[])
    assert indices.tolist() == [1, 0]
    indices, scores = kernels.score_turns([1.0], np.zeros((0, 1)), [], current=0)
    assert indices.shape == scores.shape == (0,)
