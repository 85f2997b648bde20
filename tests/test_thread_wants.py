"""A user who says what they need to know about the thread right after its reply ("I need to
know where to cut them as well", "I'd also like to know whether the new regulations affect
us") asks a question about the thread's subject: DRILL_DOWN (rule thread-wants, SPEC-028 §5.1,
§5.2; issue 15 item 1). A want that names nothing of the thread and adds nothing to it, "I want
to know ...", or a want after a reply that offered help with something else keeps §5.2's
answer."""

from __future__ import annotations

import pytest

import multihorizon as mh

HEDGE = (
    "Our privet hedge has got out of hand and the neighbours have started to comment. It is "
    "June. Can I cut it back now or should I wait?"
)
HEDGE_REPLY = (
    "You can trim now, but check for nesting birds first: disturbing an active nest is an "
    "offence. Cut the sides so the base is slightly wider than the top."
)
OFF = mh.Config().replace(thread_wants=False)


def _hedge(config: mh.Config | None = None, reply: str = HEDGE_REPLY) -> mh.Session:
    session = mh.Session(config=config)
    session.user(HEDGE)
    session.assistant(reply)
    return session


@pytest.mark.parametrize(
    "text",
    [
        "I need to know how far back I can cut the hedge without killing it.",
        "I'd also like to know what to do with the clippings, there will be loads.",
        "We would like to know whether the neighbours can make us cut the hedge lower",
        "i need to know when the birds stop nesting as well",
    ],
)
def test_a_want_about_the_thread_drills_down(text: str) -> None:
    on, off = _hedge(), _hedge(OFF)
    assert on.classify(text) is mh.Intent.DRILL_DOWN, text
    assert on.preview(text).intent is mh.Intent.DRILL_DOWN, text
    assert off.classify(text) is not mh.Intent.DRILL_DOWN, text


@pytest.mark.parametrize(
    "text",
    [
        "I need to know if Brentwood is going to be overcast on Monday please.",
        "I want to know the weather there on March 10th in Newark.",
        "Thanks, that's all I need to know about the hedge.",
        "Moving on, I'd like to know about the hedge by the pond.",
        "Cut it back this morning, the base is wider than the top now.",
        "Let me check the hedge for nests first.",
    ],
)
def test_other_turns_keep_their_intent(text: str) -> None:
    on, off = _hedge(), _hedge(OFF)
    assert on.classify(text) is off.classify(text), text
    assert on.preview(text).intent is off.preview(text).intent, text


def test_a_want_after_an_offer_of_other_help_keeps_section_5_2() -> None:
    offered = HEDGE_REPLY + " Is there anything else I can help you with?"
    text = "I need to know what to do with the hedge clippings as well."
    on, off = _hedge(reply=offered), _hedge(OFF, reply=offered)
    assert on.classify(text) is off.classify(text)


@pytest.mark.parametrize("requests", [True, False])
def test_the_native_settle_hands_a_want_on(requests: bool) -> None:
    # the want marks the request opener, which sends the turn on to the full path whether or
    # not rule thread-requests is on (tests/test_settle_gates.py checks the gates in general)
    session = _hedge(mh.Config().replace(thread_requests=requests))
    text = "I need to know how far back I can cut the hedge as well."
    assert session.classify(text) is mh.Intent.DRILL_DOWN
    assert session.preview(text).intent is mh.Intent.DRILL_DOWN
