"""A request that opens by asking to be given or shown the thread's matter in a form ("give me
a checklist for recording day", "OK, show me the first row step by step") right after the
assistant's reply is DRILL_DOWN (rule form-requests, SPEC-028 §5.1, §5.2; issue 15 item 1).
Without a form noun ("show me my alarms", "give me directions to ..."), with a new-topic cue,
or after a reply that offered help with something else, §5.2's answer stands."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.reply_rules import opens_with_form

KILN = "First time using a kiln for fused glass coasters, two layers of 3mm. What schedule?"
KILN_REPLY = (
    "Ramp 220 C an hour to 540 C and hold 30 minutes, then 330 C an hour to 800 C and hold "
    "10 minutes, then cool to 516 C and anneal there for an hour."
)
OFF = mh.Config().replace(form_requests=False)


def _kiln(config: mh.Config | None = None, reply: str = KILN_REPLY) -> mh.Session:
    session = mh.Session(config=config)
    session.user(KILN)
    session.assistant(reply)
    return session


@pytest.mark.parametrize(
    "text",
    [
        "give me a checklist for firing day",
        "put the schedule in a table pls",
        "lay out a plan for my first three firings",
        "Gimme a recipe for the kiln wash",
        "break down a plan for the first week of firings",
    ],
)
def test_a_request_for_a_form_drills_down(text: str) -> None:
    on, off = _kiln(), _kiln(OFF)
    assert on.classify(text) is mh.Intent.DRILL_DOWN, text
    assert on.preview(text).intent is mh.Intent.DRILL_DOWN, text
    assert off.classify(text) is not mh.Intent.DRILL_DOWN, text


@pytest.mark.parametrize(
    "text",
    [
        "Show me my alarms please.",
        "Give me directions to the nearest petrol station.",
        "Totally different thing: give me a packing list for a ski week.",
        "did the firing, put them on the shelf to cool",
    ],
)
def test_other_turns_keep_their_intent(text: str) -> None:
    on, off = _kiln(), _kiln(OFF)
    assert on.classify(text) is off.classify(text), text
    assert on.preview(text).intent is off.preview(text).intent, text


def test_a_form_request_after_an_offer_of_other_help_keeps_section_5_2() -> None:
    offered = KILN_REPLY + " Is there anything else I can help you with?"
    text = "give me a checklist for a birthday party"
    assert _kiln(reply=offered).classify(text) is _kiln(OFF, reply=offered).classify(text)


@pytest.mark.parametrize("others", [True, False])
def test_the_native_settle_hands_a_form_request_on(others: bool) -> None:
    # the opener marks the request opener, which sends the turn on to the full path whether or
    # not rules thread-requests and thread-wants are on
    config = mh.Config().replace(thread_requests=others, thread_wants=others)
    text = "ok give me a checklist for firing day"
    assert _kiln(config).classify(text) is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("give me a checklist for recording day", True),
        ("OK, show me the first row step by step", True),
        ("Can you give me the English meaning line by line?", True),
        ("put that in a table pls", True),
        ("show me my alarms", False),
        ("give me directions to the mall", False),
        ("Could you explain how to make a table in LaTeX?", False),
        ("I made a list", False),
        ("", False),
    ],
)
def test_opens_with_form(text: str, expected: bool) -> None:
    assert opens_with_form(text) is expected
