"""An item named by words one list item holds only in part (ours, SPEC-028 §4.1 ordinal and
turn references; rule partial-items, issue 15 item 1).

"the dog walker idea" after a reply that suggested "a dog walker at lunchtime" in prose and
a later reply whose sentence list says "the dog" only: the words name the turn that said
them all, not the list item holding one of them. A reference by an item's words ("the X Y
one", "the X Y idea"; no place, no quality) whose item holds only some of its words (in any
form, ``ordinal_resolution.same_stem``) resolves to the latest assistant turn in reach that
says every word, when there is one. Reads the item's text and the log's postings.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace

from ..config import Config
from ..text.tokens import content_terms
from .ordinal_resolution import same_stem
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["whole_phrase_turns"]

_PER_TERM = 64  # postings read per word (the log's length does not matter)


def whole_phrase_turns(
    mentions: Sequence[Mention], found: Sequence[Reference], log: TurnLog, config: Config
) -> list[Reference]:
    """``found`` (one reference per mention, in order) with, when rule partial-items is on,
    each reference by an item's words that its item holds only in part moved to the latest
    assistant turn in reach saying all of them (a turn reference), when one does."""
    kept = list(found)
    if not config.partial_items:
        return kept
    window = config.reference_search_window
    for index, (mention, reference) in enumerate(zip(mentions, found, strict=True)):
        if not _partial(mention, reference):
            continue
        turn = _says_all(mention.terms, log, len(log), window)
        if turn >= 0 and turn != reference.target_turn:
            kept[index] = replace(reference, type="turn", target_turn=turn, item=None)
    return kept


def _partial(mention: Mention, reference: Reference) -> bool:
    if mention.type != "ordinal" or mention.ordinal is not None or mention.quality:
        return False
    if len(mention.terms) < 2 or reference.item is None:
        return False
    said = content_terms(reference.item)
    return not all(any(same_stem(term, word) for word in said) for term in mention.terms)


def _says_all(terms: Sequence[str], log: TurnLog, now: int, window: int) -> int:
    """The latest assistant turn in ``window`` before ``now`` whose words hold every one of
    ``terms``, else -1."""
    floor = max(0, now - window)
    common: set[int] | None = None
    for term in terms:
        postings = log.turns_mentioning(term)
        cut = bisect_left(postings, now)
        turns = {
            int(postings[position])
            for position in range(cut - 1, max(-1, cut - 1 - _PER_TERM), -1)
            if postings[position] >= floor
        }
        common = turns if common is None else common & turns
        if not common:
            return -1
    roles = log.roles
    return max((turn for turn in common or () if roles[turn] == "assistant"), default=-1)
