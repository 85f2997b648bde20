"""Numba twin of ``squared_norm`` (documented in ``multihorizon._norm_py``): the same check,
the squares summed in float64 in one compiled loop, in index order."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._numba_jit import Float32Array, jit
from ._validate import as_float_values

__all__ = ["squared_norm"]


@jit
def _squared_norm(values: Float32Array) -> float:
    total = 0.0
    for j in range(values.shape[0]):
        value = np.float64(values[j])
        total += value * value
    return total


def squared_norm(vector: Any) -> float:
    """See ``multihorizon._norm_py.squared_norm``."""
    return float(_squared_norm(as_float_values(vector, "vector")))
