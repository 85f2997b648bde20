"""The parts of one envelope that are not packing arithmetic (SPEC-028 §2.2, §4.2, §6.1, §7):
the Active Thread Summary fitted to the budget, the conversation's items split into the
referenced turns (which lead) and the rest, and the headers Tiers P and E add."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..tiers.facts import ScoredFact
from ..tiers.scratch import ScratchBuffer
from .envelope import Envelope, PackedItem, block
from .headers import SCRATCH_TOKENS_SAVED, tokens_saved
from .packing import BudgetError, packed_item

__all__ = ["conversation_items", "envelope_headers", "summary_item", "tier_tokens"]


def summary_item(turn: Envelope, budget: int, count: Callable[[str], int]) -> PackedItem:
    """SPEC-028 §6.1: the Active Thread Summary, shrunk (oldest entries first, never below its
    first line) to fit ``budget``; ``BudgetError`` when even its first line does not."""
    summary = turn.summary

    def summary_cost(text: str) -> int:
        return count(block("S", turn.active_thread, text))

    summary_tokens = summary_cost(summary)
    if summary_tokens > budget:
        first_line = summary.split("\n", 1)[0]
        limit = len(summary)
        while summary_tokens > budget and limit > len(first_line):
            limit = max(len(first_line), int(limit * 0.8))
            summary = turn.thread_state.summary(max_chars=limit)
            summary_tokens = summary_cost(summary)
        if summary_tokens > budget or not summary.startswith(first_line):
            raise BudgetError(
                f"budget_tokens: {budget} cannot hold the Active Thread Summary "
                f"({summary_cost(first_line)} tokens for its first line alone)"
            )
    return PackedItem("S", turn.active_thread, summary, 1.0, summary_tokens, "summary")


def conversation_items(
    turn: Envelope, count: Callable[[str], int]
) -> tuple[list[PackedItem], list[PackedItem], list[str]]:
    """Tier C's items as packed items: the referenced turns (SPEC-028 §4.2: at full weight,
    right after the summary), the others, and the referenced scratch entries' ids."""
    referenced_turns = {
        ref.target_turn
        for ref in turn.references
        if ref.target_turn is not None and ref.scratch_entry is None
    }
    referenced_entries = list(
        dict.fromkeys(ref.scratch_entry for ref in turn.references if ref.scratch_entry)
    )
    referenced: list[PackedItem] = []
    others: list[PackedItem] = []
    for item in turn.items:
        packed = packed_item(
            "C", f"turn:{item.turn_id}", f"{item.role}: {item.content}", item.score, item.reason,
            count,
        )  # fmt: skip
        (referenced if item.turn_id in referenced_turns else others).append(packed)
    return referenced, others, referenced_entries


def envelope_headers(
    turn: Envelope,
    items: Sequence[PackedItem],
    scored: Iterable[ScoredFact],
    available: int,
    connectors: int,
    scratch: ScratchBuffer,
    freshness: str,
    budget: int,
) -> dict[str, str]:
    """The conversation's §7 headers plus Tier P's (facts used, coverage, connectors) and
    Tier E's (SPEC-029 §9.2), tokens used and saturation."""
    included_facts = [item for item in items if item.tier == "P"]
    by_id = {fact.fact.fact_id: fact for fact in scored}
    headers = dict(turn.headers)
    headers["CRP-Context-Facts-Used"] = f"{len(included_facts)}/{available}"
    if included_facts:
        novelty = min(by_id[item.source_id].novelty for item in included_facts)
        headers["CRP-Context-Coverage-Score"] = f"{novelty:.2f}"
    if connectors:
        used_connectors = [item for item in included_facts if item.reason == "connector"]
        headers["CRP-Context-Connectors-Included"] = f"{len(used_connectors)}/{connectors}"
    headers["CRP-Context-Scratch-Entries"] = f"{len(scratch)}/{scratch.pinned}"
    sent = [(scratch.get(i.source_id), i.tokens) for i in items if i.tier == "E"]
    headers[SCRATCH_TOKENS_SAVED] = str(tokens_saved((e.raw_token_count, n) for e, n in sent))
    if freshness:
        headers["CRP-Context-Scratch-Freshness"] = freshness
    if scratch.full:
        headers["CRP-Context-Scratch-Full"] = "true"
    used = sum(item.tokens for item in items)
    headers["CRP-Context-Tokens-Used"] = str(used)
    headers["CRP-Context-Saturation"] = f"{used / budget:.2f}"
    return headers


def tier_tokens(items: Iterable[PackedItem]) -> dict[str, int]:
    """Tokens per tier (S for the summary)."""
    tokens = {"S": 0, "P": 0, "C": 0, "E": 0}
    for piece in items:
        tokens[piece.tier] += piece.tokens
    return tokens
