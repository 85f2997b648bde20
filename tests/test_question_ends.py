"""Rule question-ends: a turn without "?" is a question when a question word follows a few
lead words ("ok and how do I open it") or when it ends in an end phrase, fillers aside
("excess insurance worth it", "swept how often then"); on every backend alike, not when it
ends as a statement does or the rule is off; and "ok and" before a question is no CONTINUE
marker."""

from __future__ import annotations

from types import ModuleType

import pytest

from conftest import REFERENCE, turn_scanner
from multihorizon import Config, Session
from multihorizon.text.lexicon import Marker, default_lexicon

QUESTIONS = [
    "ok and how do I open it without sounding cheesy",
    "Okay, so which one",
    "hmm, and is the deposit refundable",
    "excess insurance worth it",
    "waterproof panniers   worth the money  ",
    "gels during the long runs, yes or no",
    "the chimney has to be swept how often then",
    "rebuild how long roughly",
    "the blue one for running, do you think",
    "a sprayer instead of a brush, you reckon",
    "trim inside the lookup, ok or not",
]
STATEMENTS = [
    "ok did six of them last night",
    "so was thinking about the blue one",
    "that's why",
    "it works fine",
    "good idea",
    "totally worth it.",
    "ok",
    "and then the bus came",
    "",
    "   ",
    "then then then",
]


def _scanner(kernels: ModuleType, on: bool) -> object:
    return turn_scanner(kernels, question_forms=True, question_ends=on)


def test_ends_read_as_questions_on_every_backend(kernels: ModuleType) -> None:
    on, off = _scanner(kernels, True), _scanner(kernels, False)
    for text in QUESTIONS:
        assert on.question(text), text  # type: ignore[attr-defined]
        assert not off.question(text), text  # type: ignore[attr-defined]
    for text in STATEMENTS:
        assert not on.question(text), text  # type: ignore[attr-defined]


def test_every_backend_agrees_with_the_reference(kernels: ModuleType) -> None:
    scanner, reference = _scanner(kernels, True), _scanner(REFERENCE, True)
    words = ["ok", "and", "How", "worth", "it", "then", "or", "not", "x", "", "é", "\u3000"]
    marks = [" ", ",", ", ", ".", "  ", "\t"]
    texts = [
        a + m + b + n + c for a in words for m in marks for b in words for n in marks for c in words
    ]
    for text in texts:
        got = scanner.question(text)  # type: ignore[attr-defined]
        assert got == reference.question(text), repr(text)  # type: ignore[attr-defined]


def test_ok_and_before_a_question_is_no_continue_marker() -> None:
    lexicon = default_lexicon()
    kinds = {hit.kind for hit in lexicon.hits("ok and which models should I look at?")}
    assert Marker.CONTINUE not in kinds
    assert Marker.CONTINUE in {hit.kind for hit in lexicon.hits("ok and?")}


def test_the_config_switch_picks_the_lexicon() -> None:
    assert default_lexicon().is_question("excess insurance worth it")
    assert not default_lexicon(question_ends=False).is_question("excess insurance worth it")
    assert not default_lexicon(question_forms=False).is_question("excess insurance worth it")

    def replay(config: Config) -> str:
        session = Session(config=config)
        session.user("booking a hire car for a week, excess insurance and deposits confuse me")
        session.assistant("Standalone excess insurance is cheaper than the desk's cover.")
        return str(session.classify("standalone excess insurance worth it"))

    assert replay(Config()) == "DRILL_DOWN"
    assert replay(Config(question_ends=False)) != "DRILL_DOWN"


@pytest.mark.parametrize("size", [10_000, 1_000_000])
def test_a_long_turn_is_read_in_one_pass(size: int) -> None:
    # Three lead words and five end words are read, whatever the turn's length (the
    # reference's time per character is tests/test_linear_time.py's to bound).
    text = "ok " * (size // 6) + "x " * (size // 4) + "worth it"
    assert default_lexicon().is_question(text)
    assert not default_lexicon().is_question("ok " * (size // 3) + "a" * size + " " + "b")
