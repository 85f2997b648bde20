"""Turns logged right after a tool output (SPEC-028 §4.1 tool, §5.2 TOOL_REFERENCE first;
rules fresh-output-questions, fresh-output-replies and fresh-value-questions; issue 15 item 1).

Before anything else was said after an output, a user turn is most often about that output:
every such logged turn of the hand-written sets is labelled TOOL_REFERENCE (139 of 139), and
sgd's outputs are always answered by the assistant before the user speaks. Which turns there
are *not* about it: a question past it ("what else ...?"), one turning away ("Actually, ...",
a new-topic marker) or, naming none of the output's words, asking about a thing said before
("Where do I buy the Epsom salt?" right after a pH reading: the assistant's advice).

``about_fresh_output`` decides, from what ``tool_references`` read of the newest output:

- rule fresh-output-questions: a question naming no item, turn or request and nothing said
  before;
- rule fresh-output-replies: a turn that asks nothing ("24 cps is insane", "nine weeks lol",
  "ok so the 10th is cheaper across the board") and does not turn away;
- rule fresh-value-questions: a question that asks for no reason or advice and no thing of
  the assistant (``REASON_ASKING_WORDS``, ``SECOND_PERSON_WORDS``, the openers of
  ``REASON_ASKING_OPENERS``), does not turn away, and names a word of the output or points
  ("Which of those is the worst?", "Are they all to the payments host?", "so the full one is
  the freeze?"), even when a word of it names a turn or a thing said before.

What was counted (every hand-written file with tool turns but toolq_holdout11, logged and
after-the-log probes; sgd has no user turn right after an output): right after an output
128 gold TOOL_REFERENCE and 4 gold DRILL_DOWN (after-the-log probes, all four asking advice:
"How big should the airstone be ...?", "Where do I buy the Epsom salt?").
"""

from __future__ import annotations

import itertools

from ..config import Config
from ..text.lexicon import Marker
from ..text.output_nouns import (
    REASON_ASKING_OPENERS,
    REASON_ASKING_WORDS,
    REASON_QUESTION_PHRASES,
    REASON_QUESTION_WORDS,
    SECOND_PERSON_WORDS,
)
from ..text.tokens import STOPWORDS, normalise_term
from .features import TurnFeatures
from .turnlog import TurnLog

__all__ = [
    "about_fresh_output",
    "about_what_was_said",
    "addresses",
    "asks_cause",
    "asks_reason",
    "question_words",
]


def about_fresh_output(
    features: TurnFeatures, config: Config, *, elsewhere: bool, shows: bool, log: TurnLog
) -> bool:
    """Whether a turn logged right after a tool output (rule fresh-output-questions already
    on) is about that output (see the module). ``elsewhere``: it names an item, a turn or a
    request; ``shows``: a word of it names the output."""
    said = elsewhere or about_what_was_said(features, shows, log)
    if features.question and not said:
        return True  # rule fresh-output-questions
    if _turns_away(features, shows, pointing=False):
        return False  # "Actually, the server, is it under warranty?": the pronoun is its own
    if not features.question:
        return config.fresh_output_replies
    pointing = features.anaphor or features.has(Marker.DEMONSTRATIVE)
    return config.fresh_value_questions and (shows or pointing) and not asks_reason(features.text)


def about_what_was_said(features: TurnFeatures, shows: bool, log: TurnLog) -> bool:
    """Whether a question asks past the newest output ("what else ...?"), or a noun after
    "the" names something said before and none of the question's words names that output
    (``shows``; "Where do I buy the Epsom salt?" right after a pH reading): it asks about
    what was said."""
    words = _words(features.text)
    if not _BEYOND.isdisjoint(words):
        return True  # "what else is there to check?": beyond what the output shows
    if shows:
        return False
    if _turns_away(
        features, shows, pointing=features.anaphor or features.has(Marker.DEMONSTRATIVE)
    ):
        # Names nothing of the output, points at nothing and turns away ("Actually, what's
        # a good backup strategy for Postgres?"): a question of its own.
        return True
    named = (
        normalise_term(following)
        for article, following in itertools.pairwise(words)
        if article == "the" and following not in STOPWORDS and following not in _DEGREES
    )
    return any(log.turns_mentioning(term) for term in named if term)


