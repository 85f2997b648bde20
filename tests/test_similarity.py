from __future__ import annotations

import math
from types import ModuleType

import numpy as np
import pytest

from oracles import exact_cosine

# Float32 accumulation over d terms can differ from the exact cosine by about d * 2**-24.
COSINE_TOLERANCE = 1e-4


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20261202)


def test_cosine_matches_the_definition(kernels: ModuleType, rng: np.random.Generator) -> None:
    for rows, dim in [(1, 1), (7, 3), (64, 384), (300, 385), (5, 31)]:
        query = rng.standard_normal(dim).astype(np.float32)
        matrix = rng.standard_normal((rows, dim)).astype(np.float32)
        scores = kernels.cosine_scores(query, matrix)
        assert scores.dtype == np.float32
        assert scores.shape == (rows,)
        np.testing.assert_allclose(scores, exact_cosine(query, matrix), atol=COSINE_TOLERANCE)


def test_cosine_ignores_scale_and_clips(kernels: ModuleType) -> None:
    query = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    matrix = np.stack([query * 5, -query * 0.001, np.array([3.0, -1.5, 0.0])]).astype(np.float32)
    scores = kernels.cosine_scores(query, matrix)
    np.testing.assert_allclose(scores, [1.0, -1.0, 0.0], atol=1e-6)
    assert np.all(np.abs(scores) <= 1.0)


def test_zero_vectors_have_similarity_zero(kernels: ModuleType) -> None:
    matrix = np.array([[0.0, 0.0], [1.0, 0.0]], dtype=np.float32)
    np.testing.assert_array_equal(kernels.cosine_scores([1.0, 0.0], matrix), [0.0, 1.0])
    np.testing.assert_array_equal(kernels.cosine_scores([0.0, 0.0], matrix), [0.0, 0.0])


def test_extreme_magnitudes_are_exact(kernels: ModuleType) -> None:
    # Float32 sums of squares would overflow (1e30) or underflow (1e-30): the slow exact
    # path must still give the true cosine.
    for scale in (1e30, 1e-30, 1e-42):
        query = np.array([3.0, 4.0], dtype=np.float32) * np.float32(scale)
        matrix = np.array([[3.0, 4.0], [4.0, -3.0], [-3.0, -4.0]], dtype=np.float32)
        matrix = matrix * np.float32(scale)
        np.testing.assert_allclose(
            kernels.cosine_scores(query, matrix), [1.0, 0.0, -1.0], atol=1e-6
        )


def test_other_real_dtypes_and_layouts_are_accepted(
    kernels: ModuleType, rng: np.random.Generator
) -> None:
    matrix64 = rng.standard_normal((6, 10))
    query = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    expected = exact_cosine(query, matrix64)
    np.testing.assert_allclose(kernels.cosine_scores(query, matrix64), expected, atol=1e-5)
    fortran = np.asfortranarray(matrix64.astype(np.float32))
    np.testing.assert_allclose(kernels.cosine_scores(query, fortran), expected, atol=1e-5)
    strided = np.repeat(matrix64.astype(np.float32), 2, axis=1)[:, ::2]
    np.testing.assert_allclose(kernels.cosine_scores(query, strided), expected, atol=1e-5)
    as_ints = np.arange(10, dtype=np.int16)
    assert kernels.cosine_scores(as_ints, matrix64).shape == (6,)


def test_inputs_are_not_modified(kernels: ModuleType, rng: np.random.Generator) -> None:
    query = rng.standard_normal(16).astype(np.float32)
    matrix = rng.standard_normal((40, 16)).astype(np.float32)
    before = (query.copy(), matrix.copy())
    kernels.cosine_scores(query, matrix)
    kernels.top_k(query, matrix, 5)
    np.testing.assert_array_equal(query, before[0])
    np.testing.assert_array_equal(matrix, before[1])


def test_empty_matrix(kernels: ModuleType) -> None:
    empty = np.zeros((0, 4), dtype=np.float32)
    assert kernels.cosine_scores(np.ones(4, np.float32), empty).shape == (0,)
    indices, scores = kernels.top_k(np.ones(4, np.float32), empty, 3)
    assert indices.shape == (0,)
    assert scores.shape == (0,)
    assert kernels.best_above(np.ones(4, np.float32), empty, 0.5) == (-1, -math.inf)


