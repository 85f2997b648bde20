"""Numba twins of ``quantize.hpp``: the int8 codes (``quantize``, ``quantize_rows``), one turn
written into the turn log's columns (``store_row``, reference ``_store_py``) and the scan's dot
products (``simd::int8_dots`` and ``simd::int8_column_dots``): exact integer dot products with
the query's codes of a block of rows, over codes kept row by row or column by column
(``dialogue.int8_codes``). A block at a time, into a caller's buffer of ``DOT_BLOCK``: a turn
allocates nothing proportional to the log for them (issue 14 item 5)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from ._numba_jit import Float32Array, Int64Array, jit
from ._store_py import as_store_targets
from ._validate import as_any_float_matrix

__all__ = [
    "DOT_BLOCK",
    "int8_block_dots",
    "int8_column_dots",
    "int8_row_dots",
    "quantize",
    "quantize_rows",
    "store_row",
]

Int8Array = npt.NDArray[np.int8]

#: Rows per block of dot products (the C++ kernels' kBlockRows).
DOT_BLOCK = 128


@jit
def int8_row_dots(
    query: Int8Array, codes: Int8Array, start: int, stop: int, out: Int64Array
) -> None:
    """``out[r - start]`` = row r's dot product with ``query``, r in [start, stop)."""
    for row in range(start, stop):
        total = np.int64(0)
        for column in range(query.shape[0]):
            total += np.int64(query[column]) * np.int64(codes[row, column])
        out[row - start] = total


@jit
def int8_column_dots(
    query: Int8Array, nonzero: Int64Array, codes: Int8Array, start: int, stop: int, out: Int64Array
) -> None:
    """``int8_row_dots`` over codes kept column by column (``codes[:, j]`` contiguous),
    reading only the ``nonzero`` columns (where the query's code is not zero): the same
    integers."""
    out[: stop - start] = 0
    for column in nonzero:
        weight = np.int64(query[column])
        for row in range(start, stop):
            out[row - start] += weight * np.int64(codes[row, column])


@jit
def int8_block_dots(
    query: Int8Array,
    nonzero: Int64Array,
    codes: Int8Array,
    by_column: bool,
    start: int,
    stop: int,
    out: Int64Array,
) -> None:
    """Rows [start, stop)'s dot products into ``out``: ``int8_column_dots`` for a log kept
    column by column (TurnLog's sparse codes), else ``int8_row_dots``."""
    if by_column:
        int8_column_dots(query, nonzero, codes, start, stop, out)
    else:
        int8_row_dots(query, codes, start, stop, out)


@jit
def quantize(matrix: Float32Array, by_column: bool) -> tuple[Int8Array, Float32Array]:
    """``quantize_rows``' codes and scales: every step exact or rounded once in float64; the
    codes of row r, column j at [j, r] when ``by_column``."""
    rows, dim = matrix.shape
    codes = np.zeros((dim, rows) if by_column else (rows, dim), dtype=np.int8)
    scales = np.zeros(rows, dtype=np.float32)
    for row in range(rows):
        peak = 0.0
        for column in range(dim):
            peak = max(peak, abs(np.float64(matrix[row, column])))
        if peak == 0.0:
            continue
        squares = np.int64(0)
        for column in range(dim):
            code = np.rint(np.float64(matrix[row, column]) * 127.0 / peak)
            if by_column:
                codes[column, row] = np.int8(code)
            else:
                codes[row, column] = np.int8(code)
            squares += np.int64(code) * np.int64(code)
        scales[row] = np.float32(1.0 / math.sqrt(np.float64(squares)))
    return codes, scales


def quantize_rows(matrix: Any, *, by_column: bool = False) -> tuple[Int8Array, Float32Array]:
    """Per-row int8 codes of a float matrix and one scale per row (``codes * scale``
    approximates the row's direction), transposed when ``by_column``; see
    ``multihorizon._kernels_py.quantize_rows``."""
    return quantize(as_any_float_matrix(matrix, "matrix"), bool(by_column))


@jit
def _store(
    row: Float32Array,
    embeddings: Float32Array,
    codes: Int8Array,
    scales: Float32Array,
    at: int,
    by_column: bool,
) -> None:
    """``store_row``'s writes: ``quantize``'s codes and scale of the one row."""
    row_codes, row_scales = quantize(row.reshape((1, row.shape[0])), False)
    for column in range(row.shape[0]):
        if by_column:
            codes[column, at] = row_codes[0, column]
        else:
            codes[at, column] = row_codes[0, column]
        embeddings[at, column] = row[column]
    scales[at] = row_scales[0]


def store_row(row: Any, embeddings: Any, codes: Any, scales: Any, at: int, by_column: bool) -> None:
    """One turn's row, int8 codes and scale written into the turn log's columns at row ``at``
    (codes as column ``at`` when ``by_column``); see ``multihorizon._store_py``."""
    _store(*as_store_targets(row, embeddings, codes, scales, at, by_column), bool(by_column))
