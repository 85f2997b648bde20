"""An ordinal that says what its item is about (SPEC-028 §4.1 "which item of which list", rule
ordinal-about): "the last one about watering" names the last item about watering, in
whichever list of the replies in reach holds one, not the last item of the latest list when
that item says nothing of watering; "the first one with squats", "the second one on
backups" likewise count among the items about their words.

The words after the ordinal (``text.pick_labels.ABOUT_WORDS`` then up to ``_WORDS`` words, to
the first mark) are looked up as rule item-words looks up a turn's words
(``implicit_items.Words.hold``). The ordinal keeps its place among the references; only its
turn and item change.
"""

from __future__ import annotations

from dataclasses import replace

from ..config import Config
from ..text.item_words import NOT_ITEM_WORDS
from ..text.pick_labels import ABOUT_WORDS
from ..text.tokens import content_terms
from .implicit_items import list_turns, read_lists
from .own_lists import ordinal_of
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_ordinal_about"]

_WORDS = 4  # words after "about" read as what the item is about
_AFTER_CHARS = 80  # characters after the ordinal read
_STOPS = ",.?!;:()"
_ONE = frozenset(("one", "ones"))
_AFTER_ONE = frozenset(("with", "on"))


def with_ordinal_about(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with each ordinal followed by "about X" moved to the item about X it
    counts to (rule ordinal-about); unchanged otherwise."""
    if not config.ordinal_about or resolution.addressee is not None:
        return resolution
    ordinals = [r for r in resolution.references if r.type == "ordinal" and r.item is not None]
    if not ordinals:
        return resolution  # most turns
    changed: dict[int, Reference] = {}
    for ref in ordinals:
        one = ref.surface.rsplit(None, 1)[-1].casefold() in _ONE
        terms = _about_terms(content[ref.end : ref.end + _AFTER_CHARS], one)
        number = ordinal_of(ref.surface)
        if terms and number is not None:
            moved = _moved(ref, number, terms, log)
            if moved is not None:
                changed[id(ref)] = moved
    return resolution.with_changed(changed) if changed else resolution


def _about_terms(after: str, one: bool) -> list[str]:
    """The content words after "about" / "with" ... that open ``after``, to the first mark;
    "with" and "on" only after "one" ("the last one with squats", not "the first step with
    a bad knee")."""
    words = after.split()
    lead = words[0].casefold() if words else ""
    if lead not in ABOUT_WORDS or (lead in _AFTER_ONE and not one):
        return []
    said: list[str] = []
    for word in words[1 : 1 + _WORDS]:
        bare = word.strip(_STOPS)
        if bare:
            said.append(bare)
        if bare != word.rstrip(_STOPS) or word[-1:] in _STOPS or bare in ("-", "\u2013"):
            break
    return [t for t in content_terms(" ".join(said)) if t not in NOT_ITEM_WORDS and len(t) >= 3]


def _moved(ref: Reference, number: int, terms: list[str], log: TurnLog) -> Reference | None:
    """``ref`` on the ``number``-th item about ``terms`` of the latest list holding one, or
    None when its own item is about them or no list in reach holds one."""
    for turn in list_turns(log):
        for listed, _ in reversed(read_lists(turn, log)):
            about = [
                item
                for item, words in zip(listed.items, listed.words, strict=True)
                if any(words.hold(term) for term in terms)
            ]
            if ref.item in listed.items and ref.item in about:
                return None  # the item the ordinal read is about them already
            if not about:
                continue
            index = number - 1 if number > 0 else len(about) + number
            if not 0 <= index < len(about):
                return None
            return replace(ref, target_turn=turn, item=about[index])
    return None
