"""Reference of ``StanceReader``: rule peer-detection's reading of whom a turn talks about
(SPEC-028 §3.3; ``text.persons.stance`` documents the rule). The C++ twin
(``cpp/include/multihorizon/persons.hpp``) reads ASCII text in one pass and returns None for
any other text, which this reference then reads (Unicode case folding, spaces and digits);
the Numba backend uses this one (text, not numbers). No regular expression: split on
whitespace, strip punctuation, look phrases up as word tuples.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["StanceReader"]


class StanceReader:
    """Whom a text talks about, from the word lists of ``text.persons``.

    Parameters
    ----------
    first_person, possessive, second_person : iterable of str
        Words of the speaker ("i", "my"), of the speaker's own things ("my"), of the
        listener ("you").
    edges : str
        Characters stripped from both ends of each word.
    service, personal : iterable of tuple of str
        Phrases of serving the listener ("shall i") and of asking about the listener's
        life ("for fun").
    answer_chars : int
        A longer text is a long answer (-1).
    head_chars : int
        Only the text's first ``head_chars`` characters are read.
    """

    def __init__(
        self,
        first_person: Iterable[str],
        possessive: Iterable[str],
        second_person: Iterable[str],
        edges: str,
        service: Iterable[tuple[str, ...]],
        personal: Iterable[tuple[str, ...]],
        *,
        answer_chars: int,
        head_chars: int,
    ) -> None:
        self._first = frozenset(first_person)
        self._possessive = frozenset(possessive)
        self._second = frozenset(second_person)
        self._edges = edges
        self._service = frozenset(tuple(phrase) for phrase in service)
        self._personal = frozenset(tuple(phrase) for phrase in personal)
        phrases = self._service | self._personal
        # A phrase is looked up only where one of its first words stands.
        self._starts = frozenset(phrase[0] for phrase in phrases)
        self._sizes = tuple(sorted({len(phrase) for phrase in phrases}))
        self._answer_chars = answer_chars
        self._head_chars = head_chars

    def stance(self, text: str) -> int:
        """+1 when the text talks about its speaker (first person and no "you", or "my
        ...") or asks about the listener's life; -1 when it talks to its listener (a "you"
        and no first person) or is a long answer; else 0. A text that serves its listener
        (a digit, or a service phrase) is never +1 unless it says "my ...", and is -1 unless
        it has a first person and no "you". Always an int here (None only from the C++
        twin, for text it leaves to this reference)."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        if len(text) > self._answer_chars:
            return -1
        head = text[: self._head_chars]
        stripped = (
            word.strip(self._edges).replace("\u2019", "'") for word in head.casefold().split()
        )
        listed = [word for word in stripped if word]
        words = set(listed)
        first = not self._first.isdisjoint(words)
        second = not self._second.isdisjoint(words)
        # "my kids are grown, i am 60": one's own things outweigh a number ("my pleasure"
        # aside).
        possessive = not self._possessive.isdisjoint(words)
        serves = _has_digit(head) or self._has_phrase(listed, self._service)
        if serves and not (possessive and "pleasure" not in words):
            return 0 if first and not second else -1
        if (first and not second) or possessive or self._has_phrase(listed, self._personal):
            return 1
        return -1 if second and not first else 0

    def _has_phrase(self, words: Sequence[str], phrases: frozenset[tuple[str, ...]]) -> bool:
        """Whether one of ``phrases`` occurs in ``words``: tried only at the words that open
        one of them."""
        last = len(words)
        for start, word in enumerate(words):
            if word not in self._starts:
                continue
            for size in self._sizes:
                if start + size <= last and tuple(words[start : start + size]) in phrases:
                    return True
        return False


_ASCII_DIGITS = frozenset("0123456789")


def _has_digit(text: str) -> bool:
    """Whether a character of ``text`` is a digit (``str.isdigit``: "²" is one too); for
    ASCII text, where the digits are 0-9, one set test in C instead of a loop per character."""
    if text.isascii():
        return not _ASCII_DIGITS.isdisjoint(text)
    return any(char.isdigit() for char in text)
