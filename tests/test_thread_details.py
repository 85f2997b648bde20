"""In-thread statements that share few words with their thread (rule thread-details; SPEC-028
§5.2 CONTINUE "same thread, extend it"; issue 15 item 1): a detail of the user's situation,
an answer to the reply or a report of what came of it, right after a reply, stays in the
reply's thread as CONTINUE; a request, an order, a topic announcement, a new name or a report
that takes up nothing of the topic does not read so. The native settle hands such a turn on."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon import _backend, kernels


def _party(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("My son turns ten soon and wants a sleepover with five friends. Any tips?")
    session.assistant(
        "Keep a loose plan: pizza, one game, a film, then lights out at a set time. Tell the "
        "parents the pickup time in advance."
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        "we only have the one bathroom and a small living room",
        "mine is an older house, the walls are thin",
        "two of them are vegetarian",
        "ha, last year it went on till 3am",
        "they're all from his football team",
    ],
)
def test_a_detail_right_after_a_reply_continues_its_thread(text: str) -> None:
    session = _party()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.CONTINUE, text
    assert envelope.active_thread == session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "I need a train to Cambridge on Friday.",
        "I'd like a table for two tonight.",
        "Locate any hospitals in the area.",
        "put my dentist appointment in my calendar",
        "My Toyota makes a grinding noise when I brake.",
        "I bought a used car last week and the brakes squeal.",
        "Unrelated: the boiler pressure keeps dropping.",
    ],
)
def test_requests_orders_names_and_new_topics_are_no_detail(text: str) -> None:
    assert _party().preview(text).intent is not mh.Intent.CONTINUE, text


def test_a_long_statement_that_sets_up_its_own_context_is_no_detail() -> None:
    text = (
        "Some of my tomatoes have these black, leathery patches on the bottom. The plants "
        "look fine otherwise."
    )
    assert _party().preview(text).intent is mh.Intent.EXPLORE


def test_thread_details_off_reads_the_detail_by_similarity() -> None:
    text = "we only have the one bathroom and a small living room"
    off = _party(mh.Config().replace(thread_details=False))
    assert off.preview(text).intent is mh.Intent.EXPLORE


@pytest.mark.parametrize("on", [True, False])
def test_the_native_settle_hands_a_short_statement_on_only_with_the_rule(on: bool) -> None:
    text = "mine is an older house, the walls are thin"  # no report-backs opener
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            # Rule outcome-reports hands on longer statements still: off with it.
            session = _party(mh.Config().replace(thread_details=on, outcome_reports=on))
            classifier, view = session._classifier, session._view
            assert view is not None
            found = classifier.settle(text, None, view[0], view[1], False, view[2])
            assert isinstance(found, int) is not on, name
            assert session.classify(text) == session.analyse(text)[0], name
            wanted = mh.Intent.CONTINUE if on else mh.Intent.EXPLORE
            assert session.classify(text) is wanted, name
    finally:
        kernels.use(previous)
