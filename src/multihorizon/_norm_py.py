"""The squared norm of one vector (the reference; ``_numba_norm`` and C++'s
``multihorizon::squared_norm`` in ``similarity.hpp`` are its twins).

``embed.normalise_embedding`` asks it of every embedding a caller gives (``Session.user`` and
``Session.classify`` with ``embedding=``): a float32 vector whose squared norm is within 1e-5
of 1 is taken as it is. NumPy's way (a float64 copy, then ``np.dot``) was ~4 µs of a turn on
the bench box, two calls and an allocation for 384 values (issue 14)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._validate import as_float_values

__all__ = ["squared_norm"]


def squared_norm(vector: Any) -> float:
    """The sum of the squares of a 1-d float vector's values, as float32 values summed in
    float64 (where no square of a float32 value overflows).

    The values are not checked: the sum is finite exactly when every value is (NaN or
    infinity anywhere gives NaN or infinity), which is how the caller finds them. The backends
    may add in another order, so the last bits may differ (relative error ~dim * 2**-53).
    """
    values = as_float_values(vector, "vector")
    wide = values.astype(np.float64)
    return float(np.dot(wide, wide))
