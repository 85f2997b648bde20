"""An output's summing-up reply repeats its words: they stay the output's detail (SPEC-028
§4.1 tool, §4.2; rule summing-reply-words; issue 15 item 1).

Rule output-details reads a question's word that no logged turn said as a detail only one
output shows. But the assistant's reply right after an output sums it up in the output's own
words ("the grid voltage runs high, so the inverter throttles itself", "only 85 against a
reorder point of 300"), and a later question about that detail ("did the voltage thing happen
more than once?", "what is my gpa") then holds a word a turn said, so no output holds a
detail of its own and the question stays DRILL_DOWN. ``said_elsewhere`` leaves out, for one
output, the words only its own summing-up replies said (the assistant turns after the turn
it came after, up to the next user turn): for that output they are still unsaid. A word the
user said, or a reply to another exchange, stays said.

Costs O(1) per word and output: a word's postings are sorted, so whether a turn outside the
replies said it is read off its first and last posting.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence

from ..text.tokens import content_terms
from ..tiers.scratch import ScratchEntry
from .entry_texts import JSON_KEY
from .turnlog import TurnLog

__all__ = ["echoed_words", "summing_replies", "value_terms"]

# The most assistant turns read as one output's summing-up replies; the most turns a word
# said only in such replies may be said in.
_MAX_REPLIES = 4
_MAX_POSTINGS = 8
# Characters of an output read for its words (as rule output-details reads them).
_CONTENT_CHARS = 1500


def summing_replies(turn_id: int, log: TurnLog) -> range:
    """The log turns summing up an output that came after ``turn_id``: the assistant turns
    from the next one up to the next user turn (at most ``_MAX_REPLIES``)."""
    start = max(turn_id + 1, 0)
    end = start
    while end < len(log) and end - start < _MAX_REPLIES and log.roles[end] == "assistant":
        end += 1
    return range(start, end)


def echoed_words(
    terms: Iterable[str],
    entries: Sequence[ScratchEntry],
    log: TurnLog,
    held: Callable[[ScratchEntry], frozenset[str]],
) -> frozenset[str]:
    """Those of ``terms`` that only summing-up replies said (``summing_replies``), each the
    reply of an output holding the word among its values (``held``: an output's words among
    ``terms``; ``value_terms``: not a JSON key, which names a field every such output has: sgd's
    "What is the price?" of a later ride after a reply said a train's price): for
    the outputs they are unsaid ("voltage" of an inverter log whose reply said "the grid
    voltage runs high"). A word said more than ``_MAX_POSTINGS`` times is said."""
    terms = tuple(terms)
    if not terms:
        return frozenset()
    spans = [
        (summing_replies(entry.turn_id, log), held(entry) & value_terms(entry))
        for entry in entries
    ]
    echoed = set()
    for term in terms:
        turns = log.turns_mentioning(term)
        if not turns or len(turns) > _MAX_POSTINGS:
            continue
        if all(any(turn in span and term in words for span, words in spans) for turn in turns):
            echoed.add(term)
    return frozenset(echoed)



def value_terms(entry: ScratchEntry) -> frozenset[str]:
    """An output's words but its JSON keys (normalised terms of its first characters)."""
    return _value_terms(entry.raw_output[:_CONTENT_CHARS])


@functools.lru_cache(maxsize=512)
def _value_terms(content: str) -> frozenset[str]:
    return frozenset(content_terms(JSON_KEY.sub(" ", content)))
