"""Tier P: persistent knowledge (SPEC-028 §2.1), with CDR scoring (SPEC-024 §7.1, SPEC-027).

``KnowledgeStore`` holds facts with the SPEC-009 fields retrieval needs, in an hnswlib index
(M=16, ef_construction=200, ef_search=100, cosine; SPEC-009 §3). DELETED and QUARANTINED
facts are never retrieved (SPEC-009 §8). ``cdr_rank`` scores the candidates of one query:

    CDR = importance x max(rel, pull) x novelty x recency          (SPEC-024 §7.1, SPEC-027)

with facts under the relevance floor dropped first, ``novelty`` from the session's coverage
set (on, off, or partial by intent: SPEC-028 §5.3), and ``recency`` SPEC-027 §3.2's TTL ramp.
The n-gram guard of SPEC-024 §5 belongs to multi-window document generation and is not
applied here. A store is shared by many sessions; each session keeps its own coverage set.

Every mutation validates first and changes nothing when it raises; one lock serialises the
store's writers and readers (hnswlib's own index is not safe for concurrent add and query).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import enum
import hashlib
import json
import math
import os
import shutil
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..embed import Embedder, normalise_embedding, reload_hint
from ..errors import EmbeddingError, InputError, MultihorizonError
from .coverage import (
    CoverageSet,
    novelty_factor,
    recency_factor,
)

__all__ = ["CoverageSet", "Fact", "FactStatus", "KnowledgeError", "KnowledgeStore", "ScoredFact"]

FORMAT_VERSION = 1
MAX_FACT_CHARS = 100_000


class KnowledgeError(MultihorizonError, ValueError):
    """A fact id is unknown or taken, or a saved store is corrupt or does not match."""


class FactStatus(enum.StrEnum):
    """SPEC-009 §2."""

    ACTIVE = "ACTIVE"
    STALE = "STALE"
    DELETED = "DELETED"
    QUARANTINED = "QUARANTINED"


def _now() -> float:
    return _dt.datetime.now(_dt.UTC).timestamp()


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact (SPEC-009 §2: the fields retrieval needs). Times are POSIX seconds (UTC);
    ``ttl`` in seconds, None for facts that do not age (user-provided, SPEC-027 §3.5)."""

    fact_id: str
    content: str
    source_id: str = ""
    importance_weight: float = 0.60  # SPEC-009 §4.4: user-provided
    ttl: float | None = None
    status: FactStatus = FactStatus.ACTIVE
    ingested_at: float | None = None
    modified_at: float | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    content_hash: str = ""

    def __repr__(self) -> str:
        text = self.content if len(self.content) <= 50 else self.content[:47] + "..."
        return f"Fact({self.fact_id!r}, {self.status}, {text!r})"


@dataclass(frozen=True, slots=True)
class ScoredFact:
    """A Tier P candidate with its CDR factors."""

    fact: Fact
    relevance: float
    novelty: float
    recency: float
    score: float


