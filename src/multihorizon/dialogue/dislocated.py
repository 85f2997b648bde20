"""A question opening with a fronted topic ("hammock, do they actually use it or just chew
it", "The EORI number, where we get it?", "for the thighs, do I flip them?") names a thing
the conversation introduced, and asks about it: its antecedent is the reply that first named
it (SPEC-028 §4.1 entity reference; rule dislocated-topics, issue 15 item 1).

The pronoun after the comma resumes the fronted phrase, so the pronoun and demonstrative
gates of rule holder-antecedents do not apply; and the reply that first named the thing is
where it was described, not a later reply that names it again (the latest reply naming it
keeps the turn, as before). Reads the entity index only (the log's postings), never an
earlier turn's text.
"""

from __future__ import annotations

from bisect import bisect_left

from ..text.dislocation_words import NOT_TOPIC_WORDS, QUESTION_OPENERS
from ..text.tokens import content_terms, words
from .features import TurnFeatures
from .turnlog import TurnLog

__all__ = ["dislocated_terms", "dislocated_turn"]

_HEAD_CHARS = 80  # a fronted topic ends with a comma or colon within this many characters
_MAX_WORDS = 6  # words of a fronted topic ("the couriers with a 6000 divisor" is five)
_WINDOW = 20  # turns back the reply that named the topic is looked for
_KEY = object()


def dislocated_terms(features: TurnFeatures) -> tuple[str, ...]:
    """The content words of a user question's fronted topic, else ()."""
    if features.role != "user":
        return ()
    return features.once("dislocated", _KEY, lambda: _topic_terms(features.text))


def _topic_terms(text: str) -> tuple[str, ...]:
    head = text[:_HEAD_CHARS]
    cuts = [cut for cut in (head.find(","), head.find(":")) if cut > 0]
    if not cuts:
        return ()
    cut = min(cuts)
    found = [word.casefold() for word in words(head[:cut])]
    if not 0 < len(found) <= _MAX_WORDS or any(word in NOT_TOPIC_WORDS for word in found):
        return ()
    rest = words(text[cut + 1 : cut + 1 + _HEAD_CHARS])
    if not rest:
        return ()
    if not (rest[0].casefold() in QUESTION_OPENERS or text.rstrip().endswith("?")):
        return ()
    return tuple(content_terms(head[:cut]))


def dislocated_turn(turn_id: int, features: TurnFeatures, log: TurnLog) -> int:
    """The reply that first named the most of a fronted topic's words within ``_WINDOW``
    turns, else -1; -1 too when the turn before names as many of them (it stays the
    antecedent: "deload week, ..." after a reply on the deload week)."""
    terms = dislocated_terms(features)
    if not terms or turn_id < 2:
        return -1
    previous, floor = turn_id - 1, max(0, turn_id - _WINDOW)
    roles = log.roles
    counts: dict[int, int] = {}
    held = 0  # topic words the turn before names
    for term in terms:
        postings = log.turns_mentioning(term)
        end = bisect_left(postings, turn_id)
        if end and postings[end - 1] == previous:
            held += 1
        for turn in postings[bisect_left(postings, floor, 0, end) : end]:
            if roles[turn] == "assistant":
                counts[turn] = counts.get(turn, 0) + 1
    best = max(counts, key=lambda turn: (counts[turn], -turn), default=-1)
    if best < 0 or best == previous or held >= counts[best]:
        return -1  # the turn before names the topic as fully: it stays the antecedent
    return best
