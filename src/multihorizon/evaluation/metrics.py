"""The figures the evaluation reports: binary counts, pairwise thread F1, macro-F1, ranked
recall."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..dialogue.references import Reference

__all__ = [
    "PAIR_WINDOW",
    "Binary",
    "first_item",
    "macro_f1",
    "pairwise",
    "ranked_metrics",
    "recall_metrics",
    "same_item",
]

PAIR_WINDOW = 50  # turns: pairwise thread F1 looks at pairs at most this far apart


@dataclass
class Binary:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, predicted: bool, gold: bool) -> None:
        self.tp += predicted and gold
        self.fp += predicted and not gold
        self.fn += gold and not predicted

    def figures(self, prefix: str) -> dict[str, float]:
        precision = self.tp / max(self.tp + self.fp, 1)
        recall = self.tp / max(self.tp + self.fn, 1)
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        if prefix == "pairwise":
            return {"pairwise_f1": f1}
        return {f"{prefix}_precision": precision, f"{prefix}_recall": recall, f"{prefix}_f1": f1}


def pairwise(gold: Sequence[str | None], ours: Sequence[Any], counts: Binary) -> None:
    """Same-thread pairs at most PAIR_WINDOW positions apart, over turns with a gold thread."""
    for i in range(len(gold)):
        if gold[i] is None:
            continue
        for j in range(i + 1, min(len(gold), i + PAIR_WINDOW + 1)):
            if gold[j] is not None:
                counts.add(ours[i] == ours[j], gold[i] == gold[j])


def macro_f1(pairs: Sequence[tuple[str, str]]) -> float:
    """Mean F1 over the classes that occur in the gold labels."""
    labels = sorted({gold for _, gold in pairs})
    scores = []
    for label in labels:
        counts = Binary()
        for predicted, gold in pairs:
            counts.add(predicted == label, gold == label)
        scores.append(counts.figures("x")["x_f1"])
    return sum(scores) / len(scores) if scores else 0.0


def ranked_metrics(rankings: Sequence[tuple[Sequence[int], set[int]]]) -> dict[str, float]:
    """acc@1 and hit@3 of ranked antecedents."""
    count = max(len(rankings), 1)
    return {
        "acc_at_1": sum(bool(r[:1]) and r[0] in g for r, g in rankings) / count,
        "hit_at_3": sum(bool(g.intersection(r[:3])) for r, g in rankings) / count,
    }


def recall_metrics(rankings: Sequence[tuple[Sequence[int], set[int]]]) -> dict[str, float]:
    count = max(len(rankings), 1)
    figures = {
        f"recall_at_{k}": sum(len(g.intersection(r[:k])) / len(g) for r, g in rankings) / count
        for k in (5, 10, 20)
    }
    figures["hit_at_10"] = sum(bool(g.intersection(r[:10])) for r, g in rankings) / count
    return figures


# ---- the centroid-rule baseline -------------------------------------------------------------


# ---- enumerated items ------------------------------------------------------------------------

_ITEM_WORD = re.compile(r"[^\W_]+")


def first_item(references: Iterable[Reference]) -> str | None:
    """The item of the first resolved reference that names one (an ordinal's list item, or
    the item "the one about X" picked), else None."""
    for reference in references:
        if reference.target_turn is not None and reference.item is not None:
            return reference.item
    return None


def same_item(ours: str | None, gold: str) -> bool:
    """Whether ``ours`` is the gold item: the same words (case, punctuation and markup
    aside), or one a contiguous run of the other's words holding at least half of them
    (gold "Redis" for "Redis as the cache backend" does not count; "Day 1: Fushimi Inari"
    for "Fushimi Inari" does)."""
    if ours is None:
        return False
    mine = _ITEM_WORD.findall(ours.casefold())
    theirs = _ITEM_WORD.findall(gold.casefold())
    if not mine or not theirs:
        return mine == theirs
    short, long = (mine, theirs) if len(mine) <= len(theirs) else (theirs, mine)
    if 2 * len(short) < len(long):
        return False
    width = len(short)
    return any(long[start : start + width] == short for start in range(len(long) - width + 1))
