"""Reference of ``TurnCueReader``: a turn's peer-detection cues in one call (rule
peer-detection, SPEC-028 §3.3; ``dialogue.turn_cues`` documents the cues). The C++ twin is
``cpp/include/multihorizon/turn_cues.hpp``; the Numba backend uses this one (text, not
numbers). Both read ASCII text only and return None for any other, which
``dialogue.turn_cues`` reads with the regular expressions
themselves (``re``'s Unicode case folding is not ``str.lower``: "\u017f" matches "s").

Each cue is a regular expression of ``dialogue.offers`` / ``text.cues`` spelled as phrase
lists and a walk that visits each character a bounded number of times; in ASCII text ``re``'s
``\\s`` is ``str.isspace`` and ``\\w`` is ``str.isalnum`` or "_".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

__all__ = [
    "ASKS_FOR",
    "OFFERS_ELSE",
    "REQUEST",
    "SELF_TALK",
    "TO_LISTENER",
    "TurnCueReader",
]

REQUEST = 1  # an actionable request opens a sentence (``offers.is_request``)
ASKS_FOR = 2  # words that ask for something in the opening (``offers.asks_for_something``)
OFFERS_ELSE = 4  # "else" in the closing (``cues.offers_something_else``)
SELF_TALK = 8  # ``persons.stance`` +1
TO_LISTENER = 16  # ``persons.stance`` -1


class _Stance(Protocol):
    def stance(self, text: str) -> int | None: ...


# The regexes' character classes: a request's lead ``[\s"'*>-]``, a block's run
# ``[\s"'*>.!?-]`` (from a mark ``[.!?\n]``), a filler's separators ``[\s,!.:-]``.
_LEAD = frozenset("\"'*>-")
_BLOCK_RUN = _LEAD | frozenset(".!?")
_BLOCK_MARKS = frozenset(".!?\n")
_SEPARATORS = frozenset(",!.:-")


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


class TurnCueReader:
    """A turn's peer-detection cue bits, from phrase lists.

    Parameters
    ----------
    stance : StanceReader
        The reader of ``persons.stance`` (its reference: this one reads any text).
    openers, fillers : iterable of tuple of str
        A request's first words ("can you", "fix") and the words that may come before them
        ("ok", "thank you"): lower-case, matched with ``[ \\t]+`` between the words.
    repeats : iterable of tuple of str
        Words of a request that repeats an earlier one ("again"): not a request.
    asks_for, elses : iterable of tuple of str
        Words that ask for something ("i'd like"; a space inside a word is that one space)
        and that offer another topic ("else").
    asks_for_chars, asks_for_overrun : int
        ``ASKS_FOR``: a match starts in the first ``asks_for_chars`` characters and ends
        within ``asks_for_overrun`` more (``offers.search_head``).
    open_offer_chars : int
        ``OFFERS_ELSE``: a match starts in the last ``open_offer_chars`` characters.
    """

    def __init__(
        self,
        stance: _Stance,
        openers: Iterable[Sequence[str]],
        fillers: Iterable[Sequence[str]],
        repeats: Iterable[Sequence[str]],
        asks_for: Iterable[Sequence[str]],
        elses: Iterable[Sequence[str]],
        *,
        asks_for_chars: int,
        asks_for_overrun: int,
        open_offer_chars: int,
    ) -> None:
        self._stance = stance
        self._openers = _indexed(openers)
        self._fillers = _indexed(fillers)
        self._repeats = _indexed(repeats)
        self._asks_for = _indexed(asks_for)
        self._elses = _indexed(elses)
        self._asks_for_chars = asks_for_chars
        self._asks_for_overrun = asks_for_overrun
        self._open_offer_chars = open_offer_chars

    def cues(self, text: str, user: bool) -> int | None:
        """The cue bits of ``text`` (``REQUEST | ASKS_FOR | ...``); ``user``: a user turn
        (``REQUEST`` and ``ASKS_FOR`` are read only for those, as the features read them only
        for user turns). None for a text that is not ASCII."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        if not isinstance(user, bool):
            raise TypeError(f"user: expected bool, got {type(user).__name__}")
        if not text.isascii():
            return None
        found = 0
        size = len(text)
        if user:
            if self._request(text):
                found |= REQUEST
            end = min(size, self._asks_for_chars + self._asks_for_overrun)
            if _search(text, self._asks_for, 0, min(size, self._asks_for_chars), end):
                found |= ASKS_FOR
        if _search(text, self._elses, max(0, size - self._open_offer_chars), size, size):
            found |= OFFERS_ELSE
        stance = self._stance.stance(text)  # an int: the text is ASCII
        if stance is not None and stance > 0:
            found |= SELF_TALK
        elif stance is not None and stance < 0:
            found |= TO_LISTENER
        return found

    def _request(self, text: str) -> bool:
        """``offers.is_request``: ``scan.ChainScanner``'s walk from the text's start (after
        its lead characters) and from the end of every run of block characters that holds a
        mark; at each word, an opener ends the walk (a request), else a filler and its
        separators are passed, else the chain fails. No repeat word may follow anywhere."""
        size = len(text)
        failed: set[int] = set()
        lead = 0
        while lead < size and (text[lead].isspace() or text[lead] in _LEAD):
            lead += 1
        starts = [lead]
        at = 0
        while at < size:
            if text[at] not in _BLOCK_MARKS:
                at += 1
                continue
            at += 1
            while at < size and (text[at].isspace() or text[at] in _BLOCK_RUN):
                at += 1
            starts.append(at)
        for position in starts:
            while position < size and position not in failed:
                failed.add(position)  # once the chain opens, the marks are never read again
                if _match_any(text, position, size, self._openers):
                    return not _search(text, self._repeats, 0, size, size)
                filler = _match_any(text, position, size, self._fillers)
                if not filler:
                    break
                position = filler
                while position < size and (
                    text[position].isspace() or text[position] in _SEPARATORS
                ):
                    position += 1
        return False


