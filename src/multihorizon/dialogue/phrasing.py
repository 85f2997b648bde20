"""How people ask for clarification and announce topics without the canonical words
(SPEC-028 §5.2 CLARIFY, §3.3 new threads; issue 15): decisions over one turn's marker hits.

The forms are lexicon data (``text.lexicon``: ``TOPIC_OPENER``, ``NEW_TOPIC``, ``EXPLAIN``,
``OPENING_FILLERS``, ``EXPLAIN_OBJECT_WORDS``); this module says where in a turn they count.
Each reads only the turn's own text, near a hit: linear, no regex on the whole turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..text import cues
from ..text.lexicon import (
    ACK_REQUEST_WORDS,
    EXPLAIN_OBJECT_WORDS,
    NOT_ANNOUNCING,
    OPENING_FILLERS,
    Marker,
)

Hits = Sequence[tuple[int, int, int, int]]  # (category, pattern, start, end) per marker hit

__all__ = ["acknowledged_statement", "announces_topic", "explain_clarifies"]

_NEW_TOPIC = int(Marker.NEW_TOPIC)
_TOPIC_OPENER = int(Marker.TOPIC_OPENER)
_EXPLAIN = int(Marker.EXPLAIN)
_ACK_OPENER = int(Marker.ACK_OPENER)
# A report back is short: a longer turn after "ok" says something of its own.
ACKNOWLEDGED_CHARS = 80


def announces_topic(text: str, hits: Hits) -> bool:
    """Whether the turn opens by announcing a new topic (rule topic-announcements):
    "Switching topics: ...", "Off-topic question, ...", "Unrelated, but ...", "Something else:
    ...". A NEW_TOPIC phrase announces at the opening with words after it; a TOPIC_OPENER
    phrase ("something else", "another thing") only when a colon, a dash or the speaker's
    own "I wanted to ask" follows it ("do you have something else?" asks for more)."""
    for kind, _, start, end in hits:
        if kind != _NEW_TOPIC and kind != _TOPIC_OPENER:
            continue
        if kind == _NEW_TOPIC and _not_announcing(text[start:end]):
            continue
        if not cues.opens_turn(text, start, OPENING_FILLERS):
            continue
        if cues.words_after(text, end) < 2:
            continue
        if kind == _NEW_TOPIC or cues.announces_after(text, end):
            return True
    return False


def explain_clarifies(text: str, hits: Hits, known: Callable[[str], object]) -> bool:
    """Whether an EXPLAIN verb in the turn asks to clarify what was said (rule
    explain-new-content): its object points back ("explain that again", "can you clarify?",
    "simplify it") or names only what the conversation already holds (``known(term)``).
    "Could you explain CSS grid to me?" names new ground: no clarification."""
    for kind, _, _, end in hits:
        if kind != _EXPLAIN:
            continue
        terms = [term for term in cues.object_terms(text, end) if term not in EXPLAIN_OBJECT_WORDS]
        if all(known(term) for term in terms):
            return True
    return False


def acknowledged_statement(text: str, hits: Hits) -> bool:
    """Whether the turn is a short statement that opens with an acknowledgement ("OK, I
    changed it and reconnected.", "Thanks, that's helpful.", "Noted, I'll file it today."):
    it reports back on the topic at hand (rule acknowledged-statements). The caller checks
    that it is no question and asks for nothing."""
    if len(text) > ACKNOWLEDGED_CHARS:
        return False
    opener = next(
        (
            end
            for kind, _, start, end in hits
            if kind == _ACK_OPENER and cues.opens_turn(text, start, OPENING_FILLERS)
        ),
        -1,
    )
    if opener < 0:
        return False
    # One sentence ("OK, I changed it"; not "Perfect. Could you share it with Jeffrey"), and
    # no request in it ("Thanks, now can you check the weather").
    rest = text[opener:].strip()
    if any(mark in rest.rstrip(".!\u2026 ") for mark in ".!?;\n"):
        return False
    words = (word.strip(",:;.!?\"'()").replace("\u2019", "'") for word in rest.casefold().split())
    return ACK_REQUEST_WORDS.isdisjoint(words)


def _not_announcing(surface: str) -> bool:
    """Whether a NEW_TOPIC phrase, as written, moves on without saying the topic changes
    (``NOT_ANNOUNCING``: "let's talk about", "another question")."""
    plain = " ".join(surface.casefold().replace("\u2019", "'").split())
    return plain in NOT_ANNOUNCING
