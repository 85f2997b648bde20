"""Tier P's exact search for stores up to ``EXACT_SEARCH_LIMIT`` facts (issue 14 items 2, 4).

Below a few tens of thousands of facts, one int8 pass over every fact (``score_turns_int8``:
per-row int8 codes, the best candidates rescored from the float32 rows) costs less than an
hnswlib search at the width the recall curve asks for the default embedder (ef_search 400),
and it is exact. Measured side by side on this 2-core box (real-text hash2 vectors, 200
held-out queries, k=50, one thread; ``python bench/tier_p_exact.py``), p50 of the int8 pass
over hnswlib's at ef 400: 0.27 at 5,000 facts, 0.35 at 10,000, 0.50 at 20,000, 0.84 at
40,000; recall@10 of the int8 pass against float32 exact 1.000 at every size, where
hnswlib's is 0.867 by id (0.955 with ties) on 100,000. In the envelope that is the
difference between 0.979 of the exactly-ranked facts delivered at ef 400 (0.925 at ef 100)
and all of them.

So a store searches exactly while it holds at most ``EXACT_SEARCH_LIMIT`` facts (every label,
retrievable or not), and through hnswlib once it grows past it; the int8 copy is dropped
then (it is not kept for a store that will not use it again).

The codes are laid out as Tier C's are (``dialogue.int8_codes``): column by column when the
first facts' codes are mostly zero, as the default hashing embedder's are on real text, so
the pass reads only the columns where the query's code is not zero (the same integers, so
the same ranking). Measured in a turn at 10,000 facts: see ``bench/TIER_P.md``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..dialogue.int8_codes import Int8Codes

if TYPE_CHECKING:
    from .facts import Fact

__all__ = ["EXACT_SEARCH_LIMIT", "ExactArrays", "ExactLease", "ExactRows"]

# The largest store searched exactly: below the measured crossover with hnswlib at ef 400
# (0.84x at 40,000 facts, rising with the store), with room for a noisier machine.
EXACT_SEARCH_LIMIT = 32_768


class ExactRows:
    """The int8 copy (codes, per-row scales) of a store's unit vectors by label, and which
    labels are retrievable; the store keeps it in step under its lock."""

    def __init__(self, capacity: int, dim: int) -> None:
        self._codes = Int8Codes(dim, capacity)  # row or column layout, chosen by the first put
        self.scales = np.zeros(capacity, dtype=np.float32)
        self.live = np.zeros(capacity, dtype=bool)
        # score_turns_int8 ranks turns; with no recency and no bonuses its score is the
        # cosine, and every row is "turn 0 of a log at turn 0".
        self._turn_ids = np.zeros(capacity, dtype=np.int64)

    @property
    def by_column(self) -> bool | None:
        """Whether the codes are kept column by column (None before the first put)."""
        return self._codes.by_column

    @property
    def turn_ids(self) -> npt.NDArray[np.int64]:
        """A zero turn id per label (``score_turns_int8``'s ``turn_ids``)."""
        return self._turn_ids

    def view(self, rows: int) -> npt.NDArray[np.int8]:
        """The codes of the first ``rows`` labels, in place (row or column layout)."""
        return self._codes.view(rows)

    @classmethod
    def of(cls, vectors: npt.NDArray[np.float32], live: npt.NDArray[np.bool_]) -> ExactRows:
        """The copy of ``vectors`` (labels 0, 1, ...; retrievable where ``live``)."""
        rows = cls(max(len(vectors), 16), vectors.shape[1])
        rows.put(0, vectors, live)
        return rows

    def grow(self, size: int, count: int) -> None:
        """Room for ``size`` labels, the first ``count`` kept."""
        # Every allocation before the codes grow: a MemoryError changes nothing.
        scales = np.zeros(size, dtype=np.float32)
        scales[:count] = self.scales[:count]
        live = np.zeros(size, dtype=bool)
        live[:count] = self.live[:count]
        turn_ids = np.zeros(size, dtype=np.int64)
        self._codes.grow(size, count)
        self.scales, self.live, self._turn_ids = scales, live, turn_ids

    def put(
        self, start: int, vectors: npt.NDArray[np.float32], live: npt.NDArray[np.bool_]
    ) -> None:
        """Rows ``start, start + 1, ...`` become ``vectors`` (retrievable where ``live``)."""
        stop = start + len(vectors)
        self.scales[start:stop] = self._codes.write_rows(start, vectors)
        self.live[start:stop] = live

    def search(
        self,
        vector: npt.NDArray[np.float32],
        vectors: npt.NDArray[np.float32],
        count: int,
        dead: int,
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Labels and cosines of the ``count`` nearest retrievable of the ``len(vectors)``
        labels (``dead`` of them not retrievable), best first, ties to the lower label."""
        rows = len(vectors)
        wanted = min(rows, count + dead)  # the dead can take at most ``dead`` of the places
        labels, scores = kernels.score_turns_int8(
            vector,
            self._codes.view(rows),
            self.scales[:rows],
            vectors,
            self._turn_ids[:rows],
            current=0,
            recency_multiplier=0.0,
            k=wanted,
        )
        if dead:
            kept = self.live[labels]
            labels, scores = labels[kept], scores[kept]
        return labels[:count], scores[:count]


@dataclass(frozen=True, slots=True)
class ExactArrays:
    """What a store searched exactly holds, lent under its lock (``KnowledgeStore.exact_arrays``)
    to Tier P's fused stage: the int8 copy, the float32 rows of its ``len(facts)`` labels, the
    CDR columns by label, the facts and the id -> label map, and how many labels are not
    retrievable."""

    rows: ExactRows
    vectors: npt.NDArray[np.float32]
    columns: npt.NDArray[np.float64]
    facts: Sequence[Fact]
    labels: Mapping[str, int]
    dead: int


class ExactLease:
    """``KnowledgeStore.exact_arrays``' context: the store's lock held, and its arrays lent,
    from ``__enter__`` to ``__exit__``. A plain class: ``contextlib.contextmanager``'s
    generator cost a few µs of every turn's Tier P stage (issue 14)."""

    __slots__ = ("_lend", "_lock")

    def __init__(self, lock: threading.RLock, lend: Callable[[], ExactArrays | None]) -> None:
        self._lock = lock
        self._lend = lend

    def __enter__(self) -> ExactArrays | None:
        self._lock.acquire()
        try:
            return self._lend()
        except BaseException:
            self._lock.release()
            raise

    def __exit__(self, *exc_info: object) -> None:
        self._lock.release()
