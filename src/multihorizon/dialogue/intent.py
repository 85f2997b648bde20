"""Per-turn intent (SPEC-028 §5): the five intents and the §5.2 classifier, in its order.

The classifier reads one marker-matcher pass (``lexicon.Lexicon.scan``), the turn's
references, and one similarity: no model call. Markers match whole words, case-folded, so
"moreover", "edit", "more than" and "so that" do not fire (SPEC-028 §5.2 writes
``phrase in current_turn``, which would).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence

from ..text.lexicon import Marker

__all__ = ["Intent", "classify", "is_question"]


class Intent(enum.StrEnum):
    """SPEC-028 §5.1."""

    EXPLORE = "EXPLORE"
    DRILL_DOWN = "DRILL_DOWN"
    CLARIFY = "CLARIFY"
    CONTINUE = "CONTINUE"
    TOOL_REFERENCE = "TOOL_REFERENCE"


_CLARIFY = int(Marker.CLARIFY)
_CONTINUE = int(Marker.CONTINUE)
_POINTS_BACK = frozenset((int(Marker.ANAPHOR), int(Marker.DEMONSTRATIVE)))
# fmt: off
_QUESTION_OPENERS = frozenset((
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "is", "are", "was",
    "were", "do", "does", "did", "can", "could", "will", "would", "should", "shall", "may",
    "tell", "give", "show", "list",
))
# fmt: on
_FIRST_WORD = re.compile(r"\s*(\S+)")
_HEAD_CHARS = 80


def is_question(text: str) -> bool:
    """A question or a request for information: "?" or a wh-/auxiliary/"tell me" opener."""
    if "?" in text:
        return True
    # The first word only: splitting the whole text copied all of it (a 1 MB turn, per call).
    # A split of the first characters is the fast path when the first word ends inside them;
    # otherwise the pattern reads the whole first word, however long.
    words = text[:_HEAD_CHARS].split(None, 1)
    if words and (len(words) == 2 or len(text) <= _HEAD_CHARS or text[_HEAD_CHARS].isspace()):
        first = words[0]
    else:
        head = _FIRST_WORD.match(text)
        if head is None:
            return False
        first = head[1]
    return first.casefold().strip(",.!:;") in _QUESTION_OPENERS


def classify(
    hits: Sequence[tuple[int, int, int, int]],
    *,
    has_tool_reference: bool,
    resolved_references: int,
    active_similarity: float,
    explore_below: float,
    first_turn: bool,
    acknowledgement: bool = False,
    question: bool = False,
    names_known: bool = False,
    new_topic: bool = False,
) -> Intent:
    """SPEC-028 §5.2, in its order.

    ``hits`` are the turn's marker hits; ``has_tool_reference`` whether a tool reference was
    detected; ``resolved_references`` how many references to prior content resolved;
    ``active_similarity`` the best cosine between the turn and the active thread's turns;
    ``explore_below`` the bar under which a marker-free turn is new ground (0.50 in the spec);
    ``acknowledgement`` whether the turn is only a backchannel ("ok", "uh-huh", "thanks");
    ``question`` whether it asks something (``is_question``); ``names_known`` whether it
    names something the conversation already holds by a definite noun phrase ("the two
    policies" after policies came up); ``new_topic`` whether it says the topic moves on ("by
    the way").
    """
    kinds = {hit[0] for hit in hits}
    # SPEC-028 §5.2 tests the detected references: "the table schema" is a TOOL_REF marker
    # hit that detection rejects, not a reference to tool output.
    if has_tool_reference:
        return Intent.TOOL_REFERENCE
    # The first turn of a session has nothing before it to clarify, continue or drill into.
    if first_turn:
        return Intent.EXPLORE
    if _CLARIFY in kinds:
        return Intent.CLARIFY
    if resolved_references:
        return Intent.DRILL_DOWN
    # Ours: a bare acknowledgement carries no topic of its own; it continues the thread
    # rather than exploring by its (meaningless) similarity.
    if _CONTINUE in kinds or acknowledgement:
        return Intent.CONTINUE
    # Ours: a question that points back without naming ("What are its symptoms?", "What
    # about the UK?") asks about what is already on the table, however unlike the thread its
    # few words look. SPEC-028 §5.2's similarity cut sends most of these to EXPLORE.
    if question and (names_known or not kinds.isdisjoint(_POINTS_BACK)):
        return Intent.DRILL_DOWN
    # SPEC-028 §5.2: no references, no continuation markers. Ours: "by the way" says the
    # turn is new ground whatever it resembles.
    if active_similarity < explore_below or new_topic:
        return Intent.EXPLORE
    # Ours: a question on the active topic goes deeper into it; a statement goes on with it.
    return Intent.DRILL_DOWN if question else Intent.CONTINUE
