"""Who a turn talks about: its speaker or its listener (rule peer-detection, SPEC-028 §3.3).

People chatting tell each other about themselves ("i just got off work, my kids ..."); an
assistant, human or model, talks about the one it serves ("would you like ...", "your
table is booked"). ``stance`` reads that from a reply's opening words, with no regular
expression: split on whitespace, strip punctuation.
"""

from __future__ import annotations

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


def stance(text: str) -> int:
    """+1 when the text talks about its speaker (first person and no "you", or "my ..."),
    -1 when it talks to its listener (a "you" and no first person) or is a long answer,
    else 0."""
    if len(text) > _ANSWER_CHARS:
        return -1
    words = {
        word.strip(_EDGES).replace("\u2019", "'") for word in text[:STANCE_CHARS].casefold().split()
    }
    first = not _FIRST_PERSON.isdisjoint(words)
    second = not _SECOND_PERSON.isdisjoint(words)
    if (first and not second) or not _POSSESSIVE.isdisjoint(words):
        return 1
    return -1 if second and not first else 0
