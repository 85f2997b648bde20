"""Input checks shared by the NumPy and Numba backends.

The C++ bindings (``cpp/bindings/validate.hpp``) apply the same rules with the same
messages, so a caller sees one contract whatever backend is live: every message starts with
the name of the offending argument.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import numpy.typing as npt

#: Turn ids and ``current`` stay below this, so ``current - turn_id`` never overflows int64.
MAX_TURN_ID = 1 << 62

_REAL_KINDS = "fiu"


def _as_array(value: Any, name: str) -> npt.NDArray[Any]:
    try:
        array = np.asarray(value)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{name}: cannot be read as an array ({exc})") from None
    if array.dtype.kind not in _REAL_KINDS:
        raise ValueError(f"{name}: dtype {array.dtype} is not a real number type")
    return array


def _to_float32(array: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
    # Values beyond float32's range become inf and are then refused as non-finite, so
    # numpy's overflow warning on the cast would only be noise.
    with np.errstate(over="ignore", invalid="ignore"):
        return np.ascontiguousarray(array, dtype=np.float32)


def as_float_vector(value: Any, name: str) -> npt.NDArray[np.float32]:
    """A 1-d finite float32 array; float32 C-contiguous input is returned as is."""
    array = _as_array(value, name)
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a 1-d array, got {array.ndim}-d")
    array = _to_float32(array)
    if not np.isfinite(array).all():
        raise ValueError(f"{name}: contains non-finite values (NaN or inf)")
    return array


def as_float_values(value: Any, name: str) -> npt.NDArray[np.float32]:
    """A 1-d float32 array, its values not checked (``squared_norm``: the caller reads a sum
    that is not finite); float32 C-contiguous input is returned as is."""
    array = _as_array(value, name)
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a 1-d array, got {array.ndim}-d")
    return _to_float32(array)


def as_float_matrix(value: Any, name: str, columns: int) -> npt.NDArray[np.float32]:
    """A 2-d finite float32 row-major array with ``columns`` columns."""
    array = _as_array(value, name)
    if array.ndim != 2:
        raise ValueError(f"{name}: expected a 2-d array, got {array.ndim}-d")
    if array.shape[1] != columns:
        raise ValueError(
            f"{name}: has {array.shape[1]} columns but the query has dimension {columns}"
        )
    array = _to_float32(array)
    finite_rows = np.isfinite(array).all(axis=1)
    if not finite_rows.all():
        row = int(np.argmin(finite_rows))
        raise ValueError(f"{name}: contains non-finite values (NaN or inf) in row {row}")
    return array


def as_any_float_matrix(value: Any, name: str) -> npt.NDArray[np.float32]:
    """A 2-d finite float32 row-major array, any number of columns."""
    array = _as_array(value, name)
    if array.ndim != 2:
        raise ValueError(f"{name}: expected a 2-d array, got {array.ndim}-d")
    return as_float_matrix(array, name, array.shape[1])


def as_float_rows(value: Any, name: str, rows: int, columns: int) -> npt.NDArray[np.float32]:
    """A 2-d float32 row-major array of ``rows`` x ``columns``, its values not checked (the
    caller checks the rows it reads)."""
    array = _as_array(value, name)
    if array.ndim != 2:
        raise ValueError(f"{name}: expected a 2-d array, got {array.ndim}-d")
    if array.shape[1] != columns:
        raise ValueError(
            f"{name}: has {array.shape[1]} columns but the query has dimension {columns}"
        )
    if array.shape[0] != rows:
        raise ValueError(f"{name}: expected {rows} rows (one per code row), got {array.shape[0]}")
    return _to_float32(array)


def as_int8_codes(value: Any, name: str, columns: int) -> npt.NDArray[np.int8]:
    """A 2-d int8 array with ``columns`` columns (``quantize_rows``' codes): row-major, or
    column-major as ``TurnLog`` keeps them (strides ``(1, s)``, ``s >= rows``), which is
    returned as it is, not copied. Other integer dtypes are refused, not narrowed."""
    array = _as_array(value, name)
    if array.dtype != np.int8:
        raise ValueError(
            f"{name}: expected int8 codes (from quantize_rows), got dtype {array.dtype}"
        )
    if array.ndim != 2:
        raise ValueError(f"{name}: expected a 2-d array, got {array.ndim}-d")
    if array.shape[1] != columns:
        raise ValueError(
            f"{name}: has {array.shape[1]} columns but the query has dimension {columns}"
        )
    if is_column_major(array):
        return array
    return np.ascontiguousarray(array)


def is_column_major(codes: npt.NDArray[Any]) -> bool:
    """Whether a 2-d byte array is laid out column by column (strides ``(1, s)`` with
    ``s >= rows``) and not also row by row."""
    stride_rows, stride_columns = codes.strides
    return not codes.flags.c_contiguous and stride_rows == 1 and stride_columns >= codes.shape[0]


def as_scales(value: Any, rows: int) -> npt.NDArray[np.float32]:
    """A 1-d finite float32 array of ``rows`` values (``quantize_rows``' scales)."""
    array = _as_array(value, "scales")
    if array.ndim != 1 or array.shape[0] != rows:
        raise ValueError(f"scales: expected shape ({rows},), got {array.shape}")
    array = _to_float32(array)
    if not np.isfinite(array).all():
        raise ValueError("scales: contains non-finite values (NaN or inf)")
    return array


def as_turn_ids(value: Any, name: str, current: int) -> npt.NDArray[np.int64]:
    """A 1-d int64 array of turn ids, each in ``[0, current]``."""
    array = _as_array(value, name)
    if array.dtype.kind not in "iu" and array.size:
        raise ValueError(f"{name}: expected integers, got dtype {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a 1-d array, got {array.ndim}-d")
    if array.size and array.dtype == np.uint64 and int(array.max()) > MAX_TURN_ID:
        raise ValueError(f"{name}: ids must be in [0, current]")
    array = np.ascontiguousarray(array, dtype=np.int64)
    if array.size:
        low, high = int(array.min()), int(array.max())
        if low < 0:
            raise ValueError(f"{name}: ids must be >= 0, got {low}")
        if high > current:
            raise ValueError(f"{name}: id {high} is after the current turn {current}")
    return array


def as_int(value: Any, name: str) -> int:
    """An integer argument: int, numpy integer, or anything with ``__index__``; never bool."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}") from None


def as_current(value: Any) -> int:
    current = as_int(value, "current")
    if not 0 <= current < MAX_TURN_ID:
        raise ValueError(f"current: must be in [0, 2**62), got {current}")
    return current


def as_half_life(value: Any) -> float:
    half_life = as_real(value, "half_life")
    if not half_life > 0.0:
        raise ValueError(f"half_life: must be > 0, got {half_life}")
    return half_life


def as_real(value: Any, name: str) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"{name}: expected a real number, got {type(value).__name__}")
    try:
        result = float(value)
    except OverflowError:  # an int past float's range: as infinite as inf itself
        raise ValueError(f"{name}: must be finite, got an int beyond float range") from None
    if not np.isfinite(result):
        raise ValueError(f"{name}: must be finite, got {result}")
    return result


def as_count(value: Any, name: str) -> int:
    count = as_int(value, name)
    if count < 0:
        raise ValueError(f"{name}: must be >= 0, got {count}")
    return count


#: score_turns_int8 rescores k + max(RESCORE_MARGIN, k // 2) unforced rows by default on every
#: backend (the C++ core's default_rescore has the measurements; ``kernels.default_rescore``).
RESCORE_MARGIN = 16


def as_rescore(value: Any, k: int) -> int:
    """``score_turns_int8``'s ``rescore`` argument, or its default for a top ``k``."""
    return k + max(RESCORE_MARGIN, k // 2) if value is None else as_count(value, "rescore")


def as_thread_ids(value: Any, rows: int) -> npt.NDArray[np.int64]:
    array = _as_array(value, "thread_ids")
    if array.dtype.kind not in "iu" and array.size:
        raise ValueError(f"thread_ids: expected integers, got dtype {array.dtype}")
    if array.shape != (rows,):
        raise ValueError(f"thread_ids: expected shape ({rows},), got {array.shape}")
    if array.dtype == np.uint64 and rows and int(array.max()) > np.iinfo(np.int64).max:
        raise ValueError("thread_ids: values must fit in int64")
    return np.ascontiguousarray(array, dtype=np.int64)


def as_forced_rows(value: Any, rows: int) -> npt.NDArray[np.int64]:
    array = _as_array(value, "forced")
    if array.dtype.kind not in "iu" and array.size:
        raise ValueError(f"forced: expected integer row indices, got dtype {array.dtype}")
    if array.ndim != 1:
        raise ValueError(f"forced: expected a 1-d array, got {array.ndim}-d")
    if array.size and array.dtype == np.uint64 and int(array.max()) >= rows:
        raise ValueError(f"forced: row {int(array.max())} is out of range for {rows} rows")
    array = np.ascontiguousarray(array, dtype=np.int64)
    if array.size:
        low, high = int(array.min()), int(array.max())
        if low < 0 or high >= rows:
            bad = low if low < 0 else high
            raise ValueError(f"forced: row {bad} is out of range for {rows} rows")
    return array


def as_unit_interval(value: Any, name: str) -> float:
    result = as_real(value, name)
    if not 0.0 <= result <= 1.0:
        raise ValueError(f"{name}: must be in [0, 1], got {result}")
    return result


def as_dim(value: Any) -> int:
    dim = as_count(value, "dim")
    if dim < 1 or dim > (1 << 24):
        raise ValueError(f"dim: must be in [1, 2**24], got {dim}")
    return dim


def as_flag(value: Any, name: str) -> bool:
    """A switch: True or False only (a truthy number is a mistake, not a choice)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name}: expected True or False, got {type(value).__name__}")
    return value


def as_texts(value: Any) -> tuple[list[str], bool]:
    """The texts of a hash_embed call and whether a single text was given."""
    if isinstance(value, str):
        return [value], True
    if isinstance(value, (bytes, bytearray)):
        raise TypeError("texts: expected str or a sequence of str, got bytes (decode it first)")
    try:
        texts = list(value)
    except TypeError:
        raise TypeError(
            f"texts: expected str or a sequence of str, got {type(value).__name__}"
        ) from None
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            raise TypeError(f"texts[{index}]: expected str, got {type(text).__name__}")
    return texts, False


def as_phrases(value: Any) -> list[tuple[str, int]]:
    """The ``(text, category)`` pairs of a MarkerMatcher."""
    if isinstance(value, (str, bytes)):
        raise TypeError("phrases: expected an iterable of (text, category) pairs")
    try:
        items = list(value)
    except TypeError:
        raise TypeError(
            f"phrases: expected an iterable of (text, category) pairs, got {type(value).__name__}"
        ) from None
    phrases = []
    for index, item in enumerate(items):
        try:
            text, category = item
        except (TypeError, ValueError):
            raise TypeError(f"phrases[{index}]: expected a (text, category) pair") from None
        if not isinstance(text, str):
            raise TypeError(f"phrases[{index}]: text must be str, got {type(text).__name__}")
        if isinstance(category, (bool, np.bool_)) or not isinstance(category, (int, np.integer)):
            raise TypeError(
                f"phrases[{index}]: category must be int, got {type(category).__name__}"
            )
        if not -(1 << 31) <= int(category) < (1 << 31):
            raise ValueError(f"phrases[{index}]: category {int(category)} does not fit in int32")
        phrases.append((text, int(category)))
    return phrases


def as_postings(
    postings: Any, offsets: Any, lengths: Any
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """BM25 inputs: int64 postings, int64 offsets (0 first, non-decreasing, len(postings)
    last) and finite float64 lengths >= 0. Postings in range are checked by the kernels."""
    arrays = []
    for value, name in ((postings, "postings"), (offsets, "offsets")):
        array = _as_array(value, name)
        if array.dtype.kind not in "iu" and array.size:
            raise ValueError(f"{name}: expected integers, got dtype {array.dtype}")
        if array.ndim != 1:
            raise ValueError(f"{name}: expected a 1-d array, got {array.ndim}-d")
        arrays.append(np.ascontiguousarray(array, dtype=np.int64))
    post, offs = arrays
    if offs.size == 0 or offs[0] != 0:
        raise ValueError("offsets: must start with 0")
    if offs.size > 1 and bool(np.any(np.diff(offs) < 0)):
        raise ValueError("offsets: must be non-decreasing")
    if int(offs[-1]) != post.size:
        raise ValueError(f"offsets: must end with len(postings) = {post.size}")
    raw = _as_array(lengths, "lengths")
    if raw.ndim != 1:
        raise ValueError(f"lengths: expected a 1-d array, got {raw.ndim}-d")
    lens = np.ascontiguousarray(raw, dtype=np.float64)
    bad = np.flatnonzero(~(np.isfinite(lens) & (lens >= 0)))
    if bad.size:
        raise ValueError(f"lengths: must be finite and >= 0, got {lens[bad[0]]} at {int(bad[0])}")
    return post, offs, lens
