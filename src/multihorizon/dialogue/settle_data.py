"""What reference detection reads, as data for the native settle of ``Session.classify``
(issue 14; ``_settle_py.DetectionGates`` and ``AddingGates`` define the checks, and
``cpp/include/multihorizon/settle.hpp`` is their C++ twin). Kept beside ``detection``: a new
marker-led reading or pattern gate there belongs in ``MENTION_KINDS`` here."""

from __future__ import annotations

from typing import Any

from ..text.lexicon import Lexicon, Marker
from .mention_patterns import number_gate_nouns
from .ordinal_mentions import gate_openers

__all__ = ["MENTION_KINDS", "detection_gates", "phrases_among"]

#: The categories a hit of which may give ``detection.detect`` a mention by itself: its
#: marker-led readings and every pattern gate but GATE_NUMBER, whose hits the settle reads
#: one by one ("the next maintenance window" is no form; "option 7", "the next one" may be).
MENTION_KINDS = frozenset(
    int(marker)
    for marker in (
        *(Marker.DEMONSTRATIVE, Marker.ORDINAL, Marker.TURN_REF, Marker.TOOL_REF),
        *(Marker.ACTION_REF, Marker.GATE_ONE, Marker.GATE_GAP, Marker.GATE_TOOL),
    )
)


def detection_gates(lexicon: Lexicon) -> tuple[Any, ...]:
    """``DetectionGates.of``'s argument for ``lexicon``: the mention kinds as a mask, the
    GATE_NUMBER category, the phrases at which "option 7"'s pattern may start (those opening
    with one of its nouns), ``ordinal_mentions._may_open``'s words and window, and the words
    ``_opens`` reads in a turn short enough to be only a pick."""
    openers, from_end, before_chars, after_chars, short_openers = gate_openers()
    nouns = number_gate_nouns()
    numbered = [
        index
        for index in range(len(lexicon.scanner))
        if lexicon.phrase(index).casefold().startswith(nouns)
    ]
    mask = 0
    for kind in MENTION_KINDS:
        mask |= 1 << kind
    gate = int(Marker.GATE_NUMBER)
    words = sorted(openers), from_end, before_chars, after_chars, sorted(short_openers)
    return (mask, gate, numbered, *words)


def phrases_among(lexicon: Lexicon, words: frozenset[str]) -> list[int]:
    """The phrase indexes whose text is one of ``words`` (case-folded, blanks and hyphens
    aside: a hit's text is its phrase's words, so a hit whose text is one has such a
    phrase)."""
    wanted = {"".join(word.replace("-", " ").split()) for word in words}
    return [
        index
        for index in range(len(lexicon.scanner))
        if "".join(lexicon.phrase(index).casefold().replace("-", " ").split()) in wanted
    ]
