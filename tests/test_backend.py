from __future__ import annotations

import os
import subprocess
import sys

import pytest

import multihorizon
from conftest import CORE, NUMBA
from multihorizon import _backend, kernels
from multihorizon.errors import BackendUnavailableError

PROBE = "import multihorizon as m; print(m.backend, m.kernels.cosine_scores.__module__)"


def run_with(backend: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MULTIHORIZON_BACKEND": backend}
    return subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True)


@pytest.mark.parametrize(
    ("backend", "module"),
    [
        pytest.param(
            "cpp", "multihorizon._core", marks=pytest.mark.skipif(CORE is None, reason="no _core")
        ),
        pytest.param(
            "numba",
            "multihorizon._kernels_numba",
            marks=pytest.mark.skipif(NUMBA is None, reason="no numba"),
        ),
        ("python", "multihorizon._kernels_py"),
        ("  PYTHON ", "multihorizon._kernels_py"),
    ],
)
def test_forcing_a_backend(backend: str, module: str) -> None:
    result = run_with(backend)
    assert result.returncode == 0, result.stderr
    name, loaded_from = result.stdout.split()
    assert name == backend.strip().lower()
    assert loaded_from in (module, module.rsplit(".", 1)[0])


def test_an_unknown_backend_is_a_clear_error() -> None:
    result = run_with("fortran")
    assert result.returncode != 0
    assert "BackendUnavailableError" in result.stderr
    assert "MULTIHORIZON_BACKEND='fortran' is not a backend" in result.stderr


def test_a_forced_backend_that_cannot_load_raises_instead_of_falling_back() -> None:
    # Hide numba from the child process: forcing it must fail, never silently downgrade.
    script = "import sys; sys.modules['numba'] = None\nimport multihorizon\n"
    env = {**os.environ, "MULTIHORIZON_BACKEND": "numba"}
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "backend 'numba' is unavailable: install numba" in result.stderr


def test_auto_choice_prefers_the_compiled_core() -> None:
    if os.environ.get("MULTIHORIZON_BACKEND"):
        pytest.skip("a backend is forced in this environment")
    expected = "cpp" if CORE is not None else ("numba" if NUMBA is not None else "python")
    assert multihorizon.backend == expected
    assert _backend.available()[0] == expected


def test_public_kernel_names_are_identical_on_every_backend() -> None:
    from multihorizon import _kernels_py

    for module in [m for m in (CORE, NUMBA) if m is not None]:
        for name in kernels.KERNELS:
            assert hasattr(module, name), f"{module.__name__} lacks {name}"
    assert sorted(kernels.KERNELS) == sorted(_kernels_py.__all__)


def test_ci_requires_the_compiled_core() -> None:
    # CI must exercise the C++ path: fail there if the extension did not build or load.
    if os.environ.get("CI", "").lower() != "true":
        pytest.skip("only enforced under CI=true")
    assert CORE is not None, "multihorizon._core did not build or load"
    # CI also runs the suite with MULTIHORIZON_BACKEND=numba and =python.
    assert multihorizon.backend == (os.environ.get("MULTIHORIZON_BACKEND") or "cpp")


def test_use_switches_the_live_backend_and_the_default_lexicon() -> None:
    from multihorizon.text.lexicon import default_lexicon

    before = kernels.backend()
    session = multihorizon.Session()
    session.user("How do I configure etcd?")
    expected = session.classify("go on")
    try:
        for name in _backend.available():
            assert kernels.use(name) in _backend.BACKENDS
            assert kernels.backend() == multihorizon.backend == name
            assert kernels.score_turns is _backend.load(name).score_turns
            scanner = type(default_lexicon().scanner)
            assert scanner is _backend.load(name).TurnScanner
            fresh = multihorizon.Session()
            fresh.user("How do I configure etcd?")
            assert fresh.classify("go on") is expected
        with pytest.raises(BackendUnavailableError, match="not a backend"):
            kernels.use("fortran")
    finally:
        kernels.use(before)
    assert multihorizon.backend == before
