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
    for ref in resolution.references:
        if ref.type != "ordinal" or ref.target_turn is None or ref.item is None:
            continue
        named = _term_words(ref.surface)
        if not named:
            continue
        lists = log.features[ref.target_turn].enumeration_lists or ()
        opening = {item for listed in lists for item in listed.items if _opens(item, named)}
        if len(opening) == 1:
            (item,) = opening
            if item != ref.item:
                changed[id(ref)] = replace(ref, item=item)
    return resolution.with_changed(changed) if changed else resolution


def _term_words(surface: str) -> tuple[str, ...]:
    """The ordinal's words without its determiner, when they are two or more and do not end
    in "one" ("first fix", "second coat"); () otherwise ("the second one", "#2")."""
    said = [word.casefold() for word in words(surface)]
    while said and said[0] in _DETERMINERS:
        said = said[1:]
    if len(said) < 2 or said[-1] in _ONE:
        return ()
    return tuple(said)


def _opens(item: str, named: tuple[str, ...]) -> bool:
    """Whether ``item``'s first words are ``named`` (case aside)."""
    head = [word.casefold() for word in words(item[: 24 * len(named)])]
    return tuple(head[: len(named)]) == named
