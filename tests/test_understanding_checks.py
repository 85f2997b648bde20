"""A user turn that restates the assistant's reply to check it ("so the batter is just the wall
leaning in?", "wait, so I can skip the primer?", "you mean the blue one?"; rule
understanding-checks) or a reply's term with a restatement or an appositive guess ("the
cartoon, that's just the drawing?", "the brayer, the roller thing?"; rule restated-checks) is
CLARIFY (SPEC-028 §5.2, issue 15 item 1). Questions of their own that open the same way ("so
should I ...", "so how ...", "so if ...", "..., what about ...") keep §5.2's answer, and
``classify()``, ``analyse()`` and ``Session.user()`` agree on every backend. The floor of
``clarify_holdout35.jsonl`` (written before the change, scored once at each end) is here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon.dialogue.term_checks import term_check
from multihorizon.dialogue.understanding_checks import understanding_check

sys.path.insert(0, str(Path(__file__).resolve().parent))
from handwritten_scoring import score

DATA = Path(__file__).resolve().parent / "data" / "handwritten"
BACKENDS = _backend.available()

BOILER = "My boiler keeps losing pressure, it drops to 0.5 bar overnight. What should I check?"
BOILER_REPLY = (
    "Check the pressure relief valve first: if the copper pipe outside drips, the valve is "
    "letting water out. Then look for a leak on the radiators and the expansion vessel, whose "
    "air charge should be about 1 bar. Top the system up to 1.2-1.5 bar with the filling loop "
    "and watch the gauge for a day."
)
# Rule confirm-checks (stop 36) reads the marked checks among these ("..., is that right?").
OFF = mh.Config().replace(understanding_checks=False, restated_checks=False, confirm_checks=False)
# Rule understanding-checks is opt-in (it lost a probe on the lead's unseen audits): its tests
# switch it on.
ON = mh.Config().replace(understanding_checks=True)

CHECKS = [
    "so basically the valve is leaking because the pressure is too high?",
    "wait, so I don't need a plumber for the filling loop?",
    "meaning I should top it up every morning?",
    "you mean the copper pipe by the drain?",
    "ok so I just watch the gauge for a day and nothing else?",
    "so the 1 bar is for the vessel and not the boiler, is that right?",
    "the filling loop, that's the braided hose under the boiler?",
    "expansion vessel, the red cylinder thing?",
    "the relief valve, it means the one that opens when it's too high?",
]
QUESTIONS = [
    "so should I replace the valve myself?",
    "so how do I recharge the expansion vessel?",
    "So what pressure is too high then?",
    "so for a combi boiler, is it the same?",
    "So, the radiators: could one of them be the leak?",
    "so I top it up, or do I call someone?",
    "is the filling loop hard to use?",
    "the filling loop, the one under the boiler, is it safe to open?",
]


def _boiler(config: mh.Config | None = ON) -> mh.Session:
    session = mh.Session(config=config)
    session.user(BOILER)
    session.assistant(BOILER_REPLY)
    return session


@pytest.mark.parametrize("text", CHECKS)
def test_a_restated_reply_is_a_clarification(text: str) -> None:
    assert _boiler().classify(text) is mh.Intent.CLARIFY, text
    assert _boiler(OFF).classify(text) is not mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", QUESTIONS)
def test_a_question_of_its_own_keeps_its_intent(text: str) -> None:
    assert _boiler().classify(text) is _boiler(OFF).classify(text), text
    assert _boiler().classify(text) is not mh.Intent.CLARIFY, text


def test_a_check_in_the_users_own_words_is_a_clarification() -> None:
    # no content word of the check is the reply's: the restatement is the user's
    assert _boiler().classify("wait so I can't fix it myself?") is mh.Intent.CLARIFY


def test_a_new_topic_put_the_same_way_keeps_its_intent() -> None:
    for text in (
        "So, changing the subject, my car is making a clicking noise when I turn?",
        "so the kids are off school next week, any ideas for a day out?",
    ):
        assert _boiler().classify(text) is _boiler(OFF).classify(text), text
        assert _boiler().classify(text) is not mh.Intent.CLARIFY, text


def test_a_check_without_a_reply_before_it_is_no_clarification() -> None:
    session = mh.Session(config=ON)
    session.user(BOILER)
    assert session.classify("so the valve is the problem?") is not mh.Intent.CLARIFY


@pytest.mark.parametrize("text", [*CHECKS, *QUESTIONS])
def test_classify_analyse_and_user_agree_on_every_backend(text: str) -> None:
    previous = kernels.backend()
    try:
        for name in BACKENDS:
            kernels.use(name)
            session = _boiler()
            found = session.classify(text)
            assert session.analyse(text)[0] is found, (name, text)
            assert session.user(text).intent is found, (name, text)
    finally:
        kernels.use(previous)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("so the batter is just the wall leaning in?", ("batter", "wall", "leaning")),
        ("Sorry, one more thing. Wait, so I can skip the primer?", ("skip", "primer")),
        ("you mean the blue one?", ("blue",)),
        ("so no tackling at all, is that right?", ("tackling",)),
        ("so the batter is just the wall leaning in.", ()),
        ("you mean by that?", ()),
        ("what do you mean by batter?", ()),
        ("so should I buy one?", ()),
        ("so if it rains, do we still go?", ()),
        ("So, the cracks: could the clay be the problem?", ()),
        ("so the pilot picks where we land, and when do we take off?", ()),
        ("so the primer? and what about the topcoat?", ()),
        ("so?", ()),
        ("so " + "very " * 40 + "long?", ()),
        ("", ()),
    ],
)
def test_understanding_check(text: str, expected: tuple[str, ...]) -> None:
    assert understanding_check(text) == expected


@pytest.mark.parametrize(
    ("text", "restated", "expected"),
    [
        ("the cartoon, that's just the drawing at real size?", True, ("cartoon",)),
        ("the brayer, the roller thing?", True, ("brayer",)),
        ("the brayer, the roller thing?", False, ()),
        ("the 80 years, it means the remaining term?", True, ("year",)),
        ("the brayer, the one you said, is it a roller?", True, ()),
        ("the brayer, the roller thing I saw in the shop last week at the market?", True, ()),
        ("Red wrigglers, are those the same as the ones in shops?", False, ("red", "wriggler")),
    ],
)
def test_term_check_with_restatements(text: str, restated: bool, expected: tuple[str, ...]) -> None:
    assert term_check(text, restated) == expected


def test_understanding_check_is_linear() -> None:
    # one pass over the words: a turn at the limit and a 1,000,000-character one return at once
    assert understanding_check("so " + "a" * 150 + "?") == ("a" * 150,)
    assert understanding_check("so the valve " * 100_000 + "?") == ()


def test_clarify_holdout35_meets_its_floor() -> None:
    figures, counts = score(DATA / "clarify_holdout35.jsonl")
    assert counts["intent"] == 65
    assert figures["intent_accuracy"] >= DEFAULT_FLOOR_ACCURACY
    figures, _ = score(DATA / "clarify_holdout35.jsonl", config=ON)
    assert figures["intent_accuracy"] >= FLOOR_ACCURACY
    assert figures["intent_macro_f1"] >= FLOOR_MACRO_F1


# clarify_holdout35 at the end of stop 35: 0.723 with Config() (restated-checks and the new
# phrases), 0.754 (macro-F1 0.777; header) with understanding-checks on: a little under.
DEFAULT_FLOOR_ACCURACY = 0.71
FLOOR_ACCURACY = 0.74
FLOOR_MACRO_F1 = 0.76
