"""Issue 15 item 1, stop 41 (clarify41): asking what a term a recent reply used means, in three
unmarked forms. Rule equation-checks: "X = Y? or Z" ("the trub = the sludge at the bottom?
should i scrape it out ...", longer than rule term-checks reads); rule unfamiliar-terms:
"never heard of X, what is it", "I'm not familiar with X, could you explain what it covers?",
"no idea what a X is tbh"; rule clarify-objects: "Could you clarify what counts as X?", "Can
you clarify what the X does ...?": CLARIFY. Controls: a term no reply used, a request for
depth, a formal "clarify whether" asking a fact, an "X = Y" report, the user's own ("clarify
what I should do").

``clarify_holdout41.jsonl`` (10 conversations, 62 probes, written before any code change of
the stop, scored at the start and at the end, its misses not read): see the CHANGELOG."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import intents_by_every_path, session_after
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon.dialogue.plain_terms import clarify_object, equation_term, unfamiliar_term
from timing import best_seconds

_DATA = Path(__file__).parent / "data" / "handwritten"

_BREW = "first homebrew kit arrived, how do i get from wort to bottles"
_BREW_REPLY = (
    "Pitch the yeast once the wort is below 20C and keep the airlock topped up. Expect a "
    "krausen within 48 hours. Bottle once the final gravity holds for three days, prime each "
    "bottle with dextrose, and use a bottling wand to avoid oxidation. Leave the trub behind "
    "when you siphon."
)
_LATER = (
    "thanks, how long until i can drink it",
    "About three weeks in the bottle at room temperature.",
)


def test_floor() -> None:
    figures, _ = score(_DATA / "clarify_holdout41.jsonl")
    assert figures["intent_accuracy"] >= 0.85


_FORMS = [
    (
        "final gravity = the hydrometer reading at the very end? and how do i know it has "
        "actually held, do i measure every single day",
        "equation_checks",
    ),
    (
        "the trub = the sludge at the bottom of the bucket? should i scrape it out or just leave "
        "it there when i start siphoning the beer",
        "equation_checks",
    ),
    ("no idea what trub is tbh", "unfamiliar_terms"),
    ("I'm not familiar with a bottling wand, can you explain what it covers?", "unfamiliar_terms"),
    ("I have no idea what the final gravity is, what does it tell me?", "unfamiliar_terms"),
    ("Forgive me, I do not know the term final gravity. What does it measure?", "unfamiliar_terms"),
    ("never come across trub before, what is it", "unfamiliar_terms"),
    ("dunno what a krausen is lol", "unfamiliar_terms"),
    ("not familar with the bottling wand, explain pls", "unfamiliar_terms"),
    ("Would you clarify what counts as the final gravity?", "clarify_objects"),
    ("Can you clarify what the airlock does during fermentation?", "clarify_objects"),
    ("Can you clarify what priming with dextrose involves?", "clarify_objects"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "switch"), _FORMS)
def test_the_forms_are_clarify_and_their_switch_turns_them_off(text: str, switch: str) -> None:
    assert session_after(_BREW, _BREW_REPLY, *_LATER).classify(text) is mh.Intent.CLARIFY
    off = dataclasses.replace(mh.Config(), **{switch: False})
    later = session_after(_BREW, _BREW_REPLY, *_LATER, config=off)
    assert later.classify(text) is not mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "never heard of a hydrometer, what is it",  # no reply named it
        "no idea what a blowoff tube is tbh",  # no reply named it
        "could you explain how bottle priming works step by step?",  # depth, no meaning asked
        "Could you clarify whether I should sanitise the bottles twice?",  # a fact
        "Could you clarify what I should do if the airlock stops bubbling?",  # the user's own
        "gravity = 1.010 today, same as yesterday",  # a report, no question
        "never heard of the yeast brand, what do I need to buy instead?",  # asks anew
        "idk what to do about the airlock",  # no term asked
        "dunno what the best yeast is",  # no term of the reply's alone
        "never heard of a bottling wand, can you tell me where to buy one?",  # asks anew
    ],
)
def test_questions_of_their_own_stay_unclarified(text: str) -> None:
    assert session_after(_BREW, _BREW_REPLY).classify(text) is not mh.Intent.CLARIFY


def test_a_term_the_user_brought_is_no_reply_term() -> None:
    own = "my recipe says to add dextrose, whats the point"
    session = session_after(_BREW, _BREW_REPLY, own, "It carbonates the beer in the bottle.")
    assert session.classify("no idea what dextrose is tbh") is not mh.Intent.CLARIFY


def test_the_terms_read() -> None:
    assert equation_term("krausen = the foam on top? or the sediment") == ("krausen",)
    assert equation_term("krausen = it? or the sediment") == ()  # the settle's gate reads none
    assert equation_term("gravity = 1.010 today") == ()  # no question
    assert unfamiliar_term("no idea what a bottling wand is tbh") == ("bottling", "wand")
    assert unfamiliar_term("no idea what happened to the krausen") == ()  # no "what X is"
    assert unfamiliar_term("no idea what time it is") == ()
    assert unfamiliar_term("never heard of trub, what do I need for it?") == ()
    assert clarify_object("Could you clarify what is meant by a material change?") == (
        "material",
        "change",
    )
    assert clarify_object("Could you clarify what you would recommend?") == ()


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            for text, _ in _FORMS:
                session = session_after(_BREW, _BREW_REPLY)
                assert intents_by_every_path(session, text) == {mh.Intent.CLARIFY}, (name, text)
    finally:
        kernels.use(previous)


@pytest.mark.timed
@pytest.mark.parametrize(
    ("prefix", "unit", "suffix"),
    [
        ("", "wort ", "= the sugary liquid? or not"),
        ("never heard of ", "wort ", ", what is it"),
        ("sorry ", "wort ", "isn't something I've come across"),
        ("no idea what ", "wort ", "is tbh"),
        ("could you clarify what ", "wort ", "means?"),
    ],
)
def test_linear_in_the_turn_and_the_reply(prefix: str, unit: str, suffix: str) -> None:
    def calls(size: int) -> Callable[[], object]:
        text = prefix + (unit * (size // len(unit) + 1))[:size] + suffix
        reply = _BREW_REPLY + " wort" * (size // 8)
        session = session_after(_BREW, reply)
        return lambda: session.classify(text)

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


def _observe(text: str) -> Callable[[mh.Config], object]:
    def observe(config: mh.Config) -> object:
        return session_after(_BREW, _BREW_REPLY, config=config).classify(text)

    return observe


# Rule switch tests (``test_rules.OBSERVE``): what each rule of stop 41 decides, on and off.
OBSERVERS = {
    "equation-checks": _observe(_FORMS[0][0]),
    "unfamiliar-terms": _observe("no idea what trub is tbh"),
    "clarify-objects": _observe("Can you clarify what the airlock does during fermentation?"),
}
