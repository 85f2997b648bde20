"""Two choices offered in one sentence, each with a clause of its own (SPEC-028 §4.1 "the
second option" -> which enumeration?, rule or-pairs): "Two common choices: barley malt
syrup, for the shine, or baking soda, for a darker crust." The comma list
(``text.enumerations``) splits every comma, so the clauses ("for the shine") became items
and no list was read; here the sentence is cut at its last ", or ", and every comma part
before it but the first must open with a word of ``APPOSITIVES``. "the latter" / "the
former" and "the baking soda one" then name the two halves. ``str`` methods only."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["APPOSITIVES", "or_pair"]


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# Words that open a clause describing the choice before it ("cotton, which is flat"), not
# another choice.
APPOSITIVES = _words("""
    which who whose for since because as so though although but while where with without
    giving making meaning if when unless especially ideally best good great fine
    """)
_ITEM_CHARS = 160  # a longer half is a passage, no choice


def or_pair(sentence: str, head_of: Callable[[str], str | None]) -> list[str] | None:
    """The two choices of ``sentence`` (no end mark), each with its clauses, or None.
    ``head_of`` reads where the first choice starts in the sentence's first comma part (after
    a colon or an opener: "You could ...", "Two options:")."""
    cut = sentence.rfind(", or ")
    if cut < 0:
        return None
    left, right = sentence[:cut], sentence[cut + 5 :].strip()
    parts = left.split(",")
    if len(parts) < 2 or not right:
        return None  # "A, or B" with no clause: the comma list reads it
    for part in parts[1:]:
        words = part.split()
        if not words or words[0].casefold() not in APPOSITIVES:
            return None  # "A, B, or C": three choices, the comma list's
    head = head_of(parts[0])
    if not head:
        return None
    first = (head + "," + ",".join(parts[1:])).strip()
    if len(first) > _ITEM_CHARS or len(right) > _ITEM_CHARS:
        return None
    return [first, right]
