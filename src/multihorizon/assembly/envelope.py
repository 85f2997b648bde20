"""The envelope of one turn (SPEC-028 §2.2): what the model should see, and why.

This holds Tier C (conversation) so far: the intent, the blend, the resolved references, the
active thread and its state, the scored turns, and the SPEC-028 §7 headers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import TYPE_CHECKING

from .._slots import slot_setters
from ..config import Blend, Config
from ..dialogue.intent import Intent
from ..dialogue.references import Reference
from ..dialogue.threadstate import ThreadState
from ..text.lexicon import Marker
from .headers import context_headers

if TYPE_CHECKING:
    from ..dialogue.features import TurnFeatures
    from ..dialogue.resolution import Resolution
    from ..dialogue.threads import ThreadPlan

__all__ = [
    "ContextEnvelope",
    "ContextItem",
    "Envelope",
    "PackedItem",
    "block",
    "context_items",
    "conversation_envelope",
]


@dataclass(frozen=True, slots=True, init=False)
class ContextItem:
    """One earlier turn chosen for the context, with its score and the rule that chose it:
    ``reference`` (SPEC-028 §4.2, full weight), ``reply-to`` (the turn a multi-party message
    answers), ``active-thread`` (§3.3), ``relevant``, or ``answer`` (the reply to a chosen
    question, ``Config.answers_follow_questions``)."""

    turn_id: int
    role: str
    content: str
    score: float
    reason: str

    def __init__(self, turn_id: int, role: str, content: str, score: float, reason: str) -> None:
        # Each field through its slot (see ``multihorizon._slots``): a turn makes dozens.
        _CONTEXT_ITEM[0](self, turn_id)
        _CONTEXT_ITEM[1](self, role)
        _CONTEXT_ITEM[2](self, content)
        _CONTEXT_ITEM[3](self, score)
        _CONTEXT_ITEM[4](self, reason)

    def __repr__(self) -> str:
        text = self.content if len(self.content) <= 50 else self.content[:47] + "..."
        return (
            f"ContextItem(turn {self.turn_id}, {self.role}, {self.reason}, "
            f"{self.score:.3f}, {text!r})"
        )


@dataclass(frozen=True, slots=True, init=False)
class Envelope:
    """The context decision for one user turn. ``turn_id`` is None for a preview."""

    turn_id: int | None
    intent: Intent
    blend: Blend
    # SPEC-028 §4.3: the blend's CDR novelty setting, forced off when the turn resolved a
    # reference to prior content (revisiting covered ground is the point).
    cdr_novelty: bool | str
    mode: str
    active_thread: str
    thread_resumed: bool
    references: tuple[Reference, ...]
    thread_state: ThreadState
    summary: str
    items: tuple[ContextItem, ...]
    headers: Mapping[str, str]
    # Earlier turn ids this turn most likely builds on, best first: resolved references, the
    # turn a multi-party message replies to, the turn just before it, then the items.
    antecedents: tuple[int, ...] = ()

    def __init__(
        self,
        turn_id: int | None,
        intent: Intent,
        blend: Blend,
        cdr_novelty: bool | str,
        mode: str,
        active_thread: str,
        thread_resumed: bool,
        references: tuple[Reference, ...],
        thread_state: ThreadState,
        summary: str,
        items: tuple[ContextItem, ...],
        headers: Mapping[str, str],
        antecedents: tuple[int, ...] = (),
    ) -> None:
        # Each field through its slot (see ``multihorizon._slots``): one envelope a turn.
        setters = _ENVELOPE
        setters[0](self, turn_id)
        setters[1](self, intent)
        setters[2](self, blend)
        setters[3](self, cdr_novelty)
        setters[4](self, mode)
        setters[5](self, active_thread)
        setters[6](self, thread_resumed)
        setters[7](self, references)
        setters[8](self, thread_state)
        setters[9](self, summary)
        setters[10](self, items)
        setters[11](self, headers)
        setters[12](self, antecedents)

    def __repr__(self) -> str:
        return (
            f"Envelope(turn={self.turn_id}, {self.intent}, blend={self.blend.header()}, "
            f"thread={self.active_thread!r}{' (resumed)' if self.thread_resumed else ''}, "
            f"references={len(self.references)}, items={len(self.items)})"
        )


LABELS = {"S": "thread", "P": "knowledge", "C": "conversation", "E": "tool"}


def block(tier: str, source_id: str, content: str) -> str:
    """One item as ``render`` writes it."""
    return f"[{LABELS[tier]} {source_id}]\n{content}\n\n"


@dataclass(frozen=True, slots=True, init=False)
class PackedItem:
    """One piece of the envelope: its tier (P, C, E, or S for the thread summary), where it
    came from, its score in its tier, its tokens under the counter in use, and why."""

    tier: str
    source_id: str
    content: str
    score: float
    tokens: int
    reason: str

    def __init__(
        self, tier: str, source_id: str, content: str, score: float, tokens: int, reason: str
    ) -> None:
        # Each field through its slot (see ``multihorizon._slots``): an envelope holds up to ~100.
        _PACKED_ITEM[0](self, tier)
        _PACKED_ITEM[1](self, source_id)
        _PACKED_ITEM[2](self, content)
        _PACKED_ITEM[3](self, score)
        _PACKED_ITEM[4](self, tokens)
        _PACKED_ITEM[5](self, reason)


_CONTEXT_ITEM = slot_setters(ContextItem)
_PACKED_ITEM = slot_setters(PackedItem)
_ENVELOPE = slot_setters(Envelope)


def context_items(
    turn_ids: Sequence[int],
    roles: Iterable[str],
    contents: Iterable[str],
    scores: Iterable[float],
    reasons: Iterable[str],
) -> tuple[ContextItem, ...]:
    """``ContextItem``s from columns, the same as ``ContextItem(...)`` one by one: each field
    stored through its slot's setter, one ``map`` per field, so building a turn's dozen
    items runs no Python frame per item (issue 14: Tier C's stage, ``retrieve_context``)."""
    items = list(map(object.__new__, repeat(ContextItem, len(turn_ids))))
    columns = (turn_ids, roles, contents, scores, reasons)
    for setter, column in zip(_CONTEXT_ITEM, columns, strict=True):
        any(map(setter, items, column))  # each call returns None: runs the map to its end
    return tuple(items)


@dataclass(frozen=True)
class ContextEnvelope:
    """What the model should see for one user turn: the conversation envelope (``turn``, whose
    fields it shows as its own) plus what Tiers P and E add, packed into the token budget."""

    turn: Envelope
    items: tuple[PackedItem, ...]
    budget_tokens: int
    headers: Mapping[str, str]
    tier_tokens: Mapping[str, int]
    sub_queries: tuple[str, ...] = ()
    user_text: str = ""
    # A chat request's system text (``TierSession.sync``): ``messages()``'s default.
    system: str | None = None

    # The conversation envelope's fields, the same from ``Session.user`` and from the
    # assembler's ``TierSession.user``: one shape to read whichever entry point made it.
    @property
    def intent(self) -> Intent:
        return self.turn.intent

    @property
    def turn_id(self) -> int | None:
        return self.turn.turn_id

    @property
    def blend(self) -> Blend:
        return self.turn.blend

    @property
    def cdr_novelty(self) -> bool | str:
        return self.turn.cdr_novelty

    @property
    def mode(self) -> str:
        """conversation, hybrid, or document (the assembler's document windows)."""
        return str(self.headers.get("CRP-Context-Mode", self.turn.mode))

    @property
    def active_thread(self) -> str:
        return self.turn.active_thread

    @property
    def thread_resumed(self) -> bool:
        return self.turn.thread_resumed

    @property
    def references(self) -> tuple[Reference, ...]:
        return self.turn.references

    @property
    def thread_state(self) -> ThreadState:
        return self.turn.thread_state

    @property
    def summary(self) -> str:
        return self.turn.summary

    @property
    def antecedents(self) -> tuple[int, ...]:
        return self.turn.antecedents

    @property
    def used_tokens(self) -> int:
        return sum(item.tokens for item in self.items)

    def render(self) -> str:
        """The context as text, in packing order, each piece under a short label. Its token
        count is within the budget: each item's tokens are those of its labelled block."""
        return "".join(block(i.tier, i.source_id, i.content) for i in self.items).rstrip()

    def messages(self, system: str | None = None) -> list[dict[str, str]]:
        """Chat messages for an LLM client: the context as a system message (after
        ``system``, if given, else the request's system text for an envelope from ``sync``,
        and a one-line heading; these two are outside the budget), then the user's turn."""
        context = self.render()
        system = self.system if system is None else system
        head = f"{system}\n\n" if system else ""
        return [
            {"role": "system", "content": f"{head}Context for this turn:\n\n{context}"},
            {"role": "user", "content": self.user_text},
        ]


def conversation_envelope(
    turn_id: int | None,
    features: TurnFeatures,
    resolution: Resolution,
    intent: Intent,
    thread: ThreadPlan,
    state: ThreadState,
    items: tuple[ContextItem, ...],
    config: Config,
) -> Envelope:
    """The conversation envelope of a planned turn, with its §7 headers."""
    blend = config.intent_blends[str(intent)]
    # SPEC-028 §8: a document task asked for inside the conversation.
    # A recap of the whole session is one too (rule session-recaps).
    recap = config.session_recaps and features.recap
    mode = "hybrid" if features.has(Marker.DOCUMENT) or recap else "conversation"
    return Envelope(
        turn_id=turn_id,
        intent=intent,
        blend=blend,
        # SPEC-028 §4.3: a resolved reference turns CDR novelty off.
        cdr_novelty=False if resolution.resolved else blend.cdr_novelty,
        mode=mode,
        active_thread=thread.name,
        thread_resumed=thread.resumed and not thread.is_new,
        references=resolution.references,
        thread_state=state,
        summary=state.summary(),
        items=items,
        headers=context_headers(
            intent=intent,
            # SPEC-028 §7.3: every referential expression resolved this turn, as the envelope
            # lists them: the item picks and named references of the item rules count too
            # (``resolution.resolved`` holds the stage's only, some superseded by a pick).
            references_resolved=sum(
                ref.resolved or ref.scratch_entry is not None for ref in resolution.references
            ),
            active_thread=thread.name,
            blend=blend,
            mode=mode,
        ),
    )
