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


def _private_reads(tree: ast.Module) -> list[tuple[int, str, str]]:
    """(line, object, attribute) of every ``obj._name`` whose object is not ``self``/``cls``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        private = node.attr.startswith("_") and not node.attr.startswith("__")
        owner = node.value
        if private and not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
            found.append((node.lineno, ast.unparse(owner), node.attr))
    return found


def _own_private_attributes(tree: ast.Module) -> set[str]:
    """The private attributes the module's own classes set on ``self``, declare or define
    (a method)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in ("self", "cls") and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                    names.add(statement.target.id)
                elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(statement.name)
    return names


def test_no_module_reads_another_modules_private_attributes() -> None:
    # ``obj._x`` is allowed where a class of the same module owns ``_x`` (one of its own
    # objects); an attribute no class here sets belongs to another module's object. The
    # compiled extension ``_core`` is the package's own.
    found = []
    for path, tree in _modules():
        own = _own_private_attributes(tree)
        for line, owner, attribute in _private_reads(tree):
            if attribute not in own and owner != "_core":
                found.append(f"{path.relative_to(PACKAGE)}:{line}: {owner}.{attribute}")
    assert not found, found


def test_persist_reads_no_private_attribute_of_any_other_object() -> None:
    # Persistence goes through the components' ``state()``/``restore()`` and public API:
    # it frames, versions and checksums, and touches no ``_x`` of an object it did not make.
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {owner}.{attribute}"
        for path, tree in _modules()
        if path.parent.name == "persist"
        for line, owner, attribute in _private_reads(tree)
    ]
    assert not found, found


# Generated tables are data, not code to read.
GENERATED = {"_unicode_tables.py"}
MAX_MODULE_LINES = 620  # "about 600"
MAX_FUNCTION_LINES = 85  # "about 80"


def test_no_module_is_longer_than_a_reader_can_hold() -> None:
    lines = {
        str(path.relative_to(PACKAGE)): len(path.read_text().splitlines())
        for path, _ in _modules()
        if path.name not in GENERATED
    }
    assert {name: count for name, count in lines.items() if count > MAX_MODULE_LINES} == {}


def test_no_function_is_longer_than_a_screen_or_two() -> None:
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name} {length}")
    assert found == []
