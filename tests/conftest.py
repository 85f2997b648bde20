"""One suite for every backend: the ``kernels`` fixture runs each test on each one."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from multihorizon import _backend, _kernels_py
from multihorizon import kernels as active_kernels
from redis_server import RedisServer

REFERENCE = _kernels_py


def _try_import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


CORE = _try_import("multihorizon._core")
NUMBA = _try_import("multihorizon._kernels_numba")

# cpp runs the C++ kernels at the CPU's widest SIMD level; cpp-avx2 and cpp-generic lower it,
# so every code path is tested on a machine that has AVX-512.
_SIMD_LEVELS = ("avx512", "avx2", "generic")
_NARROWER_LEVELS = (
    list(_SIMD_LEVELS[_SIMD_LEVELS.index(CORE._simd_level()) + 1 :]) if CORE is not None else []
)
BACKEND_IDS = [
    *(["cpp", *(f"cpp-{level}" for level in _NARROWER_LEVELS)] if CORE is not None else []),
    *(["numba"] if NUMBA is not None else []),
    "python",
]


def turn_scanner(
    kernels: ModuleType, *, question_forms: bool, question_ends: bool, ask_shapes: bool = False
) -> object:
    """A ``TurnScanner`` of the default lexicon on one backend's kernels, its rules on or off."""
    from multihorizon.text.lexicon import LEXICON, scanner_options

    table = [(phrase, int(kind)) for kind, group in LEXICON.items() for phrase in group]
    options = scanner_options(
        question_forms=question_forms, question_ends=question_ends, ask_shapes=ask_shapes
    )
    return kernels.TurnScanner(table, **options)


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
        CORE._set_simd_level(name.removeprefix("cpp-") if name != "cpp" else "best")
        try:
            yield CORE
        finally:
            CORE._set_simd_level("best")


@pytest.fixture(params=_backend.available())
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each available backend in turn as the process's active one (``kernels.use``), for
    tests of whole calls (``Session.classify``) rather than of one kernel."""
    previous = active_kernels.use(request.param)
    try:
        yield request.param
    finally:
        active_kernels.use(previous)


def fast_backends() -> list[tuple[str, ModuleType]]:
    """The compiled backends, for agreement tests against the reference."""
    found = []
    if CORE is not None:
        found.append(("cpp", CORE))
    if NUMBA is not None:
        found.append(("numba", NUMBA))
    return found


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A real redis-server on a free loopback port for one test (skips without one)."""
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()
