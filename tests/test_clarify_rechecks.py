"""Issue 15, stop 44 (statements44): rule recheck-asks. A question that stops on what the
assistant said and asks about it again ("wait, does the grout go on before the sealer?", "hang
on is the 3 mm the gap or the tile", "Just to check, is it two coats or three?", "you said
soak the tiles, how long for?") is CLARIFY: the user re-checks the reply. Controls: "wait" as
the verb, a question of its own after the opener ("hang on, what about the hallway?", "hang on,
should I hire someone?"), a request, an argument after the question, a turn naming nothing
the replies said, questions without an opener ("why can't I ...", "will it be quick").

``statements_holdout44.jsonl`` (5 conversations, 36 probes, written before any code change of
the stop, scored at the start and at the end): see the CHANGELOG."""

from __future__ import annotations

import dataclasses

import pytest

import multihorizon as mh
from exchanges import every_backend_reads, session_after
from multihorizon.dialogue.recheck_asks import recheck_ask
from timing import reads_a_million_like_a_thousand

# Opt-in since the stop's review (rule recheck-asks): switched on here.
_ON = mh.Config(recheck_asks=True)
_TILES = "retiling the kitchen splashback myself, never done it. how do i go about it"
_TILES_REPLY = (
    "Spread the adhesive with a notched trowel, press each tile in with a twist, and keep a "
    "3 mm gap with spacers. Let the adhesive set for 24 hours, then push grout into the gaps, "
    "wipe the haze off with a damp sponge, and seal the grout after a week."
)

_POSITIVES = [
    "wait, does the grout go on before the spacers come out?",
    "hang on is the 3 mm the gap or the tile thickness",
    "Just to check, the adhesive needs a full 24 hours?",
    "hold on, which way do I twist the tile",
    "ok wait so the sealer goes on after a whole week?",
    "You said a damp sponge, how damp exactly?",
    "wait a sec, do i wipe the haze before it dries?",
    "Hang on - when do the spacers come out?",
    "Wait, are the spacers removed before the grout?",
]

_CONTROLS = [
    "should I wait a week before sealing?",  # "wait" the verb
    "wait till the weekend to grout, or do it tonight?",  # "wait" the verb at the opening
    "can I wait until Sunday to grout?",
    "wait for the grout to harden first?",
    "hang on, what about the bit behind the cooker?",  # a question of its own
    "hang on, should I hire someone for the cutting?",  # advice asked
    "wait, can you give me a shopping list for all that?",  # a request
    "wait why can't I tile over the old tiles?? my dad always did",  # it argues on
    "hang on, is it normal for a boiler to make a banging noise?",  # nothing the reply said
    "why can't I just use ready-mixed grout?",  # no opener
    "will the adhesive be dry quickly?",
    "another thing but how much does a tile cutter cost?",
    "wait, also my bathroom extractor fan is rattling, is that fixable?",  # something new
    "You said something about the grout earlier: what was it?",  # a recall
]


@pytest.mark.parametrize("text", _POSITIVES)
def test_rechecks_are_clarify_and_the_switch_turns_them_off(text: str) -> None:
    assert session_after(_TILES, _TILES_REPLY, config=_ON).classify(text) is mh.Intent.CLARIFY
    off = dataclasses.replace(_ON, recheck_asks=False)
    assert session_after(_TILES, _TILES_REPLY, config=off).classify(text) is not (mh.Intent.CLARIFY)


@pytest.mark.parametrize("text", _CONTROLS)
def test_the_controls_are_as_without_the_rule(text: str) -> None:
    off = dataclasses.replace(_ON, recheck_asks=False)
    expected = session_after(_TILES, _TILES_REPLY, config=off).classify(text)
    assert session_after(_TILES, _TILES_REPLY, config=_ON).classify(text) is expected
    assert expected is not mh.Intent.CLARIFY


def test_a_first_turn_or_a_turn_after_no_reply_is_no_recheck() -> None:
    assert mh.Session().classify("wait, does the grout go on first?") is not mh.Intent.CLARIFY
    session = session_after(_TILES, config=_ON)  # no reply yet
    assert session.classify("hang on, is the grout grey or white?") is not mh.Intent.CLARIFY


def test_the_question_read() -> None:
    assert recheck_ask("wait, does the grout set?") == ("grout", "set")
    assert recheck_ask("hang on is it 3 mm") != ()
    assert recheck_ask("hang on, the grout.") == ()  # no question
    assert recheck_ask("wait a week?") == ()
    assert recheck_ask("wait, a week?") != ()  # "wait," is the opener
    assert recheck_ask("hold on to the tile?") == ()
    assert recheck_ask("you said grout, then sealer.") == ()  # "you said" asks only with "?"
    assert recheck_ask("hang on, " + "grout " * 60 + "?") == ()  # too long for one re-check


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    exchange = (_TILES, _TILES_REPLY)
    every_backend_reads(exchange, _POSITIVES, _CONTROLS, mh.Intent.CLARIFY, config=_ON)


@pytest.mark.timed
def test_a_million_character_turn_is_read_in_linear_time() -> None:
    # recheck_ask stops at RECHECK_CHARS.
    reads_a_million_like_a_thousand(recheck_ask, ("wait, does the grout ", "hang on ", "?"))
    session = session_after(_TILES, _TILES_REPLY, config=_ON)
    assert session.classify(("wait, does the grout " * 50_000)[:999_999] + "?") is not (
        mh.Intent.CLARIFY
    )


def _observe(config: mh.Config) -> object:
    return session_after(_TILES, _TILES_REPLY, config=config).classify(_POSITIVES[0])


# Rule switch tests (``test_rules.OBSERVE``): what the rule of stop 44 decides, on and off.
OBSERVERS = {"recheck-asks": _observe}
