"""How a list marks its items, and which marking an ordinal's form asks for (SPEC-028 §4.1
"which enumeration", rule marker-styles), as data.

A reply may hold a numbered list ("1. ...") and later a lettered one ("A) ...") or a comma
list in a sentence; "option C" and "#3" name a list by its marks: a letter picks a lettered
list, a number written as digits ("#3", "step 3", "number 2", "3)") a numbered one. An
ordinal word ("the third", "the 3rd one", "the last") asks for no marking. Both reads are
bounded: a few characters of the list's first line, the words of the mention's surface.
"""

from __future__ import annotations

from collections.abc import Sequence

from .pick_labels import roman_value

__all__ = ["BULLETED", "LETTERED", "NUMBERED", "PLAIN", "ROMAN", "form_style", "list_style"]

NUMBERED = "numbered"
LETTERED = "lettered"
ROMAN = "roman"  # rule roman-labels: "I. ...", "II. ..."
BULLETED = "bulleted"
PLAIN = "plain"  # a comma list, prose ordinals, a heading per item: no mark per item

# Marks that close an item's label ("1.", "b)", "Option A:", "Step 2 -").
LABEL_ENDS = frozenset(".):-\u2013\u2014")
# Characters of markup around a label ("**1.**", "### 2.", "(a)").
LABEL_MARKUP = " \t*_#("
BULLETS = frozenset("-*+\u2022\u2023\u25e6\u00b7\u2043")
_LABEL_CHARS = 16  # characters before an item read for its label
_ITEM_HEAD = 24  # characters of the first item looked up in the text


def form_style(surface: str) -> str | None:
    """The marking an ordinal's surface asks for: NUMBERED for digits ("#3", "step 3",
    "number 2", "3)"), LETTERED for a single letter ("option C", "B", "d)"), else None."""
    words = surface.replace(")", " ").replace(".", " ").replace(":", " ").split()
    if not words:
        return None
    for word in words:
        digits = word.lstrip("#")
        if digits.isascii() and digits.isdigit() and len(digits) <= 2:
            return NUMBERED
    last = words[-1]
    if len(last) >= 2 and last.isupper() and roman_value(last) is not None:
        return ROMAN  # "option II" (a lone "I" is a pronoun, a lone "V" a letter)
    if len(last) == 1 and last.isascii() and last.isalpha():
        return LETTERED
    return None


def list_style(text: str, items: Sequence[str]) -> str:
    """How ``text`` marks the list of ``items``: the label before its first item ("2." or
    "Step 2:" NUMBERED, "b)" or "Option B:" LETTERED, "- " BULLETED, else PLAIN)."""
    if not items:
        return PLAIN
    at = text.find(items[0][:_ITEM_HEAD])
    if at < 0:
        return PLAIN
    line_start = text.rfind("\n", 0, at) + 1
    before = text[max(line_start, at - _LABEL_CHARS) : at].rstrip(LABEL_MARKUP)
    if len(before) >= 2 and before[-1] in LABEL_ENDS:
        # The label is one short word: "2", "12", "b" ("Use ed25519:" opens no numbered list).
        words = before[:-1].rstrip(LABEL_MARKUP).split()
        label = words[-1].lstrip(LABEL_MARKUP) if words else ""
        if label.isascii() and label.isdigit() and len(label) <= 2:
            return NUMBERED
        if roman_value(label) is not None:
            return ROMAN  # a list's first label: "I." opens a roman list, "a." a lettered one
        if label.isascii() and label.isalpha() and len(label) == 1:
            return LETTERED
    head = text[line_start:at].lstrip(" \t")
    if head[:1] in BULLETS and at - line_start <= _LABEL_CHARS:
        return BULLETED
    return PLAIN
