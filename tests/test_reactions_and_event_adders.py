"""Reports, answers and reactions after advice, and added questions on a new event (SPEC-028
§5.2; issue 15 item 1, stop 41): right after advice, "the third exercise kills my wrist haha"
reacts to an item of it (rule item-reactions) and "my manager signed it off this morning" reports
what someone did (rule noun-reports): CONTINUE; "also the boiler broke last night, what now?"
brings a new subject (rule event-adders): EXPLORE and a new thread; "can you give me 3 more like
that" asks for more of the same (rule more-requests): DRILL_DOWN. ``classify``, ``analyse`` and
``user`` agree on every backend."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import user_turn_reads
from handwritten_scoring import score
from multihorizon.dialogue.item_reactions import item_reaction
from multihorizon.dialogue.outcome_reports import LONG_OUTCOME_CHARS, outcome_report
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"


def _wrists(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("beginner here, want wrist strength for climbing, a routine?")
    session.assistant(
        "Three exercises, three times a week: wrist curls with a light dumbbell (3x15), "
        "reverse wrist curls (3x15), and rice bucket grips (2 minutes). Then finger rolls."
    )
    return session


def _course(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("I need my manager to sign off a training course, how do I make the case?")
    session.assistant(
        "Write a one-page request: what the course is, the cost, the dates, and two or three "
        "ways it helps your team's goals. Your manager will want to see the budget line."
    )
    return session


def _dog(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("my dog has been limping on his back leg since yesterday, what should I do?")
    session.assistant(
        "Rest him, short lead walks only, and check the paw for thorns or cuts. If he won't "
        "put weight on it, or it's no better in two days, take him to the vet."
    )
    return session


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("the third exercise kills my wrist haha", mh.Intent.CONTINUE),
        ("the rice bucket one is brutal lol", mh.Intent.CONTINUE),
        ("ok the reverse curls were fine", mh.Intent.CONTINUE),
        ("that last one made my forearms burn lol", mh.Intent.CONTINUE),
        # Controls: a question on the item, a request for it, a meaning check.
        ("the second one, how many sets again", mh.Intent.DRILL_DOWN),
        ("the rice bucket one, what kind of rice", mh.Intent.DRILL_DOWN),
        ("the second one please, in more detail", mh.Intent.DRILL_DOWN),
        ("the second one hurts my elbow, should I stop?", mh.Intent.DRILL_DOWN),
        ("the second step is confusing", mh.Intent.CLARIFY),
    ],
)
def test_reactions_to_an_item(text: str, intent: mh.Intent) -> None:
    session = _wrists()
    thread = session.active_thread
    envelope = user_turn_reads(session, text, intent)
    if intent is mh.Intent.CONTINUE:
        assert envelope.active_thread == thread, text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("my manager signed it off this morning", mh.Intent.CONTINUE),
        # Past the terse gate's 80 characters the native settle reads no "our" opener.
        (
            "Our director approved it this morning and it is now with HR, who will process it "
            "within five working days.",
            mh.Intent.EXPLORE,
        ),
        ("Our director approved it this morning and it is now with HR.", mh.Intent.CONTINUE),
        # A noun phrase that did nothing yet, or a request.
        ("my manager will want the dates first, can you draft it?", mh.Intent.DRILL_DOWN),
    ],
)
def test_reports_with_a_noun_subject(text: str, intent: mh.Intent) -> None:
    session = _course()
    thread = session.active_thread
    envelope = user_turn_reads(session, text, intent)
    if intent is mh.Intent.CONTINUE:
        assert envelope.active_thread == thread, text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("also the boiler broke last night, what now?", mh.Intent.EXPLORE),
        ("also the dishwasher flooded the kitchen yesterday, who do I call?", mh.Intent.EXPLORE),
        # Controls: the thread's own things, or a report on them, then a question.
        ("also the dog ate a sock yesterday, is that related?", mh.Intent.DRILL_DOWN),
        ("also the paw bled a bit when I checked it, is that bad?", mh.Intent.DRILL_DOWN),
    ],
)
def test_added_questions_on_a_new_event(text: str, intent: mh.Intent) -> None:
    session = _dog()
    thread = session.active_thread
    envelope = user_turn_reads(session, text, intent)
    assert (envelope.active_thread != thread) is (intent is mh.Intent.EXPLORE), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("can you give me 3 more drills like that to do", mh.Intent.DRILL_DOWN),
        ("can you give me 2 more for the off days", mh.Intent.DRILL_DOWN),
        ("more please", mh.Intent.CONTINUE),  # a bare "more" goes on (§5.2)
    ],
)
def test_requests_for_more_with_a_digit(text: str, intent: mh.Intent) -> None:
    user_turn_reads(_wrists(), text, intent)


def test_the_word_checks() -> None:
    assert item_reaction(("the", "third", "exercise", "kills", "my", "wrist")) == (
        "third",
        "exercise",
    )
    assert item_reaction(("haha", "the", "rice", "one's", "brutal")) == ("rice", "one")
    assert item_reaction(("the", "cat", "cow", "one", "really", "pulls", "on", "it")) == (
        "cat",
        "cow",
        "one",
    )
    assert not item_reaction(("the", "second", "one", "please"))  # no verb: a request
    assert not item_reaction(("the", "second", "one", "is", "what", "i", "need"))  # asks
    assert not item_reaction(("the", "second", "step", "is", "confusing"))
    assert not item_reaction(("i", "liked", "the", "second", "one"))  # no opener first
    assert outcome_report("my manager signed it off this morning", nouns=True)
    assert outcome_report("the vet has booked an x-ray for monday", nouns=True)
    assert not outcome_report("my manager signed it off this morning")  # rule off
    assert not outcome_report("the dog needs walking twice a day", nouns=True)
    assert not outcome_report("my boss will have signed it by then", nouns=True)


def test_the_rules_read_only_after_a_reply() -> None:
    session = mh.Session()
    assert session.classify("the third exercise kills my wrist haha") is mh.Intent.EXPLORE
    session = mh.Session()
    assert session.classify("my manager signed it off this morning") is mh.Intent.EXPLORE


@pytest.mark.timed
def test_the_scans_are_linear() -> None:
    # 100k against 10k characters: linear is 10x (tests/test_linear_time.py's bound), best of
    # three runs on a shared machine.
    def cost(text: str) -> float:
        words = tuple(text.split())
        return best_seconds(
            lambda: (
                item_reaction(words),
                outcome_report(text, 10 * len(text), nouns=True),
            )
        )

    for unit in ("the ", "my manager ", "the one is ", "x "):
        small, large = cost(unit * (10_000 // len(unit))), cost(unit * (100_000 // len(unit)))
        assert large <= 30 * max(small, 0.005), (unit, small, large)
    # The session reads them only on a turn of at most 80 characters (item-reactions, and
    # noun-reports on a turn that opens with its noun phrase) or LONG_OUTCOME_CHARS.
    assert LONG_OUTCOME_CHARS == 240


def test_the_hold_out_keeps_its_floor() -> None:
    # Written before the rules (stop 41); first run 0.824 intent (61 of 74), 1.0 new thread.
    figures, counts = score(DATA / "reports_holdout41.jsonl")
    assert counts["intent"] == 74
    assert figures["intent_accuracy"] >= 0.83
    assert figures["new_thread_accuracy"] >= 0.8
    tune, _ = score(DATA / "reports_tune41.jsonl")
    assert tune["intent_accuracy"] >= 0.9  # 40 of 43 (37 with the stop's rules off)


def _observe_item_reaction(config: mh.Config) -> object:
    return _wrists(config).classify("the third exercise kills my wrist haha")


def _observe_noun_report(config: mh.Config) -> object:
    # "signed it off": rule response-reports (stop 42) reads "approved" too, not this verb.
    text = "Our director signed it off this morning and it is now with HR."
    return _course(config).classify(text)


def _observe_event_adder(config: mh.Config) -> object:
    return _dog(config).classify("also the boiler broke last night, what now?")


# The on/off observers of ``test_rules`` (rule id -> what the rule decides).
OBSERVERS = {
    "item-reactions": _observe_item_reaction,
    "noun-reports": _observe_noun_report,
    "event-adders": _observe_event_adder,
}
