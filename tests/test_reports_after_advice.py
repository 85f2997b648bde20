"""Reports after advice in the forms people use, and requests for more of the same (SPEC-028
§5.2; issue 15 item 1, stop 40): right after advice, "done, migrate now wants to drop the users
table?!" reports a finding (rule surprised-reports) and "he hates the new food, won't eat it"
an outcome (rule elliptic-reports): CONTINUE; "could you write two more of those" asks for
more of the same (rule more-requests): DRILL_DOWN. ``classify``, ``analyse`` and ``user``
agree on every backend (a "?!" turn of at most 80 characters goes past the native settle, as a
terse report does)."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import user_turn_reads
from handwritten_scoring import score
from multihorizon.dialogue.stated_reports import (
    elliptic_report,
    surprise_ended,
    surprised_report,
)
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"


def _laptop(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("my laptop fan is super loud all the time")
    session.assistant(
        "Check Task Manager for a process using lots of CPU, clean the vents with compressed "
        "air, and update the BIOS; some models have a fan curve setting there."
    )
    return session


def _spanish(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(
        "I am learning Spanish, can you give me some example sentences with the subjunctive"
    )
    session.assistant(
        "Sure: 'Espero que vengas mañana.' 'Quiero que hables más despacio.' 'Es importante "
        "que estudies.' The subjunctive follows verbs of wishing and necessity."
    )
    return session


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("installed the bios update, now it asks for a password?!", mh.Intent.CONTINUE),
        ("wait the fan is at 100% even when idle?!", mh.Intent.CONTINUE),
        ("cleaned the vents, and it's louder than before!?", mh.Intent.CONTINUE),
        # Controls: a surprised question stays a question.
        ("why would it ask for a password?!", mh.Intent.DRILL_DOWN),
        ("is that normal?!", mh.Intent.DRILL_DOWN),
        ("seriously, you want me to open the case?!", mh.Intent.DRILL_DOWN),
        ("Having followed your advice, it now reports a fan error!?", mh.Intent.CONTINUE),
        ("ok, cant find the fan curve option in the bios", mh.Intent.CONTINUE),
        ("the update won't install, fails at 40%", mh.Intent.CONTINUE),
        ("she hates the noise, can't work with it", mh.Intent.CONTINUE),
        ("doesn't it need to be plugged in", mh.Intent.DRILL_DOWN),
        ("cleaned the vents, still loud, what now?", mh.Intent.DRILL_DOWN),
    ],
)
def test_reports_after_advice(text: str, intent: mh.Intent) -> None:
    session = _laptop()
    thread = session.active_thread
    envelope = user_turn_reads(session, text, intent)
    if intent is mh.Intent.CONTINUE:
        assert envelope.active_thread == thread, text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("could you write two more of those", mh.Intent.DRILL_DOWN),
        ("write me 3 more of these please", mh.Intent.DRILL_DOWN),
        ("can I have some more examples like these", mh.Intent.DRILL_DOWN),
        ("please some more exercises of this kind but in the past", mh.Intent.DRILL_DOWN),
        ("could you make a few more but in the past", mh.Intent.DRILL_DOWN),
        ("give five more with querer", mh.Intent.DRILL_DOWN),
        ("ok I will write two more tonight and send them to my teacher", mh.Intent.CONTINUE),
        # Bare asks for more go on (§5.2 "more"); a report of more made stays a report.
        ("more please", mh.Intent.CONTINUE),
        ("another one please", mh.Intent.CONTINUE),
        ("thanks, I made ten more flashcards with those", mh.Intent.CONTINUE),
    ],
)
def test_requests_for_more_of_the_same(text: str, intent: mh.Intent) -> None:
    user_turn_reads(_spanish(), text, intent)


def test_the_word_checks() -> None:
    assert surprise_ended("it dropped the table?! ")
    assert surprise_ended("what!?")
    assert not surprise_ended("it dropped the table?")
    assert not surprise_ended("wow!")
    assert surprised_report("done, migrate now wants to drop the users table?!")
    assert not surprised_report("why would it drop the table?!")
    assert not surprised_report("is it? it dropped it?!")  # another "?" before the run
    assert not surprised_report("?!")
    assert not surprised_report("that's way more than you said?!")  # asks the assistant back
    assert elliptic_report("he hates the new food, won't eat it")
    assert elliptic_report("reset it twice, doesn\u2019t help")
    assert not elliptic_report("he hates it, won't he eat anything")  # an inversion
    assert not elliptic_report("how long, won't eat it")  # the first clause asks
    assert not elliptic_report("won't eat it")  # no clause before it: rule terse-reports'
    assert not elliptic_report("he hates it, won't eat it?")


def test_no_report_read_after_a_tool_output_or_on_the_first_turn() -> None:
    session = mh.Session()
    assert session.classify("now the fan is at 100% even when idle?!") is mh.Intent.EXPLORE
    session = _laptop()
    session.tool_output("fan_log", "rpm: 5200\ntemp: 48C", args={"unit": "laptop"})
    text = "the fan is at 5200 even when idle?!"
    assert session.classify(text) is session.analyse(text)[0] is not mh.Intent.CONTINUE


@pytest.mark.timed
def test_the_scans_are_linear() -> None:
    # 100k against 10k characters: linear is 10x (tests/test_linear_time.py's bound), best of
    # three runs on a shared machine.
    def cost(text: str) -> float:
        return best_seconds(
            lambda: (surprised_report(text), elliptic_report(text), surprise_ended(text))
        )

    for unit in ("a, ", "won't eat, ", "?!", "x "):
        small, large = cost(unit * (10_000 // len(unit))), cost(unit * (100_000 // len(unit)))
        assert large <= 30 * max(small, 0.005), (unit, small, large)
    # The session reads them only on a turn of at most 80 characters (TERSE_CHARS).


def test_the_hold_out_keeps_its_floor() -> None:
    # Written before the rules (stop 40); first run 0.787 intent (48 of 61), 0.8 new thread.
    figures, counts = score(DATA / "reports_holdout40.jsonl")
    assert counts["intent"] == 61
    assert figures["intent_accuracy"] >= 0.85
    assert figures["new_thread_accuracy"] >= 0.8


def _observe_more_request(config: mh.Config) -> object:
    return _spanish(config).classify("could you write two more of those")


def _observe_surprised_report(config: mh.Config) -> object:
    return _laptop(config).classify("installed the bios update, now it asks for a password?!")


def _observe_elliptic_report(config: mh.Config) -> object:
    return _laptop(config).classify("she hates the noise, can't work with it")


# The on/off observers of ``test_rules`` (rule id -> what the rule decides).
OBSERVERS = {
    "more-requests": _observe_more_request,
    "surprised-reports": _observe_surprised_report,
    "elliptic-reports": _observe_elliptic_report,
}
