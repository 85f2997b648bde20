"""Answers to the reply's question and longer reports on its advice (rules reply-answers and
long-reports; SPEC-028 §5.2 CONTINUE "same thread, extend it"; issue 15 item 1, stop 36): a
statement right after a reply that asked the user something answers it, and a report of up to
240 characters opening with a report's first word tells what came of the advice; both stay
in the thread as CONTINUE whatever most of their words. A question, a request, a move, a
first clause of otherness or of another party's second matter do not read so. ``Session``
hands such statements past the native settle, so classify, analyse and user agree."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon.dialogue.outcome_reports import LONG_OUTCOME_CHARS, OUTCOME_CHARS, outcome_report
from multihorizon.dialogue.reply_answers import ANSWER_CHARS, answer_statement, asks_the_user

DATA = Path(__file__).parent / "data" / "handwritten"
_ASKED = "The same in the evening? And which hours of sun does the shelf get?"


def _seedlings(config: mh.Config | None = None, reply: str = _ASKED) -> mh.Session:
    session = mh.Session(config=config)
    session.user("My tomato seedlings are tall and floppy. What am I doing wrong?")
    session.assistant("They are stretching for light, so they need more of it. " + reply)
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Next to the back door on a shelf, lots of morning sun, none in the afternoon at all "
        "since the fence blocks it.",
        "well its a north window, and honestly we keep the blind half down most days because "
        "of the cat",
        "The shelf stands beside a radiator, which is on from six until nine each evening, and "
        "the room is rather dark in winter.",
        "two handles, only the hot one drips",  # a word pointing back is no question of its own
    ],
)
def test_a_statement_after_the_reply_asked_answers_it(text: str) -> None:
    session = _seedlings()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.CONTINUE, text
    assert envelope.active_thread == session.active_thread, text
    assert session.classify(text) is session.analyse(text)[0] is mh.Intent.CONTINUE, text


@pytest.mark.parametrize(
    "text",
    [
        "Is the morning sun enough if I turn them each day?",  # a question
        "Unrelated, but my kettle has started to leak from the bottom seam.",  # moves on
        "My sister also wants advice on her car insurance, she has just passed her test.",
        "also my lemon tree is dropping all its leaves since we brought it indoors for winter",
        "My partner would like to know how to keep slugs off the lettuces next spring.",
    ],
)
def test_questions_moves_and_second_matters_are_no_answer(text: str) -> None:
    session = _seedlings()
    session_off = _seedlings(mh.Config().replace(reply_answers=False))
    # The rule leaves them as it finds them: the reading without it.
    assert session.classify(text) is session_off.classify(text), text


def test_a_reply_that_asked_nothing_or_offered_more_help_gets_no_answer() -> None:
    text = "Beside the back door, bright mornings but nothing after lunch because the fence blocks."
    told = _seedlings(reply="Move them to the brightest window and turn them daily.")
    offered = _seedlings(reply="Is there anything else I can help you with?")
    more = _seedlings(reply="Great. Do you require more information on that?")
    off = _seedlings(mh.Config().replace(reply_answers=False))
    assert _seedlings().classify(text) is mh.Intent.CONTINUE
    assert off.classify(text) is mh.Intent.EXPLORE
    assert told.classify(text) is mh.Intent.EXPLORE
    assert offered.classify(text) is mh.Intent.EXPLORE
    assert more.classify(text) is mh.Intent.EXPLORE


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("Mostly weddings, some drone footage in summer.", True),
        ("about 60 km, my wife also 30", True),  # the second matter after the first clause
        ("dunno, it came with the house", True),
        ("my daughter also needs braces and the quote was 4500", False),
        ("Her little brother wants to start too, but he has asthma.", False),
        ("Separately, the trustees have appointed an examiner.", False),
        ("we want to know what the ferry costs", False),
        ("The shop give me a 3, it is written on the box.", True),  # no order opens a clause
        ("Let me have their phone number first.", False),  # an order
        ("No, not now. Tell me the forecast for Friday.", False),  # an order after fillers
        ("the morning one is fine, please book it", False),  # asks after all
        ("any tips on the paperwork would be great", False),
        ("x" * ANSWER_CHARS + " yes", False),
    ],
)
def test_answer_statement_reads_the_first_clause(text: str, answers: bool) -> None:
    assert answer_statement(text) is answers, text


@pytest.mark.timed
def test_reply_answers_is_linear() -> None:
    # The length bound comes first: a turn of a million characters costs no scan.
    started = time.perf_counter()
    assert not answer_statement("my cat also " * 90_000)
    assert not outcome_report("I fixed it and " * 70_000, LONG_OUTCOME_CHARS)
    # A reply of a million characters in one sentence: a few passes over it.
    reply = SimpleNamespace(text="is it the left one or " * 45_000 + "?", open_offer=False)
    assert asks_the_user(reply)  # type: ignore[arg-type]
    assert time.perf_counter() - started < 0.5


# 130 characters, opening with "Rang": a report of rule outcome-reports longer than the 80
# characters the settle handed on before rule long-reports.
_LONG = (
    "Rang them this week: Apex quoted 1,450 all in, HillTop 680 with mastic, Dunmore "
    "2,300 with scaffolding and new lead flashing."
)


def _roof(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Water drips through our bedroom ceiling whenever it rains hard. Where from?")
    session.assistant(
        "Most likely a slipped tile, failed flashing around the chimney or a blocked valley "
        "gutter. Check the loft during rain, then get a roofer to look at it."
    )
    return session


def test_outcome_report_reads_up_to_its_limit() -> None:
    assert OUTCOME_CHARS < len(_LONG) <= LONG_OUTCOME_CHARS
    assert not outcome_report(_LONG)
    assert outcome_report(_LONG, LONG_OUTCOME_CHARS)
    assert not outcome_report(_LONG + " x" * LONG_OUTCOME_CHARS, LONG_OUTCOME_CHARS)


@pytest.mark.parametrize("on", [True, False])
def test_the_native_settle_hands_a_longer_report_on_only_with_the_rule(on: bool) -> None:
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            session = _roof(mh.Config().replace(long_reports=on))
            classifier, view = session._classifier, session._view
            assert view is not None
            found = classifier.settle(_LONG, None, view[0], view[1], False, view[2])
            assert isinstance(found, int) is not on, name
            assert session.classify(_LONG) is session.analyse(_LONG)[0], name
            wanted = mh.Intent.CONTINUE if on else mh.Intent.EXPLORE
            assert session.classify(_LONG) is wanted, name
            stays = session.preview(_LONG).active_thread == session.active_thread
            assert stays or not on, name
    finally:
        kernels.use(previous)


@pytest.mark.parametrize("name", _backend.available())
def test_classify_analyse_and_user_agree_after_a_question(name: str) -> None:
    previous = kernels.backend()
    try:
        kernels.use(name)
        for text in (
            "Next to the back door on a shelf, lots of morning sun, none in the afternoon.",
            "Which window would be best for them, the south or the west one?",
            "also my lemon tree is dropping all its leaves since we brought it indoors",
        ):
            session = _seedlings()
            classified, analysed = session.classify(text), session.analyse(text)[0]
            assert classified is analysed is session.user(text).intent, (name, text)
    finally:
        kernels.use(previous)


def test_the_answers_holdout_meets_its_floor() -> None:
    # answers_holdout36 (written before the rules, scored once at the start and at the end):
    # intent 0.721 at the start, 0.794 at the end (misses not read).
    figures, counts = score(DATA / "answers_holdout36.jsonl")
    assert counts["intent"] == 68
    assert figures["intent_accuracy"] >= 0.78
