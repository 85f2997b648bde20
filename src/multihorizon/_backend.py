"""Choose the kernel backend once, at import.

``cpp`` (the compiled ``_core``), else ``numba``, else ``python`` (the NumPy reference).
``MULTIHORIZON_BACKEND=cpp|numba|python`` forces one; a forced backend that cannot load
raises ``BackendUnavailableError`` instead of silently falling back.

The kernel modules are found relative to this package, whatever its name: a copy vendored
as ``somepkg._vendor.multihorizon`` loads its own ``_core`` and never another copy's.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from .errors import BackendUnavailableError

BACKENDS = ("cpp", "numba", "python")
ENV_VAR = "MULTIHORIZON_BACKEND"

# Relative to ``__package__``: an absolute "multihorizon._core" would load a top-level
# install's extension into a vendored copy (or fail where there is none).
_MODULES = {
    "cpp": "._core",
    "numba": "._kernels_numba",
    "python": "._kernels_py",
}


def load(name: str) -> ModuleType:
    """Import one backend's kernel module, or raise ``BackendUnavailableError``."""
    if name not in _MODULES:
        raise BackendUnavailableError(
            f"{ENV_VAR}={name!r} is not a backend; choose one of {', '.join(BACKENDS)}"
        )
    try:
        return importlib.import_module(_MODULES[name], __package__)
    # numba raises RuntimeError at import when it finds no writable cache directory.
    except (ImportError, RuntimeError, OSError) as exc:
        hint = {
            "cpp": "the compiled extension did not build or install; run `pip install .`",
            "numba": "install numba (`pip install multihorizon[numba]`)",
            "python": "numpy is missing",
        }[name]
        raise BackendUnavailableError(f"backend {name!r} is unavailable: {hint} ({exc})") from exc


def available() -> list[str]:
    """The backends that load here, best first."""
    names = []
    for name in BACKENDS:
        try:
            load(name)
        except BackendUnavailableError:
            continue
        names.append(name)
    return names


def choose() -> tuple[str, ModuleType]:
    forced = os.environ.get(ENV_VAR, "").strip().lower()
    if forced:
        return forced, load(forced)
    for name in BACKENDS:
        try:
            return name, load(name)
        except BackendUnavailableError:
            continue
    raise BackendUnavailableError("no kernel backend could be loaded")  # pragma: no cover


name, module = choose()
