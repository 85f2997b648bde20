"""Tier E's candidates for one envelope (SPEC-029): each fresh entry's packed block, the
referenced ones first, stale ones by the stale policy, cached while nothing changes."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from ..assembly.envelope import PackedItem, block
from .scratch import Persistence, ScratchBuffer, ScratchEntry

__all__ = ["ToolBatch", "ToolCandidates"]


@dataclass(frozen=True, slots=True, eq=False)
class ToolBatch:
    """One turn's Tier E candidates: the referenced entries' items (first, in reference
    order), the others' items with their tokens and scores as columns (packing reads them
    every turn; reused with the batch while nothing changes), each entry's raw-output tokens
    as the buffer holds it (SPEC-029 §9.2), the entries pinned in the buffer (an entry is
    replaced when it is pinned, so this holds while the entries do), the referenced entry's
    freshness header and the entries re-invoked (stored only if the turn commits)."""

    referenced: tuple[PackedItem, ...]
    recent: tuple[PackedItem, ...]
    recent_tokens: npt.NDArray[np.int64]
    recent_scores: npt.NDArray[np.float64]
    raw_tokens: Mapping[str, int]
    # Each recent item's raw-output tokens kept out when it is packed (SPEC-029 §9.2's
    # term: raw tokens less the item's, at least 0), summed over the packed ones.
    recent_saved: npt.NDArray[np.int64]
    recent_saved_total: int
    pinned: int
    freshness: str
    refreshed: tuple[ScratchEntry, ...]


# The references and Tier E settings the candidates were built for, the entries, the first
# to go stale of each TTL, and the batch. Entries are frozen and the buffer replaces one to
# change it, so the entries themselves, compared by identity, say whether the buffer changed.
_Cached = tuple[
    tuple[Any, ...],
    tuple[ScratchEntry, ...],
    tuple[ScratchEntry, ...],
    ToolBatch,
]


class ToolCandidates:
    """The packed Tier E blocks of one session, and its last candidates while they hold."""

    def __init__(self) -> None:
        # scratch id -> (the entry, its body, the packed content, its tokens): Tier E
        # re-packs every entry at every turn, and an entry's block only changes with it.
        self.blocks: dict[str, tuple[ScratchEntry, str, str, int]] = {}
        # Tier E's candidates while every entry is fresh (``_Cached``).
        self.cached: _Cached | None = None

    def clear(self) -> None:
        """Forget every cached block and candidate (the session was reset)."""
        self.blocks.clear()
        self.cached = None

    def candidates(
        self,
        scratch: ScratchBuffer,
        referenced: Sequence[str],
        count: Callable[[str], int],
        stale_policy: str,
        reinvoke: Any,
    ) -> ToolBatch:
        """Tier E (SPEC-029): summaries of fresh entries, newest first; a referenced entry
        comes first with its raw output when that is fresh and fits the summary cap's 8x,
        else its summary. Stale entries follow the stale policy; re-invoked entries are
        returned, to be stored only if the turn commits (a preview or a failed call changes
        nothing)."""
        items: list[PackedItem] = []
        refreshed: list[ScratchEntry] = []
        raw_tokens: dict[str, int] = {}
        freshness = ""
        entries = list(scratch)
        now = scratch.clock()
        settings = (tuple(referenced), count, stale_policy, reinvoke)
        last = self.cached
        if last is not None and _still_valid(last, settings, entries, now):
            return last[3]
        order = [scratch.get(i) for i in referenced if i in scratch] + [
            e for e in reversed(entries) if e.scratch_id not in referenced
        ]
        every_fresh = True  # order holds every entry: whether the candidates may be reused
        for rank, entry in enumerate(order):
            is_reference = entry.scratch_id in referenced
            fresh = entry.is_fresh(now)
            every_fresh = every_fresh and fresh
            raw_tokens[entry.scratch_id] = entry.raw_token_count  # the buffer's, not a re-run's
            if not fresh and stale_policy == "reinvoke" and reinvoke:
                entry = scratch.reinvoked(entry.scratch_id, reinvoke)
                refreshed.append(entry)
                fresh = True
            if is_reference and not freshness:
                freshness = (
                    "fresh"
                    if fresh
                    else f"stale; age={int(entry.age(now))}s; class={entry.volatility}"
                )
            if not fresh and stale_policy == "exclude":
                continue
            body = _body(entry, is_reference, fresh, now, count)
            content, tokens = self._packed(entry, body, count)
            reason = "reference" if is_reference else "recent"
            items.append(
                PackedItem("E", entry.scratch_id, content, 1.0 / (1 + rank), tokens, reason)
            )
        self._forget_evicted(entries)
        pinned = sum(entry.persistence is Persistence.PINNED for entry in entries)
        batch = _batch(items, raw_tokens, pinned, freshness, refreshed)
        # Valid while every entry is fresh by its own test (SPEC-029 §4).
        self.cached = (
            (settings, tuple(entries), _first_to_go_stale(entries), batch) if every_fresh else None
        )
        return batch

    def _packed(
        self, entry: ScratchEntry, body: str, count: Callable[[str], int]
    ) -> tuple[str, int]:
        """The block of ``entry`` with ``body`` and its tokens, packed once per change."""
        cached = self.blocks.get(entry.scratch_id)
        if cached is not None and cached[0] is entry and cached[1] == body:
            return cached[2], cached[3]
        content = f"{entry.tool_name} ({entry.output_type}): {body}"
        tokens = count(block("E", entry.scratch_id, content))
        self.blocks[entry.scratch_id] = (entry, body, content, tokens)
        return content, tokens

    def _forget_evicted(self, entries: list[ScratchEntry]) -> None:
        """Drop the blocks of entries the buffer evicted, once they pile up."""
        if len(self.blocks) > 2 * len(entries) + 16:
            live = {entry.scratch_id for entry in entries}
            for scratch_id in [key for key in self.blocks if key not in live]:
                del self.blocks[scratch_id]


def _batch(
    items: list[PackedItem],
    raw_tokens: dict[str, int],
    pinned: int,
    freshness: str,
    refreshed: list[ScratchEntry],
) -> ToolBatch:
    recent = tuple(item for item in items if item.reason != "reference")
    tokens = np.array([item.tokens for item in recent], dtype=np.int64)
    scores = np.array([item.score for item in recent], dtype=np.float64)
    saved = np.array(
        [max(0, int(raw_tokens[item.source_id]) - int(item.tokens)) for item in recent],
        dtype=np.int64,
    )
    # Shared by the turns that reuse the batch.
    tokens.flags.writeable = scores.flags.writeable = saved.flags.writeable = False
    return ToolBatch(
        tuple(item for item in items if item.reason == "reference"),
        recent,
        tokens,
        scores,
        MappingProxyType(raw_tokens),
        saved,
        int(saved.sum()),
        pinned,
        freshness,
        tuple(refreshed),
    )


def _still_valid(
    last: _Cached, settings: tuple[Any, ...], entries: list[ScratchEntry], now: float
) -> bool:
    """Whether the last candidates hold: the same settings, the very same entries, and the
    first to go stale of each TTL still fresh."""
    return (
        last[0] == settings
        and len(last[1]) == len(entries)
        and all(map(operator.is_, last[1], entries))  # the lengths are equal
        and all(entry.is_fresh(now) for entry in last[2])
    )


def _body(
    entry: ScratchEntry, is_reference: bool, fresh: bool, now: float, count: Callable[[str], int]
) -> str:
    """What an entry's block says: its summary, or for a fresh reference its raw output when
    that fits the summary cap's 8x; a stale one carries its age (SPEC-029 §4)."""
    body = entry.summary
    if is_reference and fresh and count(entry.raw_output) <= 8 * 256:
        body = entry.raw_output
    if not fresh:
        minutes = max(1, math.ceil(entry.age(now) / 60))
        body = f"NOTE: This result is from {minutes} minutes ago and may be outdated: " + body
    return body


def _first_to_go_stale(entries: list[ScratchEntry]) -> tuple[ScratchEntry, ...]:
    """Of the entries sharing a TTL the one created first goes stale first, so watching that
    one per TTL watches them all."""
    oldest: dict[float, ScratchEntry] = {}
    for entry in entries:
        ttl = entry.freshness_ttl
        if ttl is not None and (ttl not in oldest or entry.created_at < oldest[ttl].created_at):
            oldest[ttl] = entry
    return tuple(oldest.values())
