"""``bm25_scores``, Tier C's lexical channel: the formula, agreement, validation, edges."""

from __future__ import annotations

import math
from types import ModuleType

import numpy as np
import pytest

from multihorizon import _kernels_py

# Four documents (turn lengths in distinct terms), two query terms.
LENGTHS = np.array([3.0, 5.0, 2.0, 6.0])
POSTINGS = np.array([0, 2, 1, 2, 3], dtype=np.int64)  # term 0 -> docs 0, 2; term 1 -> 1, 2, 3
OFFSETS = np.array([0, 2, 5], dtype=np.int64)


def by_hand(k1: float = 1.2, b: float = 0.75) -> np.ndarray:
    average = LENGTHS.mean()
    scores = np.zeros(4)
    for docs in ([0, 2], [1, 2, 3]):
        idf = math.log(1 + (4 - len(docs) + 0.5) / (len(docs) + 0.5))
        for doc in docs:
            scores[doc] += idf * (k1 + 1) / (1 + k1 * (1 - b + b * LENGTHS[doc] / average))
    return scores


@pytest.mark.parametrize(("k1", "b"), [(1.2, 0.75), (0.0, 0.0), (2.0, 1.0)])
def test_the_formula(kernels: ModuleType, k1: float, b: float) -> None:
    scores = kernels.bm25_scores(POSTINGS, OFFSETS, LENGTHS, k1=k1, b=b)
    assert scores.dtype == np.float64
    np.testing.assert_allclose(scores, by_hand(k1, b), rtol=1e-12)


def test_rarer_terms_and_shorter_turns_score_higher(kernels: ModuleType) -> None:
    scores = kernels.bm25_scores(POSTINGS, OFFSETS, LENGTHS)
    assert scores[2] == scores.max()  # holds both terms
    assert scores[0] > scores[1]  # the rarer term, in a shorter turn


def test_agrees_with_the_reference_on_a_large_random_index(kernels: ModuleType) -> None:
    rng = np.random.default_rng(7)
    docs = 5000
    lengths = rng.integers(0, 40, docs).astype(np.float64)
    lists = [np.sort(rng.choice(docs, rng.integers(0, 900), replace=False)) for _ in range(12)]
    postings = np.concatenate(lists).astype(np.int64)
    offsets = np.concatenate([[0], np.cumsum([len(p) for p in lists])]).astype(np.int64)
    expected = _kernels_py.bm25_scores(postings, offsets, lengths)
    np.testing.assert_allclose(kernels.bm25_scores(postings, offsets, lengths), expected, 1e-12)


def test_empty_queries_and_logs(kernels: ModuleType) -> None:
    empty = np.empty(0, dtype=np.int64)
    assert kernels.bm25_scores(empty, [0], LENGTHS).tolist() == [0.0] * 4
    assert kernels.bm25_scores(empty, [0, 0, 0], LENGTHS).tolist() == [0.0] * 4
    assert kernels.bm25_scores(empty, [0], np.empty(0)).shape == (0,)
    assert kernels.bm25_scores([], [0], [0.0, 0.0]).tolist() == [0.0, 0.0]


@pytest.mark.parametrize(
    ("postings", "offsets", "lengths", "kwargs", "message"),
    [
        ([0, 9], [0, 2], LENGTHS, {}, "postings: document 9 is outside"),
        ([0, -1], [0, 2], LENGTHS, {}, "postings: document -1 is outside"),
        ([0], [0, 1], [0.0, 0.0], {}, "postings: document 0 is outside"),
        ([0, 1], [1, 2], LENGTHS, {}, "offsets: must start with 0"),
        ([0, 1], [], LENGTHS, {}, "offsets: must start with 0"),
        ([0, 1], [0, 2, 1, 2], LENGTHS, {}, "offsets: must be non-decreasing"),
        ([0, 1], [0, 1], LENGTHS, {}, "offsets: must end with len"),
        ([0, 1], [0, 2], [1.0, np.nan, 2.0, 3.0], {}, "lengths: must be finite"),
        ([0, 1], [0, 2], [1.0, -2.0, 2.0, 3.0], {}, "lengths: must be finite and >= 0"),
        ([0.5], [0, 1], LENGTHS, {}, "postings: expected integers"),
        ([[0]], [0, 1], LENGTHS, {}, "postings: expected a 1-d"),
        ([0], [0, 1], np.ones((2, 2)), {}, "lengths: expected a 1-d"),
        ([0], [0, 1], LENGTHS, {"k1": -1.0}, "k1: must be >= 0"),
        ([0], [0, 1], LENGTHS, {"b": 1.5}, "b: must be in"),
        ([0], [0, 1], LENGTHS, {"k1": float("nan")}, "k1: must be finite"),
    ],
)
def test_bad_input_names_the_argument(
    kernels: ModuleType,
    postings: object,
    offsets: object,
    lengths: object,
    kwargs: dict[str, float],
    message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        kernels.bm25_scores(postings, offsets, lengths, **kwargs)


def test_numpy_input_is_not_modified(kernels: ModuleType) -> None:
    postings, offsets, lengths = POSTINGS.copy(), OFFSETS.copy(), LENGTHS.copy()
    kernels.bm25_scores(postings, offsets, lengths)
    np.testing.assert_array_equal(postings, POSTINGS)
    np.testing.assert_array_equal(offsets, OFFSETS)
    np.testing.assert_array_equal(lengths, LENGTHS)
