"""Issue 15 item 1, stop 40 (clarify40): asking what the reply's term means, in the forms people
use. Rule meaning-qualifiers: "what does X mean here / in this case / in practice, <a guess>?"
and "I am not entirely certain what 'X' means. Is it Y?"; rule versus-asks: "X vs Y, what's
the difference?" when the reply named both; rule role-asks: "Could you clarify the role of X?";
rule look-asks: "X, how does that look, mine ...": CLARIFY. Controls: a need, not a meaning
("what does the flue need ...?"), "X vs Y" the reply did not name, a formal request for more
detail ("Could you set out the steps?"), "why is my ..." about the user's own situation.

``clarify_holdout40.jsonl`` (10 conversations, 64 probes, 28 CLARIFY with a target reply, in
domains no other file held; written before any code change of the stop, scored at the start
and at the end, its misses not read): see the CHANGELOG. ``clarify_tune40`` (tuned on)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import session_after
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon.dialogue.confirm_checks import confirm_check
from multihorizon.dialogue.meaning_asks import meaning_term
from multihorizon.dialogue.term_forms import POINTED, ROLE, VERSUS, term_form
from timing import best_seconds

_DATA = Path(__file__).parent / "data" / "handwritten"

_STOVE = "we just got a wood burner installed, any tips for the first fires"
_STOVE_REPLY = (
    "Start with small, hot fires to cure the paint. Burn only seasoned wood below 20% "
    "moisture, keep the air wash open, and once the stove is hot run it on the secondary air "
    "rather than the primary air. Have the sweep check the flue liner every year, and let the "
    "fire burn down to a bed of glowing embers before you reload."
)


@pytest.mark.parametrize(
    ("name", "intent"), [("clarify_holdout40.jsonl", 0.82), ("clarify_tune40.jsonl", 0.84)]
)
def test_floors(name: str, intent: float) -> None:
    figures, _ = score(_DATA / name)
    assert figures["intent_accuracy"] >= intent


_FORMS = [
    ("what does seasoned mean here, dried for a year?", "meaning_qualifiers"),
    ("What does air wash mean in this case, is it a vent?", "meaning_qualifiers"),
    ("what does secondary air mean in practice, the top vent?", "meaning_qualifiers"),
    ("I am not entirely certain what 'flue liner' means. Is it the chimney?", "meaning_qualifiers"),
    ("no idea what secondary air means in practice, is it the top vent?", "meaning_qualifiers"),
    ("primary air vs secondary air, whats the actual difference?", "versus_asks"),
    ("Primary air versus secondary air: what is the difference in practice?", "versus_asks"),
    ("Could you clarify the role of the secondary air?", "role_asks"),
    ("would you explain the purpose of the flue liner please?", "role_asks"),
    ("a bed of glowing embers, how does that look, mine is all ash", "pointed_asks"),
    ("burn down to embers, what does that look like?", "pointed_asks"),
    ("the air wash, what is it doing there, isnt the glass sealed?", "pointed_asks"),
    ("i dont get the air wash bit, is it a vent?", "lost_part_terms"),
    ("didnt catch the secondary air part", "lost_part_terms"),
    ("why run it on the secondary air once hot, its the same fire", "why_objections"),
    ("how come seasoned wood burns better? its only wood", "why_objections"),
    ("So seasoned wood burns hot but the primary air stays shut?", "contrast_restatements"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "switch"), _FORMS)
def test_the_forms_are_clarify_and_their_switch_turns_them_off(text: str, switch: str) -> None:
    assert session_after(_STOVE, _STOVE_REPLY).classify(text) is mh.Intent.CLARIFY
    off = dataclasses.replace(mh.Config(), **{switch: False})
    assert session_after(_STOVE, _STOVE_REPLY, config=off).classify(text) is not mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "what does the flue need once a year, just a sweep?",  # a need, not a meaning
        "what does the stove need here, a new rope?",
        "oak vs ash, which burns longer?",  # the reply named neither
        "birch vs beech, whats the difference in heat?",
        "Could you set out the steps for the first three fires?",  # more detail
        "Could you clarify the cost of a sweep?",  # no role asked: the cost is new
        "why is my glass going black on one side?",  # the user's own situation
        "my glass, how does it look to you?",  # the user's own
        "why is my glass black, its the same wood",  # the user's own
        "why would seasoned wood burn hotter though",  # goes deeper
        "why does the door squeak, its the same model as my old one",  # not the reply's claim
        "i dont get the delivery bit, when do they come?",  # the reply said no delivery
    ],
)
def test_questions_of_their_own_stay_unclarified(text: str) -> None:
    assert session_after(_STOVE, _STOVE_REPLY).classify(text) is not mh.Intent.CLARIFY


def test_a_term_the_user_brought_is_no_reply_term() -> None:
    session = mh.Session()
    session.user("my installer mentioned primary air and secondary air, what do I do with them")
    session.assistant("Open the primary air to light, then run on the secondary air once hot.")
    text = "primary air vs secondary air, whats the difference?"
    assert session.classify(text) is not mh.Intent.CLARIFY


def test_the_terms_read() -> None:
    assert meaning_term("what does the air wash mean here, a vent?", qualified=True) == (
        "air", "wash",
    )  # fmt: skip
    assert meaning_term("what does the air wash mean here, a vent?") == ()
    assert meaning_term("I'm not sure what 'air wash' means?", True, qualified=True) == (
        "air", "wash",
    )  # fmt: skip
    assert term_form("ISO 400 vs 800, whats the difference in practice") == (
        VERSUS, [("iso", "400"), ("800",)],
    )  # fmt: skip
    assert term_form("oak vs ash, which burns longer?") == ("", [])
    assert term_form("Could you clarify the role of the tower captain?") == (
        ROLE, [("tower", "captain")],
    )  # fmt: skip
    assert term_form("stir until ribbony, how does that look") == (POINTED, [("stir", "ribbony")])
    assert term_form("how does that look") == ("", [])


def test_a_contrast_marks_a_restatement_of_both_sides() -> None:
    said = frozenset(("stove", "hot", "primary", "air", "shut", "door", "open"))

    def check(text: str) -> bool:
        return confirm_check(text, restated=lambda _: said, contrasted=True)

    assert check("so the stove is hot but the primary air stays shut?")
    assert not confirm_check(
        "so the stove is hot but the primary air stays shut?", restated=lambda _: said
    )
    assert not check("so the stove is hot but can I open the door?")  # asks on
    assert not check("so the stove is hot but my chimney leaks?")  # one side is new
    assert not check("so the stove is hot and the primary air stays shut?")  # no contrast


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            for text, _ in _FORMS:
                session = session_after(_STOVE, _STOVE_REPLY)
                intent = session.classify(text)
                assert intent is mh.Intent.CLARIFY, (name, text)
                assert intent == session.analyse(text)[0], (name, text)
                assert session.user(text).intent == intent, (name, text)
    finally:
        kernels.use(previous)


@pytest.mark.timed
@pytest.mark.parametrize(
    ("prefix", "unit", "suffix"),
    [
        ("what does ", "air ", "mean here, a vent?"),
        ("not sure what ", "air ", "means?"),
        ("", "air ", "vs secondary air, whats the difference?"),
        ("could you clarify the role of the ", "air ", "?"),
        ("", "embers ", ", how does that look"),
        ("i dont get the ", "air ", "bit?"),
        ("so the ", "air ", "is hot but the stove is shut?"),
        ("why does the ", "air ", "burn, its the same?"),
    ],
)
def test_linear_in_the_turn_and_the_reply(prefix: str, unit: str, suffix: str) -> None:
    def calls(size: int) -> Callable[[], object]:
        text = prefix + (unit * (size // len(unit) + 1))[:size] + suffix
        reply = _STOVE_REPLY + " air" * (size // 8)
        session = session_after(_STOVE, reply)
        return lambda: session.classify(text)

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


def _observe(text: str) -> Callable[[mh.Config], object]:
    def observe(config: mh.Config) -> object:
        return session_after(_STOVE, _STOVE_REPLY, config=config).classify(text)

    return observe


# Rule switch tests (``test_rules.OBSERVE``): what each rule of stop 40 decides, on and off.
OBSERVERS = {
    "meaning-qualifiers": _observe("what does seasoned mean here, dried for a year?"),
    "versus-asks": _observe("primary air vs secondary air, whats the actual difference?"),
    "role-asks": _observe("Could you clarify the role of the secondary air?"),
    "pointed-asks": _observe("a bed of glowing embers, how does that look, mine is all ash"),
    "lost-part-terms": _observe("i dont get the air wash bit, is it a vent?"),
    "why-objections": _observe("why run it on the secondary air once hot, its the same fire"),
    "contrast-restatements": _observe("So seasoned wood burns hot but the primary air stays shut?"),
}
