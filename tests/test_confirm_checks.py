"""Rules confirm-checks and also-subjects (stop 36, issue 15 item 1, SPEC-028 §5.2) and the
stop's additions to rule other-topic-clauses: a restatement of the reply marked as a check is
CLARIFY, also right after a return; an "also" statement naming nothing of the thread is
EXPLORE; "diff thing, ..." announces a new topic.

``checks_holdout36.jsonl`` (10 conversations, 75 probes in domains no other file held; written
before any code change of the stop and scored twice, its misses not read): intent 0.760 on
main's code, 0.920 at the end; resume 7/7 and new thread 10/10 both times. ``checks_tune36``
(5 conversations, 42 probes, tuned on): 0.810 with both switches off, 0.976 on."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.dialogue.confirm_checks import confirm_check
from timing import best_seconds

_DATA = Path(__file__).parent / "data" / "handwritten"

_TAP = "my kitchen tap drips all night, the mixer one"
_TAP_REPLY = (
    "A dripping mixer tap usually needs a new ceramic cartridge; turn off the isolation valve "
    "under the sink first and it takes about 20 minutes. A cartridge costs 10 to 15 pounds."
)


def _tap(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(_TAP)
    session.assistant(_TAP_REPLY)
    return session


@pytest.mark.parametrize(
    ("name", "intent", "resume", "new_thread"),
    [("checks_holdout36.jsonl", 0.90, 1.0, 1.0), ("checks_tune36.jsonl", 0.97, 1.0, 1.0)],
)
def test_floors(name: str, intent: float, resume: float, new_thread: float) -> None:
    figures, _ = score(_DATA / name)
    assert figures["intent_accuracy"] >= intent
    assert figures["resume_accuracy"] >= resume
    assert figures["new_thread_accuracy"] >= new_thread


def test_switches_off_lose_the_tune_set() -> None:
    # Rule adder-questions (stop 39) reads some of also-subjects' asks too.
    off = mh.Config(confirm_checks=False, also_subjects=False, adder_questions=False)
    on, _ = score(_DATA / "checks_tune36.jsonl")
    without, _ = score(_DATA / "checks_tune36.jsonl", config=off)
    assert on["intent_accuracy"] - without["intent_accuracy"] >= 0.15


@pytest.mark.parametrize(
    "text",
    [
        "so 20 minutes, right?",  # a closing tag after a clause end
        "so just 5 min a day? thats it?",  # a tag as a sentence of its own
        "so I need a new cartridge, not a whole new tap?",  # a contrast at a clause's start
        "So the packing goes behind the tympan rather than in front of it?",
        "back to the bike - so both chain and cassette, not just the chain?",  # after a return
        "ok back to the mail - so 5000 only covers the sleeves, right?",
    ],
)
def test_marked_checks(text: str) -> None:
    assert confirm_check(text)


@pytest.mark.parametrize(
    "text",
    [
        "so what if it still drips after?",  # asks something new
        "so should I replace both cartridges, not just one?",  # a verb put first
        "So it's not the washer, it's the cartridge?",  # no mark of a check
        "I should buy the cheaper one, right?",  # a bare 'right?' after the user's own view
        "Did day 1 and the back is tight, not painful, just tight. Swing form?",
        "back to the soroban - how do the big friends work then?",  # a return and a question
        "so the whole job is only 20 minutes.",  # no question
        "so the cassette is only 40 quid?",  # a figure, but none of a reply given
    ],
)
def test_unmarked_or_no_checks(text: str) -> None:
    assert not confirm_check(text)


def test_a_restated_figure_must_be_the_replies() -> None:
    replies = lambda: frozenset(("40", "0.75"))  # noqa: E731
    assert confirm_check("so the cassette is only 40 quid?", replies)
    assert not confirm_check("so the cassette is only 60 quid?", replies)
    assert not confirm_check("so the cassette is 40 quid?", replies)  # no limiter


def test_a_bare_tag_must_name_a_reply_word() -> None:
    terms = lambda: frozenset(("intervals", "pace", "goal"))  # noqa: E731
    check = "The intervals are run at the pace I want in the test, correct?"
    assert confirm_check(check, reply_terms=terms)
    assert not confirm_check(check)
    assert not confirm_check("The bus leaves at the hour I want, correct?", reply_terms=terms)
    assert not confirm_check("I should buy the intervals, right?", reply_terms=terms)


@pytest.mark.parametrize(
    "text",
    [
        "my neighbour says 10 hours is enough, is that true?",
        "I googled it and they all say 12 hours, is that right?",
        "so the forum is wrong about 12 hours, right?",
    ],
)
def test_claims_from_elsewhere_are_no_checks(text: str) -> None:
    terms = lambda: frozenset(("hours", "enough", "12"))  # noqa: E731
    assert not confirm_check(text, reply_terms=terms)
    assert confirm_check("so you said 12 hours, right?", reply_terms=terms)


def test_a_bare_contrast_must_name_a_reply_word() -> None:
    terms = lambda: frozenset(("rice", "cold", "warm"))  # noqa: E731
    assert confirm_check("the rice has to be cold, not warm?", reply_terms=terms)
    assert not confirm_check("the pasta has to be soft, not firm?", reply_terms=terms)


@pytest.mark.parametrize(
    ("query", "on", "off"),
    [
        ("so the cartridge is only 10 pounds?", "CLARIFY", "CLARIFY"),
        ("so 20 minutes, right?", "CLARIFY", "DRILL_DOWN"),
        ("so I need a new cartridge, not a whole new tap?", "CLARIFY", "DRILL_DOWN"),
        ("so the whole job is only 20 minutes?", "CLARIFY", "DRILL_DOWN"),
        ("so what if it still drips after?", "DRILL_DOWN", "DRILL_DOWN"),
        ("ok so how do I get the handle off?", "DRILL_DOWN", "DRILL_DOWN"),
    ],
)
def test_confirm_checks_in_a_session(query: str, on: str, off: str) -> None:
    assert str(_tap().classify(query)) == on
    assert str(_tap(mh.Config(confirm_checks=False)).classify(query)) == off


def test_a_check_after_a_return_resumes_its_thread() -> None:
    session = mh.Session()
    session.user("my bike gears skip when i pedal hard uphill, whats wrong")
    session.assistant(
        "Usually a stretched chain or a worn cassette; if a new chain still skips, replace "
        "the cassette too, about 40 pounds."
    )
    bike = session.user("ok the chain checker says it's worn").active_thread
    session.assistant("Then replace the chain first.")
    roof = session.user("separate issue: the garage roof leaks when it rains sideways")
    assert roof.active_thread != bike
    session.assistant("Check the flashing where the roof meets the wall and reseal it.")
    query = "back to the bike - so both chain and cassette, not just the chain?"
    assert str(session.classify(query)) == "CLARIFY"
    envelope = session.user(query)
    assert envelope.intent == "CLARIFY"
    assert envelope.active_thread == bike


@pytest.mark.parametrize(
    ("query", "intent"),
    [
        ('what\'s "the thick top of the cream"?', "CLARIFY"),  # six words of the reply
        ("what do you mean by 'dry fit'", "CLARIFY"),
        ('"proof the yeast"??', "CLARIFY"),
        ('I googled "clotted cream recipe", is that true?', "DRILL_DOWN"),  # not the reply's
    ],
)
def test_quoted_phrases_of_the_reply(query: str, intent: str) -> None:
    session = mh.Session()
    session.user("how do I make clotted cream at home?")
    session.assistant(
        "Bake double cream at 80C for 12 hours, chill it overnight, then skim off the thick "
        "top of the cream. Dry fit the lid before sealing the jar, and proof the yeast "
        "separately if you bake scones."
    )
    assert str(session.classify(query)) == intent
    assert session.user(query).intent == intent


def test_checks_need_an_assistant_chat_of_two() -> None:
    session = mh.Session()
    session.user(_TAP)
    assert str(session.classify("so 20 minutes, right?")) != "CLARIFY"  # no reply yet


@pytest.mark.parametrize(
    ("query", "on", "off"),
    [
        ("also our car failed its MOT on the brakes yesterday", "EXPLORE", "CONTINUE"),
        ("plus the dishwasher is leaking from the door seal now", "EXPLORE", "CONTINUE"),
        ("plus the shower head is covered in limescale", "CONTINUE", "CONTINUE"),  # no concern
        ("also my son has started wetting the bed again, any ideas?", "EXPLORE", "DRILL_DOWN"),
        ("also the tap drips more when the hot side is on", "CONTINUE", "CONTINUE"),
        ("also it still drips a bit", "CONTINUE", "CONTINUE"),
        ("also, how long does the cartridge take to fit?", "DRILL_DOWN", "DRILL_DOWN"),
    ],
)
def test_also_subjects_in_a_session(query: str, on: str, off: str) -> None:
    assert str(_tap().classify(query)) == on
    # Rules new-subjects (an adder's concern) and adder-questions (an adder's statement, then
    # a question) read them too: off, to see this rule alone.
    alone = mh.Config(also_subjects=False, new_subjects=False, adder_questions=False)
    assert str(_tap(alone).classify(query)) == off


@pytest.mark.parametrize(
    "query",
    [
        "also we arrive late at night around 11pm",
        "also my mother in law might join us",
        "plus the flights are cheaper on tuesdays",
    ],
)
def test_facts_added_to_the_situation_continue(query: str) -> None:
    session = mh.Session()
    session.user("We're planning a week in Lisbon in May with two kids, where should we stay?")
    session.assistant(
        "Baixa and Chiado are flat and central, close to trams and the river; with kids an "
        "apartment with a lift is easiest."
    )
    assert str(session.classify(query)) == "CONTINUE"


def test_an_earlier_threads_subject_is_no_new_one() -> None:
    session = mh.Session()
    session.user("my daughter has a rash on her legs since yesterday")
    session.assistant("Keep it cool and watch whether it fades when you press a glass on it.")
    session.user("separate question: how do I reset the router?")
    session.assistant("Hold the reset button for ten seconds while it is on.")
    assert str(session.classify("oh and the rash is spreading to her arms now")) != "EXPLORE"
    assert str(session.classify("oh and the gutter keeps overflowing when it rains")) == "EXPLORE"


def test_also_subject_opens_a_thread_and_agrees_with_classify() -> None:
    session = _tap()
    tap = session.user("ok I turned the valve off").active_thread
    session.assistant("Good. Now unscrew the cartridge nut and pull the cartridge out.")
    query = "also our youngest has started grinding her teeth at night"
    assert str(session.classify(query)) == "EXPLORE"
    envelope = session.user(query)
    assert envelope.intent == "EXPLORE"
    assert envelope.active_thread != tap


@pytest.mark.parametrize(
    "query",
    [
        "diff thing, the wifi drops every evening around 8",
        "separate problem, the oven takes ages to heat",
        "new problem: the washing machine won't drain",
    ],
)
def test_other_topic_clauses_of_stop_36(query: str) -> None:
    session = _tap()
    session.user("ok I turned the valve off")
    session.assistant("Good. Now unscrew the cartridge nut and pull the cartridge out.")
    assert str(session.classify(query)) == "EXPLORE"


@pytest.mark.timed
@pytest.mark.parametrize(
    ("prefix", "unit", "suffix"),
    [
        ("also my ", "son ", "bed, any ideas?"),
        ("back to the ", "bike ", "- so only 40, not just the chain, right?"),
        ("so ", "only 40, ", "not 20? thats it?"),
        ("also ", "\n", "."),
    ],
)
def test_linear_in_the_turn_and_the_reply(prefix: str, unit: str, suffix: str) -> None:
    def calls(size: int) -> object:
        text = prefix + (unit * (size // len(unit) + 1))[:size] + suffix
        session = mh.Session()
        session.user(_TAP)
        session.assistant(_TAP_REPLY + " 40 " * (size // 4))
        return lambda: (session.classify(text), confirm_check(text, lambda: frozenset()))

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


# The on/off observations of ``test_rules`` (every rule's switch changes what it decides).
def _observe_confirm_check(config: mh.Config) -> object:
    return _tap(config).classify("so 20 minutes, right?")


def _observe_also_subject(config: mh.Config) -> object:
    # Rule new-subjects reads an adder's statement too; the closing ask is this rule's alone.
    return _tap(config).classify(
        "plus the dishwasher is leaking from the door seal now, any ideas?"
    )


OBSERVERS = {"confirm-checks": _observe_confirm_check, "also-subjects": _observe_also_subject}