def question_words(text: str, most: int = 64) -> set[str]:
    """A question's first ``most`` words, case-folded, marks off their ends: what the
    readers of what a question asks (a reason, a cause, a risk, a habit) look words up in."""
    return {word.strip(_EDGES) for word in text.casefold().split()[:most]}


def asks_reason(text: str) -> bool:
    """Whether a question asks for a reason or advice, or asks the assistant: a word of
    ``REASON_ASKING_WORDS`` or ``SECOND_PERSON_WORDS``, or an opener of
    ``REASON_ASKING_OPENERS``."""
    folded = text.casefold()
    words = question_words(folded, _MAX_WORDS)
    if not (REASON_ASKING_WORDS.isdisjoint(words) and SECOND_PERSON_WORDS.isdisjoint(words)):
        return True
    return folded.lstrip().startswith(REASON_ASKING_OPENERS)


def asks_cause(text: str) -> bool:
    """Rule shown-number-reasons: whether a question asks only for a cause ("why is the first
    value 812.5?", "how come week 41 is so low?"): a word of ``REASON_QUESTION_WORDS`` or a
    phrase of ``REASON_QUESTION_PHRASES``, and no modal, advice opener or second-person word
    (``asks_reason`` without them: "why would ...", "why should I ...", "why do you ...")."""
    folded = text.casefold()
    words = question_words(folded, _MAX_WORDS)
    if REASON_QUESTION_WORDS.isdisjoint(words) and not any(
        phrase in folded[:_CAUSE_CHARS] for phrase in REASON_QUESTION_PHRASES
    ):
        return False
    return _ADVICE_WORDS.isdisjoint(words) and not folded.lstrip().startswith(REASON_ASKING_OPENERS)


def addresses(text: str) -> bool:
    """Rule addressed-output-nouns: whether a question addresses the assistant (a
    second-person word: "Could you do the same for the reports page", "you mean fill in the
    old rows?"): it asks of the assistant, not what an output showed."""
    words = question_words(text, _MAX_WORDS)
    return not SECOND_PERSON_WORDS.isdisjoint(words)


def _turns_away(features: TurnFeatures, shows: bool, *, pointing: bool) -> bool:
    """Whether a turn asks past the output, or, naming nothing of it (``shows``) and not
    ``pointing``, opens by turning away ("Actually, ...") or says the topic moves on."""
    words = _words(features.text)
    if not _BEYOND.isdisjoint(words):
        return True
    if shows or pointing:
        return False
    return bool(words[:1] and words[0] in _TURNING) or features.has(Marker.NEW_TOPIC)


def _words(text: str) -> list[str]:
    return [word.strip(_WORD_EDGES) for word in text.casefold().split()]


# Openers that turn away from what was just shown.
_TURNING = frozenset(("actually", "anyway", "also", "separately", "incidentally", "btw"))
# "What else is there to check?", "anything other than that?": past the output.
_BEYOND = frozenset(("else", "another", "otherwise"))
# "the most times", "the last run": a degree, not a thing said before.
_DEGREES = frozenset(("most", "least", "first", "last", "best", "worst", "same", "other"))
_WORD_EDGES = ",.;:!?\"'()"
_EDGES = ",;:!?\"'()[]."
# The first words of a question read for a reason or second-person word; the characters read
# for "how come".
_MAX_WORDS = 64
_CAUSE_CHARS = 400
# What makes a "why" question ask for advice or ask the assistant ("why would ...", "why do
# you ..."), not for the cause of a value (``asks_cause``).
_ADVICE_WORDS = (REASON_ASKING_WORDS - REASON_QUESTION_WORDS) | SECOND_PERSON_WORDS
