"""Rule similar-repeats (issue 15, lists40; SPEC-028 §4.1 "do it again"): a request for a
thing like one made before, named by its kind rather than "again" ("write a similar one to the
letting agent", "and something along those lines for the driver"), is an action reference,
resolved as the other repeats of a thing made (rule repeat-products: a request that made
something, never a question asked since; rule message-repeats when it asks a message).

The phrases are the lexicon's (``reference_phrases.SIMILAR_REPEATS``); this module decides
whether a hit asks for anything. It reads at most a sentence before the hit (bounded by
``_BEFORE`` characters) and ``SIMILAR_REACH`` words after it: linear, no regex.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text.reference_phrases import (
    SIMILAR_OPENERS,
    SIMILAR_REACH,
    SIMILAR_REPEATS,
    SIMILAR_SKIPPED,
    SIMILAR_SUBJECTS,
    SIMILAR_TAILS,
    SIMILAR_VERBS,
)
from .references import Mention
from .repeat_runs import object_repeat

if TYPE_CHECKING:
    from ..config import Config

__all__ = ["is_similar", "repeats_similar", "similar_asks", "similar_kept"]

_PHRASES = frozenset(SIMILAR_REPEATS)
_BEFORE = 120  # characters read back from the hit for its sentence
_STRIP = "\"'()[],.;:!?\u2019\u2018\u201c\u201d"
_SENTENCE_MARKS = ".!?;\n"


def is_similar(phrase: str) -> bool:
    """Whether a marker phrase is one of rule similar-repeats' (``SIMILAR_REPEATS``)."""
    return phrase.casefold() in _PHRASES


def similar_asks(text: str, start: int, end: int) -> bool:
    """Whether the similar-repeat phrase at ``text[start:end]`` asks for a thing made: a verb
    of making or doing right before it (past articles and pronouns), said by no first or
    third person ("could you write a similar one", not "I wrote a similar one"), or the
    sentence opens with it after at most an acknowledgement, and the variation's word follows
    ("And something similar for the council?")."""
    chunk = text[max(0, start - _BEFORE) : start]
    cut = max(chunk.rfind(mark) for mark in _SENTENCE_MARKS)
    before = [word.casefold().strip(_STRIP) for word in chunk[cut + 1 :].split()]
    before = [word for word in before if word]
    if cut < 0 and start > _BEFORE:
        before = before[1:]  # the first word may be cut in two
    rest = [word for word in before if word not in SIMILAR_SKIPPED]
    if rest and rest[-1] in SIMILAR_VERBS:
        return len(rest) < 2 or rest[-2] not in SIMILAR_SUBJECTS
    if cut < 0 and start > _BEFORE:
        return False  # a sentence longer than the window: no opener to read
    if not all(word in SIMILAR_OPENERS for word in rest):
        return False
    after = text[end : end + _BEFORE].split()[:SIMILAR_REACH]
    return any(word.casefold().strip(_STRIP) in SIMILAR_TAILS for word in after)


def similar_kept(mentions: list[Mention], config: Config) -> list[Mention]:
    """``mentions``, without the action references of rule similar-repeats, or of rule
    object-repeats ("now do the staging deploy again"), when it is off."""
    if not mentions or (config.similar_repeats and config.object_repeats):
        return mentions
    similar, objects = not config.similar_repeats, not config.object_repeats  # rules off
    return [
        m for m in mentions
        if not (similar and m.type == "action" and is_similar(m.surface))
        and not (objects and object_repeat(m))
    ]  # fmt: skip


def repeats_similar(mentions: Sequence[Mention]) -> bool:
    """Whether an action reference is rule similar-repeats' ("a similar one for X"): it asks
    for a thing made, as "one more" does (rule repeat-products), never a question again."""
    return any(m.type == "action" and is_similar(m.surface) for m in mentions)
