"""Returns that name no topic (rule bare-returns; SPEC-028 §3.3 resumption, §5.2 CONTINUE;
issue 15 items 1 and 2): "Anyway, where were we?" goes back to the thread left most
recently, not the one it is in, and alone it asks to go on."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.bare_returns import ALONE, NONE, OPENS, bare_return


def _two_threads(config: mh.Config | None = None) -> tuple[mh.Session, str, str]:
    session = mh.Session(config=config)
    session.user("My sourdough starter barely rises. How do I make it more active?")
    session.assistant("Feed it twice a day with equal weights of flour and water, kept warm.")
    starter = session.active_thread
    session.user("Unrelated: the smoke alarm in the hall keeps chirping. Why?")
    session.assistant("A chirp once a minute means a low battery; replace it and reset it.")
    return session, starter, session.active_thread


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Anyway, where were we?", ALONE),
        ("Ok, where was I?", ALONE),
        ("Sorry, what was I asking before that?", ALONE),
        ("Back to what we were talking about.", ALONE),
        ("Where were we, then?", ALONE),
        ("Let's get back on track.", ALONE),
        ("Ha, sorry, got sidetracked. Where were we?", ALONE),
        ("Circling back: is it ok to feed it rye flour?", OPENS),
        ("Right, back to it. Should I add salt?", OPENS),
        ("Anyway, as I was saying, should I add salt?", OPENS),
        # A topic named after the phrase is rule resume-announcements' business.
        ("where were we with the wheel - does it fit a desk", NONE),
        ("Back to the bread, how long does it prove?", NONE),
        ("Going back home next week, any tips for the flight?", NONE),
        ("I was going back to school when it happened.", NONE),
        ("Where was it I read about rye flour?", NONE),
    ],
)
def test_a_bare_return_is_read_at_the_opening(text: str, found: int) -> None:
    assert bare_return(text) == found, text


@pytest.mark.parametrize(
    "text",
    [
        "Anyway, where were we?",
        "Sorry, what was I asking before that?",
        "Ok sorry, got distracted. Where was I?",
        "Back to what we were talking about.",
    ],
)
def test_a_bare_return_goes_back_to_the_thread_left_last_and_continues(text: str) -> None:
    session, starter, alarm = _two_threads()
    envelope = session.preview(text)
    assert envelope.active_thread == starter != alarm, text
    assert envelope.intent is mh.Intent.CONTINUE, text
    off = _two_threads(mh.Config().replace(bare_returns=False))[0].preview(text)
    assert off.active_thread != starter or off.intent is not mh.Intent.CONTINUE, text


def test_a_bare_return_before_a_question_asks_it_in_the_thread_left_last() -> None:
    session, starter, _ = _two_threads()
    envelope = session.preview("Circling back: is it ok to feed it rye flour?")
    assert envelope.active_thread == starter
    assert envelope.intent is not mh.Intent.CONTINUE


def test_with_one_thread_a_bare_return_stays() -> None:
    session = mh.Session()
    session.user("My sourdough starter barely rises. How do I make it more active?")
    session.assistant("Feed it twice a day with equal weights of flour and water, kept warm.")
    assert session.preview("Where were we?").active_thread == session.active_thread
