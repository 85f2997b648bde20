"""Issue 15 item 1, stop 39 (clarify39): CLARIFY and DRILL_DOWN told apart in the words people
use. Rule choice-asks: "why X and not Y?" / "how come X and not Y" where X is a word or a
choice of a recent reply; rule dumb-down-asks: "dumb the X bit down" naming a part a reply
said; rule condition-checks: "so if <the reply's condition> <its consequence>?"; rule
reading-asks: "X is A or B exactly?" of a reply's term: CLARIFY. Rule split-requests: "break
it down by/per/into ..." asks for a split (DRILL_DOWN), not a simpler version; rule
wording-judgements: "is 'Dear Tom' too formal ...?" judges the user's own wording
(DRILL_DOWN), even when the reply used it.

``clarify_holdout39.jsonl`` (10 conversations, 64 probes, 30 CLARIFY with a target reply, in
domains no other file held; written before any code change of the stop, scored at the start
and at the end, its misses not read): logged-turn intent 0.562 on main's code, 0.797 at the
end; references acc@1 29/30 both ways. ``clarify_tune39`` (6 conversations, 32 probes, tuned
on): intent 0.562 -> 0.844."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import session_after
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon.dialogue.choice_asks import choice_term, dumb_term, judges_wording
from multihorizon.dialogue.condition_checks import condition_check, reading_term
from timing import best_seconds

_DATA = Path(__file__).parent / "data" / "handwritten"

_WALL = "repointing an old brick wall this weekend, how do I do it"
_WALL_REPLY = (
    "Mix the mortar 4:1, sand to cement, and add a splash of plasticiser. Rake the joints out "
    "to 15mm before you repoint, and keep the wall damp for three days so it cures slowly."
)
_NOTE = "how do I write a thank you note to my neighbour"
_NOTE_REPLY = (
    "Keep it short: say thanks for the parcel, mention you'll return the dish, and sign off "
    "with 'Best wishes' or 'Cheers'. 'Dear Tom' is fine for a neighbour you know."
)
_SALES = "our sales fell 12% in march, where do I start"
_SALES_REPLY = (
    "Split the drop into volume and price, then look at the channel mix and whether a "
    "promotion ended in February."
)


@pytest.mark.parametrize(
    ("name", "intent"), [("clarify_holdout39.jsonl", 0.78), ("clarify_tune39.jsonl", 0.82)]
)
def test_floors(name: str, intent: float) -> None:
    figures, _ = score(_DATA / name)
    assert figures["intent_accuracy"] >= intent


@pytest.mark.parametrize(
    ("text", "switch"),
    [
        ("why 4:1 and not 3:1?", "choice_asks"),
        ("how come sand and not just cement", "choice_asks"),
        ("Why did you say plasticiser and not lime?", "choice_asks"),
        ("y 15mm n not 10mm", "choice_asks"),
        ("can you dumb the plasticiser bit down for me", "dumb_down_asks"),
        ("So if I keep the wall damp for three days it cures slowly?", "condition_checks"),
        ("and if I skip the plasticiser the mortar is weaker?", "condition_checks"),
        ("4:1 is by volume or by weight exactly?", "reading_asks"),
        ("the joints are raked to 15mm from the face or the brick edge exactly?", "reading_asks"),
    ],
)
def test_plain_clarifications_are_clarify_and_their_switch_turns_them_off(
    text: str, switch: str
) -> None:
    assert session_after(_WALL, _WALL_REPLY).classify(text) is mh.Intent.CLARIFY
    off = dataclasses.replace(mh.Config(), **{switch: False})
    assert session_after(_WALL, _WALL_REPLY, config=off).classify(text) is not mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "why is my mortar so crumbly?",  # the user's situation, no choice of the reply
        "why do my joints crack and not hold?",  # the user's own
        "why does the mortar cure and not just dry?",  # a question about the world
        "why lime and not cement?",  # the reply chose neither
        "so if I rake them out what else do I need?",  # a new question
        "so if it rains should I cover it?",
        "so if I use a grinder the dust gets everywhere?",  # none of the reply's words
        "should I use 4:1 or 3:1 exactly?",  # a verb put first: a choice of its own
    ],
)
def test_questions_of_their_own_stay_drill_down(text: str) -> None:
    assert session_after(_WALL, _WALL_REPLY).classify(text) is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    "text",
    [
        "is 'Dear Tom' too formal for a neighbour?",
        'is "cheers" ok to sign off with?',
        'would "Best wishes" sound stiff?',
    ],
)
def test_judging_own_wording_is_drill_down(text: str) -> None:
    assert session_after(_NOTE, _NOTE_REPLY).classify(text) is mh.Intent.DRILL_DOWN
    off = mh.Config(wording_judgements=False)
    assert session_after(_NOTE, _NOTE_REPLY, config=off).classify(text) is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text", ['what does "Cheers" mean here?', 'is "cheers" the same as thanks?']
)
def test_asking_what_quoted_wording_means_stays_clarify(text: str) -> None:
    assert session_after(_NOTE, _NOTE_REPLY).classify(text) is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "why is march so low? break it down per channel",
        "break that down by week",
        "can you break it down into weeks too",
    ],
)
def test_a_split_is_drill_down(text: str) -> None:
    assert session_after(_SALES, _SALES_REPLY).classify(text) is mh.Intent.DRILL_DOWN
    off = mh.Config(split_requests=False)
    assert session_after(_SALES, _SALES_REPLY, config=off).classify(text) is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "break it down for me",
        "can you break that down into simple steps",
        "can you break that down into a few simple steps?",
        "could you break it down into more digestible chunks?",
    ],
)
def test_a_simpler_version_stays_clarify(text: str) -> None:
    assert session_after(_SALES, _SALES_REPLY).classify(text) is mh.Intent.CLARIFY


def test_the_readings() -> None:
    assert choice_term("sorry, why a 10mm bit and not an 8?") == ("10mm",)
    assert choice_term("how come you used tabs and not spaces in your snippet?") == ("tab",)
    assert choice_term("why a shorter stem, not a higher saddle?") == ("shorter", "stem")
    assert choice_term("why a shorter stem not a higher saddle?") == ()  # no clause end
    assert choice_term("why is my bread so dense and not fluffy?") == ()
    assert choice_term("why X and not?") == ()
    assert dumb_term("can you dumb the ISA allowance bit down for me") == ("isa", "allowance")
    assert dumb_term("dumb it down pls") == ()
    assert dumb_term("this dumb printer is down again") == ()  # no request to simplify
    assert choice_term('why " rsync " and not cp?') == ("rsync",)  # a lone quote ends nothing
    assert judges_wording("Is 'Dear Tom' too formal for a neighbour?")
    assert not judges_wording("is 'escrow' the same as a deposit?")
    assert reading_term("the base rate is gross or net exactly?") == ("base", "rate")
    assert reading_term("the base rate is gross or net?") == ()
    said = frozenset(("parcel", "2kg", "duty", "pay"))
    assert condition_check("so if the parcel is under 2kg I don't pay duty?", said)
    assert not condition_check("so if the parcel is under 2kg what else?", said)
    assert not condition_check("so if the parcel is heavy can I split it?", said)


_FORMS = (
    "why 4:1 and not 3:1?",
    "can you dumb the plasticiser bit down for me",
    "So if I keep the wall damp for three days it cures slowly?",
    "4:1 is by volume or by weight exactly?",
)


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            for text in _FORMS:
                session = session_after(_WALL, _WALL_REPLY)
                intent = session.classify(text)
                assert intent is mh.Intent.CLARIFY, (name, text)
                assert intent == session.analyse(text)[0], (name, text)
                assert session.user(text).intent == intent, (name, text)
            session = session_after(_SALES, _SALES_REPLY)
            text = "break that down by week"
            assert session.classify(text) is mh.Intent.DRILL_DOWN, name
            assert session.analyse(text)[0] is mh.Intent.DRILL_DOWN, name
            assert session.user(text).intent is mh.Intent.DRILL_DOWN, name
    finally:
        kernels.use(previous)


@pytest.mark.timed
@pytest.mark.parametrize(
    ("prefix", "unit", "suffix"),
    [
        ("why ", "mortar ", "and not lime?"),
        ("so if ", "mortar ", "cures?"),
        ("can you dumb the ", "mortar ", "down"),
        ("break it down by ", "week ", "please"),
        ("is 'Dear ", "tom ", "' too formal?"),
    ],
)
def test_linear_in_the_turn_and_the_reply(prefix: str, unit: str, suffix: str) -> None:
    def calls(size: int) -> Callable[[], object]:
        text = prefix + (unit * (size // len(unit) + 1))[:size] + suffix
        reply = _WALL_REPLY + " mortar" * (size // 8)
        session = session_after(_WALL, reply)
        return lambda: session.classify(text)

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


def _observe(user: str, reply: str, text: str) -> Callable[[mh.Config], object]:
    def observe(config: mh.Config) -> object:
        return session_after(user, reply, config=config).classify(text)

    return observe


# Rule switch tests (``test_rules.OBSERVE``): what each rule of stop 39 decides, on and off.
OBSERVERS = {
    "choice-asks": _observe(_WALL, _WALL_REPLY, "why 4:1 and not 3:1?"),
    "dumb-down-asks": _observe(_WALL, _WALL_REPLY, "can you dumb the plasticiser bit down"),
    "split-requests": _observe(_SALES, _SALES_REPLY, "break that down by week"),
    "condition-checks": _observe(
        _WALL, _WALL_REPLY, "so if I keep the wall damp for three days it cures slowly?"
    ),
    "reading-asks": _observe(_WALL, _WALL_REPLY, "4:1 is by volume or by weight exactly?"),
    "wording-judgements": _observe(_NOTE, _NOTE_REPLY, "is 'Dear Tom' too formal for him?"),
}
