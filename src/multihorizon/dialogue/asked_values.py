"""A question recalling a value of a thing ("How much was the deposit?", "What year is the
Civic?", "What percentage was Play Services using?") is about the turn that stated a value
of the kind asked, among the turns naming the thing, rather than the latest reply that names
the thing in passing with no such value (SPEC-028 §4.1 entity reference, §4.2 antecedents;
rule asked-values, issue 15 item 1).

The asked kind comes from the question words, a closed class (``text.answer_kinds``); only a
question that recalls (a copula, "did", "again") asks for a value already stated. Counted
over every hand-written probe: where the latest reply states no value of the kind, the turn
naming the question's words that states one was the gold 4 times of 4 (none lost). Each
candidate turn's text is read only when a question of such a kind asks, at most once per
kind (``TurnFeatures.once``).
"""

from __future__ import annotations

from bisect import bisect_left

from ..text.answer_kinds import asked_kind, states_kind
from .features import TurnFeatures
from .turnlog import TurnLog

__all__ = ["value_holder"]

_WINDOW = 20  # turns back a stated value is looked for (as rule detail-holders)
_KEY = object()  # the ``TurnFeatures.once`` key: what a text states does not depend on Config


def value_holder(turn_id: int, first: int, features: TurnFeatures, log: TurnLog) -> int:
    """The turn within ``_WINDOW`` turns before ``turn_id`` naming the most of a user
    question's words, each weighing one over the turns in reach saying it (the latest among
    equals), that states a value of the kind the question recalls, when ``first`` (the
    antecedent so far) states none; else -1. Only right after an assistant's reply."""
    if turn_id < 2 or features.role != "user" or not features.question or first < 0:
        return -1
    if log.roles[turn_id - 1] != "assistant":
        return -1  # a chat of many users, or a turn after the user's own
    kind = asked_kind(features.text)
    if kind is None or _states(log.features[first], kind):
        return -1
    floor, roles = max(0, turn_id - _WINDOW), log.roles
    weights: dict[int, float] = {}
    for term in features.terms:
        postings = log.turns_mentioning(term)
        end = bisect_left(postings, turn_id)
        start = bisect_left(postings, floor, 0, end)
        for turn in postings[start:end]:
            weights[turn] = weights.get(turn, 0.0) + 1.0 / (end - start)
    holders = [
        turn
        for turn in weights
        if roles[turn] in ("user", "assistant") and _states(log.features[turn], kind)
    ]
    return max(holders, key=lambda turn: (weights[turn], turn), default=-1)


def _states(features: TurnFeatures, kind: str) -> bool:
    return features.once(f"states_{kind}", _KEY, lambda: states_kind(features.text, kind))
