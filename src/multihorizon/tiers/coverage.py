"""CDR's per-session terms (SPEC-024 §2.2, §7.1; SPEC-027 §3.2): the coverage set of what a
session was already given, the novelty it implies (on, off or partial by intent, SPEC-028
§5.3), and a fact's TTL recency."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..errors import InputError

if TYPE_CHECKING:
    from .facts import Fact

__all__ = ["CoverageSet", "DeliveredLabels", "novelty_factor", "recency_factor"]


def recency_factor(fact: Fact, now: float) -> float:
    """SPEC-027 §3.2: 1.0 while age <= ttl/2, then down linearly to 0.30 at ttl, 0.30 after."""
    if fact.ttl is None:
        return 1.0
    modified = fact.modified_at if fact.modified_at is not None else now
    age = max(0.0, now - modified)
    half = fact.ttl / 2.0
    if age <= half:
        return 1.0
    if age >= fact.ttl:
        return 0.30
    return 1.0 - 0.7 * (age - half) / half


class CoverageSet:
    """What a session has already been given (SPEC-024 §2.2): delivered facts' embeddings with
    depth weights. ``coverage(f) = sum(d_i cos(f, c_i)) / sum(d_i)``, which is linear in the
    c_i, so the set keeps their depth-weighted sum: a query costs one dot product per
    candidate, however much was delivered."""

    DEFAULT_DEPTH = 0.5  # SPEC-024 §3: depth when none is measured

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._weighted = np.zeros(dim, dtype=np.float64)
        self._depth_sum = 0.0
        self.fact_ids: set[str] = set()
        self._fresh: list[str] = []  # ids added since ``delivered_flags`` last read them
        self._flags: DeliveredLabels | None = None

    def __len__(self) -> int:
        return len(self.fact_ids)

    def coverage(self, vectors: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        if not self._depth_sum:
            return np.zeros(vectors.shape[0])
        return (vectors.astype(np.float64) @ self._weighted) / self._depth_sum

    def add(
        self, fact_id: str, vector: npt.NDArray[np.float32], depth: float = DEFAULT_DEPTH
    ) -> None:
        if fact_id in self.fact_ids:
            return
        self._weighted += depth * vector.astype(np.float64)
        self._depth_sum += depth
        self.fact_ids.add(fact_id)
        self._fresh.append(fact_id)

    def add_many(
        self,
        fact_ids: Sequence[str],
        vectors: npt.NDArray[np.float32],
        depth: float = DEFAULT_DEPTH,
    ) -> None:
        """``add`` for each of ``fact_ids`` (row ``i`` of ``vectors`` is the ``i``-th's) in
        one pass, leaving the very bits ``add`` one by one leaves: the same products, summed
        in the same order. NumPy reduces a C-ordered matrix down its rows (axis 0) one row
        after another into the first (pairwise summation runs along the contiguous axis
        only), so the set's sum goes first and each fact's product follows in turn
        (``tests/test_coverage_batch.py`` holds the bits equal). Issue 14: an envelope of 50
        facts took ~185 µs one by one, ~20 µs here."""
        known, fresh = self.fact_ids, []
        for row, fact_id in enumerate(fact_ids):
            if fact_id not in known:
                known.add(fact_id)  # a repeated id is added once, as by add
                self._fresh.append(fact_id)
                fresh.append(row)
        if not fresh:
            return
        rows = np.empty((len(fresh) + 1, self.dim), dtype=np.float64)
        rows[0] = self._weighted
        # Every row fresh (an envelope's packed facts, most turns): the rows as given.
        taken = vectors if len(fresh) == len(fact_ids) == len(vectors) else vectors[fresh]
        np.multiply(depth, taken, out=rows[1:], dtype=np.float64)
        self._weighted = np.add.reduce(rows, axis=0)
        for _ in fresh:  # the depth sum as add makes it, one term at a time
            self._depth_sum += depth

    def state(self) -> dict[str, Any]:
        """What ``restore`` needs: the delivered ids, the depth sum and the weighted sum."""
        return {
            "fact_ids": sorted(self.fact_ids),
            "depth_sum": self._depth_sum,
            "weighted": self._weighted.copy(),
        }

    def restore(self, state: Mapping[str, Any]) -> None:
        """Take a ``state()``; raises ``InputError`` (changing nothing) if it does not fit."""
        try:
            weighted = np.asarray(state["weighted"], dtype=np.float64).reshape(-1)
            depth_sum = float(state["depth_sum"])
            fact_ids = {str(fact_id) for fact_id in state["fact_ids"]}
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"coverage state: {exc}") from None
        if weighted.shape != (self.dim,):
            raise InputError(f"coverage state: {weighted.size} values for dimension {self.dim}")
        if not (np.isfinite(weighted).all() and np.isfinite(depth_sum) and depth_sum >= 0):
            raise InputError("coverage state: non-finite or negative values")
        self._weighted, self._depth_sum, self.fact_ids = weighted.copy(), depth_sum, fact_ids
        self._fresh, self._flags = [], None

    def terms(self) -> tuple[npt.NDArray[np.float64], float]:
        """The depth-weighted sum of the delivered vectors and the depth sum (``coverage``'s
        terms: ``coverage(f) = f . weighted / depth_sum``, zero while the sum is 0)."""
        return self._weighted, self._depth_sum

    def delivered_flags(
        self, owner: object, labels: Mapping[str, int], size: int
    ) -> npt.NDArray[np.bool_]:
        """The delivered facts as a flag per label of one store (``owner``; ``labels`` its
        fact id -> label map, ``size`` its label count), at least ``size`` long: what Tier P's
        fused stage leaves out (SPEC-003 §14). Kept from call to call and brought up to date
        with the ids added since; rebuilt for another store or after ``restore``."""
        held = self._flags
        if (
            held is None
            or held.owner is not owner
            or held.seen != len(self.fact_ids) - len(self._fresh)
        ):
            held = self._flags = DeliveredLabels(owner)
            pending: list[str] = list(self.fact_ids)
        else:
            pending = self._fresh
        self._fresh = []
        return held.update(pending, labels, size)


class DeliveredLabels:
    """A coverage set's delivered fact ids as flags by one store's labels (a fact's label
    never changes; an id the store does not hold yet is looked up again once it grows)."""

    __slots__ = ("flags", "owner", "seen", "size", "unresolved")

    def __init__(self, owner: object) -> None:
        self.owner = owner
        self.flags = np.zeros(16, dtype=np.bool_)
        self.unresolved: set[str] = set()
        self.seen = 0  # ids read (flagged or unresolved)
        self.size = 0  # the store's label count at the last update

    def update(
        self, pending: list[str], labels: Mapping[str, int], size: int
    ) -> npt.NDArray[np.bool_]:
        """The flags with ``pending`` ids added, at least ``size`` long."""
        if len(self.flags) < size:
            flags = np.zeros(max(size, 2 * len(self.flags)), dtype=np.bool_)
            flags[: len(self.flags)] = self.flags
            self.flags = flags
        self.seen += len(pending)
        if size != self.size and self.unresolved:  # the store grew: look them up again
            pending = [*pending, *self.unresolved]
            self.unresolved = set()
        self.size = size
        for fact_id in pending:
            label = labels.get(fact_id)
            if label is None:
                self.unresolved.add(fact_id)
            else:
                self.flags[label] = True
        return self.flags


def novelty_factor(
    coverage: npt.NDArray[np.float64], mode: bool | str, partial_floor: float = 0.5
) -> npt.NDArray[np.float64]:
    """SPEC-024 §7.1 ``max(1 - min(coverage, 0.80), 0.20)`` when on; 1 when off; for
    SPEC-028's "partial" (CONTINUE), ``floor + (1 - floor) x novelty`` (the digest's option
    (c) at floor 0.5; ``Config.partial_novelty_floor``)."""
    full = np.maximum(1.0 - np.minimum(coverage, 0.80), 0.20)
    if mode is True:
        return full
    if mode == "partial":
        return partial_floor + (1.0 - partial_floor) * full
    return np.ones_like(coverage)
