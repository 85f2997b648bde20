"""Embedders: text to L2-normalised float32 vectors (SPEC-028 §3.1).

``HashingEmbedder`` is the default: signed feature hashing in the native core, deterministic,
no model download. ``SentenceTransformerEmbedder`` wraps a sentence-transformers model (the
``st`` extra). A session records its embedder's ``model_id`` and ``dim``; an embedding from
another model or of another dimension is refused (SPEC-024 §2.5 via SPEC-028 §3.1).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from . import kernels
from .errors import EmbeddingError, InputError
from .thresholds import CALIBRATED_THRESHOLDS

__all__ = [
    "Embedder",
    "HashingEmbedder",
    "SentenceTransformerEmbedder",
    "model_name_of",
    "normalise_embedding",
    "reload_hint",
    "stored_embedder",
]

Vectors = npt.NDArray[np.float32]
_FLOAT32 = np.dtype(np.float32)


@runtime_checkable
class Embedder(Protocol):
    """Anything with a model id, a dimension, and ``embed(texts) -> float32 [n, dim]``."""

    @property
    def model_id(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> Vectors: ...


class HashingEmbedder:
    """Feature-hashing embedder (``kernels.hash_embed``): word unigrams and bigrams and
    character 3-5-grams, log term frequency, signed hashing into ``dim`` slots, L2-normalised.

    ``version=2`` (the default, model id ``multihorizon-hash2-<dim>``) hashes a turn's content
    words only (``skip_function_words``): with every word, "Tell me about the Eiffel Tower."
    and "Tell me about sourdough bread." were closer (cosine 0.50) than "Tell me about quantum
    computing." and "Back to quantum computing: what is a qubit?" (0.40), so shared phrasing
    decided threads. ``version=1`` (``multihorizon-hash-<dim>``) is the first releases'
    embedder, every word hashed: it reads sessions and knowledge stores saved with it.
    Deterministic across processes, machines and backends.
    """

    VERSIONS = (1, 2)

    def __init__(self, dim: int = 384, *, version: int = 2) -> None:
        if not isinstance(dim, int) or isinstance(dim, bool) or not 1 <= dim <= 65536:
            raise InputError(f"dim: must be an integer in [1, 65536], got {dim!r}")
        if version not in self.VERSIONS or isinstance(version, bool):
            raise InputError(f"version: must be 1 or 2, got {version!r}")
        self._dim = dim
        self._version = version

    @classmethod
    def for_model_id(cls, model_id: str) -> HashingEmbedder | None:
        """The hashing embedder that made vectors with this model id, or None when the id is
        not a hashing embedder's (``multihorizon-hash-384`` -> ``version=1, dim=384``)."""
        prefix, _, dim = model_id.rpartition("-")
        version = {"multihorizon-hash": 1, "multihorizon-hash2": 2}.get(prefix)
        if version is None or not dim.isdigit() or not 1 <= int(dim) <= 65536:
            return None
        return cls(int(dim), version=version)

    @property
    def model_id(self) -> str:
        name = "multihorizon-hash" if self._version == 1 else "multihorizon-hash2"
        return f"{name}-{self._dim}"

    @property
    def dim(self) -> int:
        return self._dim

    @property
    def version(self) -> int:
        return self._version

    def embed(self, texts: Sequence[str]) -> Vectors:
        return kernels.hash_embed(
            list(texts), dim=self._dim, skip_function_words=self._version >= 2
        )

    def __repr__(self) -> str:
        return f"HashingEmbedder(dim={self._dim}, version={self._version})"


def stored_embedder(given: Embedder | None, model_id: object) -> Embedder | None:
    """The embedder stored vectors are read back with: the caller's, else the hashing
    embedder that made them (a session of the first releases' ``multihorizon-hash-384`` reads
    back with ``HashingEmbedder(version=1)``), else None (the default)."""
    if given is not None or not isinstance(model_id, str):
        return given
    return HashingEmbedder.for_model_id(model_id)


def reload_hint(model_id: object) -> str:
    """What to pass to read vectors stored with ``model_id``, when it is a hashing embedder's
    (``"; load it with HashingEmbedder(384, version=1)"``), else an empty string."""
    embedder = HashingEmbedder.for_model_id(model_id) if isinstance(model_id, str) else None
    if embedder is None:
        return ""
    return f"; load it with HashingEmbedder({embedder.dim}, version={embedder.version})"


# The model card of a hub model shows how to load it: SentenceTransformer("org/name").
_CARD_NAME = re.compile(r"""SentenceTransformer\(\s*['"]([\w.-]+/[\w.-]+)['"]""")
# The Hugging Face cache keeps a model under models--org--name/snapshots/<revision>/.
_CACHE_DIR = re.compile(r"^models--([\w.-]+?)--([\w.-]+)$")


