"""A copy of the package vendored under another name loads its own kernels (issue 16).

The installed package (its Python files and the built ``_core`` extension) is copied to
``somepkg/_vendor/multihorizon`` in a temporary directory and imported in a child process,
once with the top-level ``multihorizon`` blocked (an environment without it) and once with it
importable. The copy's backend, kernel module file and a classification must come from the
copy, and importing the copy must not import the top-level package.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import multihorizon
from multihorizon import _backend

VENDORED = "somepkg._vendor.multihorizon"

# Run in the child: optionally make the top-level package unimportable, import the copy,
# classify a turn, and report where everything came from as JSON on stdout.
_CHILD = textwrap.dedent(
    """
    import importlib, json, sys

    class _NoTopLevel:
        # A finder that answers first: the top-level package is absent.
        def find_spec(self, name, path=None, target=None):
            if name == "multihorizon" or name.startswith("multihorizon."):
                raise ModuleNotFoundError(f"blocked: {name}", name=name)
            return None

    if sys.argv[2] == "block":
        sys.meta_path.insert(0, _NoTopLevel())
    sys.path.insert(0, sys.argv[1])
    mh = importlib.import_module("somepkg._vendor.multihorizon")
    kernels_module = importlib.import_module("somepkg._vendor.multihorizon._backend").module
    session = mh.Session()
    session.user("How do I configure etcd TLS on three nodes?")
    session.assistant("1. generate a CA 2. issue server certificates 3. restart etcd")
    intent = session.classify("what did you mean about the second option?")
    out = {
        "package_file": mh.__file__,
        "backend": mh.backend,
        "kernel_module": kernels_module.__name__,
        "kernel_file": getattr(kernels_module, "__file__", None),
        "intent": str(intent),
        "intent_module": type(intent).__module__,
        "top_level_imported": "multihorizon" in sys.modules,
    }
    if sys.argv[2] == "allow":
        import multihorizon
        out["top_level_file"] = multihorizon.__file__
    print(json.dumps(out))
    """
)


def _copy_package(root: Path) -> Path:
    """Copy the installed package (every directory of its path, then the built extension)."""
    target = root / "somepkg" / "_vendor" / "multihorizon"
    target.parent.mkdir(parents=True)
    for parent in (root / "somepkg", root / "somepkg" / "_vendor"):
        (parent / "__init__.py").write_text("")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    # An editable install spreads the package over two directories (the sources and the
    # built extension); a wheel install has one. Copy them all into one.
    for directory in multihorizon.__path__:
        shutil.copytree(directory, target, ignore=ignore, dirs_exist_ok=True)
    if "cpp" in _backend.available():
        core = _backend.load("cpp")
        shutil.copy2(str(core.__file__), target)
    return target


def _run(root: Path, mode: str, backend: str | None) -> dict[str, object]:
    env = {key: value for key, value in os.environ.items() if key != _backend.ENV_VAR}
    if backend is not None:
        env[_backend.ENV_VAR] = backend
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(root), mode],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def vendored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vendoring")
    _copy_package(root)
    return root


def _backends() -> list[str]:
    # Numba compiles the marker matcher on first use (slow, and its own suite covers it);
    # the C++ extension and the NumPy reference are what a vendored copy must find.
    return [name for name in ("cpp", "python") if name in _backend.available()]


@pytest.mark.parametrize("mode", ["block", "allow"])
@pytest.mark.parametrize("backend", _backends())
def test_vendored_copy_loads_its_own_kernels(vendored: Path, mode: str, backend: str) -> None:
    copy = (vendored / "somepkg" / "_vendor" / "multihorizon").resolve()
    result = _run(vendored, mode, backend)

    assert Path(str(result["package_file"])).resolve().parent == copy
    assert result["backend"] == backend
    kernel_module = {"cpp": "_core", "python": "_kernels_py"}[backend]
    assert result["kernel_module"] == f"{VENDORED}.{kernel_module}"
    assert Path(str(result["kernel_file"])).resolve().parent == copy
    # SPEC-028 §5.2: a CLARIFY marker is checked before the (resolved) ordinal reference.
    assert result["intent"] == "CLARIFY"
    assert result["intent_module"] == f"{VENDORED}.dialogue.intent"
    # Importing the copy never imports the top-level package, even where one is installed.
    assert result["top_level_imported"] is False
    if mode == "allow":
        top = Path(str(result["top_level_file"])).resolve().parent
        assert top != copy


def test_vendored_copy_auto_backend_is_the_copys(vendored: Path) -> None:
    """Without a forced backend the copy picks the best one it has itself."""
    copy = (vendored / "somepkg" / "_vendor" / "multihorizon").resolve()
    result = _run(vendored, "block", None)
    assert result["backend"] == _backend.available()[0]
    if result["backend"] == "cpp":
        assert Path(str(result["kernel_file"])).resolve().parent == copy
