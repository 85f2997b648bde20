"""An earlier list named by its topic (SPEC-028 §4.1 "the second option" -> which
enumeration?, rule list-topics): "Pepper number four" after a list of peppers and a later list
of bottling steps, "Going back to the possible causes, the opening one", "Under the radios,
what makes the first one sturdy?" (a list nested under "A handheld radio").

An ordinal the spec reads against the latest list is read against another list of the last
few replies when the turn says a word of that list's lead or of the question it answers
(``implicit_items.read_lists``' framing words), of that list alone, and none of the latest
list's. Such a reference keeps its place (it reaches the antecedents, the envelope and Tier
C as the ordinal did).
"""

from __future__ import annotations

from dataclasses import replace

from ..config import Config
from ..text.item_words import NOT_ITEM_WORDS
from ..text.list_nouns import LIST_NOUNS
from ..text.ordinal_forms import ITEM_NOUNS
from .features import TurnFeatures
from .implicit_items import ListWords, Words, list_turns, read_lists
from .own_lists import ordinal_of
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_list_topics"]

_Listed = tuple[int, ListWords, Words]  # a reply's turn, one of its lists, its framing words


def with_list_topics(
    resolution: Resolution, features: TurnFeatures, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with each ordinal item moved to the list the turn names by its topic;
    unchanged otherwise."""
    if not config.list_topics or resolution.addressee is not None:
        return resolution
    ordinals = [ref for ref in resolution.references if ref.type == "ordinal" and ref.item]
    if not ordinals:
        return resolution  # most turns
    nouns = LIST_NOUNS if config.list_nouns else frozenset()
    terms = [
        t for t in features.terms
        if t not in NOT_ITEM_WORDS and (t not in ITEM_NOUNS or t in nouns) and len(t) >= 3
    ]  # fmt: skip
    if not terms:
        return resolution
    lists: list[_Listed] = [(turn, listed, framing) for turn in list_turns(log)
             for listed, framing in read_lists(turn, log)]  # fmt: skip
    changed: dict[int, Reference] = {}
    for ref in ordinals:
        moved = _moved(ref, terms, lists, config.item_echoes, config.laid_out_lists)
        if moved is not None:
            changed[id(ref)] = moved
    if not changed:
        return resolution
    return resolution.with_changed(changed)


def _moved(
    ref: Reference, terms: list[str], lists: list[_Listed], echoes: bool, kept: bool = False
) -> Reference | None:
    """``ref`` on the one other list whose topic the turn names, or None. ``kept`` (rule
    laid-out-lists): not when the item picked holds a word of the turn ("the first one, how
    stiff a brush?" picks "scrub it with a stiff brush", though a later reply answered
    "Spray or brush?")."""
    number = ordinal_of(ref.surface)
    if number is None:
        return None
    own = [entry for entry in lists if entry[0] == ref.target_turn and ref.item in entry[1].items]
    if not own or any(own[0][2].hold(term) for term in terms):
        return None  # the turn says the latest list's own topic (or its list is out of reach)
    if kept and _echoes(own[0][1], number, terms):
        return None
    named = [e for e in lists if e is not own[0] and any(e[2].hold(term) for term in terms)]
    if not named and echoes and not _echoes(own[0][1], number, terms):
        # Rule item-echoes: "We'll start with #1, how many per team?" past a later list whose
        # first item says nothing of teams: the one other list whose first item does.
        named = [e for e in lists if e is not own[0] and _echoes(e[1], number, terms)]
    if len(named) != 1:
        return None
    turn, listed, _ = named[0]
    index = number - 1 if number > 0 else len(listed.items) + number
    if not 0 <= index < len(listed.items):
        return None
    return replace(ref, target_turn=turn, item=listed.items[index])


def _echoes(listed: ListWords, number: int, terms: list[str]) -> bool:
    """Whether the item at ``number`` of ``listed`` holds a content word of the turn."""
    index = number - 1 if number > 0 else len(listed.items) + number
    if not 0 <= index < len(listed.items):
        return False
    return any(listed.words[index].hold(term) for term in terms)
