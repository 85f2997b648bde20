"""The envelope of one turn (SPEC-028 §2.2): what the model should see, and why.

This holds Tier C (conversation) so far: the intent, the blend, the resolved references, the
active thread and its state, the scored turns, and the SPEC-028 §7 headers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .config import Blend
from .intent import Intent
from .references import Reference
from .threadstate import ThreadState

__all__ = ["ContextItem", "Envelope"]


@dataclass(frozen=True, slots=True)
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

    def __repr__(self) -> str:
        text = self.content if len(self.content) <= 50 else self.content[:47] + "..."
        return (
            f"ContextItem(turn {self.turn_id}, {self.role}, {self.reason}, "
            f"{self.score:.3f}, {text!r})"
        )


@dataclass(frozen=True, slots=True)
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

    def __repr__(self) -> str:
        return (
            f"Envelope(turn={self.turn_id}, {self.intent}, blend={self.blend.header()}, "
            f"thread={self.active_thread!r}{' (resumed)' if self.thread_resumed else ''}, "
            f"references={len(self.references)}, items={len(self.items)})"
        )
