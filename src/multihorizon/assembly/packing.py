"""Packing one envelope (SPEC-003 §7.3-§7.4 as SPEC-028 §2.2 uses them): items whose tokens are
those of their rendered block, the budget split by the blend with unused tokens flowing on,
greedy packing per tier, and the primacy-recency sandwich."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import InputError, MultihorizonError
from ..tiers.knowledge import ScoredFact
from ..tiers.scratch import ScratchEntry
from .envelope import PackedItem, block

__all__ = [
    "MAX_BUDGET",
    "BudgetError",
    "Delivery",
    "Tier",
    "check_budget",
    "fact_item",
    "packed_item",
    "plain",
    "sandwich",
    "share_budget",
]

MAX_BUDGET = 10_000_000


class BudgetError(MultihorizonError, ValueError):
    """The token budget cannot hold what every envelope must carry."""


def packed_item(
    tier: str,
    source_id: str,
    content: str,
    score: float,
    reason: str,
    count: Callable[[str], int],
) -> PackedItem:
    """An item whose tokens are those of its rendered block (label and spacing included)."""
    tokens = count(block(tier, source_id, content))
    return PackedItem(tier, source_id, content, score, tokens, reason)


@dataclass(frozen=True, slots=True)
class Delivery:
    """What committing an envelope changes: the packed facts' ids and their vectors (row
    ``i`` is ``fact_ids[i]``'s) for the coverage set, and re-invoked scratch entries."""

    fact_ids: list[str]
    vectors: np.ndarray | None
    refreshed: list[ScratchEntry]


@dataclass
class Tier:
    name: str
    weight: float
    candidates: list[PackedItem]
    allowance: float = 0.0
    used: int = 0
    taken: list[int] = field(default_factory=list)

    @property
    def chosen(self) -> list[PackedItem]:
        return [self.candidates[i] for i in sorted(self.taken)]

    def untaken(self) -> bool:
        return len(self.taken) < len(self.candidates)

    def pack(self) -> None:
        """Greedy (SPEC-003 §7.3), in rank order: take each candidate that fits what is left
        of the allowance, skip the rest (a later round with a larger allowance may take it)."""
        taken = set(self.taken)
        used, allowance = self.used, self.allowance
        for index, item in enumerate(self.candidates):
            if used + item.tokens <= allowance and index not in taken:
                self.taken.append(index)
                used += item.tokens
        self.used = used


def fact_item(scored: ScoredFact, reason: str, count: Callable[[str], int]) -> PackedItem:
    fact = scored.fact
    return packed_item("P", fact.fact_id, fact.content, scored.score, reason, count)


def check_budget(budget: Any) -> int:
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise InputError(f"budget_tokens: expected an int in [1, {MAX_BUDGET}], got {budget!r}")
    return budget


def plain(text: str) -> str:
    return text.strip().rstrip(" .?!").casefold()


def share_budget(tiers: list[Tier], budget: int) -> None:
    """Split ``budget`` by weight; what a tier leaves unused flows to the tiers that still
    have candidates, by weight, until nothing moves. Allowances always sum to at most the
    budget, so the packed tokens never exceed it."""
    free = budget
    for _ in range(8):
        open_tiers = [tier for tier in tiers if tier.weight > 0 and tier.untaken()]
        weight = sum(tier.weight for tier in open_tiers)
        if free < 1 or not open_tiers or weight <= 0:
            return
        for tier in open_tiers:
            tier.allowance = tier.used + free * tier.weight / weight
            tier.pack()
        left = budget - sum(tier.used for tier in tiers)
        if left == free:
            return
        free = left


def sandwich(items: list[PackedItem], weights: Mapping[str, float]) -> list[PackedItem]:
    """SPEC-003 §7.4 by rank (ours): items ranked by score relative to their tier's best,
    times the tier's weight; the best first, the second best last, the rest in between with
    the weakest in the middle."""
    best: dict[str, float] = {}
    for item in items:
        best[item.tier] = max(best.get(item.tier, 0.0), item.score)
    # An item's strength is weight x score / its tier's best (in that order: equal
    # strengths across tiers must stay equal, keeping the input order).
    weight = {tier: weights.get(tier, 0.0) for tier in best}
    top = {tier: value or 1.0 for tier, value in best.items()}
    ranked = sorted(items, key=lambda item: -(weight[item.tier] * item.score / top[item.tier]))
    if len(ranked) <= 2:
        return ranked
    third = max(1, len(ranked) // 3)
    critical, important, supporting = ranked[:third], ranked[third : 2 * third], ranked[2 * third :]
    tail = list(reversed(critical[1:]))
    return [critical[0], *supporting, *important, *tail]
