"""Letters a turn says that are no pick of a lettered list (SPEC-028 §4.1 "which item?"), and
two letters a turn names together (rules letter-values and letter-pairs, over the labels rule
letter-picks finds in ``dialogue.letter_picks``).

- rule letter-values: "My blood type is B" (a value after a possessive's copula), "copy it to
  C: or D:" (drive letters), "(c) 2024 Acme Ltd" (a copyright sign before a year);
- rule letter-pairs: "plan A or B?" names both A and B: the first letter, after a word that is
  no label lead ("plan"), is a label too when a joiner and a label follow it.

Each check reads a bounded window around one label (``_WINDOW`` characters), so the reading is
linear in the turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..text.pick_labels import (
    DRIVE_LEADS,
    LABEL_LETTERS,
    PAIR_JOINERS,
    PICK_NOUNS,
    VALUE_COPULAS,
    VALUE_OWNERS,
    VALUE_WORDS,
)

__all__ = ["is_value", "paired_label"]

Label = tuple[str, int, int]  # (letter, start, end) in the turn

_WINDOW = 80  # characters before a label read for its clause
# Where the clause before a label starts (``str.rfind`` of each): sentence marks, ";", ","
# and a line break, but no ":" (the rule's own reading, kept: not ``turn_text.CLAUSE_ENDS``).
_CLAUSE_ENDS = ".!?;,\n"
_STRIP = ".,;:!?()\"'*`"
_YEAR_DIGITS = 4


def is_value(content: str, label: Label) -> bool:
    """Whether the label is a letter of the user's own, no pick (rule letter-values): a
    copyright sign before a year, a drive letter, or a value after a possessive's copula."""
    letter, start, end = label
    before = content[max(0, start - _WINDOW) : start]
    words = [word.strip(_STRIP).casefold() for word in before.split()]
    return (
        _copyright(content, letter, start, end, words)
        or _drive(content, letter, end, words, before.split()[-2:-1])
        or _owned_value(before)
    )


def _copyright(content: str, letter: str, start: int, end: int, words: Sequence[str]) -> bool:
    """ "(c) 2024 Acme Ltd", "Copyright (C) 2019": the sign, no label."""
    if letter not in "cC" or content[start - 1 : start] != "(" or content[end : end + 1] != ")":
        return False
    after = content[end + 1 : end + 1 + _WINDOW].split()[:1]
    year = after[0].strip(_STRIP) if after else ""
    return (year.isdigit() and len(year) == _YEAR_DIGITS) or (words[-1:] == ["copyright"])


def _drive(content: str, letter: str, end: int, words: Sequence[str], other: Sequence[str]) -> bool:
    """ "copy it to C: or D:", "C:\\Users": a capital closed by a colon after a place word,
    or after a joiner after another such drive (``other``: the word before the joiner), or
    before a path."""
    if not letter.isupper() or content[end : end + 1] != ":":
        return False
    path = content[end + 1 : end + 2] in ("\\", "/")
    drive = bool(other) and len(other[0]) == 2 and other[0][0].isupper() and other[0][1] == ":"
    joined = bool(words) and words[-1] in PAIR_JOINERS and drive
    return path or joined or (bool(words) and words[-1] in DRIVE_LEADS)


def _owned_value(before: str) -> bool:
    """ "My blood type is B", "our plot was C": the label follows a copula whose clause a
    possessive opens within ``VALUE_WORDS`` words, its noun no pick's ("my vote is B")."""
    cut = max(before.rfind(mark) for mark in _CLAUSE_ENDS)
    words = [word.strip(_STRIP).casefold() for word in before[cut + 1 :].split()]
    if len(words) < 2 or words[-1] not in VALUE_COPULAS:
        return False
    head = words[-2 - VALUE_WORDS : -1]
    owners = [at for at, word in enumerate(head) if word in VALUE_OWNERS]
    if not owners:
        return False
    return not any(word in PICK_NOUNS for word in head[owners[-1] + 1 :])


def paired_label(content: str, label: Label, found: Sequence[Label]) -> Label | None:
    """The letter a label is named together with (rule letter-pairs: "plan A or B?" -> A for
    B): a lone letter of the same case just before a joiner (``PAIR_JOINERS``) that stands
    just before the label, not a label already; else None."""
    letter, start, _ = label
    before = content[max(0, start - _WINDOW) : start].split()
    if len(before) < 2 or before[-1].casefold() not in PAIR_JOINERS:
        return None
    other = before[-2].strip(_STRIP)
    if len(other) != 1 or other.casefold() not in LABEL_LETTERS or other == letter:
        return None
    if other.isupper() != letter.isupper():
        return None  # "a or B": the article before a label
    joiner = content.rfind(before[-1], max(0, start - _WINDOW), start)
    token = content.rfind(before[-2], max(0, start - _WINDOW), joiner)
    at = token + before[-2].find(other)
    if token < 0 or any(f[1] == at for f in found) or is_value(content, (other, at, at + 1)):
        return None
    return other, at, at + 1
