"""What a reference is (SPEC-028 §4): a ``Mention`` detected in a user turn and the
``Reference`` it resolves to.

Detection (``detection.detect``, §4.1) reads the marker hits of the one matcher pass plus a few
gated patterns and returns ``Mention`` records: what kind of reference, where it is, and what it
names. ``resolution.resolve`` turns each into a ``Reference`` with its target (§4.2).

Confidence is a documented heuristic, not a probability (see ``resolve``); an unresolved
mention comes back with ``target_turn=None`` and confidence 0, and callers count only resolved
ones (SPEC-028 §7.3 ``CRP-Context-References-Resolved``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..text.enumerations import LAST

__all__ = ["Mention", "RefType", "Reference"]

RefType = Literal["entity", "turn", "ordinal", "action", "tool", "speaker"]


@dataclass(frozen=True, slots=True)
class Mention:
    """One detected referential expression, before resolution.

    ``terms``: for an entity, the normalised words of the noun phrase ("that TLS handshake" ->
    ("tls", "handshake")); for a turn reference, what it is about ("what you said about TLS"
    -> ("tls",)); for an ordinal without a number, what the item says ("the one about
    caching" -> ("caching",)). ``ordinal``: 1-based item number; negative counts from the
    end: ``LAST`` (-1) for "the last one" / "the latter", -2 "the penultimate"; 0 "the
    middle one". ``speaker``: whose turn a turn reference points at ("you said" -> "assistant",
    "I said" -> "user", "earlier" -> None). ``kind``: the tool-output kind ("query", "api", ...),
    None when the phrase names none ("the output").
    """

    type: RefType
    surface: str
    start: int
    end: int
    terms: tuple[str, ...] = ()
    ordinal: int | None = None
    speaker: str | None = None
    kind: str | None = None
    # Ordinals: the words naming which list ("the second option from your deployment
    # answer" -> ("deployment",)); with ``scope_required`` a list must match them ("the
    # third database": no list of databases, no reference).
    scope: tuple[str, ...] = ()
    scope_required: bool = False
    # Ordinals by a quality (rule item-forms): "scale:end" ("the cheapest" -> "cost:-1") or
    # "~stem:end" for an adjective no scale lists ("the least sedating" -> "~sedating:-1").
    quality: str = ""

    def __repr__(self) -> str:
        extra = []
        if self.terms:
            extra.append(f"terms={list(self.terms)}")
        if self.ordinal is not None:
            extra.append(f"ordinal={'last' if self.ordinal == LAST else self.ordinal}")
        if self.speaker is not None:
            extra.append(f"speaker={self.speaker}")
        if self.kind is not None:
            extra.append(f"kind={self.kind}")
        if self.scope:
            extra.append(f"scope={list(self.scope)}")
        if self.quality:
            extra.append(f"quality={self.quality}")
        tail = (", " + ", ".join(extra)) if extra else ""
        return f"Mention({self.type} {self.surface!r} [{self.start}:{self.end}]{tail})"


@dataclass(frozen=True, slots=True)
class Reference:
    """A mention resolved against the turn log, enumerations and scratch buffer (SPEC-028 §4.2).

    ``target_turn`` is None when the mention could not be resolved (then ``confidence`` is 0).
    ``item``: for an ordinal, the enumerated item's text; for "what you said about X", the
    sentence of the target turn about X (or the enumerated item about X), when found.
    ``scratch_entry``: for a tool reference, the scratch-buffer entry id.
    """

    type: RefType
    surface: str
    start: int
    end: int
    target_turn: int | None
    item: str | None = None
    scratch_entry: str | None = None
    confidence: float = 0.0

    @property
    def resolved(self) -> bool:
        return self.target_turn is not None

    def __repr__(self) -> str:
        head = f"Reference({self.type} {self.surface!r} [{self.start}:{self.end}]"
        if self.target_turn is None:
            return head + " unresolved)"
        tail = f" -> turn {self.target_turn}"
        if self.scratch_entry is not None:
            tail += f" ({self.scratch_entry})"
        if self.item is not None:
            item = self.item if len(self.item) <= 50 else self.item[:47] + "..."
            tail += f" item={item!r}"
        return head + tail + f", confidence {self.confidence:.2f})"