class KnowledgeStore:
    """Tier P facts in an hnswlib cosine index; shared by the sessions of an assembler."""

    def __init__(
        self,
        dim: int = 384,
        *,
        embedder: Embedder | None = None,
        capacity: int = 1024,
        m: int = 16,
        ef_construction: int = 200,
        ef_search: int = 100,
        threads: int = -1,
        graph: bool = True,
    ) -> None:
        import hnswlib

        if embedder is not None and int(embedder.dim) != dim:
            raise EmbeddingError(
                f"embedder dimension {embedder.dim} differs from the store's {dim}"
            )
        if not isinstance(dim, int) or dim < 1:
            raise InputError(f"dim: expected an integer >= 1, got {dim!r}")
        self.dim = dim
        self.embedder = embedder
        self.model_id = embedder.model_id if embedder is not None else None
        self._params = {"m": m, "ef_construction": ef_construction, "ef_search": ef_search}
        # hnswlib reads -1 as "the default", and set_num_threads(-1) makes that default one
        # thread: resolve -1 to the machine's cores here (measured: half the insert rate).
        self._threads = threads if threads > 0 else (os.cpu_count() or 1)
        self._index = hnswlib.Index(space="cosine", dim=dim)
        self._index.init_index(max_elements=max(capacity, 16), ef_construction=ef_construction, M=m)
        self._index.set_ef(ef_search)
        self._index.set_num_threads(self._threads)
        self._facts: list[Fact] = []  # by label
        self._vectors = np.zeros((max(capacity, 16), dim), dtype=np.float32)
        self._labels: dict[str, int] = {}
        self._retrievable = 0
        # SPEC-025 / SPEC-009 §5.2: label -> {neighbour label: cosine} for the K nearest
        # neighbours at cosine >= EDGE_BAR, built at ingest (``graph=False`` skips it).
        self.graph = graph
        self._edges: dict[int, dict[int, float]] = {}
        self._lock = threading.RLock()

    # ---- reading ---------------------------------------------------------------------------

    def __len__(self) -> int:
        """Facts that can be retrieved (not DELETED or QUARANTINED)."""
        return self._retrievable

    def __contains__(self, fact_id: object) -> bool:
        return fact_id in self._labels

    def __iter__(self) -> Iterator[Fact]:
        return iter(list(self._facts))

    def get(self, fact_id: str) -> Fact:
        with self._lock:
            return self._facts[self._label(fact_id)]

    def vector(self, fact_id: str) -> npt.NDArray[np.float32]:
        with self._lock:
            vector: npt.NDArray[np.float32] = self._vectors[self._label(fact_id)].copy()
            return vector

    def search(self, query: Any, k: int = 50) -> list[tuple[Fact, float, npt.NDArray[np.float32]]]:
        """The ``k`` nearest retrievable facts: (fact, cosine, unit vector), best first."""
        vector = normalise_embedding(query, self.dim)
        with self._lock:
            labels, similarities = self._knn(vector, k)
            return [
                (self._facts[label], float(score), self._vectors[label])
                for label, score in zip(labels.tolist(), similarities.tolist(), strict=True)
            ]

    def _knn(
        self, vector: npt.NDArray[np.float32], k: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Labels and cosines of the ``k`` nearest retrievable facts (call under the lock)."""
        count = min(k, self._retrievable)
        if count <= 0:
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float32)
        # DELETED and QUARANTINED facts are marked deleted in the index: never returned.
        try:
            # One query: a thread pool would cost more than the search.
            labels, distances = self._index.knn_query(vector, k=count, num_threads=1)
        except RuntimeError:  # the graph reached fewer than k live facts: exact search
            return self._exact(vector, count)
        return labels[0].astype(np.int64), (1.0 - distances[0]).astype(np.float32)

    def _exact(
        self, vector: npt.NDArray[np.float32], count: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        live = np.array(
            [label for label, fact in enumerate(self._facts) if _retrievable(fact.status)],
            dtype=np.int64,
        )
        scores = self._vectors[live] @ vector
        order = np.argsort(-scores, kind="stable")[:count]
        return live[order], scores[order].astype(np.float32)

    def cdr_rank(
        self,
        query: Any,
        *,
        coverage: CoverageSet | None = None,
        novelty: bool | str = True,
        min_relevance: float = 0.55,
        candidates: int = 50,
        pull: Sequence[npt.NDArray[np.float32]] = (),
        now: float | None = None,
        partial_floor: float = 0.5,
    ) -> list[ScoredFact]:
        """Tier P for one query: the top ``candidates`` by cosine, those under
        ``min_relevance`` dropped (SPEC-024 §7.1), the rest by CDR, best first. ``pull``:
        open sub-queries of a document task (max cosine to them counts as relevance)."""
        moment = _now() if now is None else now
        vector = normalise_embedding(query, self.dim)
        with self._lock:
            labels, similarities = self._knn(vector, candidates)
            kept = similarities >= min_relevance
            labels, similarities = labels[kept], similarities[kept].astype(np.float64)
            if not labels.size:
                return []
            facts = [self._facts[label] for label in labels.tolist()]
            vectors = self._vectors[labels]
        relevance = similarities
        if pull:
            pulls = (vectors @ np.stack(pull).T).max(axis=1)
            relevance = np.maximum(relevance, pulls)
        covered = coverage.coverage(vectors) if coverage is not None else np.zeros(len(facts))
        novelties = novelty_factor(covered, novelty, partial_floor)
        importance = np.array([fact.importance_weight for fact in facts])
        recency = np.array([recency_factor(fact, moment) for fact in facts])
        scores = importance * relevance * novelties * recency
        scored = [
            ScoredFact(fact, rel, nov, rec, score)
            for fact, rel, nov, rec, score in zip(
                facts,
                similarities.tolist(),
                novelties.tolist(),
                recency.tolist(),
                scores.tolist(),
                strict=True,
            )
        ]
        scored.sort(key=lambda item: (-item.score, item.fact.fact_id))
        return scored

    # ---- writing ---------------------------------------------------------------------------

    def add(self, fact: Fact, embedding: Any = None) -> Fact:
        """Add one fact (its embedding given, or made by the store's embedder)."""
        return self.add_many([fact], None if embedding is None else [embedding])[0]

    def add_many(self, facts: Iterable[Fact], embeddings: Any = None) -> list[Fact]:
        """Add facts in one batch (hnswlib inserts on all cores). Validated as a whole first:
        a bad fact, a duplicate id or a bad embedding raises and adds nothing."""
        batch = list(facts)
        if not batch:
            return []
        moment = _now()
        prepared = [self._prepare(fact, moment) for fact in batch]
        ids = [fact.fact_id for fact in prepared]
        if len(set(ids)) != len(ids):
            raise KnowledgeError("add_many: duplicate fact ids in the batch")
        with self._lock:
            taken = [fact_id for fact_id in ids if fact_id in self._labels]
            if taken:
                raise KnowledgeError(f"fact id {taken[0]!r} is already in the store (use update)")
            vectors = self._embed(prepared, embeddings)
            start = len(self._facts)
            needed = start + len(prepared)
            self._grow(needed)
            labels = np.arange(start, needed)
            self._index.add_items(vectors, labels, num_threads=self._threads)
            for label, fact in zip(labels.tolist(), prepared, strict=True):
                if not _retrievable(fact.status):
                    self._index.mark_deleted(label)
            self._vectors[start:needed] = vectors
            self._facts.extend(prepared)
            for label, fact in zip(labels.tolist(), prepared, strict=True):
                self._labels[fact.fact_id] = label
            self._retrievable += sum(1 for fact in prepared if _retrievable(fact.status))
            if self.graph:
                self._link(labels, vectors)
            return prepared

    def update(self, fact_id: str, *, embedding: Any = None, **changes: Any) -> Fact:
        """Change a fact's fields (content, importance_weight, ttl, status, metadata, ...);
        new content is re-embedded and ``modified_at`` moves to now."""
        if "fact_id" in changes:
            raise KnowledgeError("update: a fact's id cannot change")
        with self._lock:
            label = self._label(fact_id)
            old = self._facts[label]
            try:
                new = dataclasses.replace(old, **changes)
            except TypeError as exc:
                raise InputError(f"update: {exc}") from None
            new = self._prepare(dataclasses.replace(new, modified_at=_now()), _now(), old)
            vector = self._vectors[label]
            reembedded = new.content != old.content or embedding is not None
            if reembedded:
                vector = self._embed([new], None if embedding is None else [embedding])[0]
                if not _retrievable(old.status):
                    self._index.unmark_deleted(label)  # hnswlib updates live elements only
                self._index.add_items(vector[None], np.array([label]))
                self._vectors[label] = vector
                if self.graph:  # new content, new neighbours
                    for other in self._edges.pop(label, {}):
                        self._edges.get(other, {}).pop(label, None)
                    self._link(np.array([label]), vector[None])
            retrievable_now = _retrievable(new.status)
            if retrievable_now and not _retrievable(old.status) and not reembedded:
                self._index.unmark_deleted(label)  # (re-embedding already un-marked it)
            elif not retrievable_now:
                with contextlib.suppress(RuntimeError):  # already marked
                    self._index.mark_deleted(label)
            self._facts[label] = new
            self._retrievable += _retrievable(new.status) - _retrievable(old.status)
            return new

    def delete(self, fact_id: str) -> Fact:
        """Mark a fact DELETED: never retrieved again (SPEC-009 §8)."""
        return self.update(fact_id, status=FactStatus.DELETED)

    def quarantine(self, fact_id: str) -> Fact:
        return self.update(fact_id, status=FactStatus.QUARANTINED)

    # ---- CDGR (SPEC-025) ---------------------------------------------------------------------

    EDGE_NEIGHBOURS = 20  # SPEC-009 §5.2: K
    EDGE_BAR = 0.60  # SPEC-009 §5.2: cosine for an edge

    def _link(self, labels: npt.NDArray[np.int64], vectors: npt.NDArray[np.float32]) -> None:
        """Edges from each new fact to its nearest neighbours at cosine >= EDGE_BAR, both
        ways (call under the lock, after the facts are in the index)."""
        k = min(self.EDGE_NEIGHBOURS + 1, self._retrievable)
        if k < 2:
            return
        # Edges want the near neighbours only, not a high-recall search: a narrower beam
        # (ef = 2k). Measured on 20,000 MiniLM vectors: 29,141 edges against 29,142 at
        # ef_search 100.
        self._index.set_ef(max(2 * k, 32))
        try:
            found, distances = self._index.knn_query(vectors, k=k, num_threads=self._threads)
        except RuntimeError:
            return  # too few live facts for k: the graph stays as it is
        finally:
            self._index.set_ef(self._params["ef_search"])
        for label, row, gaps in zip(
            labels.tolist(), found.tolist(), distances.tolist(), strict=True
        ):
            for other, gap in zip(row, gaps, strict=True):
                weight = 1.0 - gap
                if other != label and weight >= self.EDGE_BAR:
                    self._edges.setdefault(label, {})[other] = weight
                    self._edges.setdefault(other, {})[label] = weight

    def connectors(
        self,
        anchors: Sequence[str],
        query: Any,
        *,
        coverage: CoverageSet | None = None,
        novelty: bool | str = True,
        limit: int = 10,
        now: float | None = None,
        partial_floor: float = 0.5,
    ) -> list[ScoredFact]:
        """SPEC-025: facts within two hops of the anchors that bridge anchors with no direct
        edge between them. ``bridge = (touched anchor pairs without an edge) x mean edge
        weight`` (fewer than two touched anchors: not a connector); score = bridge x novelty
        x max(rel, 0.30) x recency, best first. No edges: no connectors."""
        moment = _now() if now is None else now
        vector = normalise_embedding(query, self.dim)
        with self._lock:
            anchor_labels = [self._labels[a] for a in anchors if a in self._labels]
            anchor_set = set(anchor_labels)
            # candidate -> {anchor: best path weight} over paths of one or two hops
            touched: dict[int, dict[int, float]] = {}
            for anchor in anchor_labels:
                for first, weight in self._edges.get(anchor, {}).items():
                    touched.setdefault(first, {})[anchor] = max(
                        weight, touched.get(first, {}).get(anchor, 0.0)
                    )
                    for second, weight2 in self._edges.get(first, {}).items():
                        path = (weight + weight2) / 2.0
                        best = touched.setdefault(second, {})
                        best[anchor] = max(path, best.get(anchor, 0.0))
            scored: list[tuple[int, float, float]] = []
            for candidate, reach in touched.items():
                if candidate in anchor_set or len(reach) < 2:
                    continue
                if not _retrievable(self._facts[candidate].status):
                    continue
                reached = sorted(reach)
                unlinked = sum(
                    1
                    for i, a in enumerate(reached)
                    for b in reached[i + 1 :]
                    if b not in self._edges.get(a, {})
                )
                if unlinked == 0:
                    continue
                bridge = unlinked * (sum(reach.values()) / len(reach))
                relevance = float(self._vectors[candidate] @ vector)
                scored.append((candidate, bridge, relevance))
            if not scored:
                return []
            labels = np.array([item[0] for item in scored], dtype=np.int64)
            facts = [self._facts[label] for label in labels.tolist()]
            vectors = self._vectors[labels]
        covered = coverage.coverage(vectors) if coverage is not None else np.zeros(len(facts))
        novelties = novelty_factor(covered, novelty, partial_floor)
        results = []
        for (_, bridge, relevance), fact, nov in zip(
            scored, facts, novelties.tolist(), strict=True
        ):
            recency = recency_factor(fact, moment)
            score = bridge * nov * max(relevance, 0.30) * recency
            results.append(ScoredFact(fact, relevance, nov, recency, score))
        results.sort(key=lambda item: (-item.score, item.fact.fact_id))
        return results[:limit]

    @property
    def edge_count(self) -> int:
        return sum(len(neighbours) for neighbours in self._edges.values()) // 2

    # ---- persistence -----------------------------------------------------------------------

    def save(self, directory: str | Path) -> None:
        """Write the store to ``directory`` (created): facts, vectors, the hnswlib index and
        a manifest with each file's SHA-256, written last, so a half-written save is refused
        on load."""
        target = Path(directory)
        # Written beside the target, then swapped in: a crash mid-save leaves the previous
        # save whole (and a half-written one is never in place).
        folder = target.with_name(f".{target.name}.saving-{os.getpid()}-{threading.get_ident()}")
        with self._lock:
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir(parents=True)
            facts = [_fact_record(fact) for fact in self._facts]
            (folder / "facts.json").write_text(json.dumps(facts), encoding="utf-8")
            np.save(folder / "vectors.npy", self._vectors[: len(self._facts)])
            self._index.save_index(str(folder / "index.hnsw"))
            edges = [[a, b, w] for a, row in self._edges.items() for b, w in row.items() if a < b]
            (folder / "edges.json").write_text(json.dumps(edges), encoding="utf-8")
            manifest = {
                "format": FORMAT_VERSION,
                "dim": self.dim,
                "model_id": self.model_id,
                "params": self._params,
                "count": len(self._facts),
                "graph": self.graph,
                "sha256": {
                    name: _sha256(folder / name)
                    for name in ("facts.json", "vectors.npy", "index.hnsw", "edges.json")
                },
            }
            (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
            previous = target.with_name(f".{target.name}.previous-{os.getpid()}")
            if target.exists():
                os.replace(target, previous)
            os.replace(folder, target)
            if previous.exists():
                shutil.rmtree(previous)

    @classmethod
    def load(
        cls, directory: str | Path, *, embedder: Embedder | None = None, threads: int = -1
    ) -> KnowledgeStore:
        """Read a saved store; a missing, corrupt or mismatched file (format version, model
        id, dimension, checksum) raises ``KnowledgeError`` naming it."""
        import hnswlib

        folder = Path(directory)
        try:
            manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise KnowledgeError(f"{folder}: no readable manifest.json ({exc})") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT_VERSION:
            raise KnowledgeError(
                f"{folder}: format {manifest.get('format') if isinstance(manifest, dict) else '?'}"
                f" is not {FORMAT_VERSION}"
            )
        for name, digest in manifest.get("sha256", {}).items():
            path = folder / name
            if not path.is_file() or _sha256(path) != digest:
                raise KnowledgeError(f"{path}: missing or corrupt (checksum mismatch)")
        dim = int(manifest["dim"])
        if embedder is not None and (
            int(embedder.dim) != dim or embedder.model_id != manifest.get("model_id")
        ):
            raise KnowledgeError(
                f"{folder}: saved with model {manifest.get('model_id')!r} (dim {dim}), "
                f"not {embedder.model_id!r} (dim {embedder.dim})"
                + reload_hint(manifest.get("model_id"))
            )
        params = manifest["params"]
        count = int(manifest["count"])
        store = cls(
            dim,
            embedder=embedder,
            capacity=max(count, 16),
            m=params["m"],
            ef_construction=params["ef_construction"],
            ef_search=params["ef_search"],
            threads=threads,
            graph=bool(manifest.get("graph", True)),
        )
        store.model_id = manifest.get("model_id")
        records = json.loads((folder / "facts.json").read_text(encoding="utf-8"))
        vectors = np.load(folder / "vectors.npy")
        if len(records) != count or vectors.shape != (count, dim):
            raise KnowledgeError(f"{folder}: facts, vectors and manifest disagree on the count")
        index = hnswlib.Index(space="cosine", dim=dim)
        index.load_index(str(folder / "index.hnsw"), max_elements=max(count, 16))
        index.set_ef(params["ef_search"])
        index.set_num_threads(store._threads)
        store._index = index
        store._facts = [_fact_from_record(record) for record in records]
        store._vectors = np.zeros((max(count, 16), dim), dtype=np.float32)
        store._vectors[:count] = vectors
        store._labels = {fact.fact_id: label for label, fact in enumerate(store._facts)}
        store._retrievable = sum(1 for fact in store._facts if _retrievable(fact.status))
        try:
            for a, b, weight in json.loads((folder / "edges.json").read_text(encoding="utf-8")):
                store._edges.setdefault(int(a), {})[int(b)] = float(weight)
                store._edges.setdefault(int(b), {})[int(a)] = float(weight)
        except (OSError, ValueError, TypeError) as exc:
            raise KnowledgeError(f"{folder}/edges.json: unreadable ({exc})") from None
        return store

    # ---- internals -------------------------------------------------------------------------

    def _label(self, fact_id: str) -> int:
        label = self._labels.get(fact_id)
        if label is None:
            raise KnowledgeError(f"no fact {fact_id!r} in the store")
        return label

    def _prepare(self, fact: Any, moment: float, old: Fact | None = None) -> Fact:
        if not isinstance(fact, Fact):
            raise InputError(f"expected a Fact, got {type(fact).__name__}")
        if not isinstance(fact.fact_id, str) or not fact.fact_id.strip():
            raise InputError("fact_id: expected a non-empty str")
        if not isinstance(fact.content, str) or not fact.content.strip():
            raise InputError(f"fact {fact.fact_id!r}: content must be a non-empty str")
        if len(fact.content) > MAX_FACT_CHARS:
            raise InputError(
                f"fact {fact.fact_id!r}: content has {len(fact.content)} characters, "
                f"more than {MAX_FACT_CHARS}"
            )
        weight = fact.importance_weight
        if not isinstance(weight, (int, float)) or not 0.0 <= float(weight) <= 1.0:
            raise InputError(f"fact {fact.fact_id!r}: importance_weight must be in [0, 1]")
        if fact.ttl is not None and not (
            isinstance(fact.ttl, (int, float)) and math.isfinite(fact.ttl) and fact.ttl > 0
        ):
            raise InputError(f"fact {fact.fact_id!r}: ttl must be a number of seconds > 0")
        try:
            status = FactStatus(fact.status)
        except ValueError:
            raise InputError(f"fact {fact.fact_id!r}: unknown status {fact.status!r}") from None
        try:
            json.dumps(dict(fact.metadata))
        except (TypeError, ValueError) as exc:
            raise InputError(f"fact {fact.fact_id!r}: metadata is not JSON ({exc})") from None
        ingested = old.ingested_at if old is not None else (fact.ingested_at or moment)
        return dataclasses.replace(
            fact,
            importance_weight=float(weight),
            status=status,
            ingested_at=ingested,
            modified_at=fact.modified_at if fact.modified_at is not None else ingested,
            metadata=dict(fact.metadata),
            content_hash=hashlib.sha256(fact.content.encode("utf-8", "surrogatepass")).hexdigest(),
        )

    def _embed(self, facts: Sequence[Fact], embeddings: Any) -> npt.NDArray[np.float32]:
        if embeddings is None:
            if self.embedder is None:
                raise EmbeddingError("no embeddings given and the store has no embedder")
            embeddings = self.embedder.embed([fact.content for fact in facts])
        rows = list(embeddings) if not isinstance(embeddings, np.ndarray) else embeddings
        if len(rows) != len(facts):
            raise EmbeddingError(f"{len(rows)} embeddings for {len(facts)} facts")
        out = np.empty((len(facts), self.dim), dtype=np.float32)
        for row, value in enumerate(rows):
            vector = normalise_embedding(value, self.dim)
            if not np.any(vector):
                raise EmbeddingError(f"fact {facts[row].fact_id!r}: zero embedding")
            out[row] = vector
        return out

    def _grow(self, needed: int) -> None:
        capacity = self._vectors.shape[0]
        if needed <= capacity:
            return
        size = max(needed, 2 * capacity)
        vectors = np.zeros((size, self.dim), dtype=np.float32)
        vectors[: len(self._facts)] = self._vectors[: len(self._facts)]
        self._index.resize_index(size)
        self._vectors = vectors


def _retrievable(status: FactStatus) -> int:
    return int(status in (FactStatus.ACTIVE, FactStatus.STALE))


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _fact_record(fact: Fact) -> dict[str, Any]:
    record = dataclasses.asdict(fact)
    record["status"] = str(fact.status)
    record["metadata"] = dict(fact.metadata)
    return record


def _fact_from_record(record: Mapping[str, Any]) -> Fact:
    try:
        return Fact(**{**record, "status": FactStatus(record["status"])})
    except (TypeError, ValueError, KeyError) as exc:
        raise KnowledgeError(f"facts.json: bad fact record ({exc})") from None
