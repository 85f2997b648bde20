"""The hand-written corpus the whole-corpus agreement tests replay (a gate against the full
reading, ``classify`` against ``Session.user``, the peer vote's bits against its cues).

The README's run (the compiled backend) replays every file. A run on a twin backend
(``MULTIHORIZON_BACKEND=numba`` or ``python``, CI's two backend runs) replays every third
file in name order: the same tests over a fixed third of the corpus. The corpus grows by a
dozen files a stop, and replaying all of it through the pure-Python kernels was a third of
that run's time; the twins' kernels are held to the compiled ones' results by the
differential tests (``tests/test_*_differential.py``), which run every backend on every run.
"""

from __future__ import annotations

from pathlib import Path

import multihorizon

FOLDER = Path(__file__).parent / "data" / "handwritten"
TWIN_STRIDE = 3


def handwritten_files() -> list[Path]:
    """The corpus files this run replays, in name order."""
    files = sorted(FOLDER.glob("*.jsonl"))
    return files if multihorizon.backend == "cpp" else files[::TWIN_STRIDE]
