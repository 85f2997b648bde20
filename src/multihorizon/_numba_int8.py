"""Numba twins of the int8 scan's dot products (``quantize.hpp``'s ``simd::int8_dots`` and
``simd::int8_column_dots``): each turn's exact integer dot product with the query's codes, over
codes kept row by row or column by column (``dialogue.int8_codes``)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._numba_jit import Int64Array, jit

__all__ = ["int8_column_dots", "int8_row_dots"]

Int8Array = npt.NDArray[np.int8]


@jit
def int8_row_dots(query: Int8Array, codes: Int8Array) -> Int64Array:
    """Each row's exact integer dot product with the query's codes (codes row by row)."""
    dots = np.zeros(codes.shape[0], dtype=np.int64)
    for row in range(codes.shape[0]):
        total = np.int64(0)
        for column in range(query.shape[0]):
            total += np.int64(query[column]) * np.int64(codes[row, column])
        dots[row] = total
    return dots


@jit
def int8_column_dots(query: Int8Array, columns: Int8Array) -> Int64Array:
    """``int8_row_dots`` of a log kept column by column (``columns[j]``: dimension j of
    every row), reading only the columns where the query's code is not zero: the same
    integers (issue 14)."""
    dots = np.zeros(columns.shape[1], dtype=np.int64)
    for column in range(query.shape[0]):
        weight = np.int64(query[column])
        if weight == 0:
            continue
        values = columns[column]
        for row in range(values.shape[0]):
            dots[row] += weight * np.int64(values[row])
    return dots
