"""Independent, slow, obviously-correct versions of the kernels, for the tests."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt


def exact_cosine(query: npt.ArrayLike, matrix: npt.ArrayLike) -> npt.NDArray[np.float64]:
    q = np.asarray(query, dtype=np.float64)
    m = np.asarray(matrix, dtype=np.float64)
    out = np.zeros(m.shape[0])
    for i, row in enumerate(m):
        denominator = math.sqrt(row @ row) * math.sqrt(q @ q)
        out[i] = 0.0 if denominator == 0.0 else max(-1.0, min(1.0, (row @ q) / denominator))
    return out
