"""Run a bench script against another copy of the package, for side-by-side figures.

    python bench/run_tree.py OLD/src bench/save_cost.py --turns 100 1000

``OLD/src`` holds a ``multihorizon`` package (e.g. ``git archive <commit> src | tar -x``, with
the built ``_core`` copied in beside its ``__init__.py``); the editable install's finder is
set aside so that the script imports that copy, not this worktree's.
"""

from __future__ import annotations

import os
import runpy
import sys


def main() -> None:
    tree, script, *rest = sys.argv[1:]
    tree = os.path.abspath(tree)
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
    sys.path.insert(0, tree)
    sys.argv = [script, *rest]
    import multihorizon

    if not multihorizon.__file__ or not multihorizon.__file__.startswith(tree):
        raise SystemExit(f"imported {multihorizon.__file__}, not the copy in {tree}")
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