def model_name_of(model: str) -> str | None:
    """The hub name (``org/name``) of the model in a local directory, or None when ``model``
    is not a directory or names nothing found. Read from, in order: the Hugging Face cache
    layout (``models--org--name``), the model card's loading example, then the directory's
    own name matched to a model with calibrated thresholds (``all-MiniLM-L6-v2`` ->
    ``sentence-transformers/all-MiniLM-L6-v2``)."""
    folder = Path(model)
    try:
        if not folder.is_dir():
            return None
    except OSError:
        return None
    for part in folder.resolve().parts:
        cached = _CACHE_DIR.match(part)
        if cached:
            return f"{cached.group(1)}/{cached.group(2)}"
    try:
        card = (folder / "README.md").read_text(encoding="utf-8", errors="replace")[:100_000]
    except OSError:
        card = ""
    found = _CARD_NAME.search(card)
    if found:
        return found.group(1)
    name = folder.resolve().name.casefold()
    for known in CALIBRATED_THRESHOLDS:
        if "/" in known and known.rsplit("/", 1)[1].casefold() == name:
            return known
    return None


class SentenceTransformerEmbedder:
    """A sentence-transformers model by name or local path (``pip install multihorizon[st]``).

    Loaded once, at construction; ``embed`` runs the model on the CPU unless ``device`` says
    otherwise. Not used on the default path: it is the opt-in for better thread assignment.
    """

    def __init__(
        self,
        model: str = "sentence-transformers/all-MiniLM-L6-v2",
        *,
        model_id: str | None = None,
        device: str = "cpu",
    ) -> None:
        """``model`` is a hub name or a local directory; ``model_id`` names the model for the
        session's consistency check and the calibrated thresholds (by default the hub name
        ``model_name_of`` finds for a local directory, else ``model``)."""
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # pragma: no cover - depends on the extra
            raise ImportError(
                "SentenceTransformerEmbedder needs the st extra: pip install 'multihorizon[st]'"
            ) from exc
        self._model: Any = SentenceTransformer(model, device=device)
        # sentence-transformers 6 renamed the dimension getter; the old name warns.
        getter = (
            getattr(self._model, "get_embedding_dimension", None)
            or self._model.get_sentence_embedding_dimension
        )
        dim = getter()
        if not isinstance(dim, int) or dim < 1:  # pragma: no cover - malformed model
            raise EmbeddingError(f"model {model!r} reports no embedding dimension")
        self._dim = dim
        # A local folder takes the name of the model in it, so a copy of a known model gets
        # its calibrated thresholds and stored sessions do not depend on where it lies.
        self._model_id = model_id or model_name_of(model) or model

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str]) -> Vectors:
        vectors = self._model.encode(
            list(texts), normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        return np.ascontiguousarray(vectors, dtype=np.float32)

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedder({self._model_id!r}, dim={self._dim})"


def normalise_embedding(value: Any, dim: int) -> npt.NDArray[np.float32]:
    """A caller's embedding as an L2-normalised float32 vector of ``dim`` values.

    Refuses wrong shapes, wrong dimensions and non-finite values with ``EmbeddingError``; a
    zero vector stays zero (similarity 0 to everything, never NaN). A float32 vector that is
    already unit length is returned as it is (no copy): callers copy when they store it.
    """
    if type(value) is np.ndarray and value.dtype is _FLOAT32 and value.shape == (dim,):
        # Hot path (every turn with a precomputed embedding): one kernel call, the squares
        # summed in float64, where a float32 vector's squared norm cannot overflow; NaN or
        # infinity anywhere makes it non-finite and takes the checked path below. (NumPy's
        # float64 copy and dot were ~4 µs of a turn: issue 14.)
        squared = kernels.squared_norm(value)
        if math.isfinite(squared) and abs(squared - 1.0) <= 1e-5:
            return value
    try:
        array = np.asarray(value)
    except (TypeError, ValueError) as exc:
        raise EmbeddingError(f"embedding: not a numeric vector ({exc})") from exc
    if array.dtype.kind not in "fiu" or array.dtype == np.bool_:
        raise EmbeddingError(f"embedding: expected real numbers, got dtype {array.dtype}")
    if array.ndim != 1:
        raise EmbeddingError(f"embedding: expected a 1-d vector, got shape {array.shape}")
    if array.shape[0] != dim:
        raise EmbeddingError(
            f"embedding: expected dimension {dim} (the session's model), got {array.shape[0]}"
        )
    with np.errstate(over="ignore", invalid="ignore"):
        vector = array.astype(np.float64)
        if not np.all(np.isfinite(vector)):
            raise EmbeddingError("embedding: contains NaN or infinity")
        norm = float(np.sqrt(np.dot(vector, vector)))
    largest = float(np.max(np.abs(vector))) if vector.size else 0.0
    if largest == 0.0:
        return vector.astype(np.float32)  # the zero vector stays zero
    if not (np.isfinite(norm) and norm > 1e-150):
        # Huge or tiny finite values: the squared norm overflowed or underflowed; scale first.
        vector = vector / largest
        norm = float(np.sqrt(np.dot(vector, vector)))
    return (vector / norm).astype(np.float32)
