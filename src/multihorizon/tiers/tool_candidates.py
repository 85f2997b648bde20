"""Tier E's candidates for one envelope (SPEC-029): each fresh entry's packed block, the
referenced ones first, stale ones by the stale policy, cached while nothing changes."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ..assembly.envelope import PackedItem, block
from .scratch import ScratchBuffer, ScratchEntry

__all__ = ["ToolCandidates"]


class ToolCandidates:
    """The packed Tier E blocks of one session, and its last candidates while they hold."""

    def __init__(self) -> None:
        # scratch id -> (the entry, its body, the packed content, its tokens): Tier E
        # re-packs every entry at every turn, and an entry's block only changes with it.
        self.blocks: dict[str, tuple[ScratchEntry, str, str, int]] = {}
        # Tier E's candidates while every entry is fresh: (the references and Tier E settings
        # they were built for, the entries, the first to go stale of each TTL, the items, the
        # freshness). Entries are frozen and the buffer replaces one to change it, so the
        # entries themselves, compared by identity, say whether the buffer changed.
        self.cached: (
            tuple[
                tuple[Any, ...],
                tuple[ScratchEntry, ...],
                tuple[ScratchEntry, ...],
                tuple[PackedItem, ...],
                str,
            ]
            | None
        ) = None

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
    ) -> tuple[list[PackedItem], str, list[ScratchEntry]]:
        """Tier E (SPEC-029): summaries of fresh entries, newest first; a referenced entry
        comes first with its raw output when that is fresh and fits the summary cap's 8x,
        else its summary. Stale entries follow the stale policy; re-invoked entries are
        returned, to be stored only if the turn commits (a preview or a failed call changes
        nothing)."""
        items: list[PackedItem] = []
        refreshed: list[ScratchEntry] = []
        freshness = ""
        entries = list(scratch)
        now = scratch.clock()
        settings = (tuple(referenced), count, stale_policy, reinvoke)
        last = self.cached
        if (
            last is not None
            and last[0] == settings
            and len(last[1]) == len(entries)
            and all(a is b for a, b in zip(last[1], entries, strict=True))
            and all(entry.is_fresh(now) for entry in last[2])
        ):
            return list(last[3]), last[4], []
        blocks = self.blocks
        order = [scratch.get(i) for i in referenced if i in scratch] + [
            e for e in reversed(entries) if e.scratch_id not in referenced
        ]
        every_fresh = True  # order holds every entry: whether the candidates may be reused
        for rank, entry in enumerate(order):
            is_reference = entry.scratch_id in referenced
            fresh = entry.is_fresh(now)
            every_fresh = every_fresh and fresh
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
            body = entry.summary
            if is_reference and fresh and count(entry.raw_output) <= 8 * 256:
                body = entry.raw_output
            if not fresh:
                minutes = max(1, math.ceil(entry.age(now) / 60))
                body = (
                    f"NOTE: This result is from {minutes} minutes ago and may be outdated: " + body
                )
            cached = blocks.get(entry.scratch_id)
            if cached is not None and cached[0] is entry and cached[1] == body:
                content, tokens = cached[2], cached[3]
            else:
                content = f"{entry.tool_name} ({entry.output_type}): {body}"
                tokens = count(block("E", entry.scratch_id, content))
                blocks[entry.scratch_id] = (entry, body, content, tokens)
            reason = "reference" if is_reference else "recent"
            items.append(
                PackedItem("E", entry.scratch_id, content, 1.0 / (1 + rank), tokens, reason)
            )
        if len(blocks) > 2 * len(entries) + 16:  # evicted entries' blocks
            live = {entry.scratch_id for entry in entries}
            for scratch_id in [key for key in blocks if key not in live]:
                del blocks[scratch_id]
        if every_fresh:
            # Valid while every entry is fresh by its own test (SPEC-029 §4). Of the entries
            # sharing a TTL the one created first goes stale first, so watching that one per
            # TTL watches them all.
            oldest: dict[float, ScratchEntry] = {}
            for entry in entries:
                ttl = entry.freshness_ttl
                if ttl is not None and (
                    ttl not in oldest or entry.created_at < oldest[ttl].created_at
                ):
                    oldest[ttl] = entry
            self.cached = (
                settings,
                tuple(entries),
                tuple(oldest.values()),
                tuple(items),
                freshness,
            )
        else:
            self.cached = None
        return items, freshness, refreshed
