"""Turns that ask for a new tool output or hand one over are not TOOL_REFERENCE (SPEC-028 §5.2:
TOOL_REFERENCE is a reference to an output held, §4.1 tool; rules fetch-requests and
handed-outputs; issue 15 item 1).

A tool word or an output's detail makes a turn a tool reference (rules tool-output-nouns,
output-details, ...). Two kinds of turn name an output they do not ask about:

- rule fetch-requests: a sentence that opens (after "can you", "pls", "also" and the like:
  ``FETCH_LEADS``) with a verb asking the assistant to fetch or run something (``FETCH_VERBS``:
  "Grep the server log for the webhook route.", "Pull the crash stats.", "can u pull the logs
  for the worker too") followed by its object (``FETCH_OBJECTS``): it asks for an output not
  there yet, a request in the thread's topic, read as if it named no output;
- rule handed-outputs: a statement (no question), with no output produced since the user's
  last turn, that hands over what comes next or reports a run of its own ("Did a parkrun
  yesterday, here are the numbers.", "the results arrived today", "ran it, checking the
  result", "new log:"): it names the output it brings, not one already shown. Right after an
  output ("ran northway again with 15k more deposit") the statement is about that output and
  the rule stays out (rule fresh-output-replies reads it).

What was counted before choosing them (every hand-written file but toolref_holdout35, gold
labels): of the turns with a sentence opening so, 0 gold TOOL_REFERENCE (47 DRILL_DOWN, 8
EXPLORE, 2 CONTINUE, 2 CLARIFY); of the statements holding a hand-over or run-report word, 1
gold TOOL_REFERENCE, right after its output (38 CONTINUE, 20 EXPLORE, 8 DRILL_DOWN).

Both scans are linear: one split of the turn's first characters and word lookups in sets.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from ..text.output_nouns import TOOL_OUTPUT_NOUNS
from ..text.output_requests import (
    FETCH_LEADS,
    FETCH_OBJECTS,
    FETCH_VERBS,
    HANDOVER_PAIRS,
    HANDOVER_WORDS,
    NEW_OUTPUT_ADJECTIVES,
    RUN_REPORT_WORDS,
)

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures
    from .resolution import Resolution

__all__ = [
    "FETCH",
    "HANDED",
    "asks_no_output",
    "hands_over_output",
    "held_tool_reference",
    "requests_output",
]

FETCH, HANDED = "fetch", "handed"


def held_tool_reference(
    context: DialogueContext, features: TurnFeatures, resolution: Resolution
) -> tuple[bool, str]:
    """Whether a turn's detected tool reference refers to an output held, for §5.2, and what
    ``asks_no_output`` says of the turn ("" when it asks about an output or names none)."""
    has_tool = resolution.has_tool
    if has_tool and context.config.tool_reference_match:
        # Rule tool-reference-match: a tool phrase with no tool output to point at ("can you
        # pull the error log?" opening a session) asks for a call, it refers to none; what it
        # names ("how did the results differ?") is still something said before.
        has_tool = any(ref.type == "tool" and ref.scratch_entry for ref in resolution.references)
    unasked = asks_no_output(context, features) if has_tool or features.question else ""
    return has_tool and not unasked, unasked


def asks_no_output(context: DialogueContext, features: TurnFeatures) -> str:
    """Whether a turn that names an output asks for a new one (``FETCH``) or hands one over
    (``HANDED``), else "" (rules fetch-requests and handed-outputs, each by its switch): not a
    tool reference for §5.2; a fetch request asks, as a question does."""
    config = context.config
    if config.fetch_requests and requests_output(features.text):
        return FETCH
    if not config.handed_outputs or features.question:
        return ""
    newest = context.scratch.most_recent()
    fresh = newest is not None and newest.turn_id == len(context.log) - 1
    return HANDED if not fresh and hands_over_output(features.text) else ""


def requests_output(text: str) -> bool:
    """Rule fetch-requests: whether a sentence of ``text`` opens with a fetch verb and its
    object ("Pull the crash stats.", "could you also run the integration tests")."""
    for sentence in _sentences(text[:_READ_CHARS]):
        words = [word.strip(_EDGES) for word in sentence.casefold().split()[:_SENTENCE_WORDS]]
        start = 0
        while start < len(words) and words[start] in FETCH_LEADS:
            start += 1
        verb, following = words[start : start + 1], words[start + 1 : start + 2]
        if verb and following and verb[0] in FETCH_VERBS and following[0] in FETCH_OBJECTS:
            return True
    return False


def hands_over_output(text: str) -> bool:
    """Rule handed-outputs: whether a statement hands over an output or reports a run ("here
    are the numbers", "results arrived today", "ran it", "new log:")."""
    words = [word.strip(_EDGES) for word in text[:_READ_CHARS].casefold().split()]
    if not (HANDOVER_WORDS.isdisjoint(words) and RUN_REPORT_WORDS.isdisjoint(words)):
        return True
    for first, second in itertools.pairwise(words):
        if (first, second) in HANDOVER_PAIRS:
            return True
        if first in NEW_OUTPUT_ADJECTIVES and second in TOOL_OUTPUT_NOUNS:
            return True
    return False


def _sentences(text: str) -> list[str]:
    """``text`` cut at sentence ends and line breaks (str methods only: linear)."""
    for mark in "?!\n;":
        text = text.replace(mark, ".")
    return text.split(". ")


# Characters of a turn read (requests and hand-overs open a turn or stand in its first
# sentences), words of a sentence read, and the marks stripped from a word's edges.
_READ_CHARS = 600
_SENTENCE_WORDS = 12
_EDGES = ",.;:!?\"'()[]"
