"""Reports on what the speaker did (SPEC-028 §5.2 "same thread, extend it", rule
done-reports): a short statement right after a reply whose clause opens with the speaker
doing something in the past ("ok did six of them last night, pinned on the ironing board",
"I weighed everything this time and used less yeast", "I've drafted the first three chapters
now.", "Bought the spacers, wearing them now.") and that takes up the topic at hand (a word
pointing back, or a word the active thread used) extends that thread: CONTINUE, not EXPLORE
for its low similarity. "I bought a used car last week and the brakes squeal." takes up
nothing and may open a topic.

Words are data (``text.report_words``); one pass over the first words of a short turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import ACK_REQUEST_WORDS
from ..text.report_words import (
    DONE_FILLERS,
    DONE_NOT_VERBS,
    DONE_POINTERS,
    DONE_REQUESTS,
    DONE_SUBJECTS,
    DONE_VERBS,
    PAST_IRREGULAR,
)
from ..text.turn_text import regular_past, turn_words
from .returns import any_held

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["done_report", "reports_what_was_done"]

# The longest report read (characters), as rule report-backs has it (ACKNOWLEDGED_CHARS).
DONE_CHARS = 80
# What asks for something, as rule report-backs reads it; "now" may end a report ("wearing
# them now").
_REQUESTS = ACK_REQUEST_WORDS - {"now"}


def done_report(text: str) -> bool:
    """Whether a short statement's clause opens with the speaker doing something in the past
    ("I weighed ...", "ok did ...", "We've drafted ...", "Bought the ...") and asks for
    nothing. The caller checks it is no question and that it takes up the topic."""
    if len(text) > DONE_CHARS:
        return False
    words = turn_words(text).plain  # the turn's record: the other report rules read it too
    if not words or not (DONE_REQUESTS.isdisjoint(words) and _REQUESTS.isdisjoint(words)):
        return False  # "I changed my mind. Make the table for one."
    start = 0
    while start < len(words) - 1 and words[start] in DONE_FILLERS:
        start += 1
    first = words[start]
    if first in DONE_VERBS:
        return True
    return first in DONE_SUBJECTS and start + 1 < len(words) and _past(words[start + 1])


def _past(word: str) -> bool:
    if word in DONE_NOT_VERBS:
        return False
    return word in PAST_IRREGULAR or regular_past(word)


def reports_what_was_done(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement reports what the speaker did about the topic at hand (rule
    done-reports): ``done_report``, and a word of it points back or the active thread used
    one of its words. The caller (``reply_rules.reports_on_the_reply``) checks the rest: no
    question, right after a reply, an assistant chat of two."""
    if not context.config.done_reports or not done_report(features.text):
        return False
    # The turn's plain words (no pointer holds an apostrophe, so straightening curly ones
    # inside a word changes no match).
    if not DONE_POINTERS.isdisjoint(features.words.plain):
        return True
    threads = context.threads
    return any_held(threads.vocabulary[threads.active], features.terms)
