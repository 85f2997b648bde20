"""Whether a list is laid out or an inline series, and the words that tie an ordinal to an
inline series (SPEC-028 §4.1 "which enumeration", rule laid-out-lists), as data.

A reply's numbered, lettered or bulleted list, or a "First, ... Second, ... Finally, ..."
passage, lays its items out; a comma series in one sentence ("you'll need a spanner, a
bucket, some tape and a towel") mentions them in passing. "The penultimate step" or "#3" after
both means the list laid out; "the second of those tools" names the series. Every read is
bounded: a few characters of an item looked up in its text, a few words after a mention.
"""

from __future__ import annotations

from collections.abc import Sequence

from .list_styles import PLAIN, list_style

__all__ = [
    "AFTER_WORDS",
    "DEMONSTRATIVES",
    "GENERIC_NOUNS",
    "MENTION_STOPS",
    "PAIR_ORDINALS",
    "inline_series",
]

# "the second of those", "the third of these": a demonstrative names the list just given.
DEMONSTRATIVES = frozenset(("those", "these", "them"))
# Nouns of an ordinal that say nothing of which list ("the last one", "the second thing").
GENERIC_NOUNS = frozenset(
    "one ones thing things item items bit bits part parts point points".split()
)
# "the former", "the latter" pick between the two things just said: the latest list.
PAIR_ORDINALS = frozenset(("former", "latter"))
# Characters that close the clause after a mention ("the second step - how long?").
MENTION_STOPS = frozenset(".,;:?!\n()\u2013\u2014")
AFTER_WORDS = 8  # words after a mention read for the words that name a list
_ITEM_HEAD = 24  # characters of an item looked up in its text
_SENTENCE_ENDS = (". ", "? ", "! ", ".\n", "\n")


def inline_series(text: str, items: Sequence[str]) -> bool:
    """Whether ``items`` are an inline series of ``text``: unmarked (``list_style`` PLAIN)
    and within one sentence (no line break or sentence end between the first item and the
    last). A "First, ... Then, ... Finally, ..." passage spans sentences: laid out."""
    if len(items) < 2 or list_style(text, items) != PLAIN:
        return False
    first = text.find(items[0][:_ITEM_HEAD])
    if first < 0:
        return False
    last = text.find(items[-1][:_ITEM_HEAD], first + 1)
    if last < 0:
        return False
    between = text[first:last]
    return not any(end in between for end in _SENTENCE_ENDS)
