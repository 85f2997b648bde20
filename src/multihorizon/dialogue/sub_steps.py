"""Items of a list nested under an item (SPEC-028 §4.1 "which item of which list"), rule
sub-steps: "step 2b", "2c, are backups in scope?", "the second sub-step of step 2", "in step
2, the third sub-point", "the first sub-point under locating the data". The spec's ordinal
reads the top-level list ("step 2" is its second item); the sub-item is the item of the list
nested under that item (``text.enumerations``: a nested list's lead is its parent item).

The parent is named by its number ("2b", "step 2", "the second step") or by its words
("under locating the data"); the sub-item by its letter ("b") or by an ordinal before a sub
noun (``text.pick_labels.SUB_NOUNS``). A named reference, first of the turn's (antecedents,
envelope, Tier C; not the §5.2 intent). One pass over the turn's first words.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Config
from ..text.ordinal_forms import ITEM_NOUNS, ORDINALS
from ..text.pick_labels import NOT_SUB_LABELS, PARENT_CUES, SUB_NOUNS
from ..text.tokens import content_terms
from .implicit_items import list_turns
from .ordinal_resolution import item_of_list
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_sub_steps"]

_CHARS = 200  # characters of the turn read: a sub-item pick opens its turn or clause
_STRIP = ".,!?:;\"'"
_LETTERS = "abcdefghij"
_LIST_TURNS = 3  # replies with lists searched for a nested list
_PARENT_WORDS = 6  # words after a parent cue that may name the parent item
_CONFIDENCE = 0.7


def with_sub_steps(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with the sub-item the turn picks first (rule sub-steps); unchanged when
    it names none or no reply in reach nests a list under the parent item."""
    if not config.sub_steps or resolution.addressee is not None:
        return resolution
    words = [word.strip(_STRIP).casefold() for word in content[:_CHARS].split()]
    pick = _compound(words) or _sub_noun(words)
    if pick is None:
        return resolution
    parent, sub, surface = pick
    for turn in list_turns(log)[:_LIST_TURNS]:
        item = _sub_item(log, turn, parent, sub)
        if item is not None:
            # Lower-cased letter for letter: casefold() may change the length ("ß" -> "ss"),
            # and the offsets are the turn's own.
            head = "".join(ch.lower() if ch.isascii() else ch for ch in content[:_CHARS])
            at = max(0, head.find(surface))
            picked = Reference(
                "ordinal", content[at : at + len(surface)], at, at + len(surface), turn,
                item=item, confidence=_CONFIDENCE,
            )  # fmt: skip
            return resolution.with_first(picked)
    return resolution


# A pick: (the parent, a number or the words naming it; the sub-item's number; surface).
_Pick = tuple[int | tuple[str, ...], int, str]


def _compound(words: Sequence[str]) -> _Pick | None:
    """ "2b", "step 2b", "2.c", "2(c)": a number and a letter in one word."""
    for word in words:
        bare = word.replace("(", "").replace(")", "")
        digits = bare[: len(bare) - len(bare.lstrip("0123456789"))]
        rest = bare[len(digits) :].lstrip(".")
        if bare in NOT_SUB_LABELS:
            continue
        if 1 <= len(digits) <= 2 and len(rest) == 1 and rest in _LETTERS:
            return int(digits), _LETTERS.index(rest) + 1, word
    return None


def _sub_noun(words: Sequence[str]) -> _Pick | None:
    """ "the second sub-step of step 2", "sub-point b under configuring"."""
    for at, word in enumerate(words):
        noun = word in SUB_NOUNS or (
            word == "sub" and at + 1 < len(words) and words[at + 1] in ITEM_NOUNS
        )
        if not noun:
            continue
        end = at + 1 + (word == "sub")
        sub = _sub_number(words, at, end)
        if sub is None:
            return None
        parent = _parent(words, at, end)
        return None if parent is None else (parent, sub, word)
    return None


def _sub_number(words: Sequence[str], at: int, end: int) -> int | None:
    before = words[at - 1] if at > 0 else ""
    if before in ORDINALS and ORDINALS[before] > 0:
        return ORDINALS[before]
    after = words[end] if end < len(words) else ""
    if len(after) == 1 and after in _LETTERS:
        return _LETTERS.index(after) + 1
    return int(after) if after.isdigit() and len(after) <= 2 else None


def _parent(words: Sequence[str], at: int, end: int) -> int | tuple[str, ...] | None:
    """The parent item: "step 2" / "the second step" anywhere in the turn, else the words
    after a parent cue following the sub noun ("under locating the data")."""
    for k, word in enumerate(words[:-1]):
        if at <= k < end:
            continue
        after = words[k + 1]
        if word in ITEM_NOUNS and after.isdigit() and len(after) <= 2:
            return int(after)
        if word in ORDINALS and ORDINALS[word] > 0 and after in ITEM_NOUNS and k + 1 != at:
            return ORDINALS[word]
    cue = end + (end + 1 < len(words) and words[end] in _LETTERS and len(words[end]) == 1)
    if cue < len(words) and words[cue] in PARENT_CUES:
        named = content_terms(" ".join(words[cue + 1 : cue + 1 + _PARENT_WORDS]))
        return tuple(named) or None
    return None


def _sub_item(log: TurnLog, turn: int, parent: int | tuple[str, ...], sub: int) -> str | None:
    """The ``sub``-th item of the list nested under ``parent`` in one of ``turn``'s lists."""
    lists = log.features[turn].enumeration_lists or ()
    nested = {listed.lead: listed.items for listed in lists}
    for listed in reversed(lists):
        under = [item for item in listed.items if item in nested and item != listed.lead]
        if not under:
            continue
        if isinstance(parent, int):
            item = listed.items[parent - 1] if 0 < parent <= len(listed.items) else None
        else:
            item = item_of_list(parent, under, True)
        subs = nested.get(item) if item in under else None
        if subs is not None and 0 < sub <= len(subs):
            return subs[sub - 1]
    return None
