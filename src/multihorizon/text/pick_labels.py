"""List labels a turn picks an item by (SPEC-028 §4.1 "the second option" -> which item?), as
data: roman numerals (rule roman-labels: "I. Simple squares\nII. Rail fence" is a numbered
list, and "option II" picks its item) and the words a bare pick may carry ("2 pls", "B
please", "#3 thanks": rule label-picks)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["BARE_PICK_MOST", "BARE_PICK_WORDS", "ROMAN_NUMERALS", "roman_value"]

_UPPER = "I II III IV V VI VII VIII IX X XI XII".split()
ROMAN_NUMERALS: Mapping[str, int] = MappingProxyType(
    {
        **{numeral: value for value, numeral in enumerate(_UPPER, 1)},
        **{numeral.lower(): value for value, numeral in enumerate(_UPPER, 1)},
    }
)

# The words around a bare label that leave it a pick ("2 pls", "option 3 then", "number 4
# thanks", "I'll take 2"): a turn of a label and only these is an answer naming an item.
BARE_PICK_WORDS = frozenset(
    """
    pls plz please thanks thank thx ty then ok okay sure yes yeah yep number no option opt
    choice one the i'll ill i'd id take go with let's lets choose pick like prefer for me
    sounds good maybe probably think i guess do that is it
    """.split()
)
BARE_PICK_MOST = 8  # words: a longer turn says more than a pick


def roman_value(label: str) -> int | None:
    """1-12 for a numeral written in one case ("III", "iv"), else None."""
    return ROMAN_NUMERALS.get(label)
