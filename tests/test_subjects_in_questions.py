"""New subjects inside a question and things held without a determiner (rule adder-questions,
rule also-holdings widened; SPEC-028 §5.2, §3.3; issue 15 item 1, stop 39): right after a
reply, "Also, my daughter is allergic to nuts. Do the schools handle that?" sets up a new
situation, then asks: EXPLORE in a thread of its own when its words are not the thread's;
"Also, the pond is in full sun. Would shading it help?" asks on the thread (DRILL_DOWN). "also
I've got jury service in March" adds a thing held with no determiner (also-holdings); "also
we've been feeding her twice a day" reports (CONTINUE). The openers the lexicon marks
(Marker.ALSO_OPENER) take a turn past the native settle, so classify, analyse and user agree on
every backend; "one more thing", "additionally" are not marked (a marked one sent every turn
holding it to the Python path, wherever it stood) and are left to the settle."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import user_turn_reads
from handwritten_scoring import score
from multihorizon.dialogue.adder_questions import split_added
from multihorizon.dialogue.also_holdings import added_thing

DATA = Path(__file__).parent / "data" / "handwritten"


def _move(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("We're moving to a flat in Leeds in spring. Which areas are good for renting?")
    session.assistant(
        "Headingley and Chapel Allerton are popular with families and young professionals; "
        "Meanwood is quieter and greener. Rents are lower further out, in Horsforth or Roundhay. "
        "What's your budget per month?"
    )
    return session


def _puppy(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Our new puppy is eight weeks old. How often should we feed her?")
    session.assistant(
        "At eight weeks, feed her four small meals a day of a puppy food, then go down to three "
        "meals at around three months. Keep fresh water out all the time."
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Also, my daughter is allergic to nuts. Do the schools handle that?",
        "Another question - our car insurance renews next week, is it worth switching?",
        "btw my mum wants to visit in May, what visa does she need?",
        "also I've got jury service in March, does that change anything?",
        "oh and one last thing: my laptop battery dies in an hour. Worth replacing?",
        "also my son want start guitar lesson, which age is good for begin?",
    ],
)
def test_a_new_situation_then_a_question_is_a_new_subject_and_thread(text: str) -> None:
    session = _move()
    before = session.active_thread
    envelope = user_turn_reads(session, text, mh.Intent.EXPLORE)
    assert envelope.active_thread != before, text


@pytest.mark.parametrize(
    "text",
    [
        "Also, our budget is about 900 a month. Is Headingley in reach?",  # the thread's words
        "also the rents seem high everywhere, should we wait until summer?",  # "the": a part
        "Also it looks far from the station, is that a problem?",  # it points back
        "also tried Horsforth on the map, how long is the train from there?",  # a report
    ],
)
def test_a_question_on_the_thread_after_an_opener_stays(text: str) -> None:
    on, off = _move().user(text), _move(mh.Config(adder_questions=False)).user(text)
    assert on.intent is mh.Intent.DRILL_DOWN, text  # a question on the thread, not "go on"
    assert on.active_thread == off.active_thread, text  # the rule opens no thread


def test_an_opener_on_the_thread_is_a_drill_down() -> None:
    session = _puppy()
    before = session.active_thread
    text = "Also, the puppy food gives her a runny tummy. Should we switch the food?"
    assert user_turn_reads(session, text, mh.Intent.DRILL_DOWN).active_thread == before


@pytest.mark.parametrize(
    "text",
    [
        "also I've got jury service in March",
        "also we've been offered travel insurance with the booking",
        "We have also received notice of a pension review from the council",
        "also got dentist tomorrow, wisdom tooth coming out",
    ],
)
def test_a_thing_held_without_a_determiner_is_a_new_subject(text: str) -> None:
    session = _puppy()
    before = session.active_thread
    envelope = user_turn_reads(session, text, mh.Intent.EXPLORE)
    assert envelope.active_thread != before, text


@pytest.mark.parametrize(
    "text",
    [
        "also we've been feeding her twice a day",  # a report: no verb of having
        "also we have tried the four meals already",  # a past form after the verb
        "also got her to eat from the bowl",  # "got her": no thing
        "also we have to work late on Mondays",
    ],
)
def test_a_report_after_advice_stays(text: str) -> None:
    session = _puppy()
    before = session.active_thread
    envelope = session.user(text)
    assert envelope.intent is not mh.Intent.EXPLORE, text
    assert envelope.active_thread == before, text


@pytest.mark.parametrize(
    ("text", "statement"),
    [
        ("Also, my daughter is allergic to nuts. Do the schools handle that?", "my daughter"),
        ("ok also got moped test on friday. any tips for it?", "got moped"),
        ("Another question - our car insurance renews, is it worth switching?", "our car"),
        ("btw thinking of cycling to work, 12km each way. too much for a beginner?", "thinking of"),
        ("One more thing about the boiler: the pressure drops. Is that the valve?", "about the"),
        ("Also, do I need winter tyres?", ""),  # asks at once: an empty statement (stop 40)
        ("also my car?", None),  # too short
        ("my daughter is allergic to nuts, also do schools handle that?", None),  # no opener
        ("also my car is old. I might sell it.", None),  # no question closes it
    ],
)
def test_the_statement_is_read_between_opener_and_question(
    text: str, statement: str | None
) -> None:
    found = split_added(text)
    if statement is None:
        assert found is None, text
        return
    assert found is not None, text
    if not statement:
        assert found[0] == found[1], text
        return
    start, end, words = found
    assert " ".join(words[start : start + 2]) == statement, text
    assert end > start + 2


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("also I've got jury service in March", 3),
        ("also we've been offered travel insurance", 4),
        ("also got dentist tomorrow", 2),
        ("also we have tried the four meals", -1),
        ("also got told off by the vet", -1),
        ("we also got rid of the old one", -1),
        ("also I have to leave early", -1),
    ],
)
def test_a_bare_thing_is_read_where_it_stands(text: str, start: int) -> None:
    assert added_thing(text) == start, text


@pytest.mark.timed
def test_the_statement_reads_a_bounded_opening() -> None:
    # A turn of a million characters costs about what one of a thousand does (best of three
    # each: a ratio on this shared machine, no wall-clock limit).
    def cost(text: str) -> float:
        spent = []
        for _ in range(3):
            began = time.perf_counter()
            split_added(text)
            spent.append(time.perf_counter() - began)
        return min(spent)

    for unit in ("also ", "a", "one more thing, my car is ", "also x. "):
        small, large = cost(unit * (1_000 // len(unit))), cost(unit * (1_000_000 // len(unit)))
        assert large < 20 * max(small, 0.002), (unit, small, large)


def test_the_hold_out_keeps_its_floor() -> None:
    # Written before the rule (stop 39); first run 0.683 intent, 0.789 new thread.
    figures, counts = score(DATA / "subjects_holdout39.jsonl")
    assert counts["intent"] == 60
    # "One more thing, ..." / "Additionally, ..." openers are left to the native settle (the
    # lexicon does not mark them: a marked one sent every turn holding it to the Python path).
    assert figures["intent_accuracy"] >= 0.76
    assert figures["new_thread_accuracy"] >= 0.84


def _observe_adder_question(config: mh.Config) -> object:
    session = _move(config)
    envelope = session.preview("Also, my daughter is allergic to nuts. Do the schools handle that?")
    return envelope.intent, envelope.active_thread == session.active_thread


# The on/off observer of ``test_rules`` (rule id -> what the rule decides).
OBSERVERS = {"adder-questions": _observe_adder_question}
