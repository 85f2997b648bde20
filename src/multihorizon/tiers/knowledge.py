"""Tier P: persistent knowledge (SPEC-028 §2.1), with CDR scoring (SPEC-024 §7.1, SPEC-027).

``KnowledgeStore`` holds facts with the SPEC-009 fields retrieval needs, in an hnswlib cosine
index (``knowledge_index``: parameters chosen from the measured recall curve). DELETED and
QUARANTINED facts are never retrieved (SPEC-009 §8). ``cdr_rank`` scores the candidates of
one query:

    CDR = importance x max(rel, pull) x novelty x recency          (SPEC-024 §7.1, SPEC-027)

with facts under the relevance floor dropped first, ``novelty`` from the session's coverage
set (on, off, or partial by intent: SPEC-028 §5.3), and ``recency`` SPEC-027 §3.2's TTL ramp.
``cdr_rank`` is ``nearest`` (the hnswlib query, which releases the GIL and can run on a worker
beside Tier C) followed by ``score_cdr`` (the CDR factors). The n-gram guard of SPEC-024 §5
belongs to multi-window document generation and is not applied here. A store is shared by
many sessions; each session keeps its own coverage set. CDGR's edges (SPEC-025) live in
``knowledge_graph``; saving and loading in ``knowledge_files``.

Every mutation validates first and changes nothing when it raises; one lock serialises the
store's writers and readers (hnswlib's own index is not safe for concurrent add and query).
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..embed import Embedder, normalise_embedding, reload_hint
from ..errors import EmbeddingError, InputError
from .coverage import CoverageSet, novelty_factor, recency_factor
from .facts import Fact, FactStatus, KnowledgeError, ScoredFact, now, prepare_fact, retrievable
from .knowledge_cdr import Neighbours, rank_cdr
from .knowledge_exact import EXACT_SEARCH_LIMIT, ExactArrays, ExactLease, ExactRows
from .knowledge_files import read_graph, read_manifest, read_rows, write_store
from .knowledge_graph import EDGE_BAR, EDGE_NEIGHBOURS, FactGraph
from .knowledge_index import (
    DEFAULT_EF_CONSTRUCTION,
    DEFAULT_M,
    AnnParams,
    FactIndex,
    TooFewLiveFacts,
    ef_search_for,
)

# CDGR linking's first, narrow search: the fact itself and its three nearest, at ef 16.
LINK_PROBE = 4
LINK_PROBE_EF = 16

__all__ = [
    "CoverageSet",
    "Fact",
    "FactStatus",
    "KnowledgeError",
    "KnowledgeStore",
    "Neighbours",
    "ScoredFact",
]


class KnowledgeStore:
    """Tier P facts in an hnswlib cosine index; shared by the sessions of an assembler."""

    EDGE_NEIGHBOURS = EDGE_NEIGHBOURS  # SPEC-009 §5.2: K
    EDGE_BAR = EDGE_BAR  # SPEC-009 §5.2: cosine for an edge

    def __init__(
        self,
        dim: int = 384,
        *,
        embedder: Embedder | None = None,
        capacity: int = 1024,
        m: int = DEFAULT_M,
        ef_construction: int = DEFAULT_EF_CONSTRUCTION,
        ef_search: int | None = None,
        threads: int = -1,
        graph: bool = True,
    ) -> None:
        """``ef_search`` None: the width the recall curve chose for the embedder's model
        (``knowledge_index.ef_search_for``; 400 for the hashing embedder, SPEC-009's 100 for
        others or without an embedder)."""
        if embedder is not None and int(embedder.dim) != dim:
            raise EmbeddingError(
                f"embedder dimension {embedder.dim} differs from the store's {dim}"
            )
        if not isinstance(dim, int) or dim < 1:
            raise InputError(f"dim: expected an integer >= 1, got {dim!r}")
        model_id = embedder.model_id if embedder is not None else None
        if ef_search is None:
            ef_search = ef_search_for(model_id)
        try:
            params = AnnParams(m, ef_construction, ef_search)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        self.dim = dim
        self.embedder = embedder
        self.model_id = model_id
        self._params = params
        self._index = FactIndex(dim, capacity=capacity, params=params, threads=threads)
        self._facts: list[Fact] = []  # by label
        self._vectors = np.zeros((max(capacity, 16), dim), dtype=np.float32)
        # CDR's per-fact terms as columns by label (importance, ttl, modified_at; NaN for
        # None), so a turn gathers them for its candidates in one step.
        self._columns = np.zeros((3, max(capacity, 16)), dtype=np.float64)
        self._labels: dict[str, int] = {}
        self._retrievable = 0
        # Searched exactly (int8 pass) while the store holds at most EXACT_SEARCH_LIMIT facts.
        self._exact_rows: ExactRows | None = ExactRows(
            min(max(capacity, 16), EXACT_SEARCH_LIMIT), dim
        )
        # SPEC-025 / SPEC-009 §5.2: edges to the K nearest neighbours at cosine >= EDGE_BAR,
        # built at ingest (``graph=False`` skips them).
        self.graph = graph
        self._graph = FactGraph()
        self._lock = threading.RLock()

    @property
    def scan_bytes(self) -> int | None:
        """Bytes one query reads while the store is searched exactly (the int8 pass over
        every fact); None once it searches through hnswlib. The assembler's measure of what
        a query costs (``tier_p_worker="auto"``)."""
        rows = self._exact_rows
        return None if rows is None else len(self._facts) * self.dim

    @property
    def params(self) -> AnnParams:
        """The index's M, ef_construction and ef_search."""
        return self._params

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

    def vectors_of(self, fact_ids: Sequence[str]) -> npt.NDArray[np.float32]:
        """The unit vectors of these facts, one row each (a copy), read under one lock."""
        with self._lock:
            labels = [self._label(fact_id) for fact_id in fact_ids]
            vectors: npt.NDArray[np.float32] = self._vectors[labels]
            return vectors

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
        if self._exact_rows is not None:  # a small store: exact, and cheaper than the graph
            total = len(self._facts)
            dead = total - self._retrievable
            return self._exact_rows.search(vector, self._vectors[:total], count, dead)
        # DELETED and QUARANTINED facts are marked deleted in the index: never returned.
        try:
            return self._index.search(vector, count)
        except TooFewLiveFacts:  # the graph reached fewer than k live facts: exact search
            return self._exact(vector, count)

    def _exact(
        self, vector: npt.NDArray[np.float32], count: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        live = np.array(
            [label for label, fact in enumerate(self._facts) if retrievable(fact.status)],
            dtype=np.int64,
        )
        scores = self._vectors[live] @ vector
        order = np.argsort(-scores, kind="stable")[:count]
        return live[order], scores[order].astype(np.float32)

    def nearest(self, query: Any, k: int = 50, *, min_relevance: float = -1.0) -> Neighbours:
        """The ``k`` nearest retrievable facts of ``query`` with cosine >= ``min_relevance``
        (SPEC-024 §7.1's relevance floor), best first: the first half of ``cdr_rank``.
        hnswlib releases the GIL while it searches, so this can run on a worker thread
        beside other work (``multihorizon.tiers.knowledge_worker``)."""
        vector = normalise_embedding(query, self.dim)
        with self._lock:
            labels, similarities = self._knn(vector, k)
            kept = similarities >= min_relevance
            labels = labels[kept]
            facts = tuple(map(self._facts.__getitem__, labels.tolist()))
            vectors = self._vectors[labels]
            importance, ttl, modified = self._columns[:, labels]
        return Neighbours(
            vector, k, min_relevance, facts, similarities[kept].astype(np.float64), vectors,
            importance, ttl, modified,
        )  # fmt: skip

    def exact_arrays(self) -> ExactLease:
        """Under the store's lock (``with store.exact_arrays() as held``): the arrays its
        exact search reads, for Tier P's fused stage (``knowledge_stage``); None once the
        store searches through hnswlib."""
        return ExactLease(self._lock, self._exact_view)

    def _exact_view(self) -> ExactArrays | None:
        rows, total = self._exact_rows, len(self._facts)
        return None if rows is None else ExactArrays(
            rows, self._vectors[:total], self._columns, self._facts, self._labels,
            total - self._retrievable,
        )  # fmt: skip

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
        return self.score_cdr(
            self.nearest(query, candidates, min_relevance=min_relevance),
            coverage=coverage,
            novelty=novelty,
            pull=pull,
            now=now,
            partial_floor=partial_floor,
        )

    def score_cdr(
        self,
        neighbours: Neighbours,
        *,
        coverage: CoverageSet | None = None,
        novelty: bool | str = True,
        pull: Sequence[npt.NDArray[np.float32]] = (),
        now: float | None = None,
        partial_floor: float = 0.5,
    ) -> list[ScoredFact]:
        """The second half of ``cdr_rank``: CDR over ``nearest``'s facts, best first (one
        native call, ``knowledge_cdr.rank_cdr``; the assembler keeps its columns instead)."""
        return list(
            rank_cdr(
                neighbours,
                coverage=coverage,
                novelty=novelty,
                pull=pull,
                now_seconds=_clock() if now is None else now,
                partial_floor=partial_floor,
            )
        )

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
        moment = _clock()
        prepared = [prepare_fact(fact, moment) for fact in batch]
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
            self._index.add(vectors, labels)
            for label, fact in zip(labels.tolist(), prepared, strict=True):
                if not retrievable(fact.status):
                    self._index.mark_deleted(label)
            self._vectors[start:needed] = vectors
            if self._exact_rows is not None:
                live = np.array([retrievable(fact.status) for fact in prepared], dtype=bool)
                self._exact_rows.put(start, vectors, live)
            self._facts.extend(prepared)
            self._columns[:, start:needed] = _cdr_columns(prepared)
            for label, fact in zip(labels.tolist(), prepared, strict=True):
                self._labels[fact.fact_id] = label
            self._retrievable += sum(retrievable(fact.status) for fact in prepared)
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
            new = prepare_fact(dataclasses.replace(new, modified_at=_clock()), _clock(), old)
            reembedded = new.content != old.content or embedding is not None
            if reembedded:
                vector = self._embed([new], None if embedding is None else [embedding])[0]
                if not retrievable(old.status):
                    self._index.unmark_deleted(label)  # hnswlib updates live elements only
                self._index.add(vector[None], np.array([label]))
                self._vectors[label] = vector
                if self.graph:  # new content, new neighbours
                    self._graph.unlink(label)
                    self._link(np.array([label]), vector[None])
            retrievable_now = retrievable(new.status)
            if retrievable_now and not retrievable(old.status) and not reembedded:
                self._index.unmark_deleted(label)  # (re-embedding already un-marked it)
            elif not retrievable_now:
                self._index.mark_deleted(label)
            self._facts[label] = new
            if self._exact_rows is not None:
                live_now = np.array([retrievable_now], dtype=bool)
                self._exact_rows.put(label, self._vectors[label : label + 1], live_now)
            self._columns[:, label : label + 1] = _cdr_columns([new])
            self._retrievable += retrievable(new.status) - retrievable(old.status)
            return new

    def delete(self, fact_id: str) -> Fact:
        """Mark a fact DELETED: never retrieved again (SPEC-009 §8)."""
        return self.update(fact_id, status=FactStatus.DELETED)

    def quarantine(self, fact_id: str) -> Fact:
        return self.update(fact_id, status=FactStatus.QUARANTINED)

    # ---- CDGR (SPEC-025) ---------------------------------------------------------------------

    def _link(self, labels: npt.NDArray[np.int64], vectors: npt.NDArray[np.float32]) -> None:
        """Edges from each new fact to its nearest neighbours at cosine >= EDGE_BAR, both
        ways (call under the lock, after the facts are in the index)."""
        k = min(self.EDGE_NEIGHBOURS + 1, self._retrievable)
        if k < 2:
            return
        # Most facts have no neighbour at the bar (real text: a few per cent do), so a narrow
        # probe first (the fact itself and its 3 nearest, ef 16); only the facts whose probe
        # ends at or above the bar are searched again for all K (ef = 2k: edges want the near
        # neighbours only, not a high-recall search). The probe alone found the edges a full
        # search finds (bench/tier_p_turn.py --check-links); the full search on every fact
        # was a quarter of ingest.
        probe = min(LINK_PROBE, k)
        try:
            found, distances = self._index.neighbours(vectors, probe, LINK_PROBE_EF)
            deeper = (
                np.flatnonzero(1.0 - distances[:, -1] >= self.EDGE_BAR)
                if probe < k
                else np.empty(0, dtype=np.intp)
            )
            if len(deeper):
                more, more_distances = self._index.neighbours(vectors[deeper], k, max(2 * k, 32))
        except TooFewLiveFacts:
            return  # too few live facts for k: the graph stays as it is
        if len(deeper):
            shallow = np.ones(len(labels), dtype=bool)
            shallow[deeper] = False
            self._graph.link(labels[shallow].tolist(), found[shallow], distances[shallow])
            self._graph.link(labels[deeper].tolist(), more, more_distances)
        else:
            self._graph.link(labels.tolist(), found, distances)

    def link_exhaustively(self) -> FactGraph:
        """The edges a full K-neighbour search of every fact gives (the reference the probe
        in ``_link`` is checked against; not used on the ingest path)."""
        graph = FactGraph()
        with self._lock:
            k = min(self.EDGE_NEIGHBOURS + 1, self._retrievable)
            count = len(self._facts)
            if k >= 2:
                found, distances = self._index.neighbours(self._vectors[:count], k, max(2 * k, 32))
                graph.link(list(range(count)), found, distances)
        return graph

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
        moment = _clock() if now is None else now
        vector = normalise_embedding(query, self.dim)
        with self._lock:
            anchor_labels = [self._labels[a] for a in anchors if a in self._labels]
            bridges = self._graph.bridges(
                anchor_labels, lambda label: bool(retrievable(self._facts[label].status))
            )
            if not bridges:
                return []
            labels = np.array([label for label, _ in bridges], dtype=np.int64)
            facts = [self._facts[label] for label in labels.tolist()]
            vectors = self._vectors[labels]
        relevances = [float(row @ vector) for row in vectors]
        covered = coverage.coverage(vectors) if coverage is not None else np.zeros(len(facts))
        novelties = novelty_factor(covered, novelty, partial_floor)
        results = []
        for (_, bridge), relevance, fact, nov in zip(
            bridges, relevances, facts, novelties.tolist(), strict=True
        ):
            recency = recency_factor(fact, moment)
            score = bridge * nov * max(relevance, 0.30) * recency
            results.append(ScoredFact(fact, relevance, nov, recency, score))
        results.sort(key=lambda item: (-item.score, item.fact.fact_id))
        return results[:limit]

    @property
    def edge_count(self) -> int:
        return len(self._graph)

    def edges(self) -> list[list[float]]:
        """CDGR's edges, each once, as ``[label a, label b, cosine]`` with a < b."""
        with self._lock:
            return self._graph.records()

    # ---- persistence -----------------------------------------------------------------------

    def save(self, directory: str | Path) -> None:
        """Write the store to ``directory`` (created): facts, vectors, the hnswlib index and
        a manifest with each file's SHA-256, written last, so a half-written save is refused
        on load."""
        with self._lock:
            count = len(self._facts)
            write_store(
                Path(directory),
                facts=self._facts,
                vectors=self._vectors[:count],
                index=self._index,
                graph=self._graph,
                manifest={
                    "dim": self.dim,
                    "model_id": self.model_id,
                    "params": self._params.as_dict(),
                    "count": count,
                    "graph": self.graph,
                },
            )

    @classmethod
    def load(
        cls, directory: str | Path, *, embedder: Embedder | None = None, threads: int = -1
    ) -> KnowledgeStore:
        """Read a saved store; a missing, corrupt or mismatched file (format version, model
        id, dimension, checksum) raises ``KnowledgeError`` naming it."""
        folder = Path(directory)
        manifest = read_manifest(folder)
        dim = int(manifest["dim"])
        if embedder is not None and (
            int(embedder.dim) != dim or embedder.model_id != manifest.get("model_id")
        ):
            raise KnowledgeError(
                f"{folder}: saved with model {manifest.get('model_id')!r} (dim {dim}), "
                f"not {embedder.model_id!r} (dim {embedder.dim})"
                + reload_hint(manifest.get("model_id"))
            )
        params = AnnParams(**manifest["params"])
        count = int(manifest["count"])
        facts, vectors = read_rows(folder, count, dim)
        store = cls(
            dim,
            embedder=embedder,
            capacity=16,  # the loaded index replaces this one
            m=params.m,
            ef_construction=params.ef_construction,
            ef_search=params.ef_search,
            threads=threads,
            graph=bool(manifest.get("graph", True)),
        )
        store.model_id = manifest.get("model_id")
        store._index = FactIndex.load(
            str(folder / "index.hnsw"), dim=dim, capacity=count, params=params, threads=threads
        )
        store._facts = facts
        store._columns = np.zeros((3, max(count, 16)), dtype=np.float64)
        store._columns[:, :count] = _cdr_columns(facts)
        store._vectors = np.zeros((max(count, 16), dim), dtype=np.float32)
        store._vectors[:count] = vectors
        store._labels = {fact.fact_id: label for label, fact in enumerate(facts)}
        store._retrievable = sum(retrievable(fact.status) for fact in facts)
        store._graph = read_graph(folder)
        live = np.array([retrievable(fact.status) for fact in facts], dtype=bool)
        store._exact_rows = ExactRows.of(vectors, live) if count <= EXACT_SEARCH_LIMIT else None
        return store

    # ---- internals -------------------------------------------------------------------------

    def _label(self, fact_id: str) -> int:
        label = self._labels.get(fact_id)
        if label is None:
            raise KnowledgeError(f"no fact {fact_id!r} in the store")
        return label

    def _embed(self, facts: Sequence[Fact], embeddings: Any) -> npt.NDArray[np.float32]:
        if embeddings is None:
            if self.embedder is None:
                raise EmbeddingError("no embeddings given and the store has no embedder")
            embeddings = self.embedder.embed([fact.content for fact in facts])
        rows = list(embeddings) if not isinstance(embeddings, np.ndarray) else embeddings
        if len(rows) != len(facts):
            raise EmbeddingError(f"{len(rows)} embeddings for {len(facts)} facts")
        out = np.empty((len(facts), self.dim), dtype=np.float32)
        unit = _unit_rows(rows, self.dim)
        if unit is not None:  # the common case, checked as a whole (a fifth of the per-row cost)
            out[unit] = rows[unit]
        for row, value in enumerate(rows):
            if unit is not None and unit[row]:
                continue
            vector = normalise_embedding(value, self.dim)
            if not np.any(vector):
                raise EmbeddingError(f"fact {facts[row].fact_id!r}: zero embedding")
            out[row] = vector
        return out

    def _grow(self, needed: int) -> None:
        exact = self._exact_rows
        if exact is not None and needed > EXACT_SEARCH_LIMIT:
            self._exact_rows = None  # past the crossover: hnswlib from now on
        elif exact is not None and needed > len(exact.scales):
            room = max(needed, 2 * len(exact.scales))
            exact.grow(min(room, EXACT_SEARCH_LIMIT), len(self._facts))
        capacity = self._vectors.shape[0]
        if needed <= capacity:
            return
        size = max(needed, 2 * capacity)
        vectors = np.zeros((size, self.dim), dtype=np.float32)
        vectors[: len(self._facts)] = self._vectors[: len(self._facts)]
        columns = np.zeros((3, size), dtype=np.float64)
        columns[:, : len(self._facts)] = self._columns[:, : len(self._facts)]
        self._index.resize(size)
        self._vectors, self._columns = vectors, columns


def _clock() -> float:
    return now()


def _cdr_columns(facts: Sequence[Fact]) -> npt.NDArray[np.float64]:
    """importance_weight, ttl and modified_at of ``facts`` as three rows (NaN for None)."""
    nan = math.nan
    return np.array(
        [
            [fact.importance_weight for fact in facts],
            [nan if fact.ttl is None else fact.ttl for fact in facts],
            [nan if fact.modified_at is None else fact.modified_at for fact in facts],
        ],
        dtype=np.float64,
    ).reshape(3, len(facts))


def _unit_rows(rows: Any, dim: int) -> npt.NDArray[np.bool_] | None:
    """For a float32 (n, dim) array: which rows ``normalise_embedding`` would return as they
    are (finite, unit length within 1e-5, so also non-zero); None for any other input."""
    if not (isinstance(rows, np.ndarray) and rows.dtype == np.float32 and rows.ndim == 2):
        return None
    if rows.shape[1] != dim:
        return None
    wide = rows.astype(np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        squared = np.einsum("ij,ij->i", wide, wide)
    unit: npt.NDArray[np.bool_] = np.isfinite(squared) & (np.abs(squared - 1.0) <= 1e-5)
    return unit