@pytest.mark.parametrize(
    ("query", "matrix", "message"),
    [
        (np.ones((2, 2)), np.ones((2, 2)), "query: expected a 1-d array, got 2-d"),
        (np.ones(3), np.ones(3), "matrix: expected a 2-d array, got 1-d"),
        (np.ones(3), np.ones((2, 4)), "matrix: has 4 columns but the query has dimension 3"),
        ([1.0, np.nan], np.ones((2, 2)), r"query: contains non-finite values \(NaN or inf\)"),
        ([1.0, np.inf], np.ones((2, 2)), "query: contains non-finite"),
        (
            np.ones(2),
            [[1.0, 1.0], [1.0, 1.0], [np.nan, 1.0]],
            "matrix: contains non-finite .* row 2",
        ),
        (np.ones(2), [[1.0, -np.inf]], "matrix: contains non-finite .* row 0"),
        (np.ones(2), [[1e300, 1.0]], "matrix: contains non-finite .* row 0"),
        (["a", "b"], np.ones((2, 2)), "query: dtype <U1 is not a real number type"),
        (np.ones(2, dtype=complex), np.ones((2, 2)), "query: dtype complex128 is not a real"),
        (np.ones(2), np.ones((2, 2), dtype=bool), "matrix: dtype bool is not a real number type"),
        (np.ones(2), np.array([[None, 1]], dtype=object), "matrix: dtype object is not a real"),
    ],
)
def test_bad_arrays_raise_value_error_naming_the_argument(
    kernels: ModuleType, query: object, matrix: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        kernels.cosine_scores(query, matrix)
    with pytest.raises(ValueError, match=message):
        kernels.top_k(query, matrix, 1)
    with pytest.raises(ValueError, match=message):
        kernels.best_above(query, matrix, 0.5)


def test_nan_deep_in_a_large_matrix_is_found(kernels: ModuleType) -> None:
    matrix = np.ones((1000, 64), dtype=np.float32)
    matrix[777, 13] = np.nan
    with pytest.raises(ValueError, match="row 777"):
        kernels.top_k(np.ones(64, np.float32), matrix, 3)


def test_top_k_orders_best_first_with_ties_to_the_lower_row(kernels: ModuleType) -> None:
    query = np.array([1.0, 0.0], dtype=np.float32)
    matrix = np.array(
        [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 0.0], [-1.0, 0.0], [1.0, 1.0]], dtype=np.float32
    )
    indices, scores = kernels.top_k(query, matrix, 4)
    assert indices.dtype == np.int64
    assert scores.dtype == np.float32
    assert indices.tolist() == [1, 3, 2, 5]
    np.testing.assert_allclose(scores, [1.0, 1.0, math.sqrt(0.5), math.sqrt(0.5)], atol=1e-6)


def test_top_k_edges(kernels: ModuleType, rng: np.random.Generator) -> None:
    query = rng.standard_normal(8).astype(np.float32)
    matrix = rng.standard_normal((5, 8)).astype(np.float32)
    indices, scores = kernels.top_k(query, matrix, 0)
    assert indices.shape == (0,)
    assert scores.shape == (0,)
    indices, scores = kernels.top_k(query, matrix, 50)
    assert sorted(indices.tolist()) == [0, 1, 2, 3, 4]
    assert np.all(np.diff(scores) <= 0)
    with pytest.raises(ValueError, match="k: must be >= 0"):
        kernels.top_k(query, matrix, -1)
    with pytest.raises(TypeError, match="k: expected an int"):
        kernels.top_k(query, matrix, 2.5)


def test_best_above_is_strict_and_always_reports_the_best_score(kernels: ModuleType) -> None:
    query = np.array([1.0, 0.0], dtype=np.float32)
    matrix = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 1.0]], dtype=np.float32)
    index, score = kernels.best_above(query, matrix, 0.5)
    assert (index, round(score, 6)) == (1, round(math.sqrt(0.5), 6))
    index, score = kernels.best_above(query, matrix, 0.75)
    assert index == -1
    assert score == pytest.approx(math.sqrt(0.5), abs=1e-6)
    assert kernels.best_above(query, matrix, -2.0)[0] == 1
    exact = np.array([[1.0, 0.0]], dtype=np.float32)
    assert kernels.best_above(query, exact, 1.0)[0] == -1
    with pytest.raises(ValueError, match="threshold: must be finite"):
        kernels.best_above(query, matrix, math.nan)
    with pytest.raises(TypeError, match="threshold: expected a real number"):
        kernels.best_above(query, matrix, "0.5")


@pytest.mark.parametrize("rows", [2, 3, 7, 64, 129])
def test_equal_rows_score_equal_and_tie_to_the_lower_index(kernels: ModuleType, rows: int) -> None:
    # Paired SIMD loops must sum every row in the same order, odd last row included.
    rng = np.random.default_rng(rows)
    query = rng.standard_normal(40).astype(np.float32)
    matrix = rng.standard_normal((rows, 40)).astype(np.float32)
    matrix[rows - 1] = matrix[0]
    scores = kernels.cosine_scores(query, matrix)
    assert scores[0] == scores[rows - 1]
    order = kernels.top_k(query, matrix, rows)[0].tolist()
    assert order.index(0) < order.index(rows - 1)
    best = kernels.best_above(query, matrix * 0 + matrix[0], -1.0)[0]
    assert best == 0
