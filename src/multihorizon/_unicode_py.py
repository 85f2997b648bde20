"""Simple case folding and word characters of one code point, from the generated tables that
the C++ and Numba backends share (``_unicode_tables``): the reference kernels' text primitives.
"""

from __future__ import annotations

import bisect

from . import _unicode_tables as tables

__all__ = ["SEPARATOR", "fold", "is_word", "words"]

#: Separator symbol: any run of non-word characters is one separator.
SEPARATOR = 0x20

_FOLD = dict(zip(tables.FOLD_FROM, tables.FOLD_TO, strict=True))


def fold(cp: int) -> int:
    """Unicode simple case folding of one code point (one code point out, never more)."""
    return _FOLD.get(cp, cp)


def is_word(cp: int) -> bool:
    """True for a word character: ``str.isalnum()`` or ``_`` (Unicode 14 tables)."""
    slot = bisect.bisect_right(tables.WORD_LO, cp) - 1
    return slot >= 0 and cp <= tables.WORD_HI[slot]


def words(text: str) -> list[list[int]]:
    """The folded words of ``text``, each a list of code points."""
    words: list[list[int]] = []
    current: list[int] = []
    for char in text:
        cp = ord(char)
        if is_word(cp):
            current.append(fold(cp))
        elif current:
            words.append(current)
            current = []
    if current:
        words.append(current)
    return words
