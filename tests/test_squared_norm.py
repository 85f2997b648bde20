"""``squared_norm`` (one vector's sum of squares in float64) on every backend, and
``normalise_embedding``, whose hot path reads it, unchanged in what it returns: a unit float32
vector as it is, anything else checked and normalised (issue 14: the embedding check of
``Session.user`` with a given embedding)."""

from __future__ import annotations

import math
from types import ModuleType

import numpy as np
import pytest

from conftest import REFERENCE, turn_scanner
from multihorizon import kernels as active
from multihorizon._intent_py import PENDING_EMBEDDING
from multihorizon.embed import normalise_embedding
from multihorizon.errors import EmbeddingError

DIMS = (0, 1, 3, 4, 5, 7, 8, 384, 1001)


def _numpy(values: np.ndarray) -> float:
    wide = np.asarray(values, dtype=np.float32).astype(np.float64)
    return float(np.dot(wide, wide))


@pytest.mark.parametrize("dim", DIMS)
def test_sum_of_squares_in_float64(kernels: ModuleType, dim: int) -> None:
    values = np.random.default_rng(dim).standard_normal(dim).astype(np.float32)
    got = kernels.squared_norm(values)
    assert isinstance(got, float)
    # Another order of the same float64 additions: the last bits only.
    assert got == pytest.approx(_numpy(values), rel=1e-12, abs=0.0)
    assert got == pytest.approx(REFERENCE.squared_norm(values), rel=1e-12, abs=0.0)


def test_exact_when_every_partial_sum_is(kernels: ModuleType) -> None:
    assert kernels.squared_norm(np.arange(1, 10, dtype=np.float32)) == 285.0
    assert kernels.squared_norm(np.zeros(384, dtype=np.float32)) == 0.0
    assert kernels.squared_norm(np.full(384, -0.5, dtype=np.float32)) == 96.0


def test_float32_squares_do_not_overflow(kernels: ModuleType) -> None:
    values = np.full(1000, np.finfo(np.float32).max, dtype=np.float32)
    got = kernels.squared_norm(values)
    assert np.isfinite(got)
    assert got == pytest.approx(1000 * float(np.finfo(np.float32).max) ** 2, rel=1e-12)


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("at", [0, 5, 383])
def test_not_finite_when_a_value_is_not(kernels: ModuleType, bad: float, at: int) -> None:
    values = np.full(384, 0.05, dtype=np.float32)
    values[at] = bad
    got = kernels.squared_norm(values)
    assert not np.isfinite(got)
    assert np.isnan(got) == np.isnan(bad)


def test_other_inputs_are_read_as_float32(kernels: ModuleType) -> None:
    wide = np.array([0.1, 0.2, 0.3])  # float64: rounded to float32 first, as the binding does
    assert kernels.squared_norm(wide) == pytest.approx(_numpy(wide), rel=1e-12)
    assert kernels.squared_norm([3, 4]) == 25.0
    strided = np.arange(20, dtype=np.float32)[::2]  # not contiguous: read, not refused
    assert kernels.squared_norm(strided) == pytest.approx(_numpy(strided), rel=1e-12)
    # The input is only read.
    before = strided.copy()
    kernels.squared_norm(strided)
    np.testing.assert_array_equal(strided, before)


@pytest.mark.parametrize("shape", [(), (2, 3), (1, 384)])
def test_refuses_other_shapes(kernels: ModuleType, shape: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="1-d"):
        kernels.squared_norm(np.ones(shape, dtype=np.float32))


def test_refuses_what_is_not_numbers(kernels: ModuleType) -> None:
    with pytest.raises((ValueError, TypeError)):
        kernels.squared_norm(np.array(["a", "b"]))


# ---- normalise_embedding on the live backend ------------------------------------------------


def _unit(dim: int, seed: int = 0) -> np.ndarray:
    vector = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
    return (vector / np.linalg.norm(vector)).astype(np.float32)


def test_a_unit_vector_is_returned_as_it_is(backend: str) -> None:
    vector = _unit(384)
    assert _numpy(vector) == pytest.approx(1.0, abs=1e-6)
    assert normalise_embedding(vector, 384) is vector
    assert active.backend() == backend


def test_within_the_tolerance_is_unit(backend: str) -> None:
    # Squared norm 1 + ~4e-6: inside 1e-5, taken as it is; 1 + ~2e-4: normalised (a copy).
    near, far = _unit(384) * np.float32(1.000002), _unit(384) * np.float32(1.0001)
    assert normalise_embedding(near, 384) is near
    out = normalise_embedding(far, 384)
    assert out is not far
    assert out.dtype == np.float32
    assert _numpy(out) == pytest.approx(1.0, abs=1e-6)
    np.testing.assert_allclose(out, far / np.linalg.norm(far.astype(np.float64)), rtol=1e-6)


def test_other_vectors_are_normalised(backend: str) -> None:
    scaled = _unit(384, seed=3) * np.float32(7.5)
    out = normalise_embedding(scaled, 384)
    np.testing.assert_allclose(out, _unit(384, seed=3), rtol=1e-5, atol=1e-7)
    zero = np.zeros(384, dtype=np.float32)
    np.testing.assert_array_equal(normalise_embedding(zero, 384), zero)


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_not_finite_embeddings_are_refused(backend: str, bad: float) -> None:
    vector = _unit(384)
    vector[17] = bad
    with pytest.raises(EmbeddingError, match="NaN or infinity"):
        normalise_embedding(vector, 384)


def test_wrong_dimension_is_refused(backend: str) -> None:
    with pytest.raises(EmbeddingError, match="dimension"):
        normalise_embedding(_unit(383), 384)


def test_the_settle_reads_unit_length_as_normalise_does(backend: str) -> None:
    # Vectors whose squared norm lies around 1 + 1e-5, the tolerance's edge: the scanner's
    # §5.2 path takes an embedding as given exactly when normalise_embedding returns it
    # unchanged (both sum through the backend's squared_norm), on each backend.
    scanner = turn_scanner(active, question_forms=True, question_ends=True)
    edge = math.sqrt(1.0 + 1e-5)
    taken = refused = 0
    for seed in range(8):
        unit = _unit(384, seed)
        for scale in np.linspace(edge - 4e-7, edge + 4e-7, 41):
            vector = (unit * np.float32(scale)).astype(np.float32)
            kept = normalise_embedding(vector, 384) is vector
            _, pending, *_ = scanner.classify(  # type: ignore[attr-defined]
                "ok", vector, None, rules=0, first_turn=False, explore_below=0.5, dim=384
            )
            assert kept == (not pending & PENDING_EMBEDDING), (seed, scale)
            taken += kept
            refused += not kept
    assert taken > 0
    assert refused > 0
