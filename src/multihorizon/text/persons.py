"""Who a turn talks about: its speaker or its listener (rule peer-detection, SPEC-028 §3.3).

People chatting tell each other about themselves ("i just got off work, my kids ...") and ask
about each other ("what do you do for fun?", "how about you?"); an assistant, human or model,
talks about the one it serves ("would you like ...", "your table is booked") and reports what
it does for them ("I found 3 hotels", "shall I book it?", a price, a time, a phone number).
``stance`` reads that from a reply's opening words, with no regular expression: split on
whitespace, strip punctuation, look phrases up as word tuples.
"""

from __future__ import annotations

from .. import kernels
from .._persons_py import StanceReader

__all__ = ["READER", "REFERENCE", "STANCE_CHARS", "stance"]

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
# Built once from the lists above: the backend's reader (C++: ASCII text in one pass, None
# for other text) and the reference, which reads whatever the backend leaves.
_WORDS = (_FIRST_PERSON, _POSSESSIVE, _SECOND_PERSON, _EDGES, _SERVICE_PHRASES, _PERSONAL_QUESTIONS)
# (``dialogue.turn_cues`` reads the stance in its own native call with these readers.)
READER = kernels.StanceReader(*_WORDS, answer_chars=_ANSWER_CHARS, head_chars=STANCE_CHARS)
REFERENCE = StanceReader(*_WORDS, answer_chars=_ANSWER_CHARS, head_chars=STANCE_CHARS)


def stance(text: str) -> int:
    """+1 when the text talks about its speaker (first person and no "you", or "my ...") or
    asks about the listener's life ("what do you do for fun?"); -1 when it talks to its
    listener (a "you" and no first person) or is a long answer; else 0. A text that serves
    its listener (a number: a price, a time, a phone number; or "I found ...", "shall I
    ...", "would you like ...") is never +1 unless it says "my ...", and is -1 unless it has
    a first person and no "you". (``kernels.StanceReader``; issue 14: one native call.)"""
    found = READER.stance(text)
    if found is None:
        found = REFERENCE.stance(text)
    return found
