"""Rules number-holders and asked-values (SPEC-028 §4.1 entity references, §4.2
antecedents; issue 15 item 1): a question naming a number an earlier turn stated ("The 450
gram, it is for all of them?", "that $300-600, is that parts and labour") is about the
earliest turn stating it, not the latest reply; the turn before stays first when it states
the number as fully, after a statement, and when the turn names a list's item or repeats a
request. A question recalling a value of a kind ("How much was the deposit?") is about the
turn stating one (asked-values)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.answer_kinds import asked_kind, states_kind
from multihorizon.text.stated_numbers import has_number, stated_numbers

ON = mh.Config(antecedents=True)
OFF = ON.replace(number_holders=False)


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("The 450 gram, is it for all?", {"450"}),
        ("that $300-600, is that parts and labour", {"300", "600"}),
        ("Is 28,000 miles a lot?", {"28000"}),
        ("the 3:1 ratio, what attack", {"3:1"}),
        ("A=435, then?", {"435"}),
        ("£6,000-£12,000 with 1.41 at the end.", {"6000", "12000", "1.41"}),
        ("HbA1c, mp3 and v2: names; 3 days and step 2: too short", set()),
    ],
)
def test_the_numbers_a_text_states(text: str, numbers: set[str]) -> None:
    assert stated_numbers(text) == numbers
    assert has_number(text) == any(char.isdigit() for char in text)


def test_a_long_text_is_read_in_one_pass() -> None:
    assert stated_numbers("1," * 200_000 + "x") == {"1" * 200_000}
    assert stated_numbers("12 " * 100_000) == {"12"}


def _garage(config: mh.Config, last_reply: str) -> mh.Session:
    session = mh.Session(config=config)
    session.user("The garage quoted me for a new clutch on my 2011 Fiesta, is that fair?")
    session.assistant(
        "For a Fiesta of that age a clutch kit and labour usually come to $450-700 at an "
        "independent garage; main dealers charge more."
    )
    session.user("They also said the brake discs are worn.")
    session.assistant(last_reply)
    return session


_LATER = (
    "Discs and pads are a common pair to replace; while the gearbox is out, a flywheel check "
    "costs little too."
)


def test_the_turn_that_stated_the_number_comes_first() -> None:
    text = "Is the flywheel check part of the $450-700?"
    assert _garage(ON, _LATER).preview(text).antecedents[0] == 1
    assert _garage(OFF, _LATER).preview(text).antecedents[0] == 3


def test_a_number_the_user_stated_names_their_turn() -> None:
    assert _garage(ON, _LATER).preview("Is 2011 too old to bother?").antecedents[0] == 0


@pytest.mark.parametrize(
    ("last_reply", "text"),
    [
        # The turn before states the number as fully: it is the antecedent already.
        (_LATER + " A new flywheel is $450 on top.", "so $450 for the flywheel?"),
        (_LATER, "drove 450 km today with the flywheel noise, all fine"),  # not a question
        (_LATER, "the flywheel check, how much for 2 discs?"),  # one digit: too common
    ],
)
def test_the_turn_before_stays_first(last_reply: str, text: str) -> None:
    assert _garage(ON, last_reply).preview(text).antecedents[0] == 3, text


# Rule asked-values: "How much was the deposit?" recalls an amount a turn stated.
_VALUES = ON.replace(number_holders=False)


def _lease(config: mh.Config, question: str) -> tuple[int, ...]:
    session = mh.Session(config=config)
    session.user("My lease ends on August 31 and the landlord wants notice.")
    session.assistant("Then give written notice by July 2 at the latest; email is fine.")
    session.user("The deposit was $1,800 and I paid it in 2019.")
    session.assistant("They must return the deposit, minus itemised deductions, within a month.")
    return session.preview(question).antecedents


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How much was the deposit?", "amount"),
        ("What year is the Civic?", "year"),
        ("the essay, when is it due again", "when"),
        ("How long should the grace period be?", None),  # advice: nothing stated to recall
        ("the bridge, when is it again", "when"),  # after a comma
        ("is it the one when we met", None),  # inside a clause
    ],
)
def test_the_kind_a_question_recalls(question: str, kind: str | None) -> None:
    assert asked_kind(question) == kind


def test_the_turn_stating_the_asked_kind_comes_first() -> None:
    assert _lease(_VALUES, "How much was the deposit?")[0] == 2
    assert _lease(_VALUES, "What year was the deposit paid?")[0] == 2
    assert _lease(_VALUES.replace(asked_values=False), "How much was the deposit?")[0] == 3


@pytest.mark.parametrize(
    "question",
    [
        "How much should I ask for if they keep the deposit?",  # advice, no recall word
        "Is the deposit protected?",  # no question word of a value
    ],
)
def test_the_latest_reply_stays_first(question: str) -> None:
    assert _lease(_VALUES, question)[0] == 3, question


def test_the_states_kind_scans() -> None:
    assert states_kind("the deposit was $1,800", "amount")
    assert not states_kind("within 30 days", "amount")
    assert states_kind("within 30 days", "duration")
    assert states_kind("my 2014 Honda", "year")
    assert not states_kind("2,014 miles", "year")
    assert states_kind("by Friday at 10:30", "when")
    assert not states_kind("you may", "when")
