"""Issue 15 item 1, stop 38 (clarify38): CLARIFY in the words people use. A part of the reply
the user lost ("i didnt get the part about X. what is it", "I couldn't follow the section on
X") marks CLARIFY (``topic_clause_words.CLARIFY_PHRASES``, lexicon data); rule
restating-checks reads a check with no tag that restates the reply in its words and says it
is all it takes ("so the receipt alone is enough and I don't need the box?"); "..., but never
both?" is a contrast of rule confirm-checks.

``clarify_holdout38.jsonl`` (9 conversations, 68 probes, 30 CLARIFY with a target reply, in
domains no other file held; written before any code change of the stop, scored at the start
and at the end, its misses not read): logged-turn intent 0.765 on main's code, 0.912 at the
end; references acc@1 26/30 both ways. ``clarify_tune38`` (8 conversations, 35 probes, tuned
on): intent 0.886 -> 0.943."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import session_after
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon.dialogue.confirm_checks import confirm_check
from timing import best_seconds

_DATA = Path(__file__).parent / "data" / "handwritten"

_KETTLE = "my new kettle leaks from the bottom, can i return it?"
_KETTLE_REPLY = (
    "Yes: within 30 days you have a right to a refund for a faulty item. Take it back with the "
    "receipt; you don't need the original box. Proving the fault is the shop's job in that time."
)
_BREAD = "my loaves come out dense and flat, what am i doing wrong"
_BREAD_REPLY = (
    "Let it prove longer after shaping and use the windowpane test to check the kneading. Do a "
    "stretch and fold every 30 minutes during the first rise."
)


@pytest.mark.parametrize(
    ("name", "intent"), [("clarify_holdout38.jsonl", 0.88), ("clarify_tune38.jsonl", 0.9)]
)
def test_floors(name: str, intent: float) -> None:
    figures, _ = score(_DATA / name)
    assert figures["intent_accuracy"] >= intent


@pytest.mark.parametrize(
    "text",
    [
        "i didnt get the part about the windowpane test. what is it?",
        "I couldn't follow the section on the windowpane test, sorry.",
        "Forgive me, I did not quite follow the part about the windowpane test.",
        "dont get the bit about stretch and fold",
        "not sure I followed the stretch and fold thing",
        "you lost me on the windowpane test",
    ],
)
def test_a_lost_part_of_the_reply_is_clarify(text: str) -> None:
    assert session_after(_BREAD, _BREAD_REPLY).classify(text) is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "I get the part about proving but how long exactly?",
        "what exactly should I buy for it?",
        "so should I prove it overnight?",
        "so what else do I need?",
    ],
)
def test_questions_of_their_own_stay_drill_down(text: str) -> None:
    assert session_after(_BREAD, _BREAD_REPLY).classify(text) is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    "text",
    [
        "so the receipt alone is enough and I don't need the box?",
        "so I simply take it back with the receipt?",
        "so the shop has to prove the fault, not me?",
        "so a refund within 30 days, but never after that?",
    ],
)
def test_restating_checks_are_clarify(text: str) -> None:
    assert session_after(_KETTLE, _KETTLE_REPLY).classify(text) is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "so I just post it back to them?",  # the reply said none of it
        "so should I keep the box anyway?",
        "so what else do I need?",
        "so I can also return it online?",
    ],
)
def test_questions_with_a_mark_but_new_words_are_no_checks(text: str) -> None:
    assert session_after(_KETTLE, _KETTLE_REPLY).classify(text) is mh.Intent.DRILL_DOWN


def test_restating_needs_the_replys_words() -> None:
    def words(returned: bool) -> frozenset[str]:
        return frozenset(("receipt", "box", "refund", "prove"))

    assert confirm_check("so the receipt alone is enough, no box?", restated=words)
    assert confirm_check("so proving it is simply my job and the receipt?", restated=words)
    # One word of the reply among three is chance.
    assert not confirm_check("so the receipt alone suits a kettle from abroad?", restated=words)
    # No mark: a question of its own about the reply's words.
    assert not confirm_check("so the receipt shows the box?", restated=words)
    # Without the rule nothing restates.
    assert not confirm_check("so the receipt alone is enough, no box?")


def test_after_a_return_an_older_reply_is_restated() -> None:
    asked: list[bool] = []

    def words(returned: bool) -> frozenset[str]:
        asked.append(returned)
        return frozenset(("receipt", "box")) if returned else frozenset()

    assert confirm_check("back to the kettle - so the receipt alone, no box?", restated=words)
    assert asked == [True]


_FORMS = (
    "i didnt get the part about the windowpane test. what is it?",
    "so proving is simply letting it rise longer after shaping?",
    "so one stretch and fold every 30 minutes is enough and I dont need to knead it?",
)


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            for text in _FORMS:
                session = session_after(_BREAD, _BREAD_REPLY)
                intent = session.classify(text)
                assert intent is mh.Intent.CLARIFY, (name, text)
                assert intent == session.analyse(text)[0], (name, text)
                assert session.user(text).intent == intent, (name, text)
    finally:
        kernels.use(previous)


@pytest.mark.timed
@pytest.mark.parametrize(
    ("prefix", "unit", "suffix"),
    [
        ("so the ", "receipt ", "alone is enough?"),
        ("i didnt get the part about ", "windowpane ", "test"),
    ],
)
def test_linear_in_the_turn_and_the_reply(prefix: str, unit: str, suffix: str) -> None:
    def calls(size: int) -> Callable[[], object]:
        text = prefix + (unit * (size // len(unit) + 1))[:size] + suffix
        reply = _KETTLE_REPLY + " receipt" * (size // 8)
        session = session_after(_KETTLE, reply)
        return lambda: session.classify(text)

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


@pytest.mark.timed
def test_a_short_check_reads_a_long_reply_in_linear_time() -> None:
    text = "so the receipt alone is enough and I don't need the box?"

    def calls(size: int) -> Callable[[], object]:
        session = session_after(_KETTLE, _KETTLE_REPLY + " receipt box" * (size // 12))
        return lambda: session.classify(text)

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


# The on/off observation of ``test_rules`` (every rule's switch changes what it decides).
def _observe_restating_check(config: mh.Config) -> object:
    text = "so the receipt alone is enough and I don't need the box?"
    return session_after(_KETTLE, _KETTLE_REPLY, config=config).classify(text)


OBSERVERS = {"restating-checks": _observe_restating_check}
