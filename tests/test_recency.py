from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest


def exact(ids: np.ndarray, current: int, half_life: float) -> np.ndarray:
    return np.array([0.5 ** ((current - int(i)) / half_life) for i in ids])


@pytest.mark.parametrize("half_life", [6.0, 1.0, 0.37, 2.5, 1000.0, 1e9])
def test_matches_the_spec_formula_within_1e_6(kernels: ModuleType, half_life: float) -> None:
    current = 20_000
    ids = np.unique(np.concatenate([np.arange(0, current + 1, 7), [current, current - 1, 0]]))
    weights = kernels.recency_weights(ids, current, half_life)
    assert weights.dtype == np.float32
    truth = exact(ids, current, half_life)
    representable = truth >= np.finfo(np.float32).tiny
    relative = np.abs(weights[representable] / truth[representable] - 1.0)
    assert relative.max() <= 1e-6
    assert np.all(weights[~representable] == 0.0)


def test_ages_beyond_2_to_the_52_under_a_huge_half_life(kernels: ModuleType) -> None:
    # Ages this large do not fit a double's mantissa: the fast loops' int-to-double trick
    # must give way to the plain formula.
    current = 2**62 - 1
    ids = np.array([0, 1, 2**52, 2**61, current - 3, current], dtype=np.int64)
    for half_life in (1e17, 3.3e18):
        weights = kernels.recency_weights(ids, current, half_life)
        np.testing.assert_allclose(weights, exact(ids, current, half_life), rtol=1e-6)


def test_six_turns_ago_is_half(kernels: ModuleType) -> None:
    # SPEC-028 §3.2: "A turn 6 turns ago has half the recency weight of the current turn."
    weights = kernels.recency_weights([10, 4, 16], 16, 6)
    np.testing.assert_allclose(weights, [0.5, 0.25, 1.0], rtol=1e-7)


def test_very_old_turns_are_exactly_zero_never_subnormal(kernels: ModuleType) -> None:
    current = 10_000
    ids = np.arange(current + 1)
    weights = kernels.recency_weights(ids, current, 6.0)
    tiny = np.finfo(np.float32).tiny
    assert np.all((weights == 0.0) | (weights >= tiny))
    # 126 halvings (756 turns at half-life 6) is the last representable normal weight.
    assert weights[current - 756] == pytest.approx(2.0**-126, rel=1e-6)
    assert weights[current - 757] == 0.0
    assert np.count_nonzero(weights) == 757


def test_cutoff_agrees_with_the_reference_at_odd_half_lives(kernels: ModuleType) -> None:
    from multihorizon import _kernels_py

    for half_life in (0.1, 0.3, 1.7, 3.3, 7.77):
        limit = int(126 * half_life) + 3
        ids = np.arange(limit + 1)
        ours = kernels.recency_weights(ids, limit, half_life)
        reference = _kernels_py.recency_weights(ids, limit, half_life)
        np.testing.assert_array_equal(ours == 0.0, reference == 0.0)


def test_integer_dtypes_and_empty_input(kernels: ModuleType) -> None:
    for dtype in (np.int8, np.uint16, np.int32, np.uint64, np.int64):
        weights = kernels.recency_weights(np.array([0, 6, 12], dtype=dtype), 12, 6.0)
        np.testing.assert_allclose(weights, [0.25, 0.5, 1.0], rtol=1e-7)
    assert kernels.recency_weights([], 5, 6.0).shape == (0,)
    assert kernels.recency_weights(np.array([], dtype=np.int64), 0, 6.0).shape == (0,)


@pytest.mark.parametrize(
    ("ids", "current", "half_life", "error", "message"),
    [
        ([1, 9], 5, 6.0, ValueError, "turn_ids: id 9 is after the current turn 5"),
        ([-3, 1], 5, 6.0, ValueError, "turn_ids: ids must be >= 0, got -3"),
        ([1.0, 2.0], 5, 6.0, ValueError, "turn_ids: expected integers, got dtype float64"),
        ([[1, 2]], 5, 6.0, ValueError, "turn_ids: expected a 1-d array, got 2-d"),
        (["1"], 5, 6.0, ValueError, "turn_ids: dtype <U1 is not a real number type"),
        (
            np.array([2**63], dtype=np.uint64),
            5,
            6.0,
            ValueError,
            r"turn_ids: ids must be in \[0, current\]",
        ),
        ([1], -1, 6.0, ValueError, r"current: must be in \[0, 2\*\*62\)"),
        ([1], 2**62, 6.0, ValueError, "current: must be in"),
        ([1], 5.0, 6.0, TypeError, "current: expected an int, got float"),
        ([1], True, 6.0, TypeError, "current: expected an int, got bool"),
        ([1], 5, 0.0, ValueError, "half_life: must be > 0, got 0.0"),
        ([1], 5, -2, ValueError, "half_life: must be > 0"),
        ([1], 5, float("nan"), ValueError, "half_life: must be finite, got nan"),
        ([1], 5, float("inf"), ValueError, "half_life: must be finite, got inf"),
        ([1], 5, "6", TypeError, "half_life: expected a real number, got str"),
    ],
)
def test_bad_input_is_refused(
    kernels: ModuleType,
    ids: object,
    current: object,
    half_life: object,
    error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        kernels.recency_weights(ids, current, half_life)


def test_numpy_scalars_are_accepted(kernels: ModuleType) -> None:
    weights = kernels.recency_weights(np.arange(3), np.int64(2), np.float32(1.0))
    np.testing.assert_allclose(weights, [0.25, 0.5, 1.0], rtol=1e-7)
