"""Reports on what came of the assistant's advice (rule outcome-reports; SPEC-028 §5.2
CONTINUE "same thread, extend it"; issue 15 item 1): a statement right after a reply with a
clause in which the user, or the people the advice sent them to, did something in the past or
hands over what came of it stays in the reply's thread as CONTINUE, whatever most of its
words; a question, a request, a turn that moves on and a clause of otherness before the report
do not read so. The native settle hands such a statement on."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon.dialogue.outcome_reports import OUTCOME_CHARS, outcome_report


def _roof(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Water drips through our bedroom ceiling whenever it rains hard. Where from?")
    session.assistant(
        "Most likely a slipped tile, failed flashing around the chimney or a blocked valley "
        "gutter. Check the loft during rain to see where the water comes in, then get a "
        "roofer to look at it."
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        "I went up in the loft, it's dripping near the chimney breast.",
        "They have got three quotes for us now, Apex is cheapest at 1,450 all in.",
        "rang them, they can come round on saturday morning",
        "ok so the roofer came today and he replaced two tiles, here's his invoice",
        "that worked, dry as a bone after last night's storm",
    ],
)
def test_a_report_right_after_a_reply_continues_its_thread(text: str) -> None:
    session = _roof()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.CONTINUE, text
    assert envelope.active_thread == session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "I checked the loft, which of the three would you call first?",  # a question
        "I went up there, can you tell me what flashing costs",  # asks for something
        "Unrelated, I bought a new kettle and it leaks.",  # moves on
        "totally random but i bought a ukulele last week and it goes out of tune after five "
        "minutes",  # a clause of otherness before the report
    ],
)
def test_questions_requests_and_other_topics_are_no_report(text: str) -> None:
    assert _roof().preview(text).intent is not mh.Intent.CONTINUE, text


@pytest.mark.parametrize(
    ("text", "reports"),
    [
        ("Switched it off last night, here's today's reading", True),
        ("They fixed it, reran", True),
        ("She had the eye test today, here are the results.", True),
        ("I've drafted the first three chapters now.", True),
        ("tried the other one, works now", True),
        ("The tenors are weak, only four of them.", False),  # no thing done
        ("I changed it, can you check the log", False),  # asks
        ("Other thing: my glaze ran off one mug", False),  # about something else
        ("x" * (OUTCOME_CHARS - 10) + " I fixed it", False),  # too long to read
    ],
)
def test_outcome_report_reads_the_clauses(text: str, reports: bool) -> None:
    assert outcome_report(text) is reports, text


# 76 characters opening with "Rang": no opener of rules report-backs or done-reports, longer
# than rule thread-details reads; only this rule hands it on and reads it.
_QUOTES = "Rang them this week: Apex quoted 1,450 all in, HillTop 680 with mastic only."


def test_outcome_reports_off_reads_the_report_by_similarity() -> None:
    text = _QUOTES
    on = _roof().preview(text)
    # Rule terse-reports reads a short report with no subject too: off, to see this one.
    off = _roof(mh.Config().replace(outcome_reports=False, terse_reports=False)).preview(text)
    assert on.intent is mh.Intent.CONTINUE
    assert off.intent is mh.Intent.EXPLORE


@pytest.mark.parametrize("on", [True, False])
def test_the_native_settle_hands_a_long_report_on_only_with_the_rule(on: bool) -> None:
    text = _QUOTES
    assert 60 < len(text) <= 80
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            # Rule confirm-checks' marks ("only") hand a turn on whatever this rule says.
            session = _roof(
                mh.Config().replace(outcome_reports=on, confirm_checks=False, terse_reports=on)
            )
            classifier, view = session._classifier, session._view
            assert view is not None
            found = classifier.settle(text, None, view[0], view[1], False, view[2])
            assert isinstance(found, int) is not on, name
            assert session.classify(text) == session.analyse(text)[0], name
            wanted = mh.Intent.CONTINUE if on else mh.Intent.EXPLORE
            assert session.classify(text) is wanted, name
    finally:
        kernels.use(previous)


def test_a_curly_apostrophe_points_back_as_a_straight_one_does() -> None:
    # A curly "here's" typed on a phone is the pointer "here's" (phrasing.plain_words): the report
    # takes up the reply although it shares no word with it.
    straight = "Painted the shed on sunday, here's a photo"
    curly = straight.replace("'", "\u2019")
    assert _roof().preview(straight).intent is mh.Intent.CONTINUE
    assert _roof().preview(curly).intent is mh.Intent.CONTINUE