_Index = dict[str, list[tuple[str, ...]]]


def _indexed(phrases: Iterable[Sequence[str]]) -> _Index:
    """Phrases by their first character. Words are lower-case ASCII and each phrase starts
    and ends with a word character, so ``\\b`` around it is a check of its neighbours."""
    index: _Index = {}
    for phrase in phrases:
        words = tuple(phrase)
        if not words or not all(words):
            raise ValueError("phrases: an empty phrase or word")
        for word in words:
            if not isinstance(word, str):
                raise TypeError("phrases: expected tuples of str words")
            if not word.isascii() or word != word.lower():
                raise ValueError(f"phrases: words must be lower-case ASCII, got {word!r}")
        if not (_word_char(words[0][0]) and _word_char(words[-1][-1])):
            raise ValueError("phrases: a phrase must start and end with a letter, digit or '_'")
        index.setdefault(words[0][0], []).append(words)
    return index


def _match(text: str, at: int, end: int, phrase: tuple[str, ...]) -> int:
    """Where ``phrase`` ends when it matches at ``at`` (0: it does not): case-insensitive,
    ``[ \\t]+`` between its words, a word boundary after it (``end`` counts as the end of
    the text, as ``re``'s endpos does)."""
    position = at
    for number, word in enumerate(phrase):
        if number:
            gap = position
            while position < end and text[position] in " \t":
                position += 1
            if position == gap:
                return 0
        stop = position + len(word)
        if stop > end or text[position:stop].lower() != word:
            return 0
        position = stop
    return position if position == end or not _word_char(text[position]) else 0


def _match_any(text: str, at: int, end: int, index: _Index) -> int:
    if at >= end:
        return 0
    for phrase in index.get(text[at].lower(), ()):
        found = _match(text, at, end, phrase)
        if found:
            return found
    return 0


def _search(text: str, index: _Index, start: int, stop: int, end: int) -> bool:
    """``\\b(?:phrases)\\b`` with a match starting in [start, stop) and ending by ``end``."""
    for at in range(start, stop):
        if at > 0 and _word_char(text[at - 1]):
            continue
        if _match_any(text, at, end, index):
            return True
    return False
