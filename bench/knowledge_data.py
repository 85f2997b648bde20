"""Real-text facts and query vectors for the Tier P benchmarks (issue 14 items 2 and 4).

The texts are the turns of ``../shared/data`` (every conversation file, turns of five words or
more, cut at 80 words, deduplicated; pairs of them when more are needed), so the vectors have
the neighbourhood structure of real text, not of random points. They are embedded with the
default ``HashingEmbedder``: sentence-transformers is not a requirement of the project, and
the figures are for the vectors the library makes out of the box. ``--vectors`` in the
scripts takes any other embeddings of the same texts (e.g. all-MiniLM-L6-v2, made elsewhere).

Without the data folder the texts are deterministic synthetic sentences (the scripts say so).
The embedded vectors are cached under ``$MULTIHORIZON_BENCH_CACHE`` (default: the system's
temporary folder), keyed by the count and the embedder's model id.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from shared_data import locate

# The tests' data folder (``MULTIHORIZON_DATA``, else the first ``shared/data`` beside the
# checkout or above it): a checkout in a worktree two levels down reads the same real turns
# (``parents[2]`` alone found none there and timed synthetic sentences without a word).
DATA = locate() or Path(__file__).resolve().parents[2] / "shared" / "data"
SOURCES = ("swda", "sgd", "dialseg711", "tiage", "irc_disentanglement", "locomo")

__all__ = ["DATA", "fill_session", "real_texts", "real_vectors", "source_of_texts"]


def source_of_texts() -> str:
    """Where the texts come from, for the report."""
    if any((DATA / f"{name}.jsonl").is_file() for name in SOURCES):
        return f"real turns of {DATA} ({', '.join(SOURCES)})"
    return "synthetic sentences (no ../shared/data)"


def real_texts(count: int) -> list[str]:
    """``count`` distinct texts, the same ones on every call."""
    texts: list[str] = []
    for name in SOURCES:
        path = DATA / f"{name}.jsonl"
        if not path.is_file():
            continue
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                for turn in json.loads(line)["turns"]:
                    words = turn["content"].split()
                    if len(words) >= 5:
                        texts.append(" ".join(words[:80]))
    if not texts:  # no data folder: deterministic synthetic sentences
        rng = np.random.default_rng(5)
        vocabulary = [f"w{i}" for i in range(5000)]
        texts = [" ".join(rng.choice(vocabulary, 12)) for _ in range(count)]
    out = list(dict.fromkeys(texts))
    # Pair sentences until there are enough distinct facts.
    index = 0
    while len(out) < count:
        out.append(f"{texts[index % len(texts)]} {texts[(index * 7 + 3) % len(texts)]}")
        index += 1
    return out[:count]


def real_vectors(count: int, vectors_path: str | None = None) -> npt.NDArray[np.float32]:
    """The hashing embedder's unit vectors of ``real_texts(count)`` (or the rows of a given
    ``.npy`` of embeddings of the same texts), cached on disk."""
    if vectors_path:
        return np.ascontiguousarray(np.load(vectors_path)[:count], dtype=np.float32)
    import multihorizon as mh

    embedder = mh.HashingEmbedder()
    key = hashlib.sha256(f"{count}:{embedder.model_id}:{source_of_texts()}".encode()).hexdigest()
    folder = Path(os.environ.get("MULTIHORIZON_BENCH_CACHE", tempfile.gettempdir()))
    cached = folder / f"multihorizon-bench-vectors-{key[:16]}.npy"
    if cached.is_file():
        vectors: npt.NDArray[np.float32] = np.load(cached)
        if vectors.shape[0] == count:
            return vectors
    vectors = np.ascontiguousarray(embedder.embed(real_texts(count)), dtype=np.float32)
    partial = cached.with_suffix(f".{os.getpid()}.tmp.npy")
    np.save(partial, vectors)
    os.replace(partial, cached)
    return vectors


def fill_session(session: Any, texts: list[str], vectors: Any) -> None:
    """The assembler benchmarks' session: ``texts`` as alternating user and assistant turns
    (users with a 4,000-token budget) with their ``vectors``, then 50 small tool outputs."""
    for i, text in enumerate(texts):
        if i % 2:
            session.assistant(text, embedding=vectors[i])
        else:
            session.user(text, embedding=vectors[i], budget_tokens=4000)
    for i in range(50):
        session.tool_output(f"tool_{i % 5}", {"rows": i, "status": "ok"})
