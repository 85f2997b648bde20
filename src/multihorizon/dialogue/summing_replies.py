"""An output's summing-up reply repeats its words: they stay the output's detail (SPEC-028
§4.1 tool, §4.2; rule summing-reply-words; issue 15 item 1).

Rule output-details reads a question's word that no logged turn said as a detail only one
output shows. But the assistant's reply right after an output sums it up in the output's own
words ("the grid voltage runs high, so the inverter throttles itself", "GPA 3.0"), and a
later question about that detail ("did the voltage thing happen more than once?", "what is my
gpa") then holds a word a turn said: no output holds a detail of its own, and the question
stays DRILL_DOWN. ``echoed_words`` reads which of a question's said words only such replies
said (the assistant turns after the turn an output came after, up to the next user turn),
each the reply of an output holding the word among its values (a JSON key names a field many
outputs have); rule output-details counts them unsaid, unless a turn after the reply said
another of the question's words (``said_since``: the talk moved on to it).
A word the user said, or a reply to another exchange, stays said.

Costs one read of each said word's postings (at most ``_MAX_POSTINGS``) against each output's
reply span, and each output's value words once (cached on its bounded prefix).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence

from ..text.tokens import content_terms
from ..tiers.scratch import ScratchEntry
from .entry_texts import JSON_KEY
from .fresh_outputs import question_words
from .turnlog import TurnLog

__all__ = ["asks_reasons", "echoed_words", "said_since", "summing_replies", "value_terms"]

# The most assistant turns read as one output's summing-up replies; the most turns a word
# said only in such replies may be said in.
_MAX_REPLIES = 4
_MAX_POSTINGS = 8
# Characters of an output read for its words (as rule output-details reads them).
_CONTENT_CHARS = 1500
# A question naming a reason ("is there any reason not to bump numpy to 1.26?") asks advice
# on what the reply said, not for a value shown (a closed class); words of a question read.
_REASON_NOUNS = frozenset(("reason", "reasons", "downside", "downsides", "risk", "risks"))
_MAX_WORDS = 48


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
        (summing_replies(entry.turn_id, log), held(entry) & value_terms(entry)) for entry in entries
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


def said_since(terms: Iterable[str], turn_id: int, log: TurnLog) -> bool:
    """Whether a turn after the summing-up replies of the output that came after ``turn_id``
    said one of ``terms``: the talk moved on to them ("Which platform offers the cheapest
    metered licences for crime titles?" after a reply said how licences are bought)."""
    after = summing_replies(turn_id, log).stop
    return any((turns := log.turns_mentioning(term)) and turns[-1] >= after for term in terms)


def asks_reasons(text: str) -> bool:
    """Whether a question names a reason or a risk (``_REASON_NOUNS``)."""
    return not _REASON_NOUNS.isdisjoint(question_words(text, _MAX_WORDS))
