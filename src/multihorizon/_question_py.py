"""The scanner's question cue (``TurnScanner.question``), the readable reference of
``TurnScanner::question`` in ``cpp/include/multihorizon/intent.hpp``; the word lists are
``text.question_forms``'. Linear: one pass for the "?", one back from the end for the last
clause mark.
"""

from __future__ import annotations

from collections.abc import Set

from ._unicode_py import fold

__all__ = ["folded", "question"]


def folded(text: str) -> tuple[int, ...]:
    """``text``'s code points, case-folded one by one (as the C++ scanner folds them)."""
    return tuple(fold(ord(char)) for char in text)


def _word_at(text: str, position: int, strip: Set[int]) -> tuple[int, ...]:
    """The first word at or after ``position`` (white space skipped, ``strip`` stripped from
    both its ends), folded."""
    start = position
    while start < len(text) and text[start].isspace():
        start += 1
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    while start < end and ord(text[start]) in strip:
        start += 1
    while end > start and ord(text[end - 1]) in strip:
        end -= 1
    return folded(text[start:end])


def question(
    text: str,
    openers: Set[tuple[int, ...]],
    strip: Set[int],
    form_openers: Set[tuple[int, ...]],
    clause_marks: Set[int],
    statement_ends: Set[int],
) -> bool:
    """A question or a request for information (SPEC-028 §5.2): a "?" anywhere, or a first
    word among ``openers``. Rule question-forms (``form_openers`` not empty): a turn whose
    last character other than white space is no ``statement_ends`` is also one when its
    first word, or the first word after its last ``clause_marks`` character, is among
    ``form_openers`` ("any way to make it faster", "original audit, what was the issue")."""
    if "?" in text:
        return True
    first = _word_at(text, 0, strip)
    if first in openers:
        return True
    if not form_openers:
        return False
    last = len(text)
    while last > 0 and text[last - 1].isspace():
        last -= 1
    if last == 0 or ord(text[last - 1]) in statement_ends:
        return False
    if first in form_openers:
        return True
    mark = last - 1
    while mark >= 0 and ord(text[mark]) not in clause_marks:
        mark -= 1
    return mark >= 0 and _word_at(text, mark + 1, strip) in form_openers
