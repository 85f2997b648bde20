"""One envelope, composed (SPEC-028 §2.2, §4.2, §6.1, §7): the Active Thread Summary fitted to
the budget, the referenced turns and tool entries after it, Tiers P, C and E packed into the
rest by the turn's blend (``packing``), and the headers Tiers P and E add. ``pack`` is the
whole of it; it changes nothing, and returns what committing the envelope would change."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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
from .envelope import ContextEnvelope, ContextItem, Envelope, PackedItem, block
from .headers import SCRATCH_TOKENS_SAVED
from .packing import BudgetError, Delivery

if TYPE_CHECKING:
    from .assembler import ContextAssembler

__all__ = [
    "ConversationBlocks",
    "PackedTiers",
    "conversation_items",
    "envelope_headers",
    "pack",
    "summary_item",
]


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


class ConversationBlocks:
    """One session's Tier C blocks by turn id: the packed item's source id and content and
    its tokens under the assembler's counter. A logged turn's role and text do not change,
    so a turn chosen again (most of a turn's items were chosen at the turn before) is not
    rendered and counted again; an entry is used only while its role and text are the ones
    it was made for.

    Bounded by what it holds, not by how many turns: at most ``BYTE_LIMIT`` characters of
    content and rendered text (a turn's text runs to 1,000,000 characters, so 4,096 entries
    could hold gigabytes), and at most ``LIMIT`` entries; past either, everything held is
    forgotten at once (a long session's old turns). A block larger than the whole bound is
    rendered each time and never held."""

    LIMIT = 4096  # entries held
    BYTE_LIMIT = 4 << 20  # characters of content and rendered text held (about bytes)
    ENTRY_COST = 64  # characters charged for an entry's own keep (source id, tuple, key)

    def __init__(self) -> None:
        self._held: dict[int, tuple[str, str, str, str, int]] = {}
        self._size = 0

    @property
    def size(self) -> int:
        """The characters held (content, rendered text and ``ENTRY_COST`` per entry)."""
        return self._size

    def __len__(self) -> int:
        return len(self._held)

    def clear(self) -> None:
        self._held.clear()
        self._size = 0

    def item(self, item: ContextItem, count: Callable[[str], int]) -> PackedItem:
        """``item`` as a packed item (tier C, ``turn:ID``, ``role: content``)."""
        return self.items((item,), count)[0]

    def items(self, items: Sequence[ContextItem], count: Callable[[str], int]) -> list[PackedItem]:
        """``item`` of each of ``items``, in order, in one loop: no call of ``item`` per
        Tier C item (issue 14; the held blocks are read, rendered and held as ``item``
        does)."""
        get = self._held.get
        packed = []
        for item in items:
            held = get(item.turn_id)
            if held is None or held[0] != item.role or held[1] != item.content:
                held = self._rendered(item, count)
            packed.append(PackedItem("C", held[2], held[3], item.score, held[4], item.reason))
        return packed

    def _rendered(
        self, item: ContextItem, count: Callable[[str], int]
    ) -> tuple[str, str, str, str, int]:
        """``item``'s entry (role, content, source id, rendered text, tokens), rendered,
        counted and held."""
        source_id, text = f"turn:{item.turn_id}", f"{item.role}: {item.content}"
        tokens = count(block("C", source_id, text))
        held = (item.role, item.content, source_id, text, tokens)
        self._hold(item.turn_id, held)
        return held

    def _hold(self, turn_id: int, held: tuple[str, str, str, str, int]) -> None:
        cost = len(held[1]) + len(held[3]) + self.ENTRY_COST
        old = self._held.pop(turn_id, None)
        if old is not None:  # a changed turn: its old entry's characters leave with it
            self._size -= len(old[1]) + len(old[3]) + self.ENTRY_COST
        if cost > self.BYTE_LIMIT:
            return  # larger than the whole bound: not held
        if len(self._held) >= self.LIMIT or self._size + cost > self.BYTE_LIMIT:
            self.clear()
        self._held[turn_id] = held
        self._size += cost


def conversation_items(
    turn: Envelope, count: Callable[[str], int], blocks: ConversationBlocks | None = None
) -> tuple[list[PackedItem], list[PackedItem], list[str]]:
    """Tier C's items as packed items: the referenced turns (SPEC-028 §4.2: at full weight,
    right after the summary), the others, and the referenced scratch entries' ids.
    ``blocks``: the session's rendered blocks, reused while a turn's text holds."""
    referenced_turns = {
        ref.target_turn
        for ref in turn.references
        if ref.target_turn is not None and ref.scratch_entry is None
    }
    referenced_entries = list(
        dict.fromkeys(ref.scratch_entry for ref in turn.references if ref.scratch_entry)
    )
    if blocks is None:
        blocks = ConversationBlocks()
    packed = blocks.items(turn.items, count)
    if not referenced_turns:  # most turns resolve no reference to a turn
        return [], packed, referenced_entries
    referenced: list[PackedItem] = []
    others: list[PackedItem] = []
    for item, made in zip(turn.items, packed, strict=True):
        (referenced if item.turn_id in referenced_turns else others).append(made)
    return referenced, others, referenced_entries


def envelope_headers(
    turn: Envelope,
    head: Sequence[PackedItem],
    tiers: PackedTiers,
    available: int,
    connectors: int,
    scratch: ScratchBuffer,
    tools: ToolBatch,
    budget: int,
) -> tuple[dict[str, str], dict[str, int]]:
    """The conversation's §7 headers plus Tier P's (facts used, coverage: the least novelty
    of a packed fact; connectors) and Tier E's (SPEC-029 §9.2), tokens used and saturation;
    and the tokens of each tier (S for the summary). The packed tiers' sums come from the
    packing (``PackedTiers``: issue 14, no pass over their items); the head's items (the
    summary and the references) are summed here."""
    facts_used, connectors_used, saved = tiers.facts_used, tiers.connectors_used, tiers.saved
    raw_tokens = tools.raw_tokens
    tokens = {"S": 0, "P": tiers.tokens[0], "C": tiers.tokens[1], "E": tiers.tokens[2]}
    least_novelty = min(tiers.novelty_of.values(), default=math.inf)
    for item in head:
        tier = item.tier
        tokens[tier] += item.tokens
        if tier == "P":  # not made today: the head holds the summary and references only
            facts_used += 1
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
    blocks: ConversationBlocks | None = None,
) -> tuple[ContextEnvelope, Delivery]:
    """One envelope (SPEC-028 §2.2): the summary and the references first, then Tiers P, C
    and E packed into what is left of the budget by the turn's blend, in sandwich order;
    and what committing it changes (nothing is changed here). ``blocks``: the session's
    Tier C blocks (``ConversationBlocks``)."""
    count = assembler.count_tokens
    summary = summary_item(turn, budget, count)
    head: list[PackedItem] = [summary]
    remaining = budget - summary.tokens
    referenced, conversation, referenced_entries = conversation_items(turn, count, blocks)
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
    tiers = _packed_tiers(assembler, turn, facts, bridging, conversation, tools, remaining)
    headers, tokens = envelope_headers(
        turn, head, tiers, available, len(bridging), scratch, tools, budget
    )
    assert sum(tokens.values()) <= budget, (tokens, budget)  # the packing invariant
    store = assembler.knowledge
    packed_facts = list(tiers.novelty_of)  # the packed facts, in packing order
    vectors = None
    if store is not None and packed_facts:
        rows_of = tiers.rows_of
        if facts.vectors is not None and len(rows_of) == len(packed_facts):
            # The rows the ranking read (the same float32 values, no second store read).
            vectors = facts.vectors[[rows_of[fact_id] for fact_id in packed_facts]]
        else:
            vectors = store.vectors_of(packed_facts)
    envelope = ContextEnvelope(
        turn=turn,
        items=(*head, *tiers.items),
        budget_tokens=budget,
        headers=MappingProxyType(headers),
        tier_tokens=MappingProxyType(tokens),
        sub_queries=sub_queries,
        user_text=text,
    )
    return envelope, Delivery(packed_facts, vectors, list(tools.refreshed))


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


@dataclass(slots=True)  # not frozen: made once a turn, read by pack only
class PackedTiers:
    """Tiers P, C and E as packed (``_packed_tiers``): the items in sandwich order; each
    packed fact's novelty, in packing order (a connector's when a fact is both); the row in
    the ranked facts of each fact packed by its CDR rank; and the sums the headers need:
    the P, C and E items' tokens, the facts and connectors packed, and the raw-output
    tokens the packed Tier E items keep out (SPEC-029 §9.2)."""

    items: list[PackedItem]
    novelty_of: dict[str, float]
    rows_of: dict[str, int]
    tokens: tuple[int, int, int]
    facts_used: int
    connectors_used: int
    saved: int


def _packed_tiers(
    assembler: ContextAssembler,
    turn: Envelope,
    facts: RankedFacts,
    bridging: Sequence[ScoredFact],
    conversation: Sequence[PackedItem],
    tools: ToolBatch,
    remaining: int,
) -> PackedTiers:
    """Tiers P, C and E packed into ``remaining`` tokens by the blend, in sandwich order
    (SPEC-028 §2.2, SPEC-003 §7.3-§7.4): one native call over the candidates' tokens and
    scores (``kernels.pack_tiers``); a packed item is made only for a fact that is packed,
    and the headers' sums are taken over the kernel's arrays (issue 14: no pass over the
    items, no per-candidate Python object)."""
    blend = turn.blend
    share = assembler.config.connector_budget if bridging else 0.0
    tool_items = tools.recent
    sizes = [len(facts), len(bridging), len(conversation), len(tool_items)]
    fact_tokens = assembler.facts_tokens([*facts.facts, *(scored.fact for scored in bridging)])
    # One array from one list: a turn's ~80 ints cost less as a list than two arrays joined.
    tokens = np.array(
        fact_tokens + [item.tokens for item in conversation] + tools.recent_tokens.tolist(),
        dtype=np.int64,
    )
    score_parts = [facts.score]
    if bridging:  # no empty array made for a tier without candidates (most turns)
        score_parts.append(np.array([scored.score for scored in bridging], dtype=np.float64))
    if conversation:
        score_parts.append(np.array([item.score for item in conversation], dtype=np.float64))
    score_parts.append(tools.recent_scores)
    scores = np.concatenate(score_parts)
    tier_of = _tier_column(*sizes)
    tier_weights, group_weights = _blend_weights(blend.P, blend.C, blend.E, share)
    order = kernels.pack_tiers(
        tokens, scores, tier_of, tier_weights, _TIER_GROUPS, group_weights, remaining
    )
    # Every candidate by its index in the kernel's input: Tiers C and E's items as they are,
    # None for Tier P's, whose item is made only when it is packed (below).
    facts_end = sizes[0] + sizes[1]
    ready: list[PackedItem | None] = [None] * facts_end
    ready += conversation
    ready += tool_items
    picked = order.tolist()
    packed = [ready[index] for index in picked]
    taken = tier_of[order]
    # ``nonzero``, the method: ``np.flatnonzero``'s Python wrapper cost ~3 µs a turn.
    positions = (taken <= 1).nonzero()[0].tolist() if facts_end else []
    novelty_of, rows_of = _fact_items(packed, positions, picked, facts, bridging, fact_tokens)
    counts = np.bincount(taken, minlength=4).tolist()
    sums = np.bincount(taken, weights=tokens[order], minlength=4).tolist()
    if counts[3] == sizes[3]:  # every recent Tier E item packed (most turns)
        saved = tools.recent_saved_total
    else:
        saved = int(tools.recent_saved[order[taken == 3] - (facts_end + sizes[2])].sum())
    items: list[PackedItem] = packed  # _fact_items made the P items in place
    return PackedTiers(
        items,
        novelty_of,
        rows_of,
        (int(sums[0] + sums[1]), int(sums[2]), int(sums[3])),
        counts[0] + counts[1],
        counts[1],
        saved,
    )


def _fact_items(
    packed: list[PackedItem | None],
    positions: list[int],
    picked: list[int],
    facts: RankedFacts,
    bridging: Sequence[ScoredFact],
    fact_tokens: list[int],
) -> tuple[dict[str, float], dict[str, int]]:
    """The packed facts' items, made in place at their ``positions`` in ``packed`` (the
    kernel's ``picked`` index of each: a CDR rank, then the connectors); each packed fact's
    novelty, in packing order (a connector's when a fact is both), and the row in ``facts``
    of each fact packed by its CDR rank."""
    novelty_of: dict[str, float] = {}
    rows_of: dict[str, int] = {}
    if not positions:
        return novelty_of, rows_of
    connectors_at = len(facts)
    fact_scores, fact_novelty = facts.score.tolist(), facts.novelty.tolist()
    for position in positions:
        index = picked[position]
        if index < connectors_at:
            fact = facts.facts[index]
            score, reason, novelty = fact_scores[index], "cdr", fact_novelty[index]
            rows_of[fact.fact_id] = index
        else:
            scored = bridging[index - connectors_at]
            fact, score, reason = scored.fact, scored.score, "connector"
            novelty = scored.novelty
        packed[position] = PackedItem(
            "P", fact.fact_id, fact.content, score, fact_tokens[index], reason
        )
        novelty_of.setdefault(fact.fact_id, novelty)
    for scored in bridging:  # a fact both ranked and bridging has the connector's novelty
        if scored.fact.fact_id in novelty_of:
            novelty_of[scored.fact.fact_id] = scored.novelty
    return novelty_of, rows_of


@functools.lru_cache(maxsize=256)
def _blend_weights(
    p: float, c: float, e: float, share: float
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """``pack_tiers``' weight of each tier (Tier P's split by the connectors' ``share``) and
    of each sandwich group, for one blend (read only): a session's turns repeat a handful."""
    tiers = np.array([p * (1.0 - share), p * share, c, e])
    groups = np.array([p, c, e])
    tiers.flags.writeable = groups.flags.writeable = False
    return tiers, groups


@functools.lru_cache(maxsize=256)
def _tier_column(facts: int, connectors: int, turns: int, tools: int) -> npt.NDArray[np.int64]:
    """``pack_tiers``' tier of each candidate for these tier sizes (read only): most turns
    repeat the sizes of a turn before them."""
    column = np.repeat(np.arange(4, dtype=np.int64), (facts, connectors, turns, tools))
    column.flags.writeable = False
    return column
