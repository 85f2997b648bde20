"""Questions that lean on the topic at hand, returns that name a dormant thread, and the
announcements and clarifications of issue 15 item 1 in the words people use (rules
short-follow-ups, return-drill-downs, topic-announcements; SPEC-028 §3.3, §5.2)."""

from __future__ import annotations

import pytest

import multihorizon as mh

AUDITION = "I have a violin audition for a youth orchestra next month. What should I focus on?"
AUDITION_REPLY = (
    "Pick a solo that shows your best tone, practise the set excerpts slowly, and run the "
    "whole programme daily in the last two weeks."
)


def _audition(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(AUDITION)
    session.assistant(AUDITION_REPLY)
    return session


@pytest.mark.parametrize(
    "text",
    [
        "How long should I warm up?",
        "What should I wear?",
        "What if my hands shake on the day?",
        "Is there a threshold I should reach?",
        "Should I also record a mock run?",
        "Do I need a stand?",
    ],
)
def test_a_short_follow_up_stays_in_its_thread(text: str) -> None:
    session = _audition()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.DRILL_DOWN, text
    assert envelope.active_thread == session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "How do I get red wine out of a wool rug?",
        "What is quantum computing?",
        "Why is the sky blue?",
        "Also, do I need winter tyres in Austria?",
        "Can you find me a hotel in Vienna?",
        "Quick one, my printer says it's offline but it's on the wifi. Any idea?",
        "Separately, a client hasn't paid an invoice for 60 days. What should I send them?",
        "Changing gears, where should we go for a week of sun in March?",
    ],
)
def test_a_new_topic_opens_a_thread(text: str) -> None:
    session = _audition()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.EXPLORE, text
    assert envelope.active_thread != session.active_thread, text


def test_short_follow_ups_off_opens_a_thread() -> None:
    session = _audition(mh.Config().replace(short_follow_ups=False))
    envelope = session.preview("What should I wear?")
    assert envelope.intent is mh.Intent.EXPLORE
    assert envelope.active_thread != session.active_thread


@pytest.mark.parametrize(
    "text",
    [
        "Going back to the audition, should I memorise the solo?",
        "Back to the audition: should I memorise the solo?",
        "Coming back to the violin, should I memorise the solo?",
        "Back on the audition, should I memorise the solo?",
    ],
)
def test_a_return_to_a_dormant_thread_drills_down(text: str) -> None:
    session = _audition()
    first = session.active_thread
    session.user("Unrelated: is a monthly rail pass cheaper than daily tickets?")
    session.assistant("Usually only from about four days a week; look for a flexi ticket.")
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.DRILL_DOWN, text
    assert envelope.active_thread == first, text
    off = mh.Session(config=mh.Config().replace(return_drill_downs=False))
    assert off.classify(text) is mh.Intent.EXPLORE  # the first turn: nothing to return to


@pytest.mark.parametrize(
    "text",
    [
        "That's too technical for me. Is the tone part important or not?",
        "This is too complicated, what matters most?",
        "Too complex for me, sorry. What's the one thing to do?",
    ],
)
def test_too_technical_asks_to_clarify(text: str) -> None:
    session = _audition()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.CLARIFY, text
    assert envelope.active_thread == session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "Is it normal for a fridge to make a clicking sound every few minutes?",
        "Is it safe to leave a laptop charging overnight every single night?",
        "Is it possible to change a flight booked through an agent without paying a fee?",
    ],
)
def test_an_expletive_it_points_back_at_nothing(text: str) -> None:
    session = _audition()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.EXPLORE, text
    assert envelope.active_thread != session.active_thread, text
