"""``fold_turn`` (issue 14: ``Threads.prepare`` in one native call): on every backend the
thread's new sum, centroid and window agree bit for bit with the NumPy reference, match
what the eight NumPy calls it replaced computed (up to the norm's summation order), and bad
input is refused with a message naming the argument."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from multihorizon._threads_py import fold_turn as reference_fold_turn

DIM = 48


def _unit(rng: np.random.Generator) -> np.ndarray:
    vector = rng.standard_normal(DIM).astype(np.float32)
    return vector / np.float32(np.linalg.norm(vector))


@pytest.mark.parametrize("rows", [0, 1, 3, 7, 8, 12])
def test_fold_turn_is_the_reference_bit_for_bit(kernels: ModuleType, rows: int) -> None:
    rng = np.random.default_rng(rows)
    for window in (1, 2, 8):
        embedding = _unit(rng)
        total = rng.standard_normal(DIM) * 3.0
        recent = rng.standard_normal((rows, DIM)).astype(np.float32)
        got = kernels.fold_turn(embedding, total, recent, window=window)
        want = reference_fold_turn(embedding, total, recent, window=window)
        for value, expected in zip(got, want, strict=True):
            assert value.dtype == expected.dtype
            assert value.shape == expected.shape
            assert value.tobytes() == expected.tobytes()


def test_fold_turn_is_what_prepare_computed(kernels: ModuleType) -> None:
    rng = np.random.default_rng(7)
    embedding, total = _unit(rng), rng.standard_normal(DIM)
    recent = rng.standard_normal((8, DIM)).astype(np.float32)
    row, unit, window = kernels.fold_turn(embedding, total, recent, window=8)
    expected_row = total + embedding
    assert row.tobytes() == expected_row.tobytes()  # one float64 addition per element
    np.testing.assert_allclose(
        unit, (expected_row / np.sqrt(expected_row @ expected_row)).astype(np.float32), rtol=1e-6
    )
    assert window.tobytes() == np.concatenate((recent[-7:], embedding[None])).tobytes()


def test_a_new_thread_starts_at_its_first_turn(kernels: ModuleType) -> None:
    embedding = _unit(np.random.default_rng(1))
    row, unit, window = kernels.fold_turn(embedding, None, None, window=8)
    assert row.dtype == np.float64
    assert row.tobytes() == embedding.astype(np.float64).tobytes()
    np.testing.assert_allclose(unit, embedding, rtol=1e-6)
    assert window.shape == (1, DIM)
    assert window[0].tobytes() == embedding.tobytes()


def test_a_new_threads_sum_is_its_first_embedding_to_the_sign_of_zero(
    kernels: ModuleType,
) -> None:
    embedding = np.array([-0.0, 1.0, -0.0], dtype=np.float32)
    row, _, _ = kernels.fold_turn(embedding, None, None, window=8)
    assert row.tobytes() == embedding.astype(np.float64).tobytes()


def test_a_zero_sum_keeps_its_zeros(kernels: ModuleType) -> None:
    embedding = _unit(np.random.default_rng(2))
    row, unit, _ = kernels.fold_turn(embedding, -embedding.astype(np.float64), None, window=8)
    assert not row.any()
    assert not unit.any()


def test_the_window_is_a_new_array(kernels: ModuleType) -> None:
    rng = np.random.default_rng(3)
    recent = rng.standard_normal((2, DIM)).astype(np.float32)
    before = recent.copy()
    _, _, window = kernels.fold_turn(_unit(rng), None, recent, window=8)
    window[:] = 0
    assert recent.tobytes() == before.tobytes()


@pytest.mark.parametrize(
    ("embedding", "total", "recent", "window", "message"),
    [
        (np.full(DIM, np.nan, np.float32), None, None, 8, "embedding"),
        (np.ones((2, DIM), np.float32), None, None, 8, "embedding"),
        (np.ones(DIM, np.float32), np.ones(DIM + 1), None, 8, "total"),
        (np.ones(DIM, np.float32), np.full(DIM, np.inf), None, 8, "total"),
        (np.ones(DIM, np.float32), None, np.ones((2, DIM + 1), np.float32), 8, "recent"),
        (np.ones(DIM, np.float32), None, np.full((2, DIM), np.nan, np.float32), 8, "recent"),
        (np.ones(DIM, np.float32), None, None, 0, "window"),
        (np.ones(DIM, np.float32), None, None, -1, "window"),
    ],
)
def test_bad_input_is_refused_by_name(
    kernels: ModuleType,
    embedding: np.ndarray,
    total: np.ndarray | None,
    recent: np.ndarray | None,
    window: int,
    message: str,
) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        kernels.fold_turn(embedding, total, recent, window=window)
