"""One suite for every backend: the ``kernels`` fixture runs each test on each one."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from types import ModuleType

import pytest

from multihorizon import _kernels_py

REFERENCE = _kernels_py


def _try_import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


CORE = _try_import("multihorizon._core")
NUMBA = _try_import("multihorizon._kernels_numba")

# cpp-generic runs the C++ kernels with the portable (non-AVX2) inner loops, so both code
# paths are tested on a machine that has AVX2.
BACKEND_IDS = [
    *(["cpp", "cpp-generic"] if CORE is not None else []),
    *(["numba"] if NUMBA is not None else []),
    "python",
]


@pytest.fixture(params=BACKEND_IDS)
def kernels(request: pytest.FixtureRequest) -> Iterator[ModuleType]:
    name = request.param
    if name == "python":
        yield REFERENCE
    elif name == "numba":
        assert NUMBA is not None
        yield NUMBA
    else:
        assert CORE is not None
        CORE._use_generic_simd(name == "cpp-generic")
        try:
            yield CORE
        finally:
            CORE._use_generic_simd(False)


def fast_backends() -> list[tuple[str, ModuleType]]:
    """The compiled backends, for agreement tests against the reference."""
    found = []
    if CORE is not None:
        found.append(("cpp", CORE))
    if NUMBA is not None:
        found.append(("numba", NUMBA))
    return found
