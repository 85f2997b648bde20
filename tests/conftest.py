"""One suite for every backend: the ``kernels`` fixture runs each test on each one."""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

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


# A test that takes the `backend` fixture, or the `kernels` fixture and calls nothing that
# reads the process's active backend (neither in its body nor in the module's functions it
# calls, two levels down), runs every backend itself: the single-backend runs of CI
# (MULTIHORIZON_BACKEND=numba|python) may leave it to the cpp run, where it ran on all of them.
_READS_ACTIVE_BACKEND = re.compile(
    r"Session|analyse\(|\.classify\(|active_kernels|TurnLog|Assembler|_backend|"
    r"from multihorizon import|mh\."
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--skip-every-backend-tests",
        action="store_true",
        help="deselect the tests that run every backend themselves (for a run that sets "
        "MULTIHORIZON_BACKEND after a full run on the default backend)",
    )
    parser.addoption(
        "--compiled-backend-only",
        action="store_true",
        help="deselect the numba and python cases of the tests that run every backend "
        "(.ci/sanitize: only the compiled core is under the sanitizers)",
    )


def _runs_every_backend(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    if "backend" in fixtures:
        return True
    function = getattr(item, "function", None)
    if "kernels" not in fixtures or function is None:
        return False
    return not any(_READS_ACTIVE_BACKEND.search(source) for source in _sources(function, 2))


def _sources(function: Any, depth: int) -> Iterator[str]:
    """The source of ``function`` and of the module functions it names, ``depth`` calls down."""
    yield inspect.getsource(function)
    if depth == 0:
        return
    for name in function.__code__.co_names:
        called = function.__globals__.get(name)
        if inspect.isfunction(called) and called.__module__ == function.__module__:
            yield from _sources(called, depth - 1)


def _on_a_twin_backend(item: pytest.Item) -> bool:
    """A case of the ``kernels`` or ``backend`` fixture for the numba or python backend."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    chosen = [params[name] for name in ("kernels", "backend") if name in params]
    return any(not str(value).startswith("cpp") for value in chosen)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    dropped = []
    if config.getoption("--skip-every-backend-tests"):
        dropped = [_runs_every_backend(item) for item in items]
    elif config.getoption("--compiled-backend-only"):
        dropped = [_on_a_twin_backend(item) for item in items]
    if not any(dropped):
        return
    pairs = list(zip(items, dropped, strict=True))
    config.hook.pytest_deselected(items=[item for item, drop in pairs if drop])
    items[:] = [item for item, drop in pairs if not drop]


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
