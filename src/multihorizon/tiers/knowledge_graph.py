"""CDGR's fact graph (SPEC-025 over SPEC-009 §5.2): neighbour edges and bridge candidates.

Edges join each fact to its K=20 nearest neighbours at cosine >= 0.60, both ways, weighted by
the cosine. ``bridges`` walks up to two hops from the anchors of one query and scores the
facts that connect anchors with no direct edge between them (SPEC-025's bridge score); the
store multiplies in novelty, relevance and recency.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["EDGE_BAR", "EDGE_NEIGHBOURS", "FactGraph"]

EDGE_NEIGHBOURS = 20  # SPEC-009 §5.2: K
EDGE_BAR = 0.60  # SPEC-009 §5.2: cosine for an edge


class FactGraph:
    """Undirected weighted edges between fact labels (label -> {neighbour: cosine})."""

    def __init__(self) -> None:
        self._edges: dict[int, dict[int, float]] = {}

    def __len__(self) -> int:
        """The number of edges."""
        return sum(len(neighbours) for neighbours in self._edges.values()) // 2

    def linked(self, a: int, b: int) -> bool:
        return b in self._edges.get(a, {})

    def link(
        self,
        labels: Sequence[int],
        found: npt.NDArray[np.uint64],
        distances: npt.NDArray[np.float32],
    ) -> None:
        """Edges from each of ``labels`` to the neighbours ``found`` for it (cosine distances
        ``distances``, a row per label) that reach ``EDGE_BAR``, both ways."""
        # Vectorised bar first: on real text most neighbours are under it, and a Python
        # loop over every (fact, neighbour) pair was a quarter of ingest.
        weights = 1.0 - distances.astype(np.float64)
        rows, columns = np.nonzero(weights >= EDGE_BAR)
        sources = np.asarray(labels, dtype=np.int64)[rows]
        targets = found[rows, columns].astype(np.int64)
        keep = sources != targets
        edges = self._edges
        for source, target, weight in zip(
            sources[keep].tolist(),
            targets[keep].tolist(),
            weights[rows[keep], columns[keep]].tolist(),
            strict=True,
        ):
            edges.setdefault(source, {})[target] = weight
            edges.setdefault(target, {})[source] = weight

    def unlink(self, label: int) -> None:
        """Drop every edge of ``label`` (its content changed: new neighbours follow)."""
        for other in self._edges.pop(label, {}):
            self._edges.get(other, {}).pop(label, None)

    def records(self) -> list[list[float]]:
        """Each edge once, as ``[a, b, weight]`` with a < b (the saved form)."""
        return [[a, b, w] for a, row in self._edges.items() for b, w in row.items() if a < b]

    @classmethod
    def from_records(cls, records: Iterable[Sequence[float]]) -> FactGraph:
        """The graph of ``records()``; raises ``ValueError``/``TypeError`` on a bad record."""
        graph = cls()
        for a, b, weight in records:
            graph._edges.setdefault(int(a), {})[int(b)] = float(weight)
            graph._edges.setdefault(int(b), {})[int(a)] = float(weight)
        return graph

    def bridges(
        self, anchors: Sequence[int], retrievable: Callable[[int], bool]
    ) -> list[tuple[int, float]]:
        """SPEC-025: the facts within two hops of the anchors that touch two or more anchors
        with no direct edge between some pair, with ``bridge = (touched anchor pairs without
        an edge) x mean best path weight``; anchors and unretrievable facts are left out."""
        edges = self._edges
        anchor_set = set(anchors)
        # candidate -> {anchor: best path weight} over paths of one or two hops
        touched: dict[int, dict[int, float]] = {}
        for anchor in anchors:
            for first, weight in edges.get(anchor, {}).items():
                touched.setdefault(first, {})[anchor] = max(
                    weight, touched.get(first, {}).get(anchor, 0.0)
                )
                for second, weight2 in edges.get(first, {}).items():
                    path = (weight + weight2) / 2.0
                    best = touched.setdefault(second, {})
                    best[anchor] = max(path, best.get(anchor, 0.0))
        found: list[tuple[int, float]] = []
        for candidate, reach in touched.items():
            if candidate in anchor_set or len(reach) < 2 or not retrievable(candidate):
                continue
            reached = sorted(reach)
            unlinked = sum(
                1
                for i, a in enumerate(reached)
                for b in reached[i + 1 :]
                if b not in edges.get(a, {})
            )
            if unlinked:
                found.append((candidate, unlinked * (sum(reach.values()) / len(reach))))
        return found
