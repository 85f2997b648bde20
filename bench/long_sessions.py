"""Sessions of 1k / 10k / 50k real-text turns for the whole-call benchmarks, built once and
cached as their ``state()`` (a 50k-turn session takes minutes to log turn by turn).

The turns are ``knowledge_data.real_texts`` (the turns of ``../shared/data``), alternating
user and assistant, with the default embedder's vectors given (``real_vectors``); the texts
after the log are the new turns the benchmarks send. The state is pickled under
``$MULTIHORIZON_BENCH_CACHE`` (default: the system's temporary folder), keyed by the count,
the embedder, the texts' source and the package version, and restored into a new session
(``Session.restore``) for each contender.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import knowledge_data
import multihorizon as mh

#: New turns sent after the log, per size (texts and vectors past the log's).
PROBES = 2000

__all__ = ["PROBES", "probes", "session"]


def _state(turns: int) -> dict[str, Any]:
    embedder = mh.HashingEmbedder()
    source = knowledge_data.source_of_texts()
    key = f"{turns}:{embedder.model_id}:{source}:{mh.__version__}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    folder = Path(os.environ.get("MULTIHORIZON_BENCH_CACHE", tempfile.gettempdir()))
    cached = folder / f"multihorizon-bench-session-{digest}.pickle"
    if cached.is_file():
        with cached.open("rb") as handle:
            loaded: dict[str, Any] = pickle.load(handle)
        return loaded
    texts = knowledge_data.real_texts(turns)
    vectors = knowledge_data.real_vectors(turns)
    built = mh.Session(embedder=embedder)
    for n in range(turns):
        call = built.user if n % 2 == 0 else built.assistant
        call(texts[n], embedding=vectors[n])
    state = built.state()
    partial = cached.with_suffix(f".{os.getpid()}.tmp")
    with partial.open("wb") as handle:
        pickle.dump(state, handle, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(partial, cached)
    return state


def session(turns: int) -> mh.Session:
    """A new session holding the cached ``turns``-turn log (on the live backend)."""
    restored = mh.Session(embedder=mh.HashingEmbedder())
    restored.restore(_state(turns))
    # A restored log analyses a turn when a rule first reads it; read them all now, so the
    # timed turns are a live session's steady state, not a first read of old turns.
    for _ in restored.turns.features:
        pass
    return restored


def probes(turns: int) -> tuple[list[str], npt.NDArray[np.float32]]:
    """The ``PROBES`` texts (and their vectors) that follow the ``turns``-turn log."""
    texts = knowledge_data.real_texts(turns + PROBES)[turns:]
    vectors = knowledge_data.real_vectors(turns + PROBES)[turns:]
    return texts, vectors
