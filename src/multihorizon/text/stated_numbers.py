"""The numbers a turn states, as strings a later turn can name again ("the 450 gram", "that
$300-600", "Is 28,000 miles a lot", "the 3:1 ratio"): rule number-holders (ours, SPEC-028
§4.1 entity reference, §4.2 antecedents; issue 15 item 1).

``stated_numbers`` reads a text once, left to right, with no pattern that can backtrack
(inputs run to 1,000,000 characters): each run of digits, with "," "." or ":" between two
digits kept inside it ("1,800", "2.25", "3:1"), the thousands commas dropped ("28,000" and
"28000" are one number). A range or a size is its parts ("300-600", "4x2x2"). A number of
fewer than ``MIN_DIGITS`` digits ("3 days", "step 2") is said too often to name anything.
"""

from __future__ import annotations

__all__ = ["MIN_DIGITS", "has_number", "stated_numbers"]

MIN_DIGITS = 2  # the fewest digits of a number that names something said before
_INSIDE = frozenset(",.:")  # kept between two digits: "1,800", "2.25", "3:1"


def has_number(text: str) -> bool:
    """Whether ``text`` holds a digit at all (a cheap gate before ``stated_numbers``: one
    scan that stops at the first)."""
    return any("0" <= char <= "9" for char in text)


def stated_numbers(text: str) -> frozenset[str]:
    """The numbers ``text`` states with at least ``MIN_DIGITS`` digits, thousands commas
    dropped ("$1,800" -> "1800", "13%" -> "13", "A=435" -> "435", "£6,000-£12,000" ->
    "6000" and "12000"). A number glued to letters before it ("v2", "mp3", "HbA1c") is a
    name, not a number."""
    found: set[str] = set()
    size, position = len(text), 0
    while position < size:
        char = text[position]
        if not ("0" <= char <= "9"):
            position += 1
            continue
        start = position
        glued = start > 0 and text[start - 1].isalpha()
        digits = 0
        while position < size:
            char = text[position]
            if "0" <= char <= "9":
                digits += 1
                position += 1
            elif char in _INSIDE and position + 1 < size and "0" <= text[position + 1] <= "9":
                position += 1
            else:
                break
        if digits >= MIN_DIGITS and not glued:
            found.add(text[start:position].replace(",", "").rstrip(".:"))
    return frozenset(found)
