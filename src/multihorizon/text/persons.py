"""Who a turn talks about: its speaker or its listener (rule peer-detection, SPEC-028 §3.3).

People chatting tell each other about themselves ("i just got off work, my kids ...") and ask
about each other ("what do you do for fun?", "how about you?"); an assistant, human or model,
talks about the one it serves ("would you like ...", "your table is booked") and reports what
it does for them ("I found 3 hotels", "shall I book it?", a price, a time, a phone number).
``stance`` reads that from a reply's opening words, with no regular expression: split on
whitespace, strip punctuation, look phrases up as word tuples.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["STANCE_CHARS", "stance"]

# The opening of a reply says enough; a long model reply is not read to its end.
STANCE_CHARS = 400
# A reply this long is a model's or a service's answer, not a turn of chat between people.
_ANSWER_CHARS = 600

_FIRST_PERSON = frozenset(["i", "i'm", "im", "i've", "i'd", "i'll", "me", "my", "mine", "myself"])
_POSSESSIVE = frozenset(["my", "mine", "myself"])
_SECOND_PERSON = frozenset(
    ["you", "you're", "you've", "you'd", "you'll", "your", "yours", "yourself"]
)
_EDGES = "\"'()[]{}.,;:!?*-\u2019\u2018\u201c\u201d"

# Phrases of someone serving the listener: offering to act or reporting what was done for
# them ("shall I book it?", "I found 3 hotels", "would you like ...", "my pleasure").
_SERVICE_PHRASES = frozenset(
    [
        ("should", "i"),
        ("shall", "i"),
        ("may", "i"),
        ("can", "i"),
        ("let", "me"),
        ("i", "found"),
        ("i've", "found"),
        ("i", "located"),
        ("i", "booked"),
        ("i've", "booked"),
        ("i", "recommend"),
        ("i", "suggest"),
        ("my", "pleasure"),
        ("i", "have", "found"),
        ("i", "have", "booked"),
        ("would", "you", "like"),
        ("do", "you", "want"),
    ]
)
# Questions about the listener's own life, which people ask each other and a service does
# not ask the one it serves ("how are you doing?", "do you like dogs?", "and you?").
_PERSONAL_QUESTIONS = frozenset(
    [
        ("about", "you"),
        ("and", "you"),
        ("and", "yourself"),
        ("how", "old"),
        ("for", "fun"),
        ("you", "doing"),
        ("you", "into"),
        ("your", "day"),
        ("your", "night"),
        ("your", "favorite"),
        ("your", "favourite"),
        ("any", "hobbies"),
        ("any", "pets"),
        ("any", "kids"),
        ("any", "children"),
        ("do", "you", "like"),
        ("do", "you", "love"),
        ("do", "you", "enjoy"),
        ("do", "you", "do"),
        ("do", "you", "work"),
        ("have", "you", "ever"),
        ("how", "are", "you"),
        ("are", "you", "from"),
        ("are", "you", "married"),
        ("you", "up", "to"),
    ]
)
_PHRASE_SIZES = (2, 3)
# The phrases by first word: a phrase is looked up only where one of its first words stands.
_PHRASE_STARTS = frozenset(phrase[0] for phrase in _SERVICE_PHRASES | _PERSONAL_QUESTIONS)
_ASCII_DIGITS = frozenset("0123456789")


def stance(text: str) -> int:
    """+1 when the text talks about its speaker (first person and no "you", or "my ...") or
    asks about the listener's life ("what do you do for fun?"); -1 when it talks to its
    listener (a "you" and no first person) or is a long answer; else 0. A text that serves
    its listener (a number: a price, a time, a phone number; or "I found ...", "shall I
    ...", "would you like ...") is never +1 unless it says "my ...", and is -1 unless it has
    a first person and no "you"."""
    if len(text) > _ANSWER_CHARS:
        return -1
    head = text[:STANCE_CHARS]
    stripped = (word.strip(_EDGES).replace("\u2019", "'") for word in head.casefold().split())
    listed = [word for word in stripped if word]
    words = set(listed)
    first = not _FIRST_PERSON.isdisjoint(words)
    second = not _SECOND_PERSON.isdisjoint(words)
    # "my kids are grown, i am 60": one's own things outweigh a number ("my pleasure" aside).
    possessive = not _POSSESSIVE.isdisjoint(words)
    serves = _has_digit(head) or _has_phrase(listed, _SERVICE_PHRASES)
    if serves and not (possessive and "pleasure" not in words):
        return 0 if first and not second else -1
    if (first and not second) or possessive or _has_phrase(listed, _PERSONAL_QUESTIONS):
        return 1
    return -1 if second and not first else 0


def _has_digit(text: str) -> bool:
    """Whether a character of ``text`` is a digit (``str.isdigit``: "²" is one too); for
    ASCII text, where the digits are 0-9, one set test in C instead of a loop per character."""
    if text.isascii():
        return not _ASCII_DIGITS.isdisjoint(text)
    return any(char.isdigit() for char in text)


def _has_phrase(words: Sequence[str], phrases: frozenset[tuple[str, ...]]) -> bool:
    """Whether one of ``phrases`` (word tuples) occurs in ``words``: tried only at the words
    that open one of them."""
    last = len(words)
    for start, word in enumerate(words):
        if word not in _PHRASE_STARTS:
            continue
        for size in _PHRASE_SIZES:
            if start + size <= last and tuple(words[start : start + size]) in phrases:
                return True
    return False
