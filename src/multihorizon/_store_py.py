"""NumPy reference of ``store_row``: one turn written into the turn log's columns.

``TurnLog.append`` stores each turn's embedding, its int8 codes (``quantize_rows``: Tier C's
int8 copy, kept row by row or column by column, ``dialogue.int8_codes``) and its scale. It
was a ``quantize_rows`` call that made two new arrays, then three NumPy writes, the column
layout's a strided copy of the transposed codes (issue 14: the commit stage). ``store_row``
does the same writes in one call into the log's own buffers (the C++ kernel allocates
nothing but, in the column layout, one row's codes before it scatters them). The C++
(``cpp/include/multihorizon/quantize.hpp``) and Numba (``_numba_int8``) twins write the same
bytes: the codes and scale are ``quantize_rows``' on every backend.

``as_store_targets`` checks the arguments for the NumPy and Numba backends; the C++ binding
applies the same rules with the same messages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._validate import as_float_vector, as_int

__all__ = ["as_store_targets", "make_store_row"]

Targets = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.float32],
    npt.NDArray[np.int8],
    npt.NDArray[np.float32],
    int,
]


def _writable(value: Any, name: str, dtype: type, ndim: int) -> npt.NDArray[Any]:
    """The very array ``value`` (the kernel writes into it): C-contiguous, aligned and
    writeable, of ``dtype`` and ``ndim`` dimensions; else ValueError naming it."""
    if not isinstance(value, np.ndarray) or value.dtype != dtype or not value.flags.c_contiguous:
        raise ValueError(f"{name}: expected a C-contiguous {np.dtype(dtype)} array")
    if value.ndim != ndim:
        raise ValueError(f"{name}: expected a {ndim}-d array, got {value.ndim}-d")
    if not value.flags.aligned or not value.flags.writeable:
        raise ValueError(f"{name}: expected an aligned, writeable array")
    return value


def as_store_targets(
    row: Any, embeddings: Any, codes: Any, scales: Any, at: Any, by_column: bool
) -> Targets:
    """``(row, embeddings, codes, scales, at)`` checked: ``embeddings`` [capacity, dim]
    float32, ``codes`` int8 [capacity, dim] (or [dim, capacity] ``by_column``), ``scales``
    float32 [capacity], each written in place; ``row`` a 1-d float32 vector of ``dim`` values
    (finite: checked before anything is written); ``0 <= at < capacity``."""
    targets = _writable(embeddings, "embeddings", np.float32, 2)
    code_buffer = _writable(codes, "codes", np.int8, 2)
    scale_buffer = _writable(scales, "scales", np.float32, 1)
    vector = as_float_vector(row, "row")
    capacity, dim = targets.shape
    if vector.shape[0] != dim:
        raise ValueError(f"row: expected {dim} values, got {vector.shape[0]}")
    shape = (dim, capacity) if by_column else (capacity, dim)
    if code_buffer.shape != shape:
        raise ValueError(f"codes: expected shape ({shape[0]}, {shape[1]}), got {codes.shape}")
    if scale_buffer.shape[0] != capacity:
        raise ValueError(f"scales: expected {capacity} values, got {scale_buffer.shape[0]}")
    index = as_int(at, "at")
    if not 0 <= index < capacity:
        raise ValueError(f"at: expected 0 <= at < {capacity}, got {index}")
    if np.may_share_memory(vector, targets):
        vector = vector.copy()  # a view of the rows written: stored as it was before the write
    return vector, targets, code_buffer, scale_buffer, index


def make_store_row(
    quantize_rows: Callable[..., tuple[npt.NDArray[np.int8], npt.NDArray[np.float32]]],
) -> Callable[..., None]:
    """``store_row`` over the reference ``quantize_rows``."""

    def store_row(
        row: Any, embeddings: Any, codes: Any, scales: Any, at: int, by_column: bool
    ) -> None:
        """Write one turn into the turn log's buffers at row ``at``: ``embeddings[at] = row``,
        its int8 codes (``quantize_rows``) as row ``at`` of ``codes`` ([capacity, dim]), or
        as column ``at`` when ``by_column`` ([dim, capacity]), and ``scales[at]`` its scale.
        Raises ValueError (nothing written) on an argument ``as_store_targets`` refuses, a
        non-finite ``row`` included. Returns None."""
        vector, targets, code_buffer, scale_buffer, index = as_store_targets(
            row, embeddings, codes, scales, at, by_column
        )
        row_codes, row_scales = quantize_rows(vector[None, :])
        if by_column:
            code_buffer[:, index] = row_codes[0]
        else:
            code_buffer[index] = row_codes[0]
        targets[index] = vector
        scale_buffer[index] = row_scales[0]

    return store_row
