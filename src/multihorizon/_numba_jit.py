"""The Numba backend's shared pieces: the project's ``jit`` defaults (nopython, nogil, cache)
and the array types its kernels use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = [
    "CodePoint",
    "CodePoints",
    "Float32Array",
    "Float64Array",
    "Int64Array",
    "code_points",
    "jit",
    "jit_reassociating",
]

Int64Array = npt.NDArray[np.int64]
Float32Array = npt.NDArray[np.float32]
Float64Array = npt.NDArray[np.float64]
CodePoints = npt.NDArray[np.uint32]
CodePoint = int | np.int64

_Function = TypeVar("_Function", bound=Callable[..., Any])


class _Decorator(Protocol):
    def __call__(self, function: _Function, /) -> _Function: ...


# The cast keeps each compiled function's own signature for mypy whether or not the
# installed numba ships type hints (recent releases do; older ones leave njit untyped).
jit = cast(_Decorator, numba.njit(cache=True, nogil=True))
#: For float64 reductions only: reassociation lets LLVM vectorise the sums. The results stay
#: within a few ulps of the reference's (BLAS sums in its own order, too).
jit_reassociating = cast(
    _Decorator, numba.njit(cache=True, nogil=True, fastmath={"reassoc", "contract"})
)


def code_points(text: str) -> CodePoints:
    """One uint32 per code point of ``text``, so array indices are ``str`` offsets.

    ``surrogatepass`` keeps lone surrogates (legal in a ``str``) as their own code point
    instead of failing; UTF-32 never merges a surrogate pair, so offsets stay one to one.
    """
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
