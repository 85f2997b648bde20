"""Reports on what the speaker did about the topic at hand (rule done-reports; SPEC-028 §5.2
CONTINUE "same thread, extend it"; issue 15 item 1): "I weighed everything this time ..."
after a reply stays in the reply's thread as CONTINUE; a statement that takes up nothing of
the topic, an order or a request does not read so."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.done_reports import done_report


def _bread(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Got a bread machine, the first loaf sank in the middle. What went wrong?")
    session.assistant(
        "Too much yeast or water: the dough rises too fast and collapses. Weigh the flour "
        "and cut the yeast by a quarter."
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        "I weighed everything this time and used a bit less of the dried stuff.",
        "ok did two more loaves last night, both flat on top",
        "We've tried it with less water and the top held.",
        "Bought a scale, weighed it all out, much better now.",
        "Update: I cut the yeast and it rose fine.",
    ],
)
def test_a_report_of_what_was_done_continues_the_thread(text: str) -> None:
    assert done_report(text), text
    session = _bread()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.CONTINUE, text
    assert envelope.active_thread == session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "Set it for three pm.",
        "Got it, thanks.",
        "I need a train to Cambridge on Friday.",
        "I wanted to ask about my passport renewal.",
        "I changed my mind. Book the table for one.",
        "Did it rise?",
        "I think the loaf is fine.",
    ],
)
def test_orders_requests_and_other_statements_are_no_report(text: str) -> None:
    assert not done_report(text) or "?" in text, text


def test_a_report_that_takes_up_nothing_of_the_topic_may_open_one() -> None:
    session = _bread()
    envelope = session.preview("I bought a used car last week and the brakes squeal.")
    assert envelope.intent is not mh.Intent.CONTINUE


def test_done_reports_off_reads_the_report_by_similarity() -> None:
    text = "I weighed everything this time and used a bit less of the dried stuff."
    # Rule outcome-reports reads the same report whatever its words: off as well.
    off = _bread(mh.Config().replace(done_reports=False, outcome_reports=False))
    assert off.preview(text).intent is not mh.Intent.CONTINUE
