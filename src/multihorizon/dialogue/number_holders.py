"""A question naming a number an earlier turn stated ("The 450 gram, it is for all hedgehogs?",
"that $300-600, is that parts and labour", "Is 28,000 miles a lot for the garage car?") is
about the turn that stated it first, rather than the latest reply (SPEC-028 §4.1 entity
reference, §4.2 antecedents; rule number-holders, issue 15 item 1).

A number of two digits or more names one thing far more surely than a word does: counted
over every hand-written file (entity, demonstrative and every other probe kind), when a
question's number was stated by exactly one earlier turn that turn was the gold 37 times of
42; the earliest of several holders 5 of 7, the latest 3 of 7. Only a question: a statement
with a number reports something new ("did first 5k test, 24:10"). Each earlier turn's numbers
are read once and kept on its features (``TurnFeatures.once``); only a question with a
number of two digits or more reads them (``stated_numbers.has_number``).
"""

from __future__ import annotations

from ..text.stated_numbers import has_number, stated_numbers
from .features import TurnFeatures
from .turnlog import TurnLog

__all__ = ["number_holder"]

_WINDOW = 20  # turns back a stated number is looked for (as rule detail-holders)
_KEY = object()  # the ``TurnFeatures.once`` key: the numbers do not depend on the Config


def number_holder(turn_id: int, features: TurnFeatures, log: TurnLog) -> int:
    """The earliest turn within ``_WINDOW`` turns before ``turn_id`` stating the most of a
    user question's numbers, else -1 (no number of two digits or more, no earlier turn
    stating one, not a user's question, or not right after an assistant's reply: in a chat
    of many users a version number, "16.04", is the topic of many turns)."""
    if turn_id < 2 or features.role != "user" or not features.question:
        return -1
    if log.roles[turn_id - 1] != "assistant":
        return -1  # a chat of many users: a version number is the topic of many turns
    if not has_number(features.text):
        return -1
    wanted = _numbers(features)
    if not wanted:
        return -1
    best, most = -1, 0
    roles, earlier = log.roles, log.features
    for turn in range(max(0, turn_id - _WINDOW), turn_id):
        if roles[turn] not in ("user", "assistant"):
            continue
        held = len(wanted & _numbers(earlier[turn]))
        if held > most:  # the earliest among equals: it stated the number first
            best, most = turn, held
    if best >= 0 and len(wanted & _numbers(earlier[turn_id - 1])) >= most:
        return -1  # the turn before states it as fully: it is the antecedent already
    return best


def _numbers(features: TurnFeatures) -> frozenset[str]:
    return features.once("stated_numbers", _KEY, lambda: stated_numbers(features.text))
