"""Rule other-topic-clauses (SPEC-028 §3.3 thread creation, §5.2 EXPLORE): an opening clause
made only of a word of otherness and a topic noun ("Other question. ...", "Quick other
question, ...", "Separate question, the tank has rust inside. ...", "different thing, the
grout ...") says the topic is another one, whatever follows it: a question, a statement, a
situation of the speaker's. ``phrasing.announces_topic`` asks a comma to be followed by a
question or a situation opener ("Another thing, how do I ...?"); this clause needs neither,
since nothing in it can name the topic at hand. The words are closed classes
(``text.topic_clause_words``); one pass over the clause's characters."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from ..text.lexicon import Marker
from ..text.topic_clause_words import (
    OTHER_CLAUSE_FILLERS,
    OTHER_CLAUSE_NOUNS,
    OTHER_CLAUSE_ONES,
    OTHER_CLAUSE_WORDS,
)

__all__ = ["other_topic_clause"]

Hits = Sequence[tuple[int, int, int, int]]

_ANNOUNCING = frozenset((int(Marker.NEW_TOPIC), int(Marker.TOPIC_OPENER)))
_KIND = itemgetter(0)  # a hit's marker category
# The clause ends at one of these; a "?" makes it a question of its own ("Other thing?").
_STOPS = frozenset(",.:;!\u2013\u2014")
# A clause longer than this is no opener ("I have one other question about the pump, ...").
_CLAUSE_CHARS = 40
_CLAUSE_WORDS = 5
_WORD_STRIP = "\"'()*"


def other_topic_clause(text: str, hits: Hits, reaction: int = -1) -> bool:
    """Whether the turn opens (at 0, or at ``reaction``: where the sentence after a short
    reaction starts, ``echoes.after_reaction``) with a clause that is only a word of
    otherness and a topic noun, ended by a comma, a colon, a full stop or a dash, with at
    least two words after it. A NEW_TOPIC or TOPIC_OPENER phrase of the lexicon lies in the
    clause (so the native settle hands the turn on: ``OTHER_CLAUSE_OPENERS``)."""
    if _ANNOUNCING.isdisjoint(map(_KIND, hits)):
        return False  # no announcing phrase (most turns): no clause holds one
    starts = (0, reaction) if reaction > 0 else (0,)
    return any(_clause_at(text, hits, start) for start in starts)


def _clause_at(text: str, hits: Hits, start: int) -> bool:
    stop = _clause_end(text, start)
    if stop < 0 or len(text[stop + 1 : stop + 200].split()[:2]) < 2:
        return False
    if not any(kind in _ANNOUNCING and start <= s and e <= stop for kind, _, s, e in hits):
        return False
    words = [word.strip(_WORD_STRIP) for word in text[start:stop].casefold().split()]
    if not words or len(words) > _CLAUSE_WORDS:
        return False
    if words[-1] == "please":
        words = words[:-1]
    if len(words) < 2:
        return False
    noun, before = words[-1], words[-2]
    if noun not in OTHER_CLAUSE_NOUNS and not (noun == "one" and before in OTHER_CLAUSE_ONES):
        return False
    rest = words[:-1]
    if not any(word in OTHER_CLAUSE_WORDS for word in rest):
        return False
    return all(word in OTHER_CLAUSE_WORDS or word in OTHER_CLAUSE_FILLERS for word in rest)


def _clause_end(text: str, start: int) -> int:
    """Where the opening clause from ``start`` ends (its stop character), or -1: no stop
    within ``_CLAUSE_CHARS`` characters, or a question mark first."""
    limit = min(len(text), start + _CLAUSE_CHARS)
    for index in range(start, limit):
        char = text[index]
        if char == "?":
            return -1
        if char in _STOPS:
            return index
        if char == "-" and index > start and text[index - 1].isspace():
            return index  # "Other thing - ..."
    return -1
