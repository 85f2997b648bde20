"""New topics about the speaker's own people and things (rule possessed-topics; SPEC-028
§3.3 thread creation; issue 15 item 3): a CONTINUE or follow-up turn that opens with "my",
"our", "his" or "her", has five content words and at most one of the active thread's, leaves
the active thread; a short report or one on the thread's words stays."""

from __future__ import annotations

import dataclasses

import pytest

import multihorizon as mh

OFF = dataclasses.replace(mh.Config(), possessed_topics=False)
# Rule own-antecedents reads two of these turns too ("My son ..., he is 11": a pointer after the
# speaker's own party makes them EXPLORE), so the placement rule is tested without it as well.
PLACEMENT_ONLY = dataclasses.replace(mh.Config(), own_antecedents=False)
# Rule adder-questions reads "also got some kefir grains ..., how much ...?" as a new subject
# too.
NEITHER = dataclasses.replace(OFF, own_antecedents=False, adder_questions=False)


def _tinnitus(config: mh.Config | None = None) -> tuple[mh.Session, str]:
    session = mh.Session(config=config)
    session.user("I have had ringing in my left ear for two weeks, mostly at night. Dangerous?")
    session.assistant(
        "Tinnitus on its own is rarely dangerous, but one-sided ringing that lasts should be "
        "checked by a doctor, who may send you for a hearing test."
    )
    return session, session.active_thread


@pytest.mark.parametrize(
    "text",
    [
        "My son needs a new bicycle for school, he is 11, which wheel size?",
        "my kid has a verruca on the sole of her foot, can she still go swimming",
        "also got some milk kefir grains from a friend, how much milk do i put them in",
    ],
)
def test_a_possessed_topic_opens_its_own_thread(text: str) -> None:
    for config in (None, PLACEMENT_ONLY):
        session, ear = _tinnitus(config)
        assert session.preview(text).active_thread != ear
    session_off, ear_off = _tinnitus(NEITHER)
    assert session_off.preview(text).active_thread == ear_off


@pytest.mark.parametrize(
    "text",
    [
        "my doctor says the hearing test is in May",  # the thread's words
        "my ear still rings",  # short
        "I also booked the hearing test for May, at the audiology clinic",  # not "also ..."
        "the doctor sent me to audiology, my appointment is in May for the test",
    ],
)
def test_a_turn_on_the_thread_stays(text: str) -> None:
    session, ear = _tinnitus()
    assert session.preview(text).active_thread == ear, text
