"""Issue 15, stop 44 (statements44): rule plan-reports. A statement in which the user says what
they will do next on the thread ("Great, thanks. I'll restring the bass side tonight.",
"alright I will swap to the 10s then", "tomorrow I will try the drop D tuning", "will do the
high E first") is CONTINUE: the user's own next step extends the thread (§5.2), whatever
details it carries (a time, a price). Controls: a want or a state after the head ("I'll need a
tuner", "I'll be away next week"), a question ("will the strings stretch quickly"), a plan
naming nothing the thread said ("I will paint the spare room next weekend"), a new subject
said as a statement, "wait" as a verb, questions starting "why can't I".

``statements_holdout44.jsonl`` (written before any code change of the stop, scored at the
start and at the end): see the CHANGELOG."""

from __future__ import annotations

import dataclasses

import pytest

import multihorizon as mh
from exchanges import every_backend_reads, session_after
from multihorizon.dialogue.plan_reports import plan_report
from timing import reads_a_million_like_a_thousand

# Opt-in since the stop's review (rule plan-reports): switched on here.
_ON = mh.Config(plan_reports=True)
_GUITAR = "my acoustic guitar sounds dull and the strings are rusty, what should I do"
_GUITAR_REPLY = (
    "Replace the strings: a set of 12-gauge phosphor bronze suits most acoustics, about 10 "
    "pounds. Change them one at a time so the neck tension stays even, stretch each new string "
    "gently, and retune a few times over the first day."
)

_POSITIVES = [
    "I will stop using the rusty set and buy the bronze ones from the music shop in town",
    "cheers, I'll give the dull one a proper clean on sunday",
    "ok I'll pick up a set on the way home, the shop shuts at 6",
    "will do the strings this weekend",
    "will change them one by one tomorrow",
]

_CONTROLS = [
    "I'll need a tuner as well, the clip-on kind",  # a want
    "I will be away next week",  # a state
    "will the strings stretch quickly",  # a question
    "will it be quick to do",
    "I'll restring it tonight, is that ok?",  # a question after the plan
    "I will paint the spare room next weekend.",  # names nothing the thread said
    "why can't I just boil the old strings?",
    "I'm moving house next month and the movers come on Friday.",  # a new subject
]


@pytest.mark.parametrize("text", _POSITIVES)
def test_plans_continue_and_the_switch_turns_them_off(text: str) -> None:
    assert session_after(_GUITAR, _GUITAR_REPLY, config=_ON).classify(text) is mh.Intent.CONTINUE
    off = dataclasses.replace(_ON, plan_reports=False)
    assert session_after(_GUITAR, _GUITAR_REPLY, config=off).classify(text) is not (
        mh.Intent.CONTINUE
    )


@pytest.mark.parametrize("text", _CONTROLS)
def test_the_controls_are_as_without_the_rule(text: str) -> None:
    off = dataclasses.replace(_ON, plan_reports=False)
    expected = session_after(_GUITAR, _GUITAR_REPLY, config=off).classify(text)
    assert session_after(_GUITAR, _GUITAR_REPLY, config=_ON).classify(text) is expected
    assert expected is not mh.Intent.CONTINUE


def test_a_first_turn_is_no_plan() -> None:
    assert mh.Session().classify("I'll restring my guitar tonight.") is mh.Intent.EXPLORE


def test_the_plan_read() -> None:
    assert plan_report("Great, thanks. I'll restring it tonight.") == ("restring", "it", "tonight")
    assert plan_report("tomorrow I will try it") == ("try", "it")
    assert plan_report("will do it later") == ("do", "it", "later")
    assert plan_report("will it work") == ()  # a question's "will"
    assert plan_report("I'll need strings") == ()
    assert plan_report("I'll restring it?") == ()
    assert plan_report("I'll restring it " + "now " * 60) == ()  # too long for one plan


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    exchange = (_GUITAR, _GUITAR_REPLY)
    every_backend_reads(exchange, _POSITIVES, _CONTROLS, mh.Intent.CONTINUE, config=_ON)


@pytest.mark.timed
def test_a_million_character_turn_is_read_in_linear_time() -> None:
    # plan_report stops at PLAN_CHARS.
    reads_a_million_like_a_thousand(plan_report, ("I'll restring it ", "ok ", "."))
    session = session_after(_GUITAR, _GUITAR_REPLY, config=_ON)
    assert session.classify(("ok I'll restring it " * 50_000)[:1_000_000]) is not (
        mh.Intent.CLARIFY
    )


def _observe(config: mh.Config) -> object:
    return session_after(_GUITAR, _GUITAR_REPLY, config=config).classify(_POSITIVES[0])


# Rule switch tests (``test_rules.OBSERVE``): what the rule of stop 44 decides, on and off.
OBSERVERS = {"plan-reports": _observe}
