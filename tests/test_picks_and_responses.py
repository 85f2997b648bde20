"""Answers that pick one of the options the assistant's question offered, and reports that a
party responded (SPEC-028 §5.2; issue 15 item 1, stop 42): right after "Which one fits him best:
the camping trip, the wedding, or something from uni?", "the camping trip, definitely", "uni,
when he dyed his hair green for a bet" and "when he locked himself out in just a towel" answer
the question (rule option-picks); right after advice, "the engineer came, says the pump motor
has gone" and "agent emailed, the contractor can start on the 12th" report what came of it
(rule response-reports): CONTINUE in the thread, where the scan read them as questions by their
form or as new ground. A pick or a report that goes on to ask ("the camping one, how long should
it be", "the engineer came, should I pay him cash") stays DRILL_DOWN; a call of the user's own
life ("my boss emailed, wants me in early tomorrow") is left as it was. "I need a couple more
exercises like the calf raises" asks for more of the same as a statement (rule
more-like-requests): DRILL_DOWN, where §5.2's bare "more" read CONTINUE. ``classify``,
``analyse`` and ``user`` agree on every backend."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import user_turn_reads
from handwritten_scoring import score
from multihorizon.dialogue.more_likes import more_like_request
from multihorizon.dialogue.option_picks import choice_sentence, option_pick
from multihorizon.dialogue.response_reports import response_report
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"

_CHOICE = (
    "Pick one story that shows who he is. Which one fits him best: the camping trip, the "
    "wedding, or something from uni?"
)


def _toast(config: mh.Config | None = None, reply: str = _CHOICE) -> mh.Session:
    session = mh.Session(config=config)
    session.user("I'm giving a toast at my brother's 40th and need a story")
    session.assistant(reply)
    return session


def _waking(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("my daughter keeps waking at 5am, help")
    session.assistant(
        'Try blackout blinds and an "ok to wake" clock. Which sounds closer to her: waking '
        "hungry, or waking because of light and noise?"
    )
    return session


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("defo the camping one, when the tent blew away", mh.Intent.CONTINUE),
        ("the camping trip, definitely", mh.Intent.CONTINUE),
        ("when he locked himself out in just a towel", mh.Intent.CONTINUE),
        ("uni, when he dyed his hair green for a bet", mh.Intent.CONTINUE),
        ("the time he forgot the rings", mh.Intent.CONTINUE),
        # Controls: a pick that asks, orders or weighs the options; a new matter.
        ("the camping one, how long should it be", mh.Intent.DRILL_DOWN),
        ("uni one, any tips for the punchline", mh.Intent.DRILL_DOWN),
        ("the camping trip, give me a funny opening line for it", mh.Intent.DRILL_DOWN),
        ("the camping trip or the wedding", mh.Intent.DRILL_DOWN),
        ("what about the camping trip", mh.Intent.DRILL_DOWN),
    ],
)
def test_picks_of_an_offered_option(text: str, intent: mh.Intent) -> None:
    session = _toast()
    thread = session.active_thread
    envelope = user_turn_reads(session, text, intent)
    if intent is mh.Intent.CONTINUE:
        assert envelope.active_thread == thread, text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("the light one, the sun comes straight in her window", mh.Intent.CONTINUE),
        ("the light, sun's up at 4:45", mh.Intent.CONTINUE),
        ("the light one, which blinds are best", mh.Intent.DRILL_DOWN),
        ("hungry, is a snack before bed ok", mh.Intent.DRILL_DOWN),
    ],
)
def test_picks_named_by_a_word_of_the_question(text: str, intent: mh.Intent) -> None:
    user_turn_reads(_waking(), text, intent)


def test_no_pick_without_a_choice_question() -> None:
    # The same words after advice that asked nothing, or asked with no options: no answer.
    advice = "Pick one story that shows who he is: the camping trip, the wedding, or uni."
    assert _toast(reply=advice).classify("the camping trip, definitely") is mh.Intent.DRILL_DOWN
    asked = "Pick one story that shows who he is. Do you have one in mind?"
    assert choice_sentence(asked) == ""
    assert choice_sentence(_CHOICE).startswith(" Which one fits him best")
    assert mh.Session().classify("the camping trip, definitely") is not mh.Intent.CONTINUE


def _washer(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("my washing machine won't drain, error E21. what can i do?")
    session.assistant(
        "E21 usually means a blocked drain pump filter. Unplug it, put towels down, open the "
        "small flap at the bottom front, and unscrew the filter slowly to let the water out."
    )
    return session


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("the engineer came, says the pump motor has gone", mh.Intent.CONTINUE),
        ("the manufacturer replied, warranty ran out in june", mh.Intent.CONTINUE),
        ("the part arrived, different connector though", mh.Intent.CONTINUE),
        ("Currys got back to me, they'll send someone friday", mh.Intent.CONTINUE),
        ("the warranty people rang, they want the serial number", mh.Intent.CONTINUE),
        # Controls: a report that asks, a question on the thread, news of the user's own life.
        ("the engineer came, should I pay him cash", mh.Intent.DRILL_DOWN),
        ("the engineer came. is 90 quid a fair call-out fee", mh.Intent.DRILL_DOWN),
        ("my boss emailed, wants me in early tomorrow", mh.Intent.EXPLORE),
        ("my son broke his arm at football today, what should i do", mh.Intent.EXPLORE),
    ],
)
def test_reports_that_a_party_responded(text: str, intent: mh.Intent) -> None:
    session = _washer()
    thread = session.active_thread
    envelope = user_turn_reads(session, text, intent)
    if intent is mh.Intent.CONTINUE:
        assert envelope.active_thread == thread, text


@pytest.mark.parametrize(
    "text",
    [
        "the dentist called, appointment moved to friday",
        "the post came, no letter from the bank",
        "the landlord texted, rent is going up",
    ],
)
def test_an_everyday_party_the_thread_never_named_brings_news_of_its_own(text: str) -> None:
    assert user_turn_reads(_washer(), text, _washer().classify(text)).intent is not (
        mh.Intent.CONTINUE
    )
    tied = _washer()
    tied.user("the machine came with the flat, who pays, me or the landlord?")
    tied.assistant("Usually yes: appliances the landlord supplied are his to repair.")
    assert tied.classify("the landlord texted, he'll send someone friday") is mh.Intent.CONTINUE


def _knee(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("my knee aches after running, anything i can do?")
    session.assistant(
        "Ease off the mileage for a week, then add two strength sessions: 3 sets of 12 squats "
        "and lunges, plus calf raises. Ice it for 15 minutes after runs."
    )
    return session


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("I need a couple more exercises like the calf raises", mh.Intent.DRILL_DOWN),
        ("need a few more like the squats", mh.Intent.DRILL_DOWN),
        ("ok great, I'd love some more exercises similar to the squats", mh.Intent.DRILL_DOWN),
        # Controls: "more like" in a report, a want that ties nothing to the advice.
        ("feels more like the knee cap than the joint", mh.Intent.CONTINUE),
        ("I need more time to rest it, work is mad", mh.Intent.CONTINUE),
        ("did more like 20 squats, knee was fine", mh.Intent.CONTINUE),
        # Wants of more like a thing the reply never gave.
        ("I need more rest like the doctor said", mh.Intent.CONTINUE),
        ("I need more shelves like the ones in ikea for my flat", mh.Intent.CONTINUE),
    ],
)
def test_requests_for_more_alike(text: str, intent: mh.Intent) -> None:
    user_turn_reads(_knee(), text, intent)


def test_the_word_checks() -> None:
    assert more_like_request("want 2 more moves like the lunges")
    assert more_like_request("I'd like a couple of more drills like that")
    assert not more_like_request("I need to do more of the calf raises")  # no want of more
    assert not more_like_request("I need more help with it")  # ties nothing
    assert not more_like_request("I need a couple more like the squats " * 3)  # too long
    assert response_report("agent emailed, the contractor can start on the 12th")
    assert response_report("ok so the letting agent came round, checkout on the 28th")
    assert response_report("my landlord got back to me, the deposit is protected")
    assert not response_report("my son broke his arm")  # no verb of responding
    assert not response_report("he came, says it's the pump")  # a pronoun: other rules
    assert not response_report("the school rang, my son has a fever")  # the user's own life
    assert not response_report("the engineer came, how much should he charge")
    assert not response_report("the engineer came?")
    assert not response_report("the engineer came " * 10)  # longer than TERSE_CHARS
    choice = choice_sentence(_CHOICE)
    assert option_pick("probably the wedding, he lost the rings", choice)
    assert option_pick("when he locked himself out in just a towel", choice)
    assert not option_pick("when should he give it", choice)  # a modal after the subject
    assert not option_pick("the wedding, is it too much", choice)  # the later clause asks
    assert not option_pick("the camping trip. write it up for me", choice)  # an order
    assert not option_pick("the camping trip?", choice)
    assert not option_pick("the boiler broke this morning", choice)  # names no option
    assert not option_pick("the camping trip " * 10, choice)  # longer than TERSE_CHARS
    assert not option_pick("the camping trip", "")


def test_the_switches_turn_them_off() -> None:
    off = mh.Config(option_picks=False)
    assert _toast(off).classify("the camping trip, definitely") is mh.Intent.DRILL_DOWN
    assert _toast().classify("the camping trip, definitely") is mh.Intent.CONTINUE
    text = "agent emailed, the contractor can start on the 12th"
    assert _washer(mh.Config(response_reports=False)).classify(text) is mh.Intent.EXPLORE
    assert _washer().classify(text) is mh.Intent.CONTINUE
    assert mh.Session().classify(text) is mh.Intent.EXPLORE  # no reply before it
    more = "I need a couple more exercises like the calf raises"
    assert _knee(mh.Config(more_like_requests=False)).classify(more) is mh.Intent.CONTINUE
    assert _knee().classify(more) is mh.Intent.DRILL_DOWN


@pytest.mark.timed
def test_the_scans_are_linear() -> None:
    # 100k against 10k characters: linear is 10x (tests/test_linear_time.py's bound), best of
    # three runs on a shared machine. The session reads a turn of at most TERSE_CHARS only;
    # the function itself reads any text, and a reply of any length.
    def cost(text: str) -> float:
        return best_seconds(
            lambda: (
                choice_sentence(text + "?"),
                option_pick(text, text),
                response_report(text),
                more_like_request(text),
            )
        )

    for unit in ("the ", "when he ", "a, ", "x or ", "engineer came, ", "i need more "):
        small, large = cost(unit * (10_000 // len(unit))), cost(unit * (100_000 // len(unit)))
        assert large <= 30 * max(small, 0.005), (unit, small, large)


def test_the_hold_out_keeps_its_floor() -> None:
    # Written before the rule (stop 42); first run 0.875 intent (63 of 72), 0.75 new thread.
    figures, counts = score(DATA / "reports_holdout42.jsonl")
    assert counts["intent"] == 72
    assert figures["intent_accuracy"] >= 0.875
    assert figures["new_thread_accuracy"] >= 0.75
    tune, _ = score(DATA / "reports_tune42.jsonl")
    assert tune["intent_accuracy"] >= 0.86


def _observe_option_pick(config: mh.Config) -> object:
    return _toast(config).classify("the camping trip, definitely")


def _observe_response_report(config: mh.Config) -> object:
    return _washer(config).classify("the manufacturer replied, warranty ran out in june")


def _observe_more_like_request(config: mh.Config) -> object:
    return _knee(config).classify("I need a couple more exercises like the calf raises")


# The on/off observers of ``test_rules`` (rule id -> what the rule decides).
OBSERVERS = {
    "option-picks": _observe_option_pick,
    "response-reports": _observe_response_report,
    "more-like-requests": _observe_more_like_request,
}
