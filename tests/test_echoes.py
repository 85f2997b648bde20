"""Issue 15 item 1: a term of a reply asked back (rule echo-clarifications), a topic
announcement put as a request for leave (rule asked-announcements) or after a short reaction
(rule reaction-announcements): several phrasings of each, and turns that must not read so."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.echoes import ECHO_CHARS, after_reaction, echoed_term
from multihorizon.dialogue.phrasing import SIDE_QUESTION_CHARS

REPLY = (
    "That's fret buzz: the string touches a higher fret. A setup fixes it, or check for a "
    "proud fret with a short ruler; a heavier gauge helps a little."
)


def _session(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("The C string on my cheap ukulele buzzes whenever I play an F chord. Why?")
    session.assistant(REPLY)
    return session


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("Fret buzz?", ("fret", "buzz")),
        ('Wait, "proud"?', ("proud",)),
        ("Sorry, proud fret?", ("proud", "fret")),
        ("Heavier gauge, meaning?", ("heavier", "gauge")),
        ("A setup means what, new strings?", ("setup",)),
        ("Proud fret, what's that exactly?", ("proud", "fret")),
        ("The setup, what is it?", ("setup",)),
        ("Fret buzz, as opposed to what?", ("fret", "buzz")),
        ("Hang on, fret buzz means the string hits a fret?", ("fret", "buzz")),
    ],
)
def test_a_term_asked_back_is_read_and_clarifies(text: str, terms: tuple[str, ...]) -> None:
    assert echoed_term(text) == terms
    session = _session()
    assert session.classify(text) is mh.Intent.CLARIFY
    assert session.preview(text).intent is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "How long should the strings be?",
        "Is it safe to sand a fret myself?",
        "Really?",
        "And the nut?",
        "Fret buzz",  # no question
        "Ukulele strings, nylon or fluorocarbon, which last longer on a soprano?",
        "Concert ukulele?",  # words no reply used
    ],
)
def test_other_short_questions_are_no_term_asked_back(text: str) -> None:
    session = _session()
    assert session.classify(text) is not mh.Intent.CLARIFY


def test_a_term_asked_back_stays_within_the_settle_length() -> None:
    assert ECHO_CHARS <= SIDE_QUESTION_CHARS  # the native gate reads side_question_chars


def test_a_term_of_a_dormant_thread_asked_back_resumes_it() -> None:
    session = _session()
    first = session.active_thread
    session.user("Totally unrelated: how do I descale a kettle with citric acid?")
    session.assistant("Boil a litre of water with two tablespoons of citric acid, then rinse.")
    envelope = session.preview("Proud fret, meaning?")
    assert envelope.intent is mh.Intent.CLARIFY
    assert envelope.active_thread == first


@pytest.mark.parametrize(
    "text",
    [
        "Can I ask you about something else? We rent paddleboards on Saturday.",
        "Mind if I switch to a different thing? My kettle is furred up.",
        "Could I ask an unrelated question? My kettle is furred up.",
        "Is it ok if I change the subject?",
        "Could we talk about something else for a minute?",
        "Thanks! Can I ask something different?",
    ],
)
def test_a_request_for_leave_to_move_on_opens_a_topic(text: str) -> None:
    session = _session()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.EXPLORE
    assert envelope.active_thread != session.active_thread


@pytest.mark.parametrize(
    "text",
    [
        "Can I ask something else about the strings?",
        "Can I use something else instead of a ruler?",
    ],
)
def test_a_request_naming_the_topic_moves_nowhere(text: str) -> None:
    session = _session()
    assert session.preview(text).intent is not mh.Intent.EXPLORE


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        ("Ha, enough bread. Personal thing: my back hurts.", 18),
        ("Thanks, that helps! Unrelated, but how do tides work?", 20),
        ("Perfect. Something else: tides?", 9),
        ("I tried every single thing you said last night. Unrelated: tides?", -1),
        ("Why? Unrelated: tides?", -1),
        ("Thanks.", -1),
    ],
)
def test_a_short_reaction_ends_where_the_next_sentence_starts(text: str, offset: int) -> None:
    assert after_reaction(text) == offset


@pytest.mark.parametrize(
    "text",
    [
        "Ha, enough ukulele. Personal thing: my back hurts after running.",
        "Oh nice, that makes sense! Totally unrelated: do I pay tax on sold clothes?",
        "Great. Can I ask about something else? My kettle is furred up.",
    ],
)
def test_an_announcement_after_a_reaction_opens_a_topic(text: str) -> None:
    session = _session()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.EXPLORE
    assert envelope.active_thread != session.active_thread
