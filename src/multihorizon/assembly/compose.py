"""One envelope, composed (SPEC-028 §2.2, §4.2, §6.1, §7): the Active Thread Summary fitted to
the budget, the referenced turns and tool entries after it, Tiers P, C and E packed into the
rest by the turn's blend (``packing``), and the headers Tiers P and E add. ``pack`` is the
whole of it; it changes nothing, and returns what committing the envelope would change."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..session import Session
from ..tiers.coverage import CoverageSet
from ..tiers.facts import ScoredFact
from ..tiers.knowledge_candidates import connectors_of, fact_candidates, sub_queries_of
from ..tiers.knowledge_cdr import RankedFacts
from ..tiers.knowledge_worker import PendingNeighbours
from ..tiers.scratch import ScratchBuffer
from ..tiers.tool_candidates import ToolBatch, ToolCandidates
from .envelope import ContextEnvelope, Envelope, PackedItem, block
from .headers import SCRATCH_TOKENS_SAVED
from .packing import BudgetError, Delivery, packed_item

if TYPE_CHECKING:
    from .assembler import ContextAssembler

__all__ = ["conversation_items", "envelope_headers", "pack", "summary_item"]


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
    novelty_of: Mapping[str, float],
    available: int,
    connectors: int,
    scratch: ScratchBuffer,
    tools: ToolBatch,
    budget: int,
) -> tuple[dict[str, str], dict[str, int]]:
    """The conversation's §7 headers plus Tier P's (facts used, coverage: ``novelty_of``
    holds each packed fact's novelty; connectors) and Tier E's (SPEC-029 §9.2), tokens used
    and saturation; and the tokens of each tier (S for the summary)."""
    # One pass over the packed items (issue 14: this ran six, one per header and the tiers).
    facts_used = connectors_used = saved = 0
    least_novelty = math.inf
    raw_tokens = tools.raw_tokens
    tokens = {"S": 0, "P": 0, "C": 0, "E": 0}
    for item in items:
        tier = item.tier
        tokens[tier] += item.tokens
        if tier == "P":
            facts_used += 1
            least_novelty = min(least_novelty, novelty_of[item.source_id])
            connectors_used += item.reason == "connector"
        elif tier == "E":
            # SPEC-029 §9.2 (tokens_saved's sum, term for term): raw tokens kept out.
            saved += max(0, int(raw_tokens[item.source_id]) - int(item.tokens))
    used = sum(tokens.values())
    headers = dict(turn.headers)
    headers["CRP-Context-Facts-Used"] = f"{facts_used}/{available}"
    if facts_used:
        headers["CRP-Context-Coverage-Score"] = f"{least_novelty:.2f}"
    if connectors:
        headers["CRP-Context-Connectors-Included"] = f"{connectors_used}/{connectors}"
    headers["CRP-Context-Scratch-Entries"] = f"{len(scratch)}/{tools.pinned}"
    headers[SCRATCH_TOKENS_SAVED] = str(saved)
    if tools.freshness:
        headers["CRP-Context-Scratch-Freshness"] = tools.freshness
    if scratch.full:
        headers["CRP-Context-Scratch-Full"] = "true"
    headers["CRP-Context-Tokens-Used"] = str(used)
    headers["CRP-Context-Saturation"] = f"{used / budget:.2f}"
    return headers, tokens


def pack(
    assembler: ContextAssembler,
    session: Session,
    coverage: CoverageSet,
    tool: ToolCandidates,
    turn: Envelope,
    vector: npt.NDArray[np.float32],
    text: str,
    budget: int,
    sub_queries: tuple[str, ...] | None = None,
    prefetched: PendingNeighbours | None = None,
) -> tuple[ContextEnvelope, Delivery]:
    """One envelope (SPEC-028 §2.2): the summary and the references first, then Tiers P, C
    and E packed into what is left of the budget by the turn's blend, in sandwich order;
    and what committing it changes (nothing is changed here)."""
    count = assembler.count_tokens
    summary = summary_item(turn, budget, count)
    head: list[PackedItem] = [summary]
    remaining = budget - summary.tokens
    referenced, conversation, referenced_entries = conversation_items(turn, count)
    for packed in referenced:  # SPEC-028 §4.2: right after the summary, if they fit
        if packed.tokens <= remaining:
            head.append(packed)
            remaining -= packed.tokens
    scratch = session.scratch
    tools = tool.candidates(
        scratch, referenced_entries, count, assembler.stale_policy, assembler.reinvoke
    )
    for tool_item in tools.referenced:
        if tool_item.tokens <= remaining:
            head.append(tool_item)
            remaining -= tool_item.tokens
    if sub_queries is None:
        sub_queries = _sub_queries(assembler, session, turn, text)
    facts, available = fact_candidates(
        assembler, coverage, session.model_id, turn, vector, sub_queries,
        prefetched=prefetched,
    )  # fmt: skip
    bridging = (
        connectors_of(assembler, coverage, vector, facts) if turn.mode != "conversation" else []
    )
    tiers, novelty_of, rows_of = _packed_tiers(
        assembler, turn, facts, bridging, conversation, tools, remaining
    )
    items = (*head, *tiers)
    headers, tokens = envelope_headers(
        turn, items, novelty_of, available, len(bridging), scratch, tools, budget
    )
    assert sum(tokens.values()) <= budget, (tokens, budget)  # the packing invariant
    store = assembler.knowledge
    packed_facts = list(novelty_of)  # the packed facts, in packing order
    delivered: list[tuple[str, np.ndarray]] = []
    if store is not None and packed_facts:
        if facts.vectors is not None and len(rows_of) == len(packed_facts):
            # The rows the ranking read (the same float32 values, no second store read).
            vectors = facts.vectors[[rows_of[fact_id] for fact_id in packed_facts]]
        else:
            vectors = store.vectors_of(packed_facts)
        delivered = list(zip(packed_facts, vectors, strict=True))
    envelope = ContextEnvelope(
        turn=turn,
        items=items,
        budget_tokens=budget,
        headers=MappingProxyType(headers),
        tier_tokens=MappingProxyType(tokens),
        sub_queries=sub_queries,
        user_text=text,
    )
    return envelope, Delivery(delivered, list(tools.refreshed))


def _sub_queries(
    assembler: ContextAssembler, session: Session, turn: Envelope, text: str
) -> tuple[str, ...]:
    """Tier P's sub-queries of a hybrid turn (SPEC-028 §8); a recap of the session asks one
    per thread (rule session-recaps)."""
    if turn.mode != "hybrid":
        return ()
    states = session.thread_states() if assembler.config.session_recaps else ()
    return sub_queries_of(turn, text, assembler.config.max_sub_queries, states)


# pack_tiers' tiers, in this order: Tier P's CDR facts, its CDGR connectors, C, E; and their
# sandwich groups (Tier P's two share one best score).
_TIER_GROUPS = np.array([0, 0, 1, 2], dtype=np.int64)


def _packed_tiers(
    assembler: ContextAssembler,
    turn: Envelope,
    facts: RankedFacts,
    bridging: Sequence[ScoredFact],
    conversation: Sequence[PackedItem],
    tools: ToolBatch,
    remaining: int,
) -> tuple[list[PackedItem], dict[str, float], dict[str, int]]:
    """Tiers P, C and E packed into ``remaining`` tokens by the blend, in sandwich order
    (SPEC-028 §2.2, SPEC-003 §7.3-§7.4): one native call over the candidates' tokens and
    scores (``kernels.pack_tiers``); a packed item is made only for a fact that is packed.
    Also each packed fact's novelty, in packing order (a connector's when a fact is both),
    and the row in ``facts`` of each fact packed by its CDR rank."""
    blend = turn.blend
    share = assembler.config.connector_budget if bridging else 0.0
    count_fact = assembler.fact_tokens
    tool_items = tools.recent
    sizes = [len(facts), len(bridging), len(conversation), len(tool_items)]
    tokens = np.concatenate(
        [
            np.array(
                [count_fact(fact) for fact in facts.facts]
                + [count_fact(scored.fact) for scored in bridging]
                + [item.tokens for item in conversation],
                dtype=np.int64,
            ).reshape(-1),
            tools.recent_tokens,
        ]
    )
    scores = np.concatenate(
        [
            facts.score,
            np.array([scored.score for scored in bridging], dtype=np.float64).reshape(-1),
            np.array([item.score for item in conversation], dtype=np.float64).reshape(-1),
            tools.recent_scores,
        ]
    )
    order = kernels.pack_tiers(
        tokens,
        scores,
        np.repeat(np.arange(4, dtype=np.int64), sizes),
        np.array([blend.P * (1.0 - share), blend.P * share, blend.C, blend.E]),
        _TIER_GROUPS,
        np.array([blend.P, blend.C, blend.E]),
        remaining,
    )
    # Every candidate by its index in the kernel's input: Tiers C and E's items as they are,
    # None for Tier P's, whose item is made only when it is packed.
    ready: list[PackedItem | None] = [None] * (sizes[0] + sizes[1])
    ready += conversation
    ready += tool_items
    connectors_at = sizes[0]
    packed: list[PackedItem] = []
    novelty_of: dict[str, float] = {}
    rows_of: dict[str, int] = {}
    for index in order.tolist():
        item = ready[index]
        if item is None:
            if index < connectors_at:
                fact = facts.facts[index]
                score, reason = float(facts.score[index]), "cdr"
                novelty = float(facts.novelty[index])
                rows_of[fact.fact_id] = index
            else:
                scored = bridging[index - connectors_at]
                fact, score, reason = scored.fact, scored.score, "connector"
                novelty = scored.novelty
            item = PackedItem("P", fact.fact_id, fact.content, score, int(tokens[index]), reason)
            novelty_of.setdefault(fact.fact_id, novelty)
        packed.append(item)
    for scored in bridging:  # a fact both ranked and bridging has the connector's novelty
        if scored.fact.fact_id in novelty_of:
            novelty_of[scored.fact.fact_id] = scored.novelty
    return packed, novelty_of, rows_of
