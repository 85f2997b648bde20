"""Tier P's approximate nearest-neighbour index: hnswlib (cosine) over fact labels.

The parameters are chosen from the recall/latency curve of ``bench/tier_p_recall.py`` (issue
14 item 2), not fixed by hand; the search width per embedding model (``ef_search_for``). A
store of at most ``knowledge_exact.EXACT_SEARCH_LIMIT`` facts is searched exactly instead (the
graph is still built: CDGR links from it, and the store searches it once it grows past).
hnswlib releases the GIL while it searches and inserts, which is what lets Tier P's query run
on its own worker beside Tier C (``knowledge_worker``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "DEFAULT_EF_CONSTRUCTION",
    "DEFAULT_EF_SEARCH",
    "DEFAULT_M",
    "EF_SEARCH_BY_MODEL",
    "AnnParams",
    "FactIndex",
    "TooFewLiveFacts",
    "ef_search_for",
]

# Chosen from the recall/latency curve (issue 14 item 2), not fixed: the cheapest search that
# keeps recall@10 >= 0.95 against exact search, on a graph that ingests >= 3,000 facts/s.
# SPEC-009 §3 says M=16, ef_construction 200, ef_search 100 (ours: see below).
#
# ``python bench/tier_p_recall.py`` on 100,000 facts (real turns of ../shared/data) embedded
# with the default HashingEmbedder, 300 held-out queries, k=50 (Tier P's candidates),
# recall@10 by id / with ann-benchmarks' tie rule:
#
#   M  ef_construction  ef_search  recall@10       (build: add_items facts/s, same run)
#   16  100              100       0.880 / 0.897
#   16  100              200       0.926 / 0.937
#   16  100              300       0.943 / 0.952
#   16  100              400       0.955 / 0.963   <- hashing: the cheapest >= 0.95
#   16  200              200       0.945           (builds at ~0.36x the rate of ef_c 100)
#   16  200              300       0.960
#   24  100              300       0.952           (builds at ~0.6x the rate of M 16)
#
# The default embedder, multihorizon-hash2-384 (content words only), same run shape
# (``--m 16,32 --efc 100,200 --ef 64,...,1200 --k 50``), recall@10 by id / tie rule:
#
#   M  ef_construction  ef_search  recall@10
#   16  100              100       0.770 / 0.864
#   16  100              200       0.836 / 0.929
#   16  100              300       0.854 / 0.943
#   16  100              400       0.867 / 0.955   <- hash2: the cheapest >= 0.95 (tie rule)
#   16  100              600       0.885 / 0.968
#   16  100              1200      0.899 / 0.978
#   16  200              400       0.909 / 0.987   (builds at ~0.36x the rate of ef_c 100)
#   32  100              400       0.887 / 0.969
#
# By id, hash2 stalls near 0.90 however wide the beam: 9.4% of the 100,000 facts share their
# vector with another (texts with the same content words hash alike), and among identical
# vectors which id comes back is arbitrary; the tie rule counts those, so it sets the bar.
#
# Hashed text has flat similarities (many near-ties), so it needs a wide beam; embeddings of
# a sentence model are far easier: all-MiniLM-L6-v2 vectors of the same texts gave recall@10
# 0.958 at ef_search 100 on an ef_construction 100 graph (issue 14's measurement; that model
# is not installed here), so a store of any other model keeps SPEC-009's ef_search 100.
# ef_construction 100 (not 200): ingest at ~2x the rate, and the search width buys the
# recall back.
DEFAULT_M = 16
DEFAULT_EF_CONSTRUCTION = 100
DEFAULT_EF_SEARCH = 100
EF_SEARCH_BY_MODEL: Mapping[str, int] = MappingProxyType(
    {"multihorizon-hash-384": 400, "multihorizon-hash2-384": 400}
)


def ef_search_for(model_id: str | None) -> int:
    """The search width the curve chose for vectors of ``model_id`` (None: unknown)."""
    return EF_SEARCH_BY_MODEL.get(model_id or "", DEFAULT_EF_SEARCH)


@dataclass(frozen=True, slots=True)
class AnnParams:
    """HNSW graph and search parameters (defaults: see ``DEFAULT_M`` and its evidence)."""

    m: int = DEFAULT_M
    ef_construction: int = DEFAULT_EF_CONSTRUCTION
    ef_search: int = DEFAULT_EF_SEARCH

    def __post_init__(self) -> None:
        for name in ("m", "ef_construction", "ef_search"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 2:
                raise ValueError(f"{name}: expected an int >= 2, got {value!r}")

    def as_dict(self) -> dict[str, int]:
        return {"m": self.m, "ef_construction": self.ef_construction, "ef_search": self.ef_search}


class TooFewLiveFacts(LookupError):
    """The graph reached fewer than k live facts: the caller searches exactly instead."""


class FactIndex:
    """An hnswlib cosine index of unit vectors keyed by fact label (0, 1, 2, ...).

    Not safe for concurrent add and query: ``KnowledgeStore`` serialises every call under
    its lock. Deleted labels (``mark_deleted``) are never returned.
    """

    def __init__(self, dim: int, *, capacity: int, params: AnnParams, threads: int = -1) -> None:
        import hnswlib

        self.dim = dim
        self.params = params
        # hnswlib reads -1 as "the default", and set_num_threads(-1) makes that default one
        # thread: resolve -1 to the machine's cores here (measured: half the insert rate).
        self.threads = threads if threads > 0 else (os.cpu_count() or 1)
        self._index: Any = hnswlib.Index(space="cosine", dim=dim)
        self._index.init_index(
            max_elements=max(capacity, 16), ef_construction=params.ef_construction, M=params.m
        )
        self._index.set_ef(params.ef_search)
        self._index.set_num_threads(self.threads)

    @classmethod
    def load(
        cls, path: str, *, dim: int, capacity: int, params: AnnParams, threads: int = -1
    ) -> FactIndex:
        import hnswlib

        index = cls.__new__(cls)
        index.dim, index.params = dim, params
        index.threads = threads if threads > 0 else (os.cpu_count() or 1)
        index._index = hnswlib.Index(space="cosine", dim=dim)
        index._index.load_index(path, max_elements=max(capacity, 16))
        index._index.set_ef(params.ef_search)
        index._index.set_num_threads(index.threads)
        return index

    def save(self, path: str) -> None:
        self._index.save_index(path)

    def resize(self, size: int) -> None:
        self._index.resize_index(size)

    def add(self, vectors: npt.NDArray[np.float32], labels: npt.NDArray[np.int64]) -> None:
        """Insert (or, for a label already there, replace) rows, on every core for a batch."""
        threads = self.threads if len(labels) > 1 else 1
        self._index.add_items(vectors, labels, num_threads=threads)

    def mark_deleted(self, label: int) -> None:
        """Never return ``label`` again (until ``unmark_deleted``); already marked: no-op."""
        with contextlib.suppress(RuntimeError):  # already marked
            self._index.mark_deleted(label)

    def unmark_deleted(self, label: int) -> None:
        self._index.unmark_deleted(label)

    def search(
        self, vector: npt.NDArray[np.float32], k: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Labels and cosines of the ``k`` nearest live facts, best first; raises
        ``TooFewLiveFacts`` when the graph reaches fewer than ``k``."""
        try:
            # One query: a thread pool would cost more than the search.
            labels, distances = self._index.knn_query(vector, k=k, num_threads=1)
        except RuntimeError:
            raise TooFewLiveFacts(k) from None
        return labels[0].astype(np.int64), (1.0 - distances[0]).astype(np.float32)

    def neighbours(
        self, vectors: npt.NDArray[np.float32], k: int, ef: int
    ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float32]]:
        """The ``k`` nearest live facts of each row at search width ``ef`` (labels and cosine
        distances), on every core; raises ``TooFewLiveFacts``."""
        self._index.set_ef(ef)
        try:
            labels, distances = self._index.knn_query(vectors, k=k, num_threads=self.threads)
        except RuntimeError:
            raise TooFewLiveFacts(k) from None
        finally:
            self._index.set_ef(self.params.ef_search)
        return labels, distances
