"""Amounts a turn states ("$449", "1.24 kg", "a 6.4-inch screen") and the comparative words
that pick among them ("the cheaper one", "the lighter laptop"), as data.

Rule entity-references (ours, SPEC-028 §4.1 entity reference): "the cheaper blender" names
the thing whose turn states the lowest price. ``amounts`` reads a text once, left to right,
with no pattern that can backtrack; the words are tables, so a new form is a new entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["COMPARATIVES", "DEGREE_WORDS", "adds_something", "amounts", "comparative_words"]

# The amount's kind, from the unit that follows the number or the currency sign before it.
PRICE = "price"
WEIGHT = "weight"
LENGTH = "length"
STORAGE = "storage"
VOLUME = "volume"

_CURRENCY_SIGNS = frozenset("$€£¥₹")
# Unit word -> (kind, factor to the kind's base unit). Case-folded; a hyphen or one space may
# sit between number and unit ("6.4-inch", "1.24 kg").
_UNITS: Mapping[str, tuple[str, float]] = MappingProxyType(
    {
        "dollars": (PRICE, 1.0),
        "dollar": (PRICE, 1.0),
        "usd": (PRICE, 1.0),
        "euros": (PRICE, 1.0),
        "euro": (PRICE, 1.0),
        "eur": (PRICE, 1.0),
        "yen": (PRICE, 1.0),
        "kg": (WEIGHT, 1000.0),
        "kilograms": (WEIGHT, 1000.0),
        "kilos": (WEIGHT, 1000.0),
        "g": (WEIGHT, 1.0),
        "grams": (WEIGHT, 1.0),
        "lb": (WEIGHT, 453.6),
        "lbs": (WEIGHT, 453.6),
        "inch": (LENGTH, 2.54),
        "inches": (LENGTH, 2.54),
        "cm": (LENGTH, 1.0),
        "mm": (LENGTH, 0.1),
        "ft": (LENGTH, 30.48),
        "feet": (LENGTH, 30.48),
        "gb": (STORAGE, 1.0),
        "tb": (STORAGE, 1000.0),
        "ml": (VOLUME, 1.0),
        "litre": (VOLUME, 1000.0),
        "liter": (VOLUME, 1000.0),
        "litres": (VOLUME, 1000.0),
        "liters": (VOLUME, 1000.0),
        "ounce": (VOLUME, 29.6),
        "ounces": (VOLUME, 29.6),
        "oz": (VOLUME, 29.6),
    }
)
# A multiplier right after a price ("$4.2M", "$12k").
_MULTIPLIERS: Mapping[str, float] = MappingProxyType({"k": 1e3, "m": 1e6, "bn": 1e9})

# Comparative or superlative word -> (the kinds it compares, +1 the largest / -1 the
# smallest). "more"/"less"/"most"/"least" before an adjective: see DEGREE_WORDS.
_SIZES = (LENGTH, STORAGE, VOLUME)
COMPARATIVES: Mapping[str, tuple[tuple[str, ...], int]] = MappingProxyType(
    {
        "cheaper": ((PRICE,), -1),
        "cheapest": ((PRICE,), -1),
        "pricier": ((PRICE,), 1),
        "priciest": ((PRICE,), 1),
        "costlier": ((PRICE,), 1),
        "dearer": ((PRICE,), 1),
        "more expensive": ((PRICE,), 1),
        "most expensive": ((PRICE,), 1),
        "less expensive": ((PRICE,), -1),
        "least expensive": ((PRICE,), -1),
        "more affordable": ((PRICE,), -1),
        "most affordable": ((PRICE,), -1),
        "more costly": ((PRICE,), 1),
        "lighter": ((WEIGHT,), -1),
        "lightest": ((WEIGHT,), -1),
        "heavier": ((WEIGHT,), 1),
        "heaviest": ((WEIGHT,), 1),
        "bigger": (_SIZES, 1),
        "biggest": (_SIZES, 1),
        "larger": (_SIZES, 1),
        "largest": (_SIZES, 1),
        "smaller": (_SIZES, -1),
        "smallest": (_SIZES, -1),
    }
)
DEGREE_WORDS = frozenset({"more", "most", "less", "least"})


# Words by which a user turn adds something to what the conversation covers ("She also
# needs a case", "I need a toaster too"): the things compared before it end there.
_ADDING = frozenset({"also", "too", "additionally", "plus"})


def adds_something(text: str) -> bool:
    """Whether a turn holds one of the adding words ("also", "too")."""
    folded = text.casefold()
    if not any(word in folded for word in _ADDING):
        return False
    return any(word.strip(".,;:!?") in _ADDING for word in folded.split())


def comparative_words(first: str, second: str) -> tuple[str, int]:
    """The comparative at ``first`` (and ``second``, after a degree word), case-folded:
    (its key in COMPARATIVES, how many words it spans), or ("", 0) when there is none."""
    if first in COMPARATIVES:
        return first, 1
    if first in DEGREE_WORDS:
        key = f"{first} {second}"
        if key in COMPARATIVES:
            return key, 2
    return "", 0


def amounts(text: str) -> tuple[tuple[str, float], ...]:
    """Every amount the text states, as (kind, value in the kind's base unit), in order: a
    currency sign before a number ("$1,099", "€180"), or a unit after it ("1.24 kg",
    "6.4-inch", "9,000 yen"). One pass over the characters."""
    found: list[tuple[str, float]] = []
    size, position = len(text), 0
    while position < size:
        char = text[position]
        if not char.isdigit() or (position and text[position - 1].isalnum()):
            position += 1
            continue
        start = position
        position = _number_end(text, position)
        digits = text[start:position].replace(",", "")
        try:
            value = float(digits)
        except ValueError:
            continue
        if start and text[start - 1] in _CURRENCY_SIGNS:
            word, after = _word_after(text, position, allow_gap=False)
            value *= _MULTIPLIERS.get(word, 1.0)
            found.append((PRICE, value))
            continue
        word, after = _word_after(text, position, allow_gap=True)
        unit = _UNITS.get(word)
        if unit is not None:
            kind, factor = unit
            found.append((kind, value * factor))
            position = after
    return tuple(found)


def _number_end(text: str, position: int) -> int:
    """The end of the number starting at ``position``: digits, with "," or "." between two
    digits ("1,099", "1.24")."""
    size = len(text)
    while position < size:
        char = text[position]
        if char.isdigit() or (
            char in ",." and position + 1 < size and text[position + 1].isdigit()
        ):
            position += 1
        else:
            break
    return position


_MAX_UNIT = 12  # the longest unit word read


def _word_after(text: str, position: int, *, allow_gap: bool) -> tuple[str, int]:
    """The case-folded letters right after ``position`` (after one space or hyphen when
    ``allow_gap``) and where they end."""
    size = len(text)
    if allow_gap and position < size and text[position] in " -\u00a0":
        position += 1
    end = position
    while end < size and end - position <= _MAX_UNIT and text[end].isalpha():
        end += 1
    if end < size and text[end].isalpha():
        return "", position  # a longer word than any unit
    return text[position:end].casefold(), end
