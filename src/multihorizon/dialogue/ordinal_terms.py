"""An ordinal that is the opening of an item's own name (SPEC-028 §4.1 "which item of which
list", rule ordinal-terms): over "1. Strip out the old tiles. 2. First fix plumbing and
electrics ... 5. Second fix: fitting the toilet", "what did you mean by first fix?" names the
item that opens with "first fix", not the first item; "the first aid kit" over "- Water
- First aid kit - Torch" likewise. The ordinal's words (its determiner aside) must open
exactly one item of the lists of the turn it resolved to; an item that merely holds them
later ("the first fix did not hold") is not named by them.
"""

from __future__ import annotations

from dataclasses import replace

from ..config import Config
from ..text.list_nouns import LIST_NOUNS
from ..text.tokens import words
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_ordinal_terms"]

# Words before an ordinal that are not part of what it names ("the first fix", "your 2nd coat").
_DETERMINERS = frozenset(("the", "a", "an", "your", "my", "our", "that", "this", "those"))
_ONE = frozenset(("one", "ones"))


def with_ordinal_terms(resolution: Resolution, log: TurnLog, config: Config) -> Resolution:
    """``resolution`` with each ordinal whose words open exactly one item of its turn's lists
    moved to that item (rule ordinal-terms); unchanged otherwise."""
    if not config.ordinal_terms or resolution.addressee is not None:
        return resolution
    changed: dict[int, Reference] = {}
    # (turn, words) -> the items of that turn's lists opening with so many words, by their
    # words: built once per turn and length, so a turn of many ordinals stays linear.
    openings: dict[tuple[int, int], dict[tuple[str, ...], set[str]]] = {}
    for ref in resolution.references:
        if ref.type != "ordinal" or ref.target_turn is None or ref.item is None:
            continue
        named = _term_words(ref.surface)
        if not named:
            continue
        key = (ref.target_turn, len(named))
        if key not in openings:
            openings[key] = _openings(log, ref.target_turn, len(named))
        opening = openings[key].get(named, set())
        if len(opening) == 1:
            (item,) = opening
            if item != ref.item:
                changed[id(ref)] = replace(ref, item=item)
    return resolution.with_changed(changed) if changed else resolution


def _openings(log: TurnLog, turn: int, size: int) -> dict[tuple[str, ...], set[str]]:
    """The items of ``turn``'s lists by their first ``size`` words (case aside)."""
    found: dict[tuple[str, ...], set[str]] = {}
    for listed in log.features[turn].enumeration_lists or ():
        for item in listed.items:
            head = tuple(word.casefold() for word in words(item[: 24 * size])[:size])
            found.setdefault(head, set()).add(item)
    return found


def _term_words(surface: str) -> tuple[str, ...]:
    """The ordinal's words without its determiner, when they are two or more and do not end
    in "one" ("first fix", "second coat"); () otherwise ("the second one", "#2"), and for a
    determiner before a noun that names list items ("the first point", "your second tip":
    the item at that place, whatever an item opens with)."""
    said = [word.casefold() for word in words(surface)]
    determined = bool(said) and said[0] in _DETERMINERS
    while said and said[0] in _DETERMINERS:
        said = said[1:]
    if len(said) < 2 or said[-1] in _ONE or (determined and said[-1] in LIST_NOUNS):
        return ()
    return tuple(said)
