"""Requests that ask the assistant to make something more of the thread right after its reply
("now make it funny", "Give me a recipe for a vegan version.", "Now a shopping list for 7
please."): DRILL_DOWN however few of the thread's words they share (rule thread-requests,
SPEC-028 §5.1, §5.2; issue 15 items 1-2). Requests for a new service's answer ("show me my
alarms", "give me directions to ..."), or after a reply that offered help with something
else, keep §5.2's answer."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.reply_rules import opens_with_request

TOAST = "My sister is getting married in June and I have to give a toast. Where do I start?"
TOAST_REPLY = (
    "Open with who you are, tell one short story about your sister that shows her at her "
    "best, say something warm about the couple, and end by raising a glass to them both."
)


def _toast(config: mh.Config | None = None, reply: str = TOAST_REPLY) -> mh.Session:
    session = mh.Session(config=config)
    session.user(TOAST)
    session.assistant(reply)
    return session


@pytest.mark.parametrize(
    "text",
    [
        "now make it funny",
        "Make it shorter, two minutes at most.",
        "Can you write me a version for the rehearsal dinner?",
        "Write me three opening lines to choose from.",
        "make me a closing line",
        "Perfect. Now a shorter one for the card please.",
        "Add a line about her dog.",
    ],
)
def test_a_request_of_more_of_the_thread_drills_down(text: str) -> None:
    session = _toast()
    assert session.classify(text) is mh.Intent.DRILL_DOWN, text
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.DRILL_DOWN, text
    assert envelope.active_thread == session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "Now a legal question. Do I need a licence to fly a drone in Germany?",
        "Show me my alarms please.",
        "Give me directions to the nearest petrol station.",
        "How do I get red wine out of a wool rug?",
        "Tell me more about the story part.",
        "Give me an overview of quantum computing.",
    ],
)
def test_other_turns_keep_their_intent(text: str) -> None:
    on, off = _toast(), _toast(mh.Config().replace(thread_requests=False))
    assert on.classify(text) is off.classify(text), text


def test_thread_requests_off_keeps_section_5_2() -> None:
    session = _toast(mh.Config().replace(thread_requests=False))
    assert session.classify("Write me three opening lines to choose from.") is not (
        mh.Intent.DRILL_DOWN
    )


def test_a_request_after_an_offer_of_other_help_keeps_section_5_2() -> None:
    offered = TOAST_REPLY + " Is there anything else I can help you with?"
    on = _toast(reply=offered)
    off = _toast(mh.Config().replace(thread_requests=False), reply=offered)
    text = "Make me a packing list for a weekend in Rome."
    assert on.classify(text) is off.classify(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("now make it funny", True),
        ("Can you compare with Q2 as well?", False),
        ("Compare Redis and Memcached", False),
        ("give me a checklist for recording day", False),
        ("write me 3 tavern names", True),
        ("Now a shopping list for 7 please.", True),
        ("Now a legal question. Do I need a licence?", False),
        ("give me directions to the nearest mall", False),
        ("give me the weather for next week", False),
        ("show me my alarms", False),
        ("ok add bibtex_use to the config", False),
        ("I want to make it funny", False),
        ("", False),
        ("now", False),
        ("give me", False),
    ],
)
def test_opens_with_request(text: str, expected: bool) -> None:
    assert opens_with_request(text) is expected


SOIL = "My soil moisture sensor reads 80% right after watering and 20% a day later. Is it broken?"
SOIL_REPLY = (
    "No, that swing is normal for a capacitive sensor in a small pot: the top few centimetres "
    "dry quickly. Push it deeper, to the root zone, and read it at the same time each day."
)
NEW_GROUND = (
    "Our daughter's primary school has asked parents to pay for a residential trip to Wales "
    "in the spring, and money is tight this year. How do we say no without it looking bad?"
)


def _soil(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(SOIL)
    session.assistant(SOIL_REPLY)
    return session


def test_a_long_question_on_new_ground_explores() -> None:
    session = _soil()
    assert session.classify(NEW_GROUND) is mh.Intent.EXPLORE
    envelope = session.preview(NEW_GROUND)
    assert envelope.intent is mh.Intent.EXPLORE
    off = _soil(mh.Config().replace(new_ground_questions=False))
    assert off.classify(NEW_GROUND) is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    "text",
    [
        # Short: the pointer may well point at the thread.
        "Does it need a calibration first, or is that not something people bother with?",
        # Long, but on the thread's own words.
        "If I push the sensor deeper into the pot, will it still read the soil moisture "
        "properly after watering, or does that change the numbers?",
    ],
)
def test_a_question_on_the_thread_stays_a_drill_down(text: str) -> None:
    assert _soil().classify(text) is mh.Intent.DRILL_DOWN, text
