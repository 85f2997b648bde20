"""Returns that name no topic (SPEC-028 §3.3 resumption, rule bare-returns): "Anyway, where
were we?", "Sorry, what was I asking before that?", "Right, back to it.", "Circling back: is
it ok to run the day before?". Such a turn goes back to the thread left most recently, not
the one it is in; a turn that is nothing but the return asks to go on (§5.2 CONTINUE).

The phrases are data (``text.topic_clause_words.BARE_RETURNS``); one pass over a bounded
prefix of the turn, each phrase a tuple comparison.
"""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING

from ..text.lexicon import OPENING_FILLERS
from ..text.topic_clause_words import BARE_RETURN_TAILS, BARE_RETURNS
from ..text.turn_text import CLAUSE_ENDS
from .phrasing import WORD_STRIP

if TYPE_CHECKING:
    from .features import TurnFeatures

__all__ = ["ALONE", "NONE", "OPENS", "bare_return", "bare_return_of"]

NONE, OPENS, ALONE = 0, 1, 2
# How much of a turn is read: a return opens it (or the sentence after a short reaction).
_READ_CHARS = 160
# The longest reaction sentence a return may follow ("Ha, sorry, got sidetracked. Where were
# we?"), in words, as rule reaction-announcements reads one.
_REACTION_WORDS = 6
_SENTENCE_ENDS = ".!"
_DASHES = frozenset(("-", "\u2013", "\u2014"))
# ``BARE_RETURNS`` by first word, each list in the table's order: a turn whose word at the
# return's place opens none is read no further (most turns; issue 14).
_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in BARE_RETURNS:
    _BY_FIRST.setdefault(_phrase[0], []).append(_phrase)
# The words a return opens with: a turn none of whose words is one holds no return at any
# place (a set test over its words, no Python frame per token; issue 14).
_FIRSTS = frozenset(_BY_FIRST)


def bare_return(text: str) -> int:
    """``ALONE`` when the turn is only a return naming no topic ("Where were we?"), ``OPENS``
    when such a return opens it before more ("Circling back: is it ok ...?"), else ``NONE``.
    The return opens the turn after fillers ("Ok sorry, ..."), or the sentence after a short
    reaction ("Ha, got sidetracked. Where were we?"), and ends its clause."""
    tokens = text[:_READ_CHARS].casefold().replace("\u2019", "'").split()
    if len(text) > _READ_CHARS:
        tokens = tokens[:-1]  # the last token may be cut
    if _FIRSTS.isdisjoint(map(str.strip, tokens, repeat(WORD_STRIP))):
        return NONE  # ``_return_at`` needs one of them: most turns (88 in 100 real ones)
    found = _return_at(tokens, _after_fillers(tokens, 0))
    if found == NONE:
        reaction = next(
            (
                i + 1
                for i, token in enumerate(tokens[:_REACTION_WORDS])
                if token[-1] in _SENTENCE_ENDS
            ),
            -1,
        )
        if reaction > 0:
            found = _return_at(tokens, _after_fillers(tokens, reaction))
    return found


def bare_return_of(features: TurnFeatures) -> int:
    """``bare_return`` of a turn's text, read once per turn: the intent and the thread stages
    both ask (issue 14)."""
    return features.once("bare_return", None, lambda: bare_return(features.text))


def _after_fillers(tokens: list[str], start: int) -> int:
    while start < len(tokens) and tokens[start].strip(WORD_STRIP) in OPENING_FILLERS:
        if tokens[start][-1] in _SENTENCE_ENDS:
            return len(tokens)  # "Ok." ends a sentence of fillers: nothing opens after it
        start += 1
    return start


def _return_at(tokens: list[str], start: int) -> int:
    if start >= len(tokens):
        return NONE
    phrases = _BY_FIRST.get(tokens[start].strip(WORD_STRIP))
    if phrases is None:
        return NONE
    words = [token.strip(WORD_STRIP) for token in tokens[start : start + 8]]
    for phrase in phrases:
        size = len(phrase)
        if tuple(words[:size]) != phrase:
            continue
        end = start + size
        while end < len(tokens) and tokens[end - 1][-1] not in CLAUSE_ENDS:
            if tokens[end].strip(WORD_STRIP) not in BARE_RETURN_TAILS:
                break
            end += 1
        ends_clause = (
            end == len(tokens) or tokens[end - 1][-1] in CLAUSE_ENDS or tokens[end] in _DASHES
        )
        if not ends_clause:
            continue  # "where were we with the wheel", "going back home"
        rest = (token.strip(WORD_STRIP) for token in tokens[end:])
        alone = all(
            not word or word in OPENING_FILLERS or word in BARE_RETURN_TAILS for word in rest
        )
        return ALONE if alone else OPENS
    return NONE
