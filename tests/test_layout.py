"""The package's shape: modules keep their private names to themselves, and the evaluation
stays out of the hot path's import graph."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import multihorizon

PACKAGE = Path(multihorizon.__file__).parent


def _modules() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text())) for path in sorted(PACKAGE.rglob("*.py"))]


def test_no_module_imports_another_modules_private_names() -> None:
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            # A private module (``_backend``, ``_kernels_py``) is the package's own helper;
            # its public names are for the package. Its private names are not.
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                if private and alias.name != "_core":
                    found.append(f"{path.name}: from {node.module} import {alias.name}")
    assert not found, found


def test_the_evaluation_is_not_imported_by_the_package() -> None:
    script = "import sys, multihorizon; print(sorted(m for m in sys.modules if 'evaluat' in m))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
